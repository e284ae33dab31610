//! A position in words, for those who do not see the board: screen
//! readers, braille displays, alt text. The form follows what lichess's
//! blind players use: each side's pieces by kind (king, queen, rooks,
//! bishops, knights, pawns) with their squares, then the side to move,
//! check, castling and en passant. Two styles: `List`, a line per item
//! (for a braille display or a list), and `Spoken`, one paragraph with
//! "on" before the squares (for speech).

use crate::variants::VariantPosition;
use shakmaty::{Bitboard, Color, Position, Role, Setup, Square};

/// How a position is put in words.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// A line per item: each side's pieces, the side to move, castling,
    /// en passant.
    #[default]
    List,
    /// One paragraph, squares after "on", items after semicolons.
    Spoken,
}

const ROLES: [(Role, &str, &str); 6] = [
    (Role::King, "King", "Kings"),
    (Role::Queen, "Queen", "Queens"),
    (Role::Rook, "Rook", "Rooks"),
    (Role::Bishop, "Bishop", "Bishops"),
    (Role::Knight, "Knight", "Knights"),
    (Role::Pawn, "pawn", "pawns"),
];

/// `setup` in words; `position` (the same setup, played by the rules of
/// its variant) adds check, checkmate or stalemate when given.
///
/// ```
/// use fenkit::description::{Style, describe};
///
/// let setup = fenkit::parse(b"4k3/8/8/8/4P3/8/8/R3K2R b KQ e3 0 1")?.setup;
/// assert_eq!(
///     describe(&setup, None, Style::List),
///     "White: King e1, Rooks a1 and h1, pawn e4\n\
///      Black: King e8\n\
///      Black to move\n\
///      White may castle on both sides\n\
///      En passant on e3\n"
/// );
/// assert_eq!(
///     describe(&setup, None, Style::Spoken),
///     "White: King on e1, Rooks on a1 and h1, pawn on e4. \
///      Black: King on e8. Black to move. White may castle on both sides. \
///      En passant on e3.\n"
/// );
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn describe(setup: &Setup, position: Option<&VariantPosition>, style: Style) -> String {
    let mut items = Vec::new();
    for color in Color::ALL {
        let side = match color {
            Color::White => "White",
            Color::Black => "Black",
        };
        let mut pieces = Vec::new();
        for (role, one, many) in ROLES {
            let squares = setup.board.by_piece(role.of(color));
            if squares.is_empty() {
                continue;
            }
            let name = if squares.count() == 1 { one } else { many };
            let on = match style {
                Style::List => "",
                Style::Spoken => "on ",
            };
            pieces.push(format!("{name} {on}{}", listed(squares)));
        }
        let pieces = match pieces.is_empty() {
            true => "no pieces".to_string(),
            false => pieces.join(", "),
        };
        items.push(format!("{side}: {pieces}"));
    }
    let mover = match setup.turn {
        Color::White => "White",
        Color::Black => "Black",
    };
    let state = position.and_then(|position| {
        if position.is_checkmate() {
            Some("checkmated")
        } else if position.is_stalemate() {
            Some("stalemated")
        } else if position.is_check() {
            Some("in check")
        } else {
            None
        }
    });
    items.push(match state {
        Some(state) => format!("{mover} to move, {state}"),
        None => format!("{mover} to move"),
    });
    for color in Color::ALL {
        if let Some(castling) = castling(setup, color) {
            items.push(castling);
        }
    }
    if let Some(square) = setup.ep_square {
        items.push(format!("En passant on {square}"));
    }
    match style {
        Style::List => items.iter().map(|item| format!("{item}\n")).collect(),
        Style::Spoken => format!("{}.\n", items.join(". ")),
    }
}

