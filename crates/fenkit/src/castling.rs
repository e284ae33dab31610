//! The castling letters: which rook a letter names when read, and which
//! letter names a rook when written, in standard FEN (`KQkq`), X-FEN
//! (`KQkq` for the outermost rook of a wing, file letters for the others)
//! and Shredder-FEN (file letters). Reading and writing share these rules,
//! so that what is written reads back as the same rights.

use shakmaty::{Bitboard, Board, CastlingMode, Color, File, Rank, Setup, Square};

use crate::CastlingNotation;

/// The standard castling letters in their canonical order, with the rook
/// square each stands for.
pub(crate) const CASTLING_LETTERS: [(u8, Square); 4] = [
    (b'K', Square::H1),
    (b'Q', Square::A1),
    (b'k', Square::H8),
    (b'q', Square::A8),
];

/// The standard letter for a castling right by its rook square.
pub(crate) fn castling_letter(rook: Square) -> Option<u8> {
    CASTLING_LETTERS
        .iter()
        .find(|&&(_, square)| square == rook)
        .map(|&(letter, _)| letter)
}

/// The file letter of a castling right (Shredder-FEN, X-FEN's inner
/// rooks): uppercase for White's back rank, lowercase for Black's.
pub(crate) fn file_letter(rook: Square) -> u8 {
    let file = rook.file().char() as u8;
    if rook.rank() == Rank::First {
        file.to_ascii_uppercase()
    } else {
        file
    }
}

/// The rook a `K`, `Q`, `k` or `q` stands for: the corner in standard
/// chess; in Chess960 (X-FEN) the outermost rook on that wing of the king,
/// or the corner when there is none, for legality to report.
pub(crate) fn side_rook(letter: u8, board: Option<&Board>, mode: CastlingMode) -> Square {
    let corner = CASTLING_LETTERS
        .iter()
        .find(|&&(l, _)| l == letter)
        .map_or(Square::H1, |&(_, square)| square);
    let Some(board) = board.filter(|_| mode.is_chess960()) else {
        return corner;
    };
    let color = Color::from_white(letter.is_ascii_uppercase());
    let backrank = Bitboard::from(color.backrank());
    let Some(king) = (board.kings() & board.by_color(color) & backrank).first() else {
        return corner;
    };
    let rooks = board.rooks() & board.by_color(color) & backrank;
    let outermost = if letter.eq_ignore_ascii_case(&b'K') {
        rooks.into_iter().rev().find(|r| r.file() > king.file())
    } else {
        rooks.into_iter().find(|r| r.file() < king.file())
    };
    outermost.unwrap_or(corner)
}

/// Appends the castling field of `setup` in `notation`.
///
/// Standard notation writes `KQkq` when every right is a corner's, which a
/// reader of standard FEN reads back exactly; a right of any other rook
/// (a Chess960 setup) makes the whole field X-FEN. X-FEN writes the wing's
/// letter only when an X-FEN reader finds that very rook for it, and the
/// file letter otherwise (a right whose square holds no rook, while another
/// rook stands on that wing, would otherwise name the other rook).
/// Either way White's rights come first, king side first.
pub(crate) fn write_castling(setup: &Setup, notation: CastlingNotation, out: &mut Vec<u8>) {
    let rights = setup.castling_rights;
    if rights.is_empty() {
        out.push(b'-');
        return;
    }
    let corners_only = (rights & !Bitboard::CORNERS).is_empty();
    if notation == CastlingNotation::Standard && corners_only {
        for (letter, rook) in CASTLING_LETTERS {
            if rights.contains(rook) {
                out.push(letter);
            }
        }
        return;
    }
    let board = &setup.board;
    for color in Color::ALL {
        let king_file = (board.kings() & board.by_color(color) & color.backrank())
            .first()
            .map_or(File::E, Square::file);
        // King side first, outermost first: H to A.
        for rook in (rights & color.backrank()).into_iter().rev() {
            let wing = match rook.file() > king_file {
                true => color.fold_wb(b'K', b'k'),
                false => color.fold_wb(b'Q', b'q'),
            };
            let names_it = side_rook(wing, Some(board), CastlingMode::Chess960) == rook;
            out.push(match notation {
                CastlingNotation::Shredder => file_letter(rook),
                _ if names_it => wing,
                _ => file_letter(rook),
            });
        }
    }
}
