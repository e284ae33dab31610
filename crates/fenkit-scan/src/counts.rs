//! The mends a side's counts ask for. A side with more of a piece than
//! it starts with has promoted, if read right; but a promotion is far
//! rarer than a piece misread, and such a reading breaks no rule the
//! mend knows (`mend::impossible`): a heavily inked white queen read as
//! Black's beside White's missing one ([`wrong_side`]), a set never seen
//! whose pawns read as bishops ([`fewer_promotions`]). Both change only
//! squares read unsurely, to the network's own second choice.

use shakmaty::{ByColor, Color, Piece, Role, Square};

use crate::SquareReading;
use crate::mend::{Mend, MendWhy, SECOND_AT_LEAST, UNSURE_BELOW, impossible};

/// How many of `role` a side starts with: more come only by promotion.
fn starts_with(role: Role) -> usize {
    match role {
        Role::Pawn => 8,
        Role::Knight | Role::Bishop | Role::Rook => 2,
        Role::Queen | Role::King => 1,
    }
}

/// Mends `squares` (indexed by square) in place where a side has more of
/// a piece than it starts with and the other side fewer (two black
/// queens and no white one): the least sure of them, read unsurely, its
/// next choice the other side's same piece, changes sides, and says so.
/// A piece whose tone changed its side (`colour.rs`) may be changed back
/// (the caller then says neither): a hatched book's heavily inked white
/// queen has a black queen's tone, and the count outweighs one square's
/// tone.
/// A heavily inked white queen of a book or a photo reads as Black's at
/// even odds, and a position with it breaks no rule; but a side promotes
/// to a second queen while the other has lost its own far more seldom
/// than a queen is read on the wrong side.
pub fn wrong_side(squares: &mut [SquareReading; 64]) -> Vec<Mend> {
    let mut mends = Vec::new();
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        for color in Color::ALL {
            let (piece, other) = (
                Piece { color, role },
                Piece {
                    color: !color,
                    role,
                },
            );
            let count = |piece: Piece| {
                (squares.iter())
                    .filter(|reading| reading.piece == Some(piece))
                    .count()
            };
            if count(piece) <= starts_with(role) || count(other) >= starts_with(role) {
                continue;
            }
            let least_sure = (Square::ALL.into_iter())
                .filter(|square| squares[*square as usize].piece == Some(piece))
                .min_by(|a, b| {
                    let confidence = |square: &Square| squares[*square as usize].confidence;
                    confidence(a).total_cmp(&confidence(b))
                });
            let Some(square) = least_sure else {
                continue;
            };
            let reading = &mut squares[square as usize];
            if reading.confidence >= UNSURE_BELOW || reading.second != Some(other) {
                continue;
            }
            mends.push(Mend {
                square,
                read: reading.piece,
                read_confidence: reading.confidence,
                now: Some(other),
                now_confidence: reading.second_confidence,
                why: MendWhy::Count,
            });
            *reading = SquareReading {
                piece: Some(other),
                confidence: reading.second_confidence,
                second: Some(piece),
                second_confidence: reading.confidence,
            };
        }
    }
    mends
}

/// How many pieces `board` holds past those their side starts with:
/// each came by a promotion, if read right.
fn promoted(board: &[Option<Piece>; 64]) -> usize {
    let mut counts = ByColor::<[usize; 6]>::default();
    for piece in board.iter().flatten() {
        counts[piece.color][piece.role as usize - 1] += 1;
    }
    let mut promoted = 0;
    for color in Color::ALL {
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            promoted += counts[color][role as usize - 1].saturating_sub(starts_with(role));
        }
    }
    promoted
}

