//! Position keys: the four-field key and the Polyglot hash.

use arrow_array::{
    Array, ArrayRef,
    builder::{Int64Builder, UInt64Builder},
};
use arrow_schema::ArrowError;
use fenkit::{CastlingNotation, ReadOptions};

use crate::map::{map_text, map_values};

/// Each valid record's four-field key (placement, side, castling, and the
/// en passant square only when a legal capture exists), so that the same
/// position reached by different move orders has one key; null for a
/// record that is not valid.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec!["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]);
/// let keys = fenkit_arrow::fen_key(&fens, &Default::default())?;
/// assert_eq!(keys.as_string::<i32>().value(0), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_key(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_text(input, 60, |record| {
        // A variant's key has its own fields (a pocket, checks to give).
        let position = read.check(record).variant_position(read.castling)?;
        let mut key = Vec::with_capacity(80);
        fenkit::write_opening_key(&position, CastlingNotation::Standard, &mut key);
        // The key writer writes ASCII only.
        Some(String::from_utf8(key).expect("ASCII"))
    })
}

/// Each valid record's Polyglot key, the 64-bit hash opening books store
/// (the en passant file counts only when a pawn stands ready to capture);
/// null for a record that is not valid. See [`fen_polyglot_key_i64`] for
/// engines without unsigned integers.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray, types::UInt64Type};
///
/// let fens = StringArray::from(vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]);
/// let keys = fenkit_arrow::fen_polyglot_key(&fens, &Default::default())?;
/// assert_eq!(keys.as_primitive::<UInt64Type>().value(0), 0x463b96181691fc9c);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_polyglot_key(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_values::<UInt64Builder>(input, |record| polyglot_key(record, read))
}

/// [`fen_polyglot_key`] as a signed 64-bit integer with the same bits, for
/// engines without unsigned types (Spark SQL, Java).
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray, types::Int64Type};
///
/// let fens = StringArray::from(vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]);
/// let keys = fenkit_arrow::fen_polyglot_key_i64(&fens, &Default::default())?;
/// assert_eq!(keys.as_primitive::<Int64Type>().value(0), 0x463b96181691fc9c_u64 as i64);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_polyglot_key_i64(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    // The same 64 bits, read as signed.
    map_values::<Int64Builder>(input, |record| {
        polyglot_key(record, read).map(|key| key as i64)
    })
}

fn polyglot_key(record: &[u8], read: &ReadOptions) -> Option<u64> {
    let position = read.check(record).position(read.castling)?;
    Some(fenkit::polyglot_key(&position))
}
