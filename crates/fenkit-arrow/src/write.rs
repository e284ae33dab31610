//! Records written again: canonical FEN, and the bare board.

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use fenkit::{ReadOptions, WriteOptions};

use crate::map::map_text;

/// Each well-formed record in canonical FEN, written as `write` says
/// (castling notation, which en passant square); null for a malformed
/// record, and null in, null out. A well-formed but illegal record is
/// written too: canonical form says nothing of legality (filter with
/// [`fen_valid`](crate::fen_valid)).
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// use fenkit::{ReadOptions, WriteOptions};
///
/// let fens = StringArray::from(vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "x"]);
/// let lenient = ReadOptions::default().with_lenient(true);
/// let canonical = fenkit_arrow::fen_canonical(&fens, &lenient, &WriteOptions::default())?;
/// assert_eq!(canonical.as_string::<i32>().value(0), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert!(canonical.is_null(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_canonical(
    input: &dyn Array,
    read: &ReadOptions,
    write: &WriteOptions,
) -> Result<ArrayRef, ArrowError> {
    map_text(input, 64, |record| {
        let parsed = read.parse(record).ok()?;
        Some(write.fen(&parsed.setup))
    })
}

/// Each well-formed record's board as 64 characters, rank 8 first and
/// files a to h, `.` for an empty square; null for a malformed record.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec!["4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
/// let boards = fenkit_arrow::fen_board(&fens, &Default::default())?;
/// assert_eq!(&boards.as_string::<i32>().value(0)[..8], "....k...");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_board(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_text(input, 64, |record| {
        let parsed = read.parse(record).ok()?;
        Some(Letters(fenkit::board_letters(&parsed.setup.board)))
    })
}

/// A board's 64 letters and dots, written as they are (no copy made).
struct Letters([u8; 64]);

impl AsRef<str> for Letters {
    fn as_ref(&self) -> &str {
        // Letters and dots only: always UTF-8.
        std::str::from_utf8(&self.0).expect("ASCII")
    }
}
