//! Column in, column out: a function of one record run over every row,
//! slices of rows on every core, the slices' outputs joined in order.

use std::{marker::PhantomData, sync::Arc};

use arrow_array::{
    Array, ArrayRef, ArrowPrimitiveType,
    builder::{ArrayBuilder, BooleanBuilder, PrimitiveBuilder, StringBuilder, StructBuilder},
};
use arrow_schema::{ArrowError, Fields};
use rayon::prelude::*;

use crate::Strings;

/// Rows per slice: large enough that a slice's builder and task cost
/// nothing next to its records, small enough that two cores share a
/// column of a few thousand rows.
const SLICE_ROWS: usize = 4096;

/// What one output column does with one record. `row` is the record's
/// index in the whole input, for columns that read a second input beside
/// it (the moves of `fen_play`).
pub(crate) trait Column: Sync {
    type Builder: ArrayBuilder;

    /// A builder sized for `rows` rows.
    fn builder(&self, rows: usize) -> Self::Builder;

    /// Appends exactly one value (or null) for `record`.
    fn push(&self, row: usize, record: Option<&[u8]>, out: &mut Self::Builder);
}

/// Runs `column` over every row of `input`: the output has one row per
/// input row, in order, whatever the number of threads.
pub(crate) fn map<C: Column>(input: &dyn Array, column: &C) -> Result<ArrayRef, ArrowError> {
    let strings = Strings::new(input)?;
    let rows = strings.len();
    if rows <= SLICE_ROWS {
        return Ok(run(&strings, 0, rows, column));
    }
    let parts: Vec<ArrayRef> = (0..rows)
        .into_par_iter()
        .step_by(SLICE_ROWS)
        .map(|start| run(&strings, start, (start + SLICE_ROWS).min(rows), column))
        .collect();
    let parts: Vec<&dyn Array> = parts.iter().map(Arc::as_ref).collect();
    arrow_select::concat::concat(&parts)
}

fn run<C: Column>(strings: &Strings<'_>, start: usize, end: usize, column: &C) -> ArrayRef {
    let mut out = column.builder(end - start);
    for row in start..end {
        column.push(row, strings.get(row), &mut out);
    }
    let array = out.finish();
    debug_assert_eq!(array.len(), end - start, "one output row per record");
    array
}

/// Runs `value` over every record into a text column: null in, null out,
/// and null where `value` has no answer. `bytes_per_row` sizes the
/// builder: a typical value's length.
pub(crate) fn map_text<T: AsRef<str>>(
    input: &dyn Array,
    bytes_per_row: usize,
    value: impl Fn(&[u8]) -> Option<T> + Sync,
) -> Result<ArrayRef, ArrowError> {
    map(input, &Text(bytes_per_row, value))
}

struct Text<F>(usize, F);

impl<T: AsRef<str>, F: Fn(&[u8]) -> Option<T> + Sync> Column for Text<F> {
    type Builder = StringBuilder;

    fn builder(&self, rows: usize) -> StringBuilder {
        StringBuilder::with_capacity(rows, rows * self.0)
    }

    fn push(&self, _: usize, record: Option<&[u8]>, out: &mut StringBuilder) {
        out.append_option(record.and_then(&self.1));
    }
}

/// Runs `value` over every record into a column of numbers or booleans
/// (`B` the builder: `UInt64Builder`, `BooleanBuilder`, …): null in, null
/// out, and null where `value` has no answer.
pub(crate) fn map_values<B: ValueBuilder>(
    input: &dyn Array,
    value: impl Fn(&[u8]) -> Option<B::Value> + Sync,
) -> Result<ArrayRef, ArrowError> {
    map(input, &Values(value, PhantomData::<fn() -> B>))
}

struct Values<F, B>(F, PhantomData<fn() -> B>);

/// The fixed-width builders [`map_values`] fills.
pub(crate) trait ValueBuilder: ArrayBuilder {
    type Value;
    fn with_capacity(rows: usize) -> Self;
    fn append_option(&mut self, value: Option<Self::Value>);
}

impl<P: ArrowPrimitiveType> ValueBuilder for PrimitiveBuilder<P> {
    type Value = P::Native;
    fn with_capacity(rows: usize) -> Self {
        PrimitiveBuilder::with_capacity(rows)
    }
    fn append_option(&mut self, value: Option<P::Native>) {
        PrimitiveBuilder::append_option(self, value);
    }
}

impl ValueBuilder for BooleanBuilder {
    type Value = bool;
    fn with_capacity(rows: usize) -> Self {
        BooleanBuilder::with_capacity(rows)
    }
    fn append_option(&mut self, value: Option<bool>) {
        BooleanBuilder::append_option(self, value);
    }
}

impl<B: ValueBuilder, F: Fn(&[u8]) -> Option<B::Value> + Sync> Column for Values<F, B> {
    type Builder = B;

    fn builder(&self, rows: usize) -> B {
        B::with_capacity(rows)
    }

    fn push(&self, _: usize, record: Option<&[u8]>, out: &mut B) {
        out.append_option(record.and_then(&self.0));
    }
}

/// Runs `push` over every record (null or not) into a column of structs
/// of `fields`: `push` appends one row to every field and to the struct.
pub(crate) fn map_struct(
    input: &dyn Array,
    fields: Fields,
    push: impl Fn(Option<&[u8]>, &mut StructBuilder) + Sync,
) -> Result<ArrayRef, ArrowError> {
    map(input, &Struct(fields, push))
}

struct Struct<F>(Fields, F);

impl<F: Fn(Option<&[u8]>, &mut StructBuilder) + Sync> Column for Struct<F> {
    type Builder = StructBuilder;

    fn builder(&self, rows: usize) -> StructBuilder {
        StructBuilder::from_fields(self.0.clone(), rows)
    }

    fn push(&self, _: usize, record: Option<&[u8]>, out: &mut StructBuilder) {
        (self.1)(record, out);
    }
}
