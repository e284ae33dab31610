//! The JSON shape of a checked record (feature `serde`): what `fen check
//! --format json` writes per record, and what a service answers.

use std::borrow::Cow;

use serde::Serialize;
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Position, Setup};

use crate::{Checked, Diagnostic};

/// One record's outcome.
///
/// ```
/// let record = b"4k3/8/8/8/8/8/4P3/4K3 w - - 5 39";
/// let checked = fenkit::check(record);
/// let fen = fenkit::to_fen(checked.setup.as_ref().unwrap());
/// let origin = fenkit::json::Origin { source: "in.fen", line: 2, column: &|at| at + 1 };
/// let json = fenkit::json::RecordJson::new(origin, record, &checked, Some(&fen), shakmaty::CastlingMode::Standard);
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
    pub field: &'static str,
    /// 1-based column of the problem's first character.
    pub column: usize,
    /// 1-based column just past its last character: `end_column -
    /// column` characters are at fault (none, for a problem between two
    /// characters such as a missing field).
    pub end_column: usize,
    pub message: &'a str,
}

/// Where a record stands: its source, line, and the 1-based column of each
/// of its bytes (columns may count characters, and the record may start
/// inside a line).
pub struct Origin<'a, 'c> {
    pub source: &'a str,
    pub line: u64,
    pub column: &'c dyn Fn(usize) -> usize,
}

/// The 1-based column, in characters, of byte `at` of `line`: characters
/// are counted by their first byte, so that a pasted '–' is one column and
/// a stray byte that is not UTF-8 is one too. Past the end, each byte
/// counts one.
///
/// ```
/// assert_eq!(fenkit::json::column("8/8 – w".as_bytes(), 7), 6);
/// assert_eq!(fenkit::json::column(b"8/8\xff w", 5), 6);
/// ```
pub fn column(line: &[u8], at: usize) -> usize {
    let end = at.min(line.len());
    let chars = line[..end]
        .iter()
        .filter(|&&b| !(0x80..0xc0).contains(&b))
        .count();
    chars + 1 + (at - end)
}

impl<'a> RecordJson<'a> {
    /// The outcome of `record`, checked as `checked`, with its canonical
    /// FEN `fen` (the caller writes it, into a buffer it may reuse).
    pub fn new(
        origin: Origin<'a, '_>,
        record: &'a [u8],
        checked: &'a Checked,
        fen: Option<&'a str>,
        castling: CastlingMode,
    ) -> RecordJson<'a> {
        RecordJson::of(
            origin,
            record,
            checked.setup.as_ref(),
            &checked.diagnostics,
            fen,
            castling,
        )
    }

    /// The same from the parts: the position, when the record is
    /// well-formed, and the diagnostics (for a record no parser saw, such
    /// as an overlong line, only those).
    pub fn of(
        origin: Origin<'a, '_>,
        record: &'a [u8],
        setup: Option<&Setup>,
        diagnostics: &'a [Diagnostic],
        fen: Option<&'a str>,
        castling: CastlingMode,
    ) -> RecordJson<'a> {
        let valid = crate::no_errors(diagnostics);
        let position = setup
            .filter(|_| valid)
            .and_then(|setup| Chess::from_setup(setup.clone(), castling).ok());
        let (check, checkmate, stalemate) = match &position {
            Some(position) => {
                let stuck = position.legal_moves().is_empty();
                let check = position.is_check();
                (Some(check), Some(stuck && check), Some(stuck && !check))
            }
            None => (None, None, None),
        };
        RecordJson {
            source: origin.source,
            line: origin.line,
            column: (origin.column)(0),
            input: String::from_utf8_lossy(record),
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
                .map(|d| ProblemJson::new(d, origin.column))
                .collect(),
        }
    }
}

impl<'a> ProblemJson<'a> {
    pub fn new(diagnostic: &'a Diagnostic, column: &dyn Fn(usize) -> usize) -> ProblemJson<'a> {
        ProblemJson {
            code: diagnostic.code.as_str(),
            severity: diagnostic.severity.as_str(),
            field: diagnostic.field.as_str(),
            column: column(diagnostic.span.start),
            end_column: column(diagnostic.span.end),
            message: &diagnostic.message,
        }
    }
}
