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
