//! The one shape of a problem as the front ends show it: a
//! [`Diagnostic`] with its place said in columns for people, and its
//! class. The command's and the service's JSON, the Arrow struct of
//! `fen_errors`, Python's `Problem` and the row output's error column are
//! all written from this one definition, so that a problem reads the same
//! wherever it is met.

use shakmaty::Square;

use crate::{Class, Code, Diagnostic, Field, Record, Severity};

/// One problem of a record, located.
///
/// Columns are 1-based and count characters (see [`crate::column`]).
/// `column` and `end_column` are in the line the record stands on (what
/// `SOURCE:LINE:COL` says on a terminal and what an editor marks), and
/// `record_column` is where the problem starts in the record itself. A
/// record met without a line (a value of a column, a string handed to a
/// function) has no `line`, and its columns are the record's.
///
/// ```
/// let line = b"x 8/8/8/8/8/8/8/K6k W - - 0 1";
/// let record = fenkit::Record { source: "in.fen", line_number: 4, line, offset: 2, bytes: &line[2..] };
/// let diagnostics = fenkit::check(record.bytes).diagnostics;
/// let problem = fenkit::Problem::in_line(&diagnostics[0], &record);
/// assert_eq!((problem.line, problem.column, problem.record_column), (Some(4), 21, 19));
/// assert_eq!(problem.class, fenkit::Class::Malformed);
/// let alone = fenkit::Problem::in_record(&diagnostics[0], record.bytes);
/// assert_eq!((alone.line, alone.column, alone.record_column), (None, 19, 19));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::ToSchema),
    schema(
        description = "One problem of a record, located: columns are 1-based and count \
        characters; `column` and `end_column` are in the line the record stands on, \
        `record_column` in the record itself."
    )
)]
#[non_exhaustive]
pub struct Problem<'a> {
    /// The problem's stable name, such as `rank-too-short`.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "rank-too-short"))]
    pub code: Code,
    pub severity: Severity,
    /// The question the problem answers no to: well-formed, legal,
    /// reachable, plausible.
    pub class: Class,
    pub field: Field,
    /// The 1-based line number, when the record came from a line of text.
    pub line: Option<u64>,
    /// The column of the problem's first character in the line.
    pub column: usize,
    /// The column just past its last character: `end_column - column`
    /// characters are at fault (none for a problem between two
    /// characters, such as a missing field).
    pub end_column: usize,
    /// The column of its first character in the record.
    pub record_column: usize,
    /// What was found and what was expected, for people.
    pub message: &'a str,
    /// The square a legality problem is about (`e4`), when it names one.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, nullable = false, example = "e8"))]
    pub square: Option<Square>,
}

impl<'a> Problem<'a> {
    /// The names of a problem's parts, in the order every front end
    /// writes them (JSON keys, Arrow struct fields, Python attributes).
    pub const FIELDS: [&'static str; 10] = [
        "code",
        "severity",
        "class",
        "field",
        "line",
        "column",
        "end_column",
        "record_column",
        "message",
        "square",
    ];

    /// `diagnostic` of `record`, placed in the record's line.
    pub fn in_line(diagnostic: &'a Diagnostic, record: &Record<'_>) -> Problem<'a> {
        let (column, end_column) = diagnostic.span.columns(record.line, record.offset);
        let record_column = diagnostic.span.columns(record.bytes, 0).0;
        Problem::new(
            diagnostic,
            Some(record.line_number),
            column,
            end_column,
            record_column,
        )
    }

    /// `diagnostic` of a record met without a line: its columns are the
    /// record's.
    pub fn in_record(diagnostic: &'a Diagnostic, record: &[u8]) -> Problem<'a> {
        let (column, end_column) = diagnostic.span.columns(record, 0);
        Problem::new(diagnostic, None, column, end_column, column)
    }

    fn new(
        diagnostic: &'a Diagnostic,
        line: Option<u64>,
        column: usize,
        end_column: usize,
        record_column: usize,
    ) -> Problem<'a> {
        Problem {
            code: diagnostic.code,
            severity: diagnostic.severity,
            class: diagnostic.code.class(),
            field: diagnostic.field,
            line,
            column,
            end_column,
            record_column,
            message: &diagnostic.message,
            square: diagnostic.square,
        }
    }
}

/// `CODE at column N: message`, the column in the line: how the row
/// output's error columns write each problem.
impl std::fmt::Display for Problem<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} at column {}: {}",
            self.code, self.column, self.message
        )
    }
}

/// The JSON object of [`Problem::FIELDS`], words for the enums, `null`
/// for a missing line and no `square` key when none is named (written
/// the same by [`crate::json`]'s direct writer).
#[cfg(feature = "serde")]
impl serde::Serialize for Problem<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;

        let [
            code,
            severity,
            class,
            field,
            line,
            column,
            end_column,
            record_column,
            message,
            square,
        ] = Problem::FIELDS;
        let mut out = serializer.serialize_struct("Problem", Problem::FIELDS.len())?;
        out.serialize_field(code, self.code.as_str())?;
        out.serialize_field(severity, self.severity.as_str())?;
        out.serialize_field(class, self.class.as_str())?;
        out.serialize_field(field, self.field.as_str())?;
        out.serialize_field(line, &self.line)?;
        out.serialize_field(column, &self.column)?;
        out.serialize_field(end_column, &self.end_column)?;
        out.serialize_field(record_column, &self.record_column)?;
        out.serialize_field(message, self.message)?;
        match self.square {
            Some(at) => out.serialize_field(square, &at.to_string())?,
            None => out.skip_field(square)?,
        }
        out.end()
    }
}
