//! Why a picture gave no position: each refusal a front end says with
//! its own code (`json::error_code`).

use crate::{PictureError, locate, picture::Gray};

/// Why a picture gave no position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScanError {
    Picture(PictureError),
    /// The picture was read but shows no board of 8 by 8 squares.
    NoBoard,
    /// The picture (its width and height) is too small to hold a board
    /// whose pieces can be told apart: under 8 squares of
    /// [`locate::SMALLEST_SQUARE`] pixels a side.
    TooSmall(usize, usize),
    /// The picture shows this many boards of a size (a page of
    /// diagrams, a screenshot of two games), and one was asked for:
    /// taking the clearest for the one meant would print a position the
    /// user may not have meant as if it were ([`crate::Scanner::scan_all`] reads
    /// each).
    SeveralBoards(usize),
}

impl std::fmt::Display for ScanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScanError::Picture(error) => error.fmt(f),
            ScanError::NoBoard => {
                f.write_str("no chess board of 8 by 8 squares found in the picture")
            }
            ScanError::TooSmall(width, height) => write!(
                f,
                "the picture is {width} by {height} pixels: a board is read from {} pixels a side (squares of {} pixels)",
                8.0 * locate::SMALLEST_SQUARE,
                locate::SMALLEST_SQUARE
            ),
            ScanError::SeveralBoards(count) => write!(
                f,
                "{count} boards in the picture, and which one is meant is not known: none is read"
            ),
        }
    }
}

impl std::error::Error for ScanError {}

impl From<PictureError> for ScanError {
    fn from(error: PictureError) -> ScanError {
        ScanError::Picture(error)
    }
}

/// A picture too small to hold a board that can be read, refused as such:
/// "no board" would leave its user looking for what is wrong with it.
pub(crate) fn too_small(picture: &Gray) -> Result<(), ScanError> {
    let smallest = (8.0 * locate::SMALLEST_SQUARE) as usize;
    if picture.width.min(picture.height) < smallest {
        return Err(ScanError::TooSmall(picture.width, picture.height));
    }
    Ok(())
}
