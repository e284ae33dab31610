//! Lenient reading: repair what people paste, then read the repaired
//! record strictly, and point every warning and error at the bytes that
//! were read.
//!
//! Repairs: blanks around the record and quotes around it; runs of
//! blanks, tabs, no-break spaces and `_` between fields; dashes that look
//! like `-`; `W`/`B` for the active color; castling letters out of order or
//! repeated; an uppercase en passant file; fullmove number 0; missing
//! castling, en passant and clock fields (`- - 0 1`).

use shakmaty::CastlingMode;

use super::{
    ParseError, Parsed, Slip, blank_len, fields::canonical_castling, inside_quotes, parse_record,
    unwrap::unwrap,
};
use crate::words::{count, join_and};
use crate::{Code, Diagnostic, Field, Span, found::Found};

/// A stretch of the repaired record and where it came from.
struct Piece {
    /// Where it stands in the repaired record.
    to: Span,
    /// What it stands for in the record that was read.
    from: Span,
    /// Copied byte for byte (else written anew).
    copied: bool,
}

struct Repaired {
    text: Vec<u8>,
    pieces: Vec<Piece>,
    warnings: Vec<Diagnostic>,
    /// Where the record's content ends, for what was appended.
    end: usize,
}

impl Repaired {
    fn copy(&mut self, record: &[u8], span: Span) {
        self.put(&record[span.start..span.end], span, true);
    }

    fn write(&mut self, text: &[u8], instead_of: Span) {
        self.put(text, instead_of, false);
    }

    /// Appends `text`, standing for the bytes `from` of the record read.
    fn put(&mut self, text: &[u8], from: Span, copied: bool) {
        let to = Span::at(self.text.len(), text.len());
        self.pieces.push(Piece { to, from, copied });
        self.text.extend_from_slice(text);
    }

    fn warn(&mut self, code: Code, field: Field, span: Span, message: String) {
        self.warnings
            .push(Diagnostic::new(code, field, span, message).into_warning());
    }

    /// The span of the record that was read for `span` of the repaired one.
    fn map(&self, span: Span) -> Span {
        let piece_at = |pos: usize| {
            self.pieces
                .iter()
                .find(|p| p.to.start <= pos && pos < p.to.end)
        };
        let start = match piece_at(span.start) {
            Some(p) if p.copied => p.from.start + (span.start - p.to.start),
            Some(p) => p.from.start,
            None => self.end,
        };
        if span.is_empty() {
            return Span::new(start, start);
        }
        let end = match piece_at(span.end - 1) {
            Some(p) if p.copied => p.from.start + (span.end - p.to.start),
            Some(p) => p.from.end,
            None => self.end,
        };
        Span::new(start, end.max(start))
    }
}

/// Takes off what a paste wraps `record` in, repairs what is inside, and
/// reads it; `None` when there was nothing to take off or repair.
pub(super) fn parse(
    record: &[u8],
    epd: bool,
    castling: CastlingMode,
) -> Option<Result<Parsed, ParseError>> {
    let Some(unwrapped) = unwrap(record, epd) else {
        return parse_repaired(record, epd, castling);
    };
    let inner = &unwrapped.text;
    let result = match parse_record(inner, epd, castling, true) {
        Err(err) => parse_repaired(inner, epd, castling).unwrap_or(Err(err)),
        parsed => parsed,
    };
    // Every span points into the paste, the wrapping's warnings first.
    let relocate = |diagnostics: &[Diagnostic]| {
        let mut all = unwrapped.warnings.clone();
        all.extend(diagnostics.iter().map(|d| Diagnostic {
            span: unwrapped.map(d.span),
            ..d.clone()
        }));
        all.sort_by_key(|d| d.span.start);
        all
    };
    Some(match result {
        Ok(mut parsed) => {
            parsed.fields = parsed.fields.map(record.len(), |s| unwrapped.map(s));
            parsed.warnings = relocate(&parsed.warnings);
            Ok(parsed)
        }
        Err(err) => {
            let fields = err.fields().map(record.len(), |s| unwrapped.map(s));
            Err(ParseError::new(relocate(err.diagnostics()), fields))
        }
    })
}

