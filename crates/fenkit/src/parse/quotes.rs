//! A record pasted inside quotes: the quotes said once, then what stands
//! inside them read.

use super::*;

/// For a record inside quotes: one diagnostic for the quotes, then the
/// problems of what stands inside them.
#[cold]
pub(super) fn quoted(record: &[u8], epd: bool, castling_mode: CastlingMode) -> Option<ParseError> {
    let (mut lo, mut hi) = (0, record.len());
    while let Some(inside) = inside_quotes(record, lo, hi) {
        (lo, hi) = inside;
    }
    if lo == 0 {
        return None;
    }
    let mut diagnostics = vec![Diagnostic::new(
        Code::QuotedRecord,
        Field::Record,
        Span::new(0, record.len()),
        "the record stands inside quotes; FEN has none: the record starts with the piece placement and ends with the fullmove number",
    )];
    let shift = |span: Span| Span::new(span.start + lo, span.end + lo);
    let fields = match parse_fields(&record[lo..hi], epd, castling_mode, false) {
        Ok(parsed) => parsed.fields.map(record.len(), shift),
        Err(err) => {
            diagnostics.extend(err.diagnostics().iter().map(|d| Diagnostic {
                span: shift(d.span),
                ..d.clone()
            }));
            err.fields().map(record.len(), shift)
        }
    };
    Some(ParseError::new(diagnostics, fields))
}

/// The bounds inside the quote marks that open at `lo` and close at `hi`,
/// when both are there.
pub(crate) fn inside_quotes(record: &[u8], lo: usize, hi: usize) -> Option<(usize, usize)> {
    let open = if lo < hi { quote_len(record, lo) } else { 0 };
    let close = quote_before(record, hi);
    (open > 0 && close > 0 && lo + open <= hi - close).then_some((lo + open, hi - close))
}

/// The length of the quote mark at `pos`: ASCII or typographic.
pub(super) fn quote_len(record: &[u8], pos: usize) -> usize {
    if pos >= record.len() {
        return 0;
    }
    match Found::at(record, pos) {
        (Found::Ascii(b'"' | b'\'' | b'`'), _) => 1,
        (Found::Unicode('“' | '”' | '„' | '‘' | '’' | '«' | '»'), len) => len,
        _ => 0,
    }
}

/// The length of the quote mark that ends at `end`, if one does.
pub(super) fn quote_before(record: &[u8], end: usize) -> usize {
    (1..=3.min(end))
        .find(|&len| quote_len(record, end - len) == len)
        .unwrap_or(0)
}
