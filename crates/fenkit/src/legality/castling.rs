//! Castling rights against the board: in standard chess the king on its e
//! square and the rook on its corner; in Chess960 the king on its back rank
//! between its castling rooks.

use shakmaty::{Bitboard, CastlingMode, Color, File, Rank, Setup, Square};

use super::{Violation, single_king};
use crate::{
    Code, Field, Span,
    castling::{CASTLING_LETTERS, castling_letter, file_letter},
    words::{color_adjective, contents},
};

pub(super) fn check(setup: &Setup, mode: CastlingMode, out: &mut Vec<Violation>) {
    let rights = setup.castling_rights;
    for rook in rights & !Bitboard::BACKRANKS {
        out.push(Violation::new(
            Code::CastlingNoRook,
            Field::Castling,
            Some(rook),
            format!("there is a castling right for a rook on {rook}; castling rooks stand on rank 1 or 8"),
        ));
    }
    match mode {
        CastlingMode::Standard => standard(setup, out),
        CastlingMode::Chess960 => chess960(setup, out),
    }
}

/// Where the letter for the right of the rook on `square` stands in the
/// castling field `text`: its standard letter, its file letter, or the
/// X-FEN letter of its wing.
pub(super) fn letter_at(text: &[u8], square: Square) -> Option<Span> {
    let white = square.rank() == Rank::First;
    let wing = match (square.file() >= File::E, white) {
        (true, true) => b'K',
        (false, true) => b'Q',
        (true, false) => b'k',
        (false, false) => b'q',
    };
    let candidates = [
        castling_letter(square),
        Some(file_letter(square)),
        Some(wing),
    ];
    candidates
        .into_iter()
        .flatten()
        .find_map(|letter| text.iter().position(|&b| b == letter))
        .map(|pos| Span::at(pos, 1))
}

fn standard(setup: &Setup, out: &mut Vec<Violation>) {
    let board = &setup.board;
    for (letter, rook) in CASTLING_LETTERS {
        if !setup.castling_rights.contains(rook) {
            continue;
        }
        let color = Color::from_white(rook.rank() == Rank::First);
        let king_home = Square::from_coords(File::E, rook.rank());
        let ours = board.by_color(color);
        let king_there = (board.kings() & ours).contains(king_home);
        let rook_there = (board.rooks() & ours).contains(rook);
        if king_there && rook_there {
            continue;
        }
        let right = format!("castling right '{}'", letter as char);
        let side = color_adjective(color);
        let missing = [
            (!king_there).then(|| {
                let found = contents(board, king_home);
                let why = format!("{right} needs the {side} king on {king_home}, but {found}");
                (Code::CastlingNoKing, why)
            }),
            (!rook_there).then(|| {
                let found = contents(board, rook);
                (
                    Code::CastlingNoRook,
                    format!("{right} needs a {side} rook on {rook}, but {found}"),
                )
            }),
        ];
        for (code, why) in missing.into_iter().flatten() {
            out.push(Violation::new(code, Field::Castling, Some(rook), why));
        }
    }
    // Rights that standard chess has no letter for (from a Chess960 setup).
    for rook in setup.castling_rights & Bitboard::BACKRANKS & !Bitboard::CORNERS {
        out.push(Violation::new(
            Code::CastlingNoRook,
            Field::Castling,
            Some(rook),
            format!(
                "there is a castling right for a rook on {rook}; in standard chess castling rooks start on a1, h1, a8 and h8 (read the record as Chess960 for other rooks)"
            ),
        ));
    }
}

fn chess960(setup: &Setup, out: &mut Vec<Violation>) {
    let board = &setup.board;
    for color in Color::ALL {
        let backrank = Bitboard::from(color.backrank());
        let rights = setup.castling_rights & backrank;
        if rights.is_empty() {
            continue;
        }
        let adjective = color_adjective(color);
        let king = single_king(board, color).filter(|&king| backrank.contains(king));
        for rook in rights {
            let right = format!("the castling right of the rook on {rook}");
            if king.is_none() {
                let where_ = match single_king(board, color) {
                    Some(square) => format!("it stands on {square}"),
                    None => format!("there is not one {adjective} king"),
                };
                out.push(Violation::new(
                    Code::CastlingNoKing,
                    Field::Castling,
                    Some(rook),
                    format!(
                        "{right} needs the {adjective} king on rank {}, but {where_}",
                        color.backrank().char()
                    ),
                ));
            }
            if !(board.rooks() & board.by_color(color)).contains(rook) {
                out.push(Violation::new(
                    Code::CastlingNoRook,
                    Field::Castling,
                    Some(rook),
                    format!(
                        "{right} needs a {adjective} rook on {rook}, but {}",
                        contents(board, rook)
                    ),
                ));
            }
        }
        let Some(king) = king else {
            continue;
        };
        for (wing, squares) in [
            ("king side", rights & Bitboard::from_iter(right_of(king))),
            (
                "queen side",
                rights & !Bitboard::from_iter(right_of(king)).with(king),
            ),
        ] {
            if squares.more_than_one() {
                let list: Vec<_> = squares.into_iter().map(|s| s.to_string()).collect();
                out.push(Violation::new(
                    Code::CastlingAmbiguous,
                    Field::Castling,
                    squares.first(),
                    format!(
                        "castling rights for rooks on {} are all on the {wing} of the {adjective} king on {king}; a side castles with at most one rook on each wing",
                        list.join(" and ")
                    ),
                ));
            }
        }
    }
}

/// The squares of `king`'s rank on its king side (toward the h-file).
fn right_of(king: Square) -> impl Iterator<Item = Square> {
    let rank = king.rank();
    File::ALL
        .into_iter()
        .filter(move |&file| file > king.file())
        .map(move |file| Square::from_coords(file, rank))
}
