//! English for messages: names of sides and pieces, lists, ordinals.

use shakmaty::{Board, Color, Piece, Role, Square};

pub(crate) fn side_name(color: Color) -> &'static str {
    color.fold_wb("White", "Black")
}

pub(crate) fn color_adjective(color: Color) -> &'static str {
    color.fold_wb("white", "black")
}

pub(crate) fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// "white queen": a piece in words, for messages.
///
/// ```
/// assert_eq!(fenkit::piece_name(shakmaty::Color::Black.knight()), "black knight");
/// ```
pub fn piece_name(piece: Piece) -> String {
    format!("{} {}", color_adjective(piece.color), role_name(piece.role))
}

/// "the white queen on h5", or "nothing on h5".
pub(crate) fn piece_on(board: &Board, square: Square) -> String {
    board.piece_at(square).map_or_else(
        || format!("nothing on {square}"),
        |piece| format!("the {} on {square}", piece_name(piece)),
    )
}

/// What stands on a square, for "… but e1 {holds …}".
pub(crate) fn contents(board: &Board, square: Square) -> String {
    match board.piece_at(square) {
        Some(piece) => format!("{square} holds a {}", piece_name(piece)),
        None => format!("{square} is empty"),
    }
}

/// "a", "a and b", "a, b and c".
pub(crate) fn join_and<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let items: Vec<S> = items.into_iter().collect();
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == items.len() { " and " } else { ", " });
        }
        out.push_str(item.as_ref());
    }
    out
}

pub(crate) fn ordinal(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "1 square", "2 squares".
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Bytes of a record as text for a message: what is not UTF-8 becomes
/// U+FFFD, and what a terminal would act on is escaped.
pub(crate) fn shown(bytes: &[u8]) -> String {
    crate::printable(&String::from_utf8_lossy(bytes)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        assert_eq!(join_and(Vec::<&str>::new()), "");
        assert_eq!(join_and(["a"]), "a");
        assert_eq!(join_and(["a", "b"]), "a and b");
        assert_eq!(join_and(["a", "b", "c"]), "a, b and c");
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(4), "4th");
        assert_eq!(count(1, "pawn", "pawns"), "1 pawn");
    }

    #[test]
    fn names_pieces_on_squares() {
        let board = Board::new();
        assert_eq!(piece_on(&board, Square::D1), "the white queen on d1");
        assert_eq!(contents(&board, Square::E4), "e4 is empty");
        assert_eq!(contents(&board, Square::E8), "e8 holds a black king");
    }
}