/// Repairs `record` and reads it; `None` when there was nothing to repair.
fn parse_repaired(
    record: &[u8],
    epd: bool,
    castling: CastlingMode,
) -> Option<Result<Parsed, ParseError>> {
    let repaired = repair(record, epd)?;
    let map = |d: &Diagnostic| Diagnostic {
        span: repaired.map(d.span),
        ..d.clone()
    };
    Some(match parse_record(&repaired.text, epd, castling, true) {
        Ok(mut parsed) => {
            parsed.fields = parsed.fields.map(record.len(), |s| repaired.map(s));
            // The repairs, then the dialects the repaired record is in.
            let dialects = parsed.warnings.iter().map(map);
            parsed.warnings = repaired.warnings.iter().cloned().chain(dialects).collect();
            parsed.warnings.sort_by_key(|d| d.span.start);
            Ok(parsed)
        }
        Err(err) => {
            let mut diagnostics = repaired.warnings.clone();
            diagnostics.extend(err.diagnostics().iter().map(map));
            diagnostics.sort_by_key(|d| d.span.start);
            let fields = err.fields().map(record.len(), |s| repaired.map(s));
            Err(ParseError::new(diagnostics, fields))
        }
    })
}

/// The length of the separator at `pos`: a blank, a Unicode space, or `_`.
fn separator_len(record: &[u8], pos: usize) -> usize {
    match blank_len(record, pos) {
        0 if record[pos] == b'_' => 1,
        0 => match Found::at(record, pos) {
            (Found::Unicode(c), len) if Found::looks_like(c) == Some("a space") => len,
            _ => 0,
        },
        n => n,
    }
}

/// What a missing castling, en passant, halfmove or fullmove field is read
/// as.
const DEFAULTS: [&[u8]; 4] = [b"-", b"-", b"0", b"1"];

