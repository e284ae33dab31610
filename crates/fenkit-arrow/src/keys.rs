//! Position keys: the four-field key and the Polyglot hash.

use arrow_array::{
    Array, ArrayRef,
    builder::{Int64Builder, StringBuilder, UInt64Builder},
};
use arrow_schema::ArrowError;
use fenkit::{CastlingNotation, ReadOptions};

use crate::map::{Column, map};

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
    map(input, &Key(*read))
}

struct Key(ReadOptions);

impl Column for Key {
    type Builder = StringBuilder;

    fn builder(&self, rows: usize) -> StringBuilder {
        StringBuilder::with_capacity(rows, rows * 60)
    }

    fn push(&self, _: usize, record: Option<&[u8]>, out: &mut StringBuilder) {
        // A variant's key has its own fields (a pocket, checks to give).
        let position = record.and_then(|record| {
            let checked = self.0.check(record);
            checked.variant_position(self.0.castling)
        });
        match position {
            Some(position) => {
                let mut key = Vec::with_capacity(80);
                fenkit::write_opening_key(&position, CastlingNotation::Standard, &mut key);
                // The key writer writes ASCII only.
                out.append_value(std::str::from_utf8(&key).expect("ASCII"));
            }
            None => out.append_null(),
        }
    }
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
    map(
        input,
        &Polyglot::<UInt64Builder>(*read, std::marker::PhantomData),
    )
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
    map(
        input,
        &Polyglot::<Int64Builder>(*read, std::marker::PhantomData),
    )
}

struct Polyglot<B>(ReadOptions, std::marker::PhantomData<fn() -> B>);

/// The two integer builders a Polyglot key goes into.
trait KeyBuilder: arrow_array::builder::ArrayBuilder {
    fn with_capacity(rows: usize) -> Self;
    fn append_key(&mut self, key: Option<u64>);
}

impl KeyBuilder for UInt64Builder {
    fn with_capacity(rows: usize) -> Self {
        UInt64Builder::with_capacity(rows)
    }
    fn append_key(&mut self, key: Option<u64>) {
        self.append_option(key);
    }
}

impl KeyBuilder for Int64Builder {
    fn with_capacity(rows: usize) -> Self {
        Int64Builder::with_capacity(rows)
    }
    fn append_key(&mut self, key: Option<u64>) {
        // The same 64 bits, read as signed.
        self.append_option(key.map(|key| key as i64));
    }
}

impl<B: KeyBuilder> Column for Polyglot<B> {
    type Builder = B;

    fn builder(&self, rows: usize) -> B {
        B::with_capacity(rows)
    }

    fn push(&self, _: usize, record: Option<&[u8]>, out: &mut B) {
        let position = record.and_then(|record| self.0.check(record).position(self.0.castling));
        out.append_key(position.as_ref().map(fenkit::polyglot_key));
    }
}
