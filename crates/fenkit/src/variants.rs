//! The variants lichess plays (Crazyhouse, Atomic, Antichess, King of the
//! Hill, Three-check, Racing Kings, Horde), by their names as games and
//! people write them, and the fields their FEN adds to the standard's: a
//! Crazyhouse pocket after the placement (`[Qn]`) with `~` after a
//! promoted piece, Three-check's remaining checks after the en passant
//! square (`3+3`). The rules are shakmaty's ([`Variant`],
//! `shakmaty::variant::VariantPosition`).

use shakmaty::{ByColor, ByRole, Color, EnPassantMode, Move, Position, RemainingChecks, Role};

pub use shakmaty::variant::{Variant, VariantPosition};

/// What a `[Variant]` tag (or a `--variant` word) names: a variant, and
/// whether its castling is Chess960's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NamedVariant {
    pub variant: Variant,
    pub chess960: bool,
}

/// The variant `name` names, as lichess, python-chess and people write it:
/// case, blanks, `-` and `_` ignored (`Three-check`, `threecheck`,
/// `3check`, `King of the Hill`, `kingOfTheHill`, `koth`); `None` for a
/// variant fenkit does not play (Bughouse, Shogi…).
///
/// ```
/// use fenkit::variants::{Variant, named_variant};
///
/// assert_eq!(named_variant("King of the Hill").unwrap().variant, Variant::KingOfTheHill);
/// assert_eq!(named_variant("three-check").unwrap().variant, Variant::ThreeCheck);
/// assert!(named_variant("Chess960").unwrap().chess960);
/// assert_eq!(named_variant("From Position").unwrap().variant, Variant::Chess);
/// assert_eq!(named_variant("Bughouse"), None);
/// ```
pub fn named_variant(name: &str) -> Option<NamedVariant> {
    let word: String = name
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect();
    let standard = |chess960| {
        Some(NamedVariant {
            variant: Variant::Chess,
            chess960,
        })
    };
    let variant = match word.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" => return standard(false),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" => return standard(true),
        "crazyhouse" | "zh" => Variant::Crazyhouse,
        "atomic" => Variant::Atomic,
        "antichess" | "giveaway" | "suicide" => Variant::Antichess,
        "kingofthehill" | "koth" => Variant::KingOfTheHill,
        "threecheck" | "3check" => Variant::ThreeCheck,
        "racingkings" => Variant::RacingKings,
        "horde" => Variant::Horde,
        _ => return None,
    };
    Some(NamedVariant {
        variant,
        chess960: false,
    })
}

/// The variant's name as lichess writes it in a `[Variant]` tag.
///
/// ```
/// use fenkit::variants::{Variant, variant_name};
///
/// assert_eq!(variant_name(Variant::ThreeCheck), "Three-check");
/// ```
pub fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "Standard",
        Variant::Atomic => "Atomic",
        Variant::Antichess => "Antichess",
        Variant::KingOfTheHill => "King of the Hill",
        Variant::ThreeCheck => "Three-check",
        Variant::Crazyhouse => "Crazyhouse",
        Variant::RacingKings => "Racing Kings",
        Variant::Horde => "Horde",
    }
}

/// Appends a Crazyhouse pocket, `[QRBNPqrbnp]`: White's pieces then
/// Black's, queens first, as python-chess and lichess write it.
pub(crate) fn write_pockets(pockets: &ByColor<ByRole<u8>>, out: &mut Vec<u8>) {
    out.push(b'[');
    for color in Color::ALL {
        for role in [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
            Role::King,
        ] {
            let letter = role.of(color).char() as u8;
            for _ in 0..pockets[color][role] {
                out.push(letter);
            }
        }
    }
    out.push(b']');
}

/// Appends ` W+B`, the checks each side has still to give in Three-check.
pub(crate) fn write_remaining_checks(checks: &ByColor<RemainingChecks>, out: &mut Vec<u8>) {
    out.push(b' ');
    crate::write::write_decimal(u64::from(u32::from(checks.white)), out);
    out.push(b'+');
    crate::write::write_decimal(u64::from(u32::from(checks.black)), out);
}

/// After `played` in `position` (whose halfmove clock was `halfmoves`
/// before it): a Crazyhouse drop counts on the halfmove clock, pawn or
/// piece, as python-chess counts it (a drop moves no pawn and captures
/// nothing); shakmaty resets the clock on every drop. The rules stay
/// shakmaty's: only the counter is set.
pub(crate) fn count_drop(position: &mut VariantPosition, played: Move, halfmoves: u32) {
    if !matches!(played, Move::Put { .. }) {
        return;
    }
    let mut setup = position.to_setup(EnPassantMode::Always);
    setup.halfmoves = halfmoves.saturating_add(1);
    let mode = position.castles().mode();
    if let Ok(counted) = VariantPosition::from_setup(position.variant(), setup, mode) {
        *position = counted;
    }
}