fn repair(record: &[u8], epd: bool) -> Option<Repaired> {
    let mut out = Repaired {
        text: Vec::with_capacity(record.len() + 8),
        pieces: Vec::new(),
        warnings: Vec::new(),
        end: record.len(),
    };
    let (mut lo, mut hi) = (0, record.len());
    loop {
        let start = lo;
        while lo < hi && separator_len(record, lo) > 0 && record[lo] != b'_' {
            lo += separator_len(record, lo);
        }
        let end = hi;
        while hi > lo && blank_len(record, hi - 1) > 0 {
            hi -= 1;
        }
        for span in [Span::new(start, lo), Span::new(hi, end)] {
            if !span.is_empty() {
                out.warn(
                    Code::BadSeparator,
                    Field::Record,
                    span,
                    format!(
                        "{} blank {} around the record, removed",
                        span.len(),
                        if span.len() == 1 { "byte" } else { "bytes" }
                    ),
                );
            }
        }
        let Some(inside) = inside_quotes(record, lo, hi) else {
            break;
        };
        out.warn(
            Code::QuotedRecord,
            Field::Record,
            Span::new(lo, hi),
            "the record stands inside quotes, removed; FEN has no quotes".to_string(),
        );
        (lo, hi) = inside;
    }
    out.end = hi;

    // The position fields and the separators after each.
    let wanted = if epd { 4 } else { 6 };
    let mut tokens: Vec<Span> = Vec::with_capacity(wanted);
    let mut odd_separators = Vec::new();
    let mut pos = lo;
    let mut rest = None;
    while pos < hi {
        let start = pos;
        while pos < hi && separator_len(record, pos) > 0 {
            pos += separator_len(record, pos);
        }
        if pos > start && &record[start..pos] != b" " {
            odd_separators.push(Span::new(start, pos));
        }
        if pos == hi {
            break;
        }
        if tokens.len() == wanted {
            rest = Some(Span::new(pos, hi));
            break;
        }
        let token = pos;
        while pos < hi && separator_len(record, pos) == 0 {
            pos += 1;
        }
        tokens.push(Span::new(token, pos));
    }
    // A lost or doubled space shifts the fields after it: put them back.
    let mut defaults_at: Vec<(usize, &'static [u8])> = Vec::new();
    match super::slip(record, &tokens, &odd_separators, wanted) {
        Some(Slip::GluedSide { at }) => {
            tokens.splice(0..1, [Span::new(tokens[0].start, at), Span::at(at, 1)]);
            out.warn(
                Code::BadSeparator,
                Field::Record,
                Span::new(at, at),
                "the space between the piece placement and the active color was missing, added"
                    .to_string(),
            );
        }
        Some(Slip::MissingBetween { field, run }) if field >= 2 => {
            let (value, what, at) = (DEFAULTS[field - 2], Field::ALL[field], run.start + 1);
            tokens.insert(field, Span::new(at, at));
            defaults_at.push((field, value));
            odd_separators.retain(|&span| span != run);
            let shown = String::from_utf8_lossy(value);
            let why = format!(
                "the {} is missing between two spaces, read as '{shown}'",
                what.describe()
            );
            out.warn(Code::MissingField, what, Span::new(at, at), why);
        }
        _ => {}
    }
    if let Some(&first) = odd_separators.first() {
        let mut kinds = Vec::new();
        for span in &odd_separators {
            for (byte, name) in [
                (b' ', "runs of spaces"),
                (b'\t', "tabs"),
                (b'_', "'_'"),
                (0xc2, "no-break spaces"),
            ] {
                let is_run = byte == b' ' && span.len() > 1;
                if (record[span.start..span.end].contains(&byte) && byte != b' ' || is_run)
                    && !kinds.contains(&name)
                {
                    kinds.push(name);
                }
            }
        }
        if kinds.is_empty() {
            kinds.push("other blanks");
        }
        out.warn(
            Code::BadSeparator,
            Field::Record,
            first,
            format!(
                "fields are separated by {} ({}), read as single spaces",
                join_and(kinds),
                count(odd_separators.len(), "place", "places")
            ),
        );
    }

    for (index, &token) in tokens.iter().enumerate() {
        if index > 0 {
            // The separator before the token: one space, for the run that was there.
            let previous = tokens[index - 1].end;
            out.write(b" ", Span::new(previous, token.start));
        }
        if let Some(&(_, value)) = defaults_at.iter().find(|(at, _)| *at == index) {
            out.write(value, token);
            continue;
        }
        let bytes = &record[token.start..token.end];
        match repair_field(Field::ALL[index], bytes) {
            Some((text, code, message)) => {
                out.warn(code, Field::ALL[index], token, message);
                out.write(text.as_bytes(), token);
            }
            None => out.copy(record, token),
        }
    }
    if let Some(rest) = rest {
        let previous = tokens[wanted - 1].end;
        out.write(b" ", Span::new(previous, rest.start));
        out.copy(record, rest);
    }

    // Missing fields after the active color take their usual values.
    let present = tokens.len();
    if (2..wanted).contains(&present) {
        let missing = &DEFAULTS[present - 2..wanted - 2];
        let names = join_and(Field::ALL[present..wanted].iter().map(|f| f.describe()));
        let values: Vec<_> = missing.iter().map(|v| String::from_utf8_lossy(v)).collect();
        out.warn(
            Code::MissingField,
            Field::ALL[present],
            Span::new(hi, hi),
            format!(
                "the {names} {} missing, read as '{}'",
                if missing.len() == 1 { "is" } else { "are" },
                values.join(" ")
            ),
        );
        for value in missing {
            out.write(b" ", Span::new(hi, hi));
            out.write(value, Span::new(hi, hi));
        }
    }
    (!out.warnings.is_empty()).then_some(out)
}

/// A field's repaired text, with the code and message of the repair.
fn repair_field(field: Field, bytes: &[u8]) -> Option<(String, Code, String)> {
    let shown = crate::words::shown(bytes);
    let dash = || {
        let (found, _) = Found::at(bytes, 0);
        format!("{found} in the {}, read as '-'", field.describe())
    };
    match field {
        Field::Side if matches!(bytes, b"W" | b"B") => Some((
            shown.to_lowercase(),
            Code::BadSide,
            format!("active color '{shown}' read as '{}'", shown.to_lowercase()),
        )),
        Field::Castling if Found::is_dash_look_alike(bytes) => {
            Some(("-".into(), Code::BadCastlingChar, dash()))
        }
        Field::Castling if !bytes.is_empty() && bytes.iter().all(|b| b"KQkq".contains(b)) => {
            let canonical = canonical_castling(bytes);
            if canonical.as_bytes() == bytes {
                return None;
            }
            let code = if canonical.len() < bytes.len() {
                Code::CastlingRepeat
            } else {
                Code::CastlingOrder
            };
            Some((
                canonical.clone(),
                code,
                format!("castling letters '{shown}' read as '{canonical}'"),
            ))
        }
        Field::EnPassant if Found::is_dash_look_alike(bytes) => {
            Some(("-".into(), Code::BadEpSquare, dash()))
        }
        Field::EnPassant if matches!(bytes, [b'A'..=b'H', b'1'..=b'8']) => Some((
            shown.to_lowercase(),
            Code::BadEpSquare,
            format!(
                "en passant square '{shown}' read as '{}'",
                shown.to_lowercase()
            ),
        )),
        Field::Halfmove | Field::Fullmove if Found::is_dash_look_alike(bytes) || bytes == b"-" => {
            let value = if field == Field::Halfmove { "0" } else { "1" };
            Some((
                value.into(),
                Code::BadNumber,
                format!("the {} '{shown}' read as {value}", field.describe()),
            ))
        }
        Field::Fullmove if bytes == b"0" => Some((
            "1".into(),
            Code::FullmoveZero,
            "fullmove number 0 read as 1, where every game starts".to_string(),
        )),
        _ => None,
    }
}
