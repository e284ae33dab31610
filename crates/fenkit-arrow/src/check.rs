//! Whether records are valid, and every problem of each.

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef,
    builder::{
        BooleanBuilder, ListBuilder, StringBuilder, StructBuilder, UInt32Builder, UInt64Builder,
    },
};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use fenkit::{Diagnostic, Problem, ReadOptions};

use crate::map::{Column, map, map_values};

/// Whether each record is valid under `options`: well-formed and legal
/// (and, with a stricter [`Strictness`](fenkit::Strictness), reachable or
/// plausible). Null in, null out.
///
/// ```
/// use arrow_array::{Array, BooleanArray, StringArray};
///
/// let fens = StringArray::from(vec![
///     Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
///     Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"),
///     None,
/// ]);
/// let valid = fenkit_arrow::fen_valid(&fens, &Default::default())?;
/// assert_eq!(valid.as_any().downcast_ref::<BooleanArray>().unwrap(), &BooleanArray::from(vec![Some(true), Some(false), None]));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_valid(input: &dyn Array, options: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_values::<BooleanBuilder>(input, |record| Some(options.check(record).is_valid()))
}

/// The fields of one problem in [`fen_errors`]'s lists: the library's
/// one shape of a problem ([`fenkit::Problem`]), named by its `FIELDS`.
fn problem_fields() -> Fields {
    Problem::FIELDS
        .into_iter()
        .map(|name| match name {
            "line" => Field::new(name, DataType::UInt64, true),
            "column" | "end_column" | "record_column" => Field::new(name, DataType::UInt32, false),
            "square" => Field::new(name, DataType::Utf8, true),
            _ => Field::new(name, DataType::Utf8, false),
        })
        .collect()
}

fn problem_item() -> Arc<Field> {
    Arc::new(Field::new("item", DataType::Struct(problem_fields()), true))
}

/// The type of [`fen_errors`]' output: a list of structs `{code,
/// severity, class, field, line, column, end_column, record_column,
/// message, square}` ([`fenkit::Problem`]).
pub fn errors_type() -> DataType {
    DataType::List(problem_item())
}

/// Every problem of each record under `options`, in the order they stand
/// in it: errors, and the warnings that leave a record valid (lenient
/// repairs, unlikely clocks), each in the one shape of a problem
/// ([`fenkit::Problem`]). A value has no line: `line` is null, and
/// `column`, `end_column` and `record_column` are 1-based character
/// columns in the record, `end_column` just past the fault; `square` names
/// the square of a rule broken on the board. A record without problems
/// has an empty list; null in, null out.
///
/// ```
/// use arrow_array::{Array, StringArray, StructArray, cast::AsArray};
///
/// let fens = StringArray::from(vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"]);
/// let errors = fenkit_arrow::fen_errors(&fens, &Default::default())?;
/// let problems = errors.as_list::<i32>().value(0);
/// let problems: &StructArray = problems.as_struct();
/// assert_eq!(problems.column_by_name("code").unwrap().as_string::<i32>().value(0), "rank-too-short");
/// assert_eq!(problems.column_by_name("column").unwrap().as_primitive::<arrow_array::types::UInt32Type>().value(0), 36);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_errors(input: &dyn Array, options: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map(input, &Errors(*options))
}

struct Errors(ReadOptions);

impl Column for Errors {
    type Builder = ListBuilder<StructBuilder>;

    fn builder(&self, rows: usize) -> Self::Builder {
        errors_builder(rows)
    }

    fn push(&self, _: usize, record: Option<&[u8]>, out: &mut Self::Builder) {
        match record {
            Some(record) => push_problems(out, &self.0.check(record).diagnostics, record),
            None => out.append_null(),
        }
    }
}

/// A builder of [`errors_type`] sized for `rows` rows.
pub(crate) fn errors_builder(rows: usize) -> ListBuilder<StructBuilder> {
    ListBuilder::with_capacity(StructBuilder::from_fields(problem_fields(), rows), rows)
        .with_field(problem_item())
}

/// Appends one row: the list of `diagnostics` found in `record`.
pub(crate) fn push_problems(
    out: &mut ListBuilder<StructBuilder>,
    diagnostics: &[Diagnostic],
    record: &[u8],
) {
    let problems = out.values();
    for diagnostic in diagnostics {
        let problem = Problem::in_record(diagnostic, record);
        // In the order of `Problem::FIELDS`.
        text(problems, 0).append_value(problem.code.as_str());
        text(problems, 1).append_value(problem.severity.as_str());
        text(problems, 2).append_value(problem.class.as_str());
        text(problems, 3).append_value(problem.field.as_str());
        let line: &mut UInt64Builder = problems.field_builder(4).expect("the line");
        line.append_option(problem.line);
        number(problems, 5).append_value(saturate(problem.column));
        number(problems, 6).append_value(saturate(problem.end_column));
        number(problems, 7).append_value(saturate(problem.record_column));
        text(problems, 8).append_value(problem.message);
        text(problems, 9).append_option(problem.square.map(|square| square.to_string()));
        problems.append(true);
    }
    out.append(true);
}

fn text(builder: &mut StructBuilder, field: usize) -> &mut StringBuilder {
    builder.field_builder(field).expect("a text field")
}

fn number(builder: &mut StructBuilder, field: usize) -> &mut UInt32Builder {
    builder.field_builder(field).expect("a number field")
}

fn saturate(column: usize) -> u32 {
    u32::try_from(column).unwrap_or(u32::MAX)
}
