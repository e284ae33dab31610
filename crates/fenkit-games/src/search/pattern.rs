//! Patterns of pieces: where some pieces stand, whatever the rest.

use std::{fmt, str::FromStr};

use shakmaty::{Bitboard, Board, File, Piece, Rank, Square};

use super::BadQuery;

/// Where pieces must stand, written as FEN writes a placement (rank 8
/// first, files a to h): a piece letter stands on its square; a digit
/// leaves that many squares free (any piece or none); `.` asks for an
/// empty square. `8/8/4p3/3P4/8/8/8/8`: a white pawn on d5 and a black
/// pawn on e6, whatever else stands where.
///
/// ```
/// use fenkit_games::search::Pattern;
/// use shakmaty::{Chess, Position};
///
/// let start = Chess::default();
/// let rooks: Pattern = "8/8/8/8/8/8/8/R6R".parse()?;
/// assert!(rooks.matches(start.board()));
/// // An empty e4, and a pawn on e2: the start, not after 1. e4.
/// let e_pawn: Pattern = "8/8/8/8/4.3/8/4P3/8".parse()?;
/// assert!(e_pawn.matches(start.board()));
/// assert_eq!(e_pawn.to_string(), "8/8/8/8/4.3/8/4P3/8");
/// assert_eq!("8/8/8/8/8/8/8/9".parse::<Pattern>().unwrap_err().at, 14);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// Each piece the pattern places, with its squares.
    pieces: Vec<(Piece, Bitboard)>,
    /// The squares that must be empty.
    empty: Bitboard,
}

impl Pattern {
    /// Whether every piece of the pattern stands where it is written on
    /// `board`, and every `.` square is empty.
    pub fn matches(&self, board: &Board) -> bool {
        (board.occupied() & self.empty).is_empty()
            && (self.pieces.iter())
                .all(|&(piece, squares)| board.by_piece(piece).is_superset(squares))
    }

    /// What stands on `square` in the pattern: a piece, `Some(None)` for
    /// an empty square asked for, `None` for a free one.
    fn at(&self, square: Square) -> Option<Option<Piece>> {
        if self.empty.contains(square) {
            return Some(None);
        }
        let piece = self
            .pieces
            .iter()
            .find(|(_, squares)| squares.contains(square));
        piece.map(|&(piece, _)| Some(piece))
    }
}

impl FromStr for Pattern {
    type Err = BadQuery;

    fn from_str(text: &str) -> Result<Pattern, BadQuery> {
        let mut pieces: Vec<(Piece, Bitboard)> = Vec::new();
        let mut empty = Bitboard::EMPTY;
        let mut rank_start = 0;
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            let at = if ranks.len() > 8 {
                ranks[..8].iter().map(|r| r.len() + 1).sum()
            } else {
                text.len()
            };
            return BadQuery::at(
                at,
                "a pattern has 8 ranks separated by '/', as a FEN placement",
            );
        }
        for (index, rank_text) in ranks.iter().enumerate() {
            let rank = Rank::new(7 - index as u32);
            let mut file = 0u32;
            for (offset, byte) in rank_text.bytes().enumerate() {
                let at = rank_start + offset;
                if file >= 8 {
                    return BadQuery::at(at, "a rank has 8 squares; this one has more");
                }
                let square = Square::from_coords(File::new(file), rank);
                match byte {
                    b'1'..=b'8' => file += u32::from(byte - b'0'),
                    b'0' | b'9' => return BadQuery::at(at, "a digit counts 1 to 8 free squares"),
                    b'.' => {
                        empty.add(square);
                        file += 1;
                    }
                    _ => {
                        let Some(piece) = Piece::from_char(char::from(byte)) else {
                            return BadQuery::at(
                                at,
                                "a pattern holds piece letters (KQRBNP, kqrbnp), digits for free squares and '.' for an empty one",
                            );
                        };
                        match pieces.iter_mut().find(|(p, _)| *p == piece) {
                            Some((_, squares)) => squares.add(square),
                            None => pieces.push((piece, Bitboard::from_square(square))),
                        }
                        file += 1;
                    }
                }
                if file > 8 {
                    return BadQuery::at(at, "a rank has 8 squares; this one has more");
                }
            }
            if file < 8 {
                return BadQuery::at(
                    rank_start + rank_text.len(),
                    "a rank has 8 squares; this one has fewer",
                );
            }
            rank_start += rank_text.len() + 1;
        }
        Ok(Pattern { pieces, empty })
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            let mut free = 0;
            for file in File::ALL {
                let written = match self.at(Square::from_coords(file, *rank)) {
                    None => {
                        free += 1;
                        continue;
                    }
                    Some(None) => '.',
                    Some(Some(piece)) => piece.char(),
                };
                if free > 0 {
                    write!(f, "{free}")?;
                    free = 0;
                }
                write!(f, "{written}")?;
            }
            if free > 0 {
                write!(f, "{free}")?;
            }
            if *rank != Rank::First {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}
