//! The JSON shape of a checked record (feature `serde`): what `fen check
//! --format json` writes per record, and what a service answers.

use std::borrow::Cow;

use serde::Serialize;
use shakmaty::{Color, Setup};

use crate::{Diagnostic, Problem, Record};

/// One record's outcome.
///
/// ```
/// let record = b"4k3/8/8/8/8/8/4P3/4K3 w - - 5 39";
/// let checked = fenkit::check(record);
/// let fen = fenkit::Fen::from(checked.setup.clone().unwrap()).to_string();
/// let record = fenkit::Record { source: "in.fen", line_number: 2, line: record, offset: 0, bytes: record };
/// let json = fenkit::json::RecordJson::new(
///     &record, checked.setup.as_ref(), &checked.diagnostics, Some(&fen),
///     &fenkit::ReadOptions::default(),
/// );
/// let text = serde_json::to_string(&json).unwrap();
/// assert!(text.starts_with(r#"{"source":"in.fen","line":2,"column":1,"input":"4k3/"#));
/// assert!(text.contains(r#""valid":true"#) && text.contains(r#""turn":"white","check":false,"checkmate":false"#));
/// ```
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::ToSchema),
    schema(
        as = Record,
        description = "One record's outcome: where it stands, whether it is valid, its \
            canonical FEN, and its problems."
    )
)]
#[non_exhaustive]
pub struct RecordJson<'a> {
    pub source: &'a str,
    pub line: u64,
    /// 1-based column where the record starts.
    pub column: usize,
    /// The record as given; bytes that are not UTF-8 read as U+FFFD.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
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
    /// Every problem (and, with lenient reading, every repair), in the
    /// one shape of a problem.
    pub errors: Vec<Problem<'a>>,
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
        read: &crate::ReadOptions,
    ) -> RecordJson<'a> {
        let valid = crate::no_errors(diagnostics);
        let status = setup
            .filter(|_| valid)
            .and_then(|setup| crate::CheckStatus::of_setup_in(setup, read.variant, read.castling));
        let check = status.map(crate::CheckStatus::is_check);
        let checkmate = status.map(|s| s == crate::CheckStatus::Checkmate);
        let stalemate = status.map(|s| s == crate::CheckStatus::Stalemate);
        RecordJson {
            source: record.source,
            line: record.line_number,
            column: record.column(0),
            input: match fen {
                // A caller may give the record itself as its canonical FEN
                // (see `Parsed::canonical`): it is text already.
                Some(fen) if fen.as_bytes() == record.bytes => Cow::Borrowed(fen),
                // The quick check first: records are nearly always UTF-8.
                _ => match std::str::from_utf8(record.bytes) {
                    Ok(text) => Cow::Borrowed(text),
                    Err(_) => String::from_utf8_lossy(record.bytes),
                },
            },
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
                .map(|d| Problem::in_line(d, record))
                .collect(),
        }
    }
}

impl RecordJson<'_> {
    /// Appends this record as one line of JSON, without the line break:
    /// exactly the bytes `serde_json` writes for it, written directly.
    /// `fen check --format json` writes millions of these, and serde's
    /// general machinery cost as much as the check itself.
    ///
    /// ```
    /// let record = b"4k3/8/8/8/8/8/4P3/4K3 w - - 5 39";
    /// let checked = fenkit::check(record);
    /// let place = fenkit::Record { source: "in.fen", line_number: 2, line: record, offset: 0, bytes: record };
    /// let json = fenkit::json::RecordJson::new(
    ///     &place, checked.setup.as_ref(), &checked.diagnostics, None, &fenkit::ReadOptions::default(),
    /// );
    /// let mut out = Vec::new();
    /// json.write(&mut out);
    /// assert_eq!(out, serde_json::to_vec(&json).unwrap());
    /// ```
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"source\":");
        string(self.source, out);
        self.write_after_source(out);
    }

    /// The line from the field after `source` on.
    fn write_after_source(&self, out: &mut Vec<u8>) {
        number(b",\"line\":", self.line, out);
        number(b",\"column\":", self.column as u64, out);
        out.extend_from_slice(b",\"input\":");
        let input = out.len();
        match self.fen {
            // The usual record is its own canonical FEN, whose characters
            // (pieces, digits, letters, `/`, `-`, spaces) need no escape.
            Some(fen) if fen == self.input => {
                debug_assert!(!fen.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\'));
                out.push(b'"');
                out.extend_from_slice(fen.as_bytes());
                out.push(b'"');
            }
            _ => string(&self.input, out),
        }
        let input = input..out.len();
        out.extend_from_slice(b",\"valid\":");
        out.extend_from_slice(if self.valid { b"true" } else { b"false" });
        out.extend_from_slice(b",\"fen\":");
        match self.fen {
            Some(fen) if fen == self.input => out.extend_from_within(input),
            fen => optional(fen, out),
        }
        match self.turn {
            // The two words, whole.
            Some("white") => out.extend_from_slice(b",\"turn\":\"white\""),
            Some("black") => out.extend_from_slice(b",\"turn\":\"black\""),
            turn => {
                out.extend_from_slice(b",\"turn\":");
                optional(turn, out);
            }
        }
        let words = (self.check, self.checkmate, self.stalemate);
        if words == (Some(false), Some(false), Some(false)) {
            // The usual legal position, in one piece.
            out.extend_from_slice(b",\"check\":false,\"checkmate\":false,\"stalemate\":false");
        } else {
            for (name, value) in [
                (&b",\"check\":"[..], self.check),
                (b",\"checkmate\":", self.checkmate),
                (b",\"stalemate\":", self.stalemate),
            ] {
                out.extend_from_slice(name);
                out.extend_from_slice(match value {
                    Some(true) => b"true",
                    Some(false) => b"false",
                    None => b"null",
                });
            }
        }
        if self.errors.is_empty() {
            out.extend_from_slice(b",\"errors\":[]}");
            return;
        }
        out.extend_from_slice(b",\"errors\":[");
        for (index, problem) in self.errors.iter().enumerate() {
            if index > 0 {
                out.push(b',');
            }
            write_problem(problem, out);
        }
        out.extend_from_slice(b"]}");
    }
}

