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
pub(crate) fn bottom_by_pieces(shown: &[SquareReading]) -> Option<Color> {
    let mut white_at_bottom = 0.0;
    for (index, reading) in shown.iter().enumerate() {
        let Some(piece) = reading.piece else { continue };
        // Rows from the top, 0 to 7: below the middle is positive.
        let low = (index / 8) as f32 - 3.5;
        let weight = match piece.role {
            Role::Pawn => 1.0,
            Role::King => 2.0,
            _ => continue,
        };
        white_at_bottom += weight
            * if piece.color == Color::White {
                low
            } else {
                -low
            };
    }
    // A clear lean only: a pawn or two out of place decides nothing.
    if white_at_bottom > 3.0 {
        Some(Color::White)
    } else if white_at_bottom < -3.0 {
        Some(Color::Black)
    } else {
        None
    }
}