/// `a2, b2 and c2`, by file then rank.
fn listed(squares: Bitboard) -> String {
    let mut squares: Vec<Square> = squares.into_iter().collect();
    squares.sort_by_key(|square| (square.file(), square.rank()));
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `White may castle on both sides`, `… king side`, `… queen side`, by
/// where the rooks with the right stand beside their king (Chess960's
/// too); `None` without a right.
fn castling(setup: &Setup, color: Color) -> Option<String> {
    let rooks = setup.castling_rights & Bitboard::from_rank(color.backrank());
    let king = setup.board.king_of(color)?;
    let king_side = rooks.into_iter().any(|rook| rook.file() > king.file());
    let queen_side = rooks.into_iter().any(|rook| rook.file() < king.file());
    let sides = match (king_side, queen_side) {
        (true, true) => "on both sides",
        (true, false) => "king side",
        (false, true) => "queen side",
        (false, false) => return None,
    };
    let side = match color {
        Color::White => "White",
        Color::Black => "Black",
    };
    Some(format!("{side} may castle {sides}"))
}

/// What the board alone does not say, a line each, as `fen show` prints
/// them beside it: the side to move and its plight, castling, en passant,
/// the clocks, the material balance, and a variant's pockets and checks to
/// give. `position` is the position to play from, when the record is
/// valid.
///
/// ```
/// let setup = fenkit::parse(b"4k3/8/8/8/8/8/8/R3K3 w Q - 3 40")?.setup;
/// let facts = fenkit::description::facts(&setup, None);
/// assert_eq!(facts, ["White to move", "castling: Q", "en passant: none", "halfmove clock 3, move 40", "material: White +5"]);
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn facts(setup: &Setup, position: Option<&VariantPosition>) -> Vec<String> {
    let side = setup.turn.fold_wb("White", "Black");
    let plight = position.and_then(|position| match position {
        VariantPosition::Chess(chess) => match crate::CheckStatus::of(chess) {
            crate::CheckStatus::Checkmate => Some(", checkmated"),
            crate::CheckStatus::Stalemate => Some(", stalemated"),
            crate::CheckStatus::Check => Some(", in check"),
            crate::CheckStatus::None => None,
        },
        // A variant's own end (a king on the hill, three checks given…)
        // before its checks.
        variant if variant.is_variant_end() => Some(", the game is over"),
        variant if variant.is_checkmate() => Some(", checkmated"),
        variant if variant.is_stalemate() => Some(", stalemated"),
        variant if variant.is_check() => Some(", in check"),
        _ => None,
    });
    let fen = crate::Fen::from(setup.clone()).to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    let none = |field: Option<&&str>| match field {
        Some(&"-") | None => "none".to_string(),
        Some(text) => text.to_string(),
    };
    let mut facts = vec![
        format!("{side} to move{}", plight.unwrap_or("")),
        format!("castling: {}", none(fields.get(2))),
        format!("en passant: {}", none(fields.get(3))),
        format!(
            "halfmove clock {}, move {}",
            setup.halfmoves, setup.fullmoves
        ),
        material(setup),
    ];
    // What a variant's record adds: its pockets, its checks to give.
    if let Some(pockets) = &setup.pockets {
        let side = |color: Color| -> String {
            let pieces = crate::variants::pocket_letters(pockets, color);
            if pieces.is_empty() {
                "none".into()
            } else {
                pieces
            }
        };
        facts.push(format!(
            "pockets: White {}, Black {}",
            side(Color::White),
            side(Color::Black)
        ));
    }
    if let Some(checks) = &setup.remaining_checks {
        facts.push(format!(
            "checks to give: White {}, Black {}",
            u32::from(checks.white),
            u32::from(checks.black)
        ));
    }
    facts
}

fn material(setup: &Setup) -> String {
    let worth = |color: Color| -> i32 {
        [
            (Role::Pawn, 1),
            (Role::Knight, 3),
            (Role::Bishop, 3),
            (Role::Rook, 5),
            (Role::Queen, 9),
        ]
        .iter()
        .map(|&(role, value)| value * setup.board.by_piece(role.of(color)).count() as i32)
        .sum()
    };
    match worth(Color::White) - worth(Color::Black) {
        0 => "material: even".to_string(),
        lead if lead > 0 => format!("material: White +{lead}"),
        lead => format!("material: Black +{}", -lead),
    }
}

/// The chess figurine of `piece` (Unicode's, white pieces hollow).
///
/// ```
/// use shakmaty::{Color, Piece, Role};
/// assert_eq!(fenkit::description::figurine(Piece { color: Color::Black, role: Role::Knight }), '♞');
/// ```
pub fn figurine(piece: shakmaty::Piece) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let index = usize::from(piece.role) - 1;
    piece.color.fold_wb(white[index], black[index])
}
