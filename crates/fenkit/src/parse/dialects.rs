//! Dialects read before the fields: control bytes at the end of a line
//! (old C tools) and `startpos` (UCI) for the standard start.

use super::*;

/// The record without the control bytes (NUL, CR, form feed, vertical
/// tab) that old C tools leave at a line's end, each run reported.
pub(super) fn without_control_at_end<'a>(
    record: &'a [u8],
    dialects: &mut Vec<Diagnostic>,
) -> &'a [u8] {
    let is_control = |b: &u8| matches!(b, b'\0' | b'\r' | b'\x0b' | b'\x0c');
    let controls = record.iter().rev().take_while(|b| is_control(b)).count();
    if controls == 0 || controls == record.len() {
        return record;
    }
    // Blanks before the control bytes go with them: the line ended there.
    let kept = record.len() - controls;
    let kept = kept
        - record[..kept]
            .iter()
            .rev()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
    let mut names: Vec<&str> = record[kept..]
        .iter()
        .filter(|b| is_control(b))
        .map(|&b| match b {
            b'\0' => "NUL",
            b'\r' => "carriage return",
            b'\x0c' => "form feed",
            _ => "vertical tab",
        })
        .collect();
    names.dedup();
    dialects.push(Diagnostic::new(
        Code::ControlAtEnd,
        Field::Record,
        Span::new(kept, record.len()),
        format!(
            "the record ends with {} (a control {}, as old tools leave at a line's end); a record ends with its last field",
            join_and(names.iter().copied()),
            if controls == 1 { "byte" } else { "bytes" },
        ),
    ));
    &record[..kept]
}

/// `startpos`, the UCI name of the standard start, read as that position.
#[cold]
pub(super) fn startpos(
    record: &[u8],
    epd: bool,
    dialects: Vec<Diagnostic>,
    accept_dialects: bool,
) -> Result<Parsed, ParseError> {
    let mut fields = FieldSpans::empty(record.len());
    fields.set(Field::Placement, Span::new(0, record.len()));
    let mut dialects = dialects;
    dialects.push(Diagnostic::new(
        Code::Startpos,
        Field::Record,
        Span::new(0, record.len()),
        "'startpos' is the UCI name of the standard start position; FEN writes it 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'",
    ));
    if !accept_dialects {
        return Err(ParseError::new(dialects, fields));
    }
    Ok(Parsed {
        setup: Setup::initial(),
        fields,
        operations: Vec::new(),
        warnings: dialects.into_iter().map(Diagnostic::into_warning).collect(),
        is_epd: epd,
        canonical: false,
    })
}
