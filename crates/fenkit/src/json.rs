//! The JSON shape of a checked record (feature `serde`): what `fen check
//! --format json` writes per record, and what a service answers.

use std::borrow::Cow;

use serde::Serialize;
use shakmaty::{CastlingMode, Color, Position, Setup};

use crate::{Diagnostic, Record};

/// One record's outcome.
///
/// ```
/// let record = b"4k3/8/8/8/8/8/4P3/4K3 w - - 5 39";
/// let checked = fenkit::check(record);
/// let fen = fenkit::to_fen(checked.setup.as_ref().unwrap());
/// let record = fenkit::Record { source: "in.fen", line_number: 2, line: record, offset: 0, bytes: record };
/// let json = fenkit::json::RecordJson::new(
///     &record, checked.setup.as_ref(), &checked.diagnostics, Some(&fen),
///     shakmaty::CastlingMode::Standard,
/// );
/// let text = serde_json::to_string(&json).unwrap();
/// assert!(text.starts_with(r#"{"source":"in.fen","line":2,"column":1,"input":"4k3/"#));
/// assert!(text.contains(r#""valid":true"#) && text.contains(r#""turn":"white","check":false,"checkmate":false"#));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct RecordJson<'a> {
    pub source: &'a str,
    pub line: u64,
    /// 1-based column where the record starts.
    pub column: usize,
    pub input: Cow<'a, str>,
    /// Well-formed and legal.
    pub valid: bool,
    /// The canonical FEN of a well-formed record, legal or not.
    pub fen: Option<&'a str>,
    /// `white` or `black`, for a well-formed record.
    pub turn: Option<&'static str>,
    /// For a legal position: whether the side to move is in check,
    /// checkmated, stalemated.
    pub check: Option<bool>,
    pub checkmate: Option<bool>,
    pub stalemate: Option<bool>,
    /// Every problem (and, with lenient reading, every repair).
    pub errors: Vec<ProblemJson<'a>>,
}

/// One diagnostic.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemJson<'a> {
    pub code: &'static str,
    /// `error` or `warning`.
    pub severity: &'static str,
    /// `malformed`, `illegal`, `unreachable` or `implausible`: the
    /// question the problem answers no to.
    pub class: &'static str,
    pub field: &'static str,
    /// 1-based column of the problem's first character.
    pub column: usize,
    /// 1-based column just past its last character: `end_column -
    /// column` characters are at fault (none, for a problem between two
    /// characters such as a missing field).
    pub end_column: usize,
    pub message: &'a str,
    /// The square a legality problem is about (`e4`), when it names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
}

impl<'a> RecordJson<'a> {
    /// The outcome of `record`: the position when it is well-formed, its
    /// diagnostics (for a record no parser saw, such as an overlong line,
    /// only those), and its canonical FEN `fen` (the caller writes it, into
    /// a buffer it may reuse).
    pub fn new(
        record: &Record<'a>,
        setup: Option<&Setup>,
        diagnostics: &'a [Diagnostic],
        fen: Option<&'a str>,
        castling: CastlingMode,
    ) -> RecordJson<'a> {
        let valid = crate::no_errors(diagnostics);
        let position = setup
            .filter(|_| valid)
            .and_then(|setup| crate::check::playable(setup, castling));
        let (check, checkmate, stalemate) = match &position {
            Some(position) => {
                let stuck = position.legal_moves().is_empty();
                let check = position.is_check();
                (Some(check), Some(stuck && check), Some(stuck && !check))
            }
            None => (None, None, None),
        };
        RecordJson {
            source: record.source,
            line: record.line_number,
            column: record.column(0),
            input: String::from_utf8_lossy(record.bytes),
            valid,
            fen,
            turn: setup.map(|setup| match setup.turn {
                Color::White => "white",
                Color::Black => "black",
            }),
            check,
            checkmate,
            stalemate,
            errors: diagnostics
                .iter()
                .map(|d| ProblemJson::new(d, record))
                .collect(),
        }
    }
}

impl<'a> ProblemJson<'a> {
    pub fn new(diagnostic: &'a Diagnostic, record: &Record<'_>) -> ProblemJson<'a> {
        let (column, end_column) = diagnostic.span.columns(record.line, record.offset);
        ProblemJson {
            code: diagnostic.code.as_str(),
            severity: diagnostic.severity.as_str(),
            class: diagnostic.code.class().as_str(),
            field: diagnostic.field.as_str(),
            column,
            end_column,
            message: &diagnostic.message,
            square: diagnostic.square.map(|square| square.to_string()),
        }
    }
}
