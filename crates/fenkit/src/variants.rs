//! The variants lichess plays (Crazyhouse, Atomic, Antichess, King of the
//! Hill, Three-check, Racing Kings, Horde), by their names as games and
//! people write them, and the fields their FEN adds to the standard's: a
//! Crazyhouse pocket after the placement (`[Qn]`) with `~` after a
//! promoted piece, Three-check's remaining checks after the en passant
//! square (`3+3`). The rules are shakmaty's ([`Variant`],
//! `shakmaty::variant::VariantPosition`).

use shakmaty::{
    ByColor, ByRole, CastlingMode, Color, EnPassantMode, Move, Position, PositionErrorKinds, Role,
    Setup,
};

use crate::{Code, Diagnostic, Field, FieldSpans};

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

/// One side's pieces in a Crazyhouse pocket, as its FEN writes them:
/// queens first, pawns last (`QRBNP`, lowercase for Black).
///
/// ```
/// use fenkit::variants::pocket_letters;
/// use shakmaty::{ByColor, ByRole, Color};
///
/// let mut pockets: ByColor<ByRole<u8>> = ByColor::default();
/// pockets.white.knight = 2;
/// pockets.white.queen = 1;
/// assert_eq!(pocket_letters(&pockets, Color::White), "QNN");
/// assert_eq!(pocket_letters(&pockets, Color::Black), "");
/// ```
pub fn pocket_letters(pockets: &ByColor<ByRole<u8>>, color: Color) -> String {
    [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
        Role::King,
    ]
    .iter()
    .flat_map(|&role| std::iter::repeat_n(role.of(color).char(), usize::from(pockets[color][role])))
    .collect()
}

/// Appends a Crazyhouse pocket, `[QRBNPqrbnp]`: White's pieces then
/// Black's, as python-chess and lichess write it.
pub(crate) fn write_pockets(pockets: &ByColor<ByRole<u8>>, out: &mut Vec<u8>) {
    out.push(b'[');
    for color in Color::ALL {
        out.extend_from_slice(pocket_letters(pockets, color).as_bytes());
    }
    out.push(b']');
}

/// Plays the legal move `played` in `position`, a Crazyhouse drop
/// counted on the halfmove clock, pawn or piece, as python-chess counts it
/// (a drop moves no pawn and captures nothing; shakmaty resets the clock
/// on every drop). The rules stay shakmaty's: only the counter is set.
///
/// ```
/// use fenkit::variants::{Variant, VariantPosition, play};
/// use shakmaty::{Position, uci::UciMove};
///
/// let record = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 4 3";
/// let read = fenkit::ReadOptions::default().with_variant(Variant::Crazyhouse);
/// let mut position = read.check(record.as_bytes()).variant_position(shakmaty::CastlingMode::Standard).unwrap();
/// let drop = UciMove::from_ascii(b"P@e4")?.to_move(&position)?;
/// play(&mut position, drop);
/// assert_eq!(position.halfmoves(), 5);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn play(position: &mut VariantPosition, played: Move) {
    let halfmoves = position.halfmoves();
    position.play_unchecked(played);
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

/// What breaks the rules of `variant` in `setup` (whose fields stand at
/// `fields`): shakmaty's verdict, each kind of fault a diagnostic at the
/// field it concerns, the variant's own rules named
/// ([`Code::VariantRule`]). fenkit's named findings are standard chess's;
/// [`ReadOptions::check`](crate::ReadOptions::check) gives these instead
/// for a variant.
///
/// ```
/// use fenkit::{ReadOptions, variants::{Variant, violations}};
/// use shakmaty::CastlingMode;
///
/// let read = ReadOptions::default().with_variant(Variant::RacingKings);
/// let parsed = read.parse(b"8/8/8/8/8/8/krbnNBRK/qrbnNBRP w - - 0 1")?;
/// let found = violations(&parsed.setup, Variant::RacingKings, CastlingMode::Standard, &parsed.fields);
/// let codes: Vec<_> = found.iter().map(|d| d.code.as_str()).collect();
/// assert!(codes.contains(&"variant-rule"));
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn violations(
    setup: &Setup,
    variant: Variant,
    mode: CastlingMode,
    fields: &FieldSpans,
) -> Vec<Diagnostic> {
    let Err(error) = VariantPosition::from_setup(variant, setup.clone(), mode) else {
        return Vec::new();
    };
    let kinds = error.kinds();
    let name = variant_name(variant);
    let at = |field: Field| fields.get_or_end(field);
    let mut found = Vec::new();
    let mut say = |kind: PositionErrorKinds, code: Code, field: Field, message: String| {
        if kinds.contains(kind) {
            found.push(Diagnostic::new(code, field, at(field), message));
        }
    };
    say(
        PositionErrorKinds::EMPTY_BOARD,
        Code::MissingKing,
        Field::Placement,
        format!("the board is empty: {name} needs pieces"),
    );
    say(
        PositionErrorKinds::MISSING_KING,
        Code::MissingKing,
        Field::Placement,
        format!("a side has no king, and {name} gives each side one"),
    );
    say(
        PositionErrorKinds::TOO_MANY_KINGS,
        Code::TooManyKings,
        Field::Placement,
        format!("a side has more than one king, or a king {name} does not give it"),
    );
    say(
        PositionErrorKinds::PAWNS_ON_BACKRANK,
        Code::PawnOnBackRank,
        Field::Placement,
        "a pawn stands on its own back rank or on the last rank".into(),
    );
    say(
        PositionErrorKinds::INVALID_CASTLING_RIGHTS,
        Code::CastlingNoRook,
        Field::Castling,
        "a castling right has no king or rook at home for it".into(),
    );
    say(
        PositionErrorKinds::INVALID_EP_SQUARE,
        Code::EpNoPawn,
        Field::EnPassant,
        "no pawn has just moved two squares past the en passant square".into(),
    );
    say(
        PositionErrorKinds::OPPOSITE_CHECK,
        Code::OppositeCheck,
        Field::Placement,
        "the side not to move is in check".into(),
    );
    let check = match variant {
        Variant::RacingKings => "Racing Kings has no checks: no move may give one",
        _ => "no last move could have given this check",
    };
    say(
        PositionErrorKinds::IMPOSSIBLE_CHECK,
        Code::ImpossibleCheck,
        Field::Placement,
        check.into(),
    );
    say(
        PositionErrorKinds::TOO_MUCH_MATERIAL,
        Code::TooManyPieces,
        Field::Placement,
        "more material than a game starts with (pockets and promoted pieces counted)".into(),
    );
    say(
        PositionErrorKinds::VARIANT,
        Code::VariantRule,
        Field::Placement,
        variant_rule(variant).into(),
    );
    found
}

/// In words, the rule of `variant` that shakmaty found broken (its
/// `VARIANT` fault: Racing Kings with a pawn or both kings home with Black
/// to move, Three-check with no checks left to give, Crazyhouse with more
/// pieces than squares).
fn variant_rule(variant: Variant) -> &'static str {
    match variant {
        Variant::RacingKings => {
            "Racing Kings has no pawns, and the race is over once both kings stand on rank 8 with Black to move"
        }
        Variant::ThreeCheck => {
            "Three-check is over once a side has given its three checks: the counters leave no check to give"
        }
        Variant::Crazyhouse => {
            "the pieces on the board and in the pockets are more than the board has squares"
        }
        _ => "the position breaks a rule of its variant",
    }
}