/// Writes records' JSON lines one after another, as
/// [`RecordJson::write`] writes each, keeping the source's escaped name
/// from one line to the next (every line of a file names it; escaping it
/// again was a tenth of `fen check --format json`).
///
/// ```
/// use fenkit::json::{JsonLines, RecordJson};
///
/// let mut lines = JsonLines::default();
/// let (mut out, mut alone) = (Vec::new(), Vec::new());
/// for (number, record) in [b"8/8/8/8/8/8/8/K6k w - - 0 1", b"8/8/8/8/8/8/8/K6k b - - 0 1"].iter().enumerate() {
///     let checked = fenkit::check(*record);
///     let place = fenkit::Record { source: "a \"b\".fen", line_number: number as u64 + 1, line: *record, offset: 0, bytes: *record };
///     let json = RecordJson::new(&place, checked.setup.as_ref(), &checked.diagnostics, None, &Default::default());
///     lines.write(&json, &mut out);
///     json.write(&mut alone);
/// }
/// assert_eq!(out, alone);
/// ```
#[derive(Clone, Debug, Default)]
pub struct JsonLines {
    source: String,
    /// `{"source":` and the source escaped.
    head: Vec<u8>,
}

impl JsonLines {
    /// Appends `json` as one line of JSON, without the line break.
    pub fn write(&mut self, json: &RecordJson<'_>, out: &mut Vec<u8>) {
        if self.head.is_empty() || self.source != json.source {
            self.source.clear();
            self.source.push_str(json.source);
            self.head.clear();
            self.head.extend_from_slice(b"{\"source\":");
            string(json.source, &mut self.head);
        }
        out.extend_from_slice(&self.head);
        json.write_after_source(out);
    }
}

/// Appends `problem` as a JSON object, exactly as its [`Serialize`] impl
/// writes it (what a record's `errors` hold), written directly.
///
/// ```
/// let diagnostics = fenkit::check(b"4k3/8/8/8/8/8/8/4K2P w - - 0 1").diagnostics;
/// let problem = fenkit::Problem::in_record(&diagnostics[0], b"4k3/8/8/8/8/8/8/4K2P w - - 0 1");
/// let mut out = Vec::new();
/// fenkit::json::write_problem(&problem, &mut out);
/// assert_eq!(out, serde_json::to_vec(&problem).unwrap());
/// assert!(out.starts_with(br#"{"code":"pawn-on-back-rank","severity":"error","class":"illegal","field":"placement","line":null,"column":20,"#));
/// ```
pub fn write_problem(problem: &Problem<'_>, out: &mut Vec<u8>) {
    out.extend_from_slice(b"{\"code\":");
    string(problem.code.as_str(), out);
    out.extend_from_slice(b",\"severity\":");
    string(problem.severity.as_str(), out);
    out.extend_from_slice(b",\"class\":");
    string(problem.class.as_str(), out);
    out.extend_from_slice(b",\"field\":");
    string(problem.field.as_str(), out);
    match problem.line {
        Some(line) => number(b",\"line\":", line, out),
        None => out.extend_from_slice(b",\"line\":null"),
    }
    number(b",\"column\":", problem.column as u64, out);
    number(b",\"end_column\":", problem.end_column as u64, out);
    number(b",\"record_column\":", problem.record_column as u64, out);
    out.extend_from_slice(b",\"message\":");
    string(problem.message, out);
    if let Some(square) = problem.square {
        out.extend_from_slice(b",\"square\":\"");
        out.push(b'a' + square.file() as u8);
        out.push(b'1' + square.rank() as u8);
        out.push(b'"');
    }
    out.push(b'}');
}

/// `name` then `value` in decimal.
fn number(name: &[u8], value: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(name);
    crate::write::write_decimal(value, out);
}

fn optional(value: Option<&str>, out: &mut Vec<u8>) {
    match value {
        Some(text) => string(text, out),
        None => out.extend_from_slice(b"null"),
    }
}

/// `text` as a JSON string, escaped as serde_json escapes: the quote, the
/// backslash and control characters below U+0020 (the five with short
/// forms by them); everything else as it is.
fn string(text: &str, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let bytes = text.as_bytes();
    // Most strings need no escape. A long one is tested without early
    // exit, which compiles to vector instructions; a short one (a file
    // name, a color) byte by byte, stopping at the first escape.
    let escaped = |b: u8| (b < 0x20) | (b == b'"') | (b == b'\\');
    let needs_escape = match bytes.len() < 32 {
        true => bytes.iter().any(|&b| escaped(b)),
        false => bytes.iter().fold(false, |found, &b| found | escaped(b)),
    };
    if !needs_escape {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    let mut start = 0;
    for (at, &byte) in bytes.iter().enumerate() {
        let short = match byte {
            b'"' => b'"',
            b'\\' => b'\\',
            0x08 => b'b',
            0x09 => b't',
            0x0a => b'n',
            0x0c => b'f',
            0x0d => b'r',
            0x00..=0x1f => b'u',
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..at]);
        out.push(b'\\');
        out.push(short);
        if short == b'u' {
            out.extend_from_slice(b"00");
            out.push(HEX[usize::from(byte >> 4)]);
            out.push(HEX[usize::from(byte & 0xf)]);
        }
        start = at + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}
