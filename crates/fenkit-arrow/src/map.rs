//! Column in, column out: a function of one record run over every row,
//! slices of rows on every core, the slices' outputs joined in order.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, builder::ArrayBuilder};
use arrow_schema::ArrowError;
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
