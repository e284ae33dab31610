//! What reading a record gives: the position with its field spans, or
//! every problem found.

use super::*;

/// A well-formed record: the position and where its fields stand.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Parsed {
    pub setup: Setup,
    pub fields: FieldSpans,
    /// The operations of an EPD record, in order (`hmvc` and `fmvn` among
    /// them, also read into the setup's clocks); empty for FEN.
    pub operations: Vec<Operation>,
    /// What lenient reading repaired, as warnings; empty in strict reading.
    pub warnings: Vec<Diagnostic>,
    /// Whether the record was read as EPD.
    pub is_epd: bool,
    /// Whether the record is known to be its own canonical FEN, byte for
    /// byte what [`write_fen`](crate::write_fen) writes for the setup, so
    /// that a caller can take the record for it: true for the usual record
    /// (the quick path reads only canonical ones), false when unknown.
    pub canonical: bool,
}

impl Parsed {
    /// The record as read, written canonically: EPD with its operations
    /// when it was read as EPD, FEN otherwise. What a repair writes in
    /// place of the record it read leniently.
    ///
    /// ```
    /// let read = fenkit::ReadOptions::default().with_lenient(true);
    /// let parsed = read.parse("4k3/8/8/8/8/8/8/4K3 w – – 0 1".as_bytes())?;
    /// assert_eq!(parsed.to_record_text(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn to_record_text(&self) -> String {
        crate::write::record_text(&self.setup, &self.operations, self.is_epd)
    }
}

impl From<Parsed> for Setup {
    fn from(parsed: Parsed) -> Setup {
        parsed.setup
    }
}

/// A record that is not well-formed FEN, with every problem found in it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseError {
    // Boxed: the error path allocates anyway, and this keeps `Result` small.
    pub(super) inner: Box<Problems>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Problems {
    pub(super) diagnostics: Vec<Diagnostic>,
    pub(super) fields: FieldSpans,
    /// The 1-based column, in characters, of the first problem.
    pub(super) first_column: usize,
}

impl ParseError {
    pub(crate) fn new(diagnostics: Vec<Diagnostic>, fields: FieldSpans) -> ParseError {
        ParseError {
            inner: Box::new(Problems {
                diagnostics,
                fields,
                first_column: 0,
            }),
        }
    }

    /// The error with the column of its first problem taken from the
    /// record it was read from, for `Display`.
    pub(super) fn located(mut self, record: &[u8]) -> ParseError {
        if let Some(first) = self.inner.diagnostics.first() {
            self.inner.first_column = crate::column(record, first.span.start);
        }
        self
    }

    /// The problems, in the order they stand in the record. Never empty.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.inner.diagnostics
    }

    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.inner.diagnostics
    }

    /// Where the fields that could be told apart stand.
    pub fn fields(&self) -> &FieldSpans {
        &self.inner.fields
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let diagnostics = self.diagnostics();
        let Some(first) = diagnostics.first() else {
            return f.write_str("not a well-formed FEN record");
        };
        write!(f, "column {}: {}", self.inner.first_column, first.message)?;
        match diagnostics.len() {
            1 => Ok(()),
            n => write!(f, " (and {} more problems)", n - 1),
        }
    }
}

impl std::error::Error for ParseError {}
