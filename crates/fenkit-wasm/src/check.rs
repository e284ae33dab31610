//! `check`: each record of a text as `fen check --format json` writes
//! it, and the usual record (alone on its line, valid, canonical, nothing
//! to say) told in a few bits, from which the package builds the same
//! object without JSON crossing the boundary.

use fenkit::{
    Diagnostic, ReadOptions, Record,
    json::{JsonLines, RecordJson},
};
use serde_json::Value;
use std::io::Write;

/// Each record of `text`, line by line (several FEN records to a line, as
/// the command reads them), as `fen check --format json` writes it; the
/// source named `source`.
pub fn check(text: &str, source: &str, read: &ReadOptions) -> Vec<Value> {
    serde_json::from_str(&check_json(text, source, read)).unwrap_or_default()
}

/// [`check`] as JSON text, an array of the command's objects written by
/// its own writer (`fenkit::json::JsonLines`): what crosses to
/// JavaScript, built without a tree of values between.
pub fn check_json(text: &str, source: &str, read: &ReadOptions) -> String {
    let mut writer = Writer::new(source, read);
    for (line, number) in text.lines().zip(1..) {
        writer.line(line.as_bytes(), number);
    }
    writer.finish()
}

/// [`check_json`] with each usual line (one record, as [`check_one`]
/// tells it) written as the number `32 × line + bits` instead of its
/// object: what the package's `check` asks for, building those objects
/// itself, so that a file's text crosses back in a fraction of the bytes
/// and is parsed in a fraction of the time.
pub fn check_compact(text: &str, source: &str, read: &ReadOptions) -> String {
    let mut writer = Writer::new(source, read);
    for (line, number) in text.lines().zip(1u64..) {
        let usual = (line.len() <= MAX_LINE).then(|| check_one(line, read));
        match usual.flatten() {
            Some(bits) => writer.number(number * 32 + u64::from(bits)),
            None => writer.line(line.as_bytes(), number),
        }
    }
    writer.finish()
}

/// A JSON array of checked records, written as it grows.
struct Writer<'a> {
    source: &'a str,
    read: &'a ReadOptions,
    out: Vec<u8>,
    lines: JsonLines,
    /// A canonical FEN written, its buffer kept for the next.
    fen: Vec<u8>,
}

impl<'a> Writer<'a> {
    fn new(source: &'a str, read: &'a ReadOptions) -> Writer<'a> {
        Writer {
            source,
            read,
            out: vec![b'['],
            lines: JsonLines::default(),
            fen: Vec::new(),
        }
    }

    fn comma(&mut self) {
        if self.out.len() > 1 {
            self.out.push(b',');
        }
    }

    fn number(&mut self, value: u64) {
        self.comma();
        let _ = write!(self.out, "{value}");
    }

    /// Every record of `line`, line `number` of the text; a line over
    /// [`MAX_LINE`] as the command reports it, unread.
    fn line(&mut self, line: &[u8], number: u64) {
        let (source, read) = (self.source, self.read);
        if line.len() > MAX_LINE {
            let too_long = line_too_long(line.len());
            let record = Record {
                source,
                line_number: number,
                line: b"",
                offset: 0,
                bytes: b"",
            };
            let json = RecordJson::new(&record, None, std::slice::from_ref(&too_long), None, read);
            self.comma();
            self.lines.write(&json, &mut self.out);
            return;
        }
        for (offset, bytes) in fenkit::records_in(line, read.format) {
            let record = Record {
                source,
                line_number: number,
                line,
                offset,
                bytes,
            };
            let checked = read.check(bytes);
            self.fen.clear();
            let written = match &checked.setup {
                Some(_) if checked.canonical => std::str::from_utf8(bytes).ok(),
                Some(setup) => {
                    fenkit::write_fen(setup, &mut self.fen);
                    std::str::from_utf8(&self.fen).ok()
                }
                None => None,
            };
            let setup = checked.setup.as_ref();
            let json = RecordJson::new(&record, setup, &checked.diagnostics, written, read);
            if self.out.len() > 1 {
                self.out.push(b',');
            }
            self.lines.write(&json, &mut self.out);
        }
    }

    fn finish(mut self) -> String {
        self.out.push(b']');
        String::from_utf8(self.out).unwrap_or_else(|_| "[]".into())
    }
}

/// What [`check_one`] says of the usual record, bit by bit.
pub mod usual {
    /// Black is to move (else White).
    pub const BLACK: u8 = 1;
    pub const CHECK: u8 = 2;
    pub const CHECKMATE: u8 = 4;
    pub const STALEMATE: u8 = 8;
    /// Set in every answer, so that an answer is never 0.
    pub const USUAL: u8 = 16;
}

/// The usual record, told quickly: where `text` is one record alone on
/// its line, valid, written canonically and with nothing at all to say
/// about it, its side to move and plight as [`usual`]'s bits; otherwise
/// `None`, and [`check_json`] answers. The package builds the object `fen
/// check --format json` writes for such a record from these bits, which
/// it needs no JSON for: a position a call is the common use (a pasted
/// FEN, a form field) and its answer crossed as text was most of the
/// call's time.
pub fn check_one(text: &str, read: &ReadOptions) -> Option<u8> {
    let line = text.as_bytes();
    if line.contains(&b'\n') || line.contains(&b'\r') {
        return None;
    }
    let mut records = fenkit::records_in(line, read.format);
    let (offset, bytes) = records.next()?;
    if offset != 0 || bytes.len() != line.len() || records.next().is_some() {
        return None;
    }
    let checked = read.check(bytes);
    if !(checked.canonical && checked.diagnostics.is_empty()) {
        return None;
    }
    let setup = checked.setup.as_ref()?;
    let status = fenkit::CheckStatus::of_setup_in(setup, read.variant, read.castling)?;
    let mut bits = usual::USUAL;
    for (bit, set) in [
        (usual::BLACK, setup.turn.is_black()),
        (usual::CHECK, status.is_check()),
        (usual::CHECKMATE, status == fenkit::CheckStatus::Checkmate),
        (usual::STALEMATE, status == fenkit::CheckStatus::Stalemate),
    ] {
        if set {
            bits |= bit;
        }
    }
    Some(bits)
}

/// The longest line read, in bytes: the command's (`fen check`'s
/// `--max-line-bytes`), so that a line of megabytes is refused by its
/// length, not read.
pub const MAX_LINE: usize = 4096;

/// What the command says of a line over [`MAX_LINE`], in its words, less
/// the flag that sets the limit there: the package has no such option.
fn line_too_long(length: usize) -> Diagnostic {
    Diagnostic::new(
        fenkit::Code::Input("line-too-long"),
        fenkit::Field::Record,
        fenkit::Span::default(),
        format!(
            "the line is {length} bytes long; fen reads lines of at most {MAX_LINE} bytes (a FEN record has under 100)"
        ),
    )
}
