//! Which side is at the bottom of the picture, and how that was settled:
//! given, told by where the pawns and kings stand, or assumed.

use shakmaty::{Color, File, Rank, Role, Square};

use crate::SquareReading;

/// How the board's orientation was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrientationFound {
    /// The caller said which side is at the bottom.
    Given,
    /// The pawns and kings stand as they do for that side at the bottom.
    Pieces,
    /// Nothing told: White at the bottom, as diagrams are printed.
    Assumed,
}

impl OrientationFound {
    pub fn as_str(self) -> &'static str {
        match self {
            OrientationFound::Given => "given",
            OrientationFound::Pieces => "pieces",
            OrientationFound::Assumed => "assumed",
        }
    }
}

/// The square shown at `index` (picture order) with `bottom` at the
/// bottom.
pub(crate) fn shown_square(index: usize, bottom: Color) -> Square {
    let (row, column) = ((index / 8) as u32, (index % 8) as u32);
    match bottom {
        Color::White => Square::from_coords(File::new(column), Rank::new(7 - row)),
        Color::Black => Square::from_coords(File::new(7 - column), Rank::new(row)),
    }
}

/// The side at the bottom as the pawns and kings tell it: a side's pawns
/// and king stand mostly on its own half. `None` when they do not tell.
///
/// The lean must hold without its strongest witness: one piece misread
/// (a black king on the top rank read as a rook, so that the white kings
/// beside it seem to stand on the wrong half) turns no board round. And
/// kings alone never turn it round: a study or an endgame puts them
/// anywhere, and diagrams are printed with White at the bottom, so the
/// pawns must lean that way too, and not by one pawn alone: an
/// endgame's one pawn far up the board, its kings on the far ranks,
/// turned a diagram with White at the bottom round.
pub(crate) fn bottom_by_pieces(shown: &[SquareReading]) -> Option<Color> {
    let leans: Vec<(Role, f32)> = shown
        .iter()
        .enumerate()
        .filter_map(|(index, reading)| {
            let piece = reading.piece?;
            // Rows from the top, 0 to 7: below the middle is positive.
            let low = (index / 8) as f32 - 3.5;
            let weight = match piece.role {
                Role::Pawn => 1.0,
                Role::King => 2.0,
                _ => return None,
            };
            let lean = if piece.color == Color::White {
                weight * low
            } else {
                -weight * low
            };
            Some((piece.role, lean))
        })
        .collect();
    // The pawns' lean without the pawn that leans the board round the
    // most: one pawn far up the board (an endgame's passed pawn) turns
    // nothing.
    let pawn_leans = leans.iter().filter(|(role, _)| *role == Role::Pawn);
    let pawns_lean: f32 = pawn_leans.clone().map(|(_, lean)| lean).sum::<f32>()
        - pawn_leans.map(|(_, lean)| *lean).fold(0.0, f32::min);
    let leans: Vec<f32> = leans.into_iter().map(|(_, lean)| lean).collect();
    let white_at_bottom: f32 = leans.iter().sum();
    let strongest_for = leans.iter().copied().fold(0.0, f32::max);
    let strongest_against = leans.iter().copied().fold(0.0, f32::min);
    // A clear lean only: a pawn or two out of place decides nothing.
    if white_at_bottom - strongest_for > 3.0 {
        Some(Color::White)
    } else if white_at_bottom - strongest_against < -3.0 && pawns_lean < 0.0 {
        Some(Color::Black)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Piece;

    use super::*;

    /// Pictures' squares with `pieces` at (row, column) and nothing
    /// elsewhere.
    fn shown(pieces: &[(usize, usize, char)]) -> Vec<SquareReading> {
        let mut shown = vec![
            SquareReading {
                piece: None,
                confidence: 1.0,
                second: None,
                second_confidence: 0.0,
            };
            64
        ];
        for &(row, column, letter) in pieces {
            shown[row * 8 + column].piece = Piece::from_char(letter);
        }
        shown
    }

    #[test]
    fn pawns_and_kings_on_their_halves_tell_the_side_at_the_bottom() {
        let white_below = [
            (7, 4, 'K'),
            (6, 0, 'P'),
            (6, 5, 'P'),
            (0, 4, 'k'),
            (1, 3, 'p'),
        ];
        assert_eq!(bottom_by_pieces(&shown(&white_below)), Some(Color::White));
        let black_below = white_below.map(|(row, column, piece)| (7 - row, 7 - column, piece));
        assert_eq!(bottom_by_pieces(&shown(&black_below)), Some(Color::Black));
        // Kings alone, each at home.
        let kings = [(7, 6, 'K'), (0, 6, 'k')];
        assert_eq!(bottom_by_pieces(&shown(&kings)), Some(Color::White));
    }

    #[test]
    fn kings_alone_never_turn_the_board_round() {
        // A study's kings on the far ranks, bishops between: nothing turns
        // it, where both kings would lean it round by themselves.
        let study = [(0, 1, 'K'), (2, 6, 'B'), (6, 5, 'B'), (7, 0, 'k')];
        assert_eq!(bottom_by_pieces(&shown(&study)), None);
        // With pawns leaning the same way, it turns.
        let mut game = study.to_vec();
        game.extend([(1, 2, 'P'), (6, 3, 'p')]);
        assert_eq!(bottom_by_pieces(&shown(&game)), Some(Color::Black));
    }

    #[test]
    fn one_pawn_far_up_the_board_turns_no_board_round() {
        // An endgame with White at the bottom: White's king up the board,
        // Black's on the first rank, and Black's one pawn three rows from
        // promoting. The kings lean the board round; the one pawn with
        // them does not turn it.
        let endgame = [(1, 1, 'K'), (2, 4, 'q'), (5, 6, 'p'), (7, 2, 'k')];
        assert_eq!(bottom_by_pieces(&shown(&endgame)), None);
        // A second pawn leaning the same way turns it.
        let mut pawns = endgame.to_vec();
        pawns.push((1, 5, 'P'));
        assert_eq!(bottom_by_pieces(&shown(&pawns)), Some(Color::Black));
    }

    #[test]
    fn one_piece_misread_turns_no_board_round() {
        // Two kings of each side on the top rank, pawns of both on the
        // third row: no lean. One black king read as a rook leaves the
        // white kings leaning the board round, by that one king's weight.
        let mut pieces = vec![(0, 0, 'k'), (0, 2, 'K'), (0, 3, 'K')];
        pieces.extend([
            (2, 4, 'p'),
            (2, 5, 'p'),
            (2, 6, 'P'),
            (2, 7, 'P'),
            (0, 1, 'r'),
        ]);
        assert_eq!(bottom_by_pieces(&shown(&pieces)), None);
        // A lone king out of place among many pawns at home decides nothing
        // either way, and the pawns still tell.
        let mut game = vec![(0, 4, 'K'), (0, 6, 'k')];
        game.extend((0..8).map(|column| (6, column, 'P')));
        game.extend((0..8).map(|column| (1, column, 'p')));
        assert_eq!(bottom_by_pieces(&shown(&game)), Some(Color::White));
    }
}