/// Mends `squares` (indexed by square) in place where a side has more of
/// a piece than it starts with: of those pieces read unsurely with the
/// side's own pawn next, the one that gives up the least confidence
/// becomes that pawn, and again while some are left, so long as the
/// board breaks no more rules of [`impossible`] than before; says what
/// changed.
///
/// A set never seen has its pawns read as bishops or queens, each legal
/// (a pawn gone for each) but together a position no game reaches; a
/// real promotion is far rarer, and its piece is seldom read with a pawn
/// next. Only the pawn is offered: a second queen read unsurely with a
/// rook or nothing next is as often a real one. On the 53 rows of
/// `tools/measure-scan` (2,915 boards) 68 boards more and none fewer,
/// and on 605 boards of positions from real games that hold a promoted
/// piece, 11 more and none fewer; offering any second choice read 93
/// more of the rows but 34 fewer of those (bench/history.md).
pub fn fewer_promotions(squares: &mut [SquareReading; 64]) -> Vec<Mend> {
    let mut mends = Vec::new();
    let mut board = squares.each_ref().map(|reading| reading.piece);
    loop {
        let before = promoted(&board);
        if before == 0 {
            return mends;
        }
        let broken = impossible(&board);
        let mut likeliest: Option<(Square, f32)> = None;
        for square in Square::ALL {
            let reading = &squares[square as usize];
            let Some(piece) = reading.piece else {
                continue;
            };
            let pawn = Piece {
                color: piece.color,
                role: Role::Pawn,
            };
            if piece.role == Role::Pawn
                || reading.confidence >= UNSURE_BELOW
                || reading.second != Some(pawn)
                || reading.second_confidence < SECOND_AT_LEAST
            {
                continue;
            }
            let mut tried = board;
            tried[square as usize] = Some(pawn);
            if promoted(&tried) < before && impossible(&tried) <= broken {
                let cost = (reading.confidence / reading.second_confidence).ln();
                if likeliest.is_none_or(|(_, least)| cost < least) {
                    likeliest = Some((square, cost));
                }
            }
        }
        let Some((square, _)) = likeliest else {
            return mends;
        };
        let reading = &mut squares[square as usize];
        mends.push(Mend {
            square,
            read: reading.piece,
            read_confidence: reading.confidence,
            now: reading.second,
            now_confidence: reading.second_confidence,
            why: MendWhy::Promotion,
        });
        *reading = SquareReading {
            piece: reading.second,
            confidence: reading.second_confidence,
            second: reading.piece,
            second_confidence: reading.confidence,
        };
        board[square as usize] = reading.piece;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mend::tests::read;

    /// Kings at home and a black queen on d8, all sure, and `d1` on d1.
    fn board(d1: SquareReading) -> [SquareReading; 64] {
        let mut squares = [read(None, 1.0, Some('P')); 64];
        squares[Square::E1 as usize] = read(Some('K'), 1.0, None);
        squares[Square::E8 as usize] = read(Some('k'), 1.0, None);
        squares[Square::D8 as usize] = read(Some('q'), 0.99, Some('Q'));
        squares[Square::D1 as usize] = d1;
        squares
    }

    #[test]
    fn a_second_queen_read_unsurely_where_the_other_side_has_none_changes_sides() {
        let mut squares = board(read(Some('q'), 0.51, Some('Q')));
        let mends = wrong_side(&mut squares);
        assert_eq!(mends.len(), 1);
        assert_eq!(
            (mends[0].square, mends[0].why),
            (Square::D1, MendWhy::Count)
        );
        assert_eq!(squares[Square::D1 as usize].piece, Piece::from_char('Q'));
        assert_eq!(squares[Square::D8 as usize].piece, Piece::from_char('q'));
    }

    #[test]
    fn a_promotion_read_surely_or_beside_the_other_side_s_queen_stays() {
        // Read surely: left as read.
        let mut sure = board(read(Some('q'), 0.95, Some('Q')));
        assert!(wrong_side(&mut sure).is_empty());
        // Unsure, but its next choice is no white queen.
        let mut other = board(read(Some('q'), 0.51, Some('r')));
        assert!(wrong_side(&mut other).is_empty());
        // White has its queen: two black queens are a promotion.
        let mut promoted = board(read(Some('q'), 0.51, Some('Q')));
        promoted[Square::A1 as usize] = read(Some('Q'), 1.0, None);
        assert!(wrong_side(&mut promoted).is_empty());
    }

    /// The start position as read surely, the squares given changed.
    fn start_with(changed: &[(Square, SquareReading)]) -> [SquareReading; 64] {
        let mut squares = [read(None, 1.0, Some('P')); 64];
        for (square, piece) in shakmaty::Board::new() {
            squares[square as usize] = read(Some(piece.char()), 1.0, None);
        }
        for (square, reading) in changed {
            squares[*square as usize] = *reading;
        }
        squares
    }

    #[test]
    fn pawns_read_unsurely_as_pieces_past_the_start_become_pawns() {
        // White's bishop on c1 gone and three of its pawns read as
        // bishops: legal (three pawns gone), but two bishops past the
        // start. The less sure two become pawns; then White has the two it
        // starts with, so c2 stays.
        let mut squares = start_with(&[
            (Square::C1, read(None, 1.0, None)),
            (Square::B2, read(Some('B'), 0.6, Some('P'))),
            (Square::C2, read(Some('B'), 0.8, Some('P'))),
            (Square::D2, read(Some('B'), 0.7, Some('P'))),
        ]);
        assert_eq!(
            impossible(&squares.each_ref().map(|reading| reading.piece)),
            0
        );
        let mends = fewer_promotions(&mut squares);
        let changed: Vec<_> = mends.iter().map(|mend| (mend.square, mend.why)).collect();
        assert_eq!(
            changed,
            [
                (Square::B2, MendWhy::Promotion),
                (Square::D2, MendWhy::Promotion)
            ]
        );
        assert_eq!(squares[Square::B2 as usize].piece, Piece::from_char('P'));
        assert_eq!(squares[Square::C2 as usize].piece, Piece::from_char('B'));
        // A side with only the bishops it starts with is left as read.
        let mut two = start_with(&[(Square::C1, read(None, 1.0, None))]);
        two[Square::B2 as usize] = read(Some('B'), 0.6, Some('P'));
        assert!(fewer_promotions(&mut two).is_empty());
    }

    #[test]
    fn a_promoted_piece_read_surely_or_with_no_pawn_next_stays() {
        // A second white queen, read surely.
        let sure = read(Some('Q'), 0.95, Some('P'));
        assert!(fewer_promotions(&mut start_with(&[(Square::D4, sure)])).is_empty());
        // Unsure, but a rook next: as often a real queen.
        let rook = read(Some('Q'), 0.6, Some('R'));
        assert!(fewer_promotions(&mut start_with(&[(Square::D4, rook)])).is_empty());
        // Unsure with the other side's pawn next.
        let theirs = read(Some('Q'), 0.6, Some('p'));
        assert!(fewer_promotions(&mut start_with(&[(Square::D4, theirs)])).is_empty());
        // A pawn there would break a rule: on the first rank.
        let mut first = start_with(&[(Square::D1, read(Some('Q'), 0.6, Some('P')))]);
        first[Square::E4 as usize] = read(Some('Q'), 1.0, None);
        let mends = fewer_promotions(&mut first);
        assert!(mends.is_empty(), "{mends:?}");
    }
}
