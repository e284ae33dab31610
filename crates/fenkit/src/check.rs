//! A record checked in full: form first, then, if well-formed, legality.

use shakmaty::Setup;

use crate::{Diagnostic, no_errors, parse, violations};

/// The outcome of checking one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The position, when the record is well-formed (legal or not).
    pub setup: Option<Setup>,
    /// Every problem: the form's, or else the rules of chess'.
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// Whether the record is well-formed and legal.
    pub fn is_valid(&self) -> bool {
        no_errors(&self.diagnostics)
    }
}

/// Parses `record` strictly and, when it is well-formed, checks the rules
/// of chess, each problem located in the record.
///
/// ```
/// let checked = fenkit::check(b"4k3/8/8/8/8/8/4P3/4K3 w K - 5 39");
/// assert!(checked.setup.is_some()); // well-formed …
/// assert!(!checked.is_valid()); // … but illegal:
/// assert_eq!(
///     checked.diagnostics[0].message,
///     "castling right 'K' needs a white rook on h1, but h1 is empty"
/// );
/// assert_eq!(checked.diagnostics[0].span.start, 24); // the 'K'
/// ```
pub fn check(record: &[u8]) -> Checked {
    match parse(record) {
        Ok(parsed) => {
            let diagnostics = violations(&parsed.setup)
                .iter()
                .map(|violation| violation.locate(record, &parsed.fields))
                .collect();
            Checked {
                setup: Some(parsed.setup),
                diagnostics,
            }
        }
        Err(err) => Checked {
            setup: None,
            diagnostics: err.into_diagnostics(),
        },
    }
}
