//! Diagnostics as values: what is wrong, in which field, at which bytes.

use core::fmt;

pub use crate::code::{Class, Code, Severity};

/// A byte range `start..end` inside one record.
///
/// An empty span (`start == end`) points between two bytes, for example at
/// the end of a record whose last fields are missing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// A span of `len` bytes from `start`.
    pub const fn at(start: usize, len: usize) -> Span {
        Span {
            start,
            end: start + len,
        }
    }

    pub const fn len(self) -> usize {
        self.end - self.start
    }

    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// Where this span of a record stands for people: the 1-based columns,
    /// in characters, of its first byte and of the byte just past it, when
    /// the record starts at byte `offset` of `line`. The one rule for
    /// columns: every printer of a diagnostic uses it (see [`column`](fn@column)).
    ///
    /// ```
    /// // The record "8/8 – w" stands after "x " in its line.
    /// let line = "x 8/8 – w".as_bytes();
    /// assert_eq!(fenkit::Span::new(4, 7).columns(line, 2), (7, 8));
    /// ```
    pub fn columns(self, line: &[u8], offset: usize) -> (usize, usize) {
        (
            column(line, offset + self.start),
            column(line, offset + self.end),
        )
    }
}

/// A record as read from an input, and where it stands there: what every
/// printer of a diagnostic needs to say `SOURCE:LINE:COL`.
///
/// ```
/// let line = b"x 8/8/8/8/8/8/8/K6k W - - 0 1";
/// let record = fenkit::Record { source: "in.fen", line_number: 4, line, offset: 2, bytes: &line[2..] };
/// let problem = &fenkit::check(record.bytes).diagnostics[0];
/// assert_eq!(record.column(problem.span.start), 21);
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Record<'a> {
    /// The input's name, such as a file name or `<stdin>`.
    pub source: &'a str,
    /// 1-based line number.
    pub line_number: u64,
    /// The whole line, for columns and snippets.
    pub line: &'a [u8],
    /// Byte offset of the record in the line.
    pub offset: usize,
    /// The record itself (a slice of `line`, or its unescaped text when it
    /// was read from a JSON string with escapes).
    pub bytes: &'a [u8],
}

impl Record<'_> {
    /// The 1-based column, in characters, of byte `at` of the record.
    pub fn column(&self, at: usize) -> usize {
        column(self.line, self.offset + at)
    }
}

/// The 1-based column, in characters, of byte `at` of `line`.
///
/// Characters are counted by their first byte, so that a pasted `–` is one
/// column and a stray byte that is not UTF-8 is one too: what a terminal
/// shows and what an editor counts. Past the end, each byte counts one.
///
/// ```
/// assert_eq!(fenkit::column("8/8 – w".as_bytes(), 7), 6);
/// assert_eq!(fenkit::column(b"8/8\xff w", 5), 6);
/// ```
pub fn column(line: &[u8], at: usize) -> usize {
    let end = at.min(line.len());
    let chars = line[..end]
        .iter()
        .filter(|&&b| !(0x80..0xc0).contains(&b))
        .count();
    chars + 1 + (at - end)
}

/// The part of a record a diagnostic is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(rename_all = "kebab-case"))]
pub enum Field {
    /// The record as a whole: its length, its separators, its field count.
    Record,
    Placement,
    Side,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
    /// The operations of an EPD record, after its four position fields.
    Operations,
}

impl Field {
    /// The six fields of a FEN record, in order.
    pub const ALL: [Field; 6] = [
        Field::Placement,
        Field::Side,
        Field::Castling,
        Field::EnPassant,
        Field::Halfmove,
        Field::Fullmove,
    ];

    /// The stable name used in machine-readable output.
    pub const fn as_str(self) -> &'static str {
        match self {
            Field::Record => "record",
            Field::Placement => "placement",
            Field::Side => "side",
            Field::Castling => "castling",
            Field::EnPassant => "en-passant",
            Field::Halfmove => "halfmove",
            Field::Fullmove => "fullmove",
            Field::Operations => "operations",
        }
    }

    /// The name used in messages for people.
    pub const fn describe(self) -> &'static str {
        match self {
            Field::Record => "record",
            Field::Placement => "piece placement",
            Field::Side => "active color",
            Field::Castling => "castling availability",
            Field::EnPassant => "en passant square",
            Field::Halfmove => "halfmove clock",
            Field::Fullmove => "fullmove number",
            Field::Operations => "EPD operations",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem found in a record.
///
/// ```
/// use fenkit::{Code, Field};
///
/// let err = fenkit::parse(b"8/8/8/8/8/8/8/8 W - - 0 1").unwrap_err();
/// let diagnostic = &err.diagnostics()[0];
/// assert_eq!(diagnostic.code, Code::BadSide);
/// assert_eq!(diagnostic.field, Field::Side);
/// assert_eq!(diagnostic.span.start, 16);
/// assert_eq!(
///     diagnostic.to_string(),
///     "error[bad-side]: active color is 'W'; expected 'w' (White to move) or 'b' (Black to move), in lowercase"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub field: Field,
    /// The bytes of the record the diagnostic is about.
    pub span: Span,
    /// What was found and what was expected, for people.
    pub message: String,
    /// The square a legality problem is about, when it names one (the
    /// square to mark on a board); `None` for problems of form.
    pub square: Option<shakmaty::Square>,
}

impl Diagnostic {
    pub fn new(code: Code, field: Field, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity(),
            field,
            span,
            message: message.into(),
            square: None,
        }
    }

    /// The same diagnostic as a warning: the record is accepted.
    pub fn into_warning(self) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..self
        }
    }
}

/// Whether `diagnostics` hold no error (warnings may remain): a record
/// with these diagnostics is valid.
///
/// ```
/// assert!(fenkit::no_errors(&[]));
/// assert!(!fenkit::no_errors(fenkit::check(b"8/8 w - - 0 1").diagnostics.as_slice()));
/// ```
pub fn no_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().all(|d| d.severity != Severity::Error)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {}",
            self.severity.as_str(),
            self.code,
            self.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_names_are_unique_kebab_case_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for &code in Code::ALL {
            let name = code.as_str();
            assert!(seen.insert(name), "{name} twice");
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{name} is not kebab-case"
            );
            assert_eq!(Code::from_name(name), Some(code));
        }
        assert_eq!(Code::from_name("no-such-code"), None);
    }
}
