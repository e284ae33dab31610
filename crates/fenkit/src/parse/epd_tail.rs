//! What follows an EPD record's four fields: its operations, with FEN's
//! two clocks before them read as `hmvc` and `fmvn` (a dialect).

use super::*;

/// The operations of an EPD record, which stand at `span`; FEN's two
/// clocks before them (a dialect) are read as the `hmvc` and `fmvn`
/// operations that say the same, and more than one blank before them
/// is reported.
pub(super) fn read_epd_tail(
    record: &[u8],
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
    dialects: &mut Vec<Diagnostic>,
) -> epd::ReadOperations {
    let bytes = &record[span.start..span.end];
    let blanks = bytes
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    if blanks > 0 {
        let run = Span::new(span.start - 1, span.start + blanks);
        dialects.push(bad_separator(
            &record[run.start..run.end],
            run,
            record.len(),
        ));
    }
    let Some(clocks) = epd::fen_clocks(bytes) else {
        return epd::read_operations(bytes, span.start, diagnostics, dialects);
    };
    let shift = |s: Span| Span::new(span.start + s.start, span.start + s.end);
    let (halfmove, fullmove) = (shift(clocks.halfmove), shift(clocks.fullmove));
    dialects.push(fen_clocks_dialect(record, halfmove, fullmove));
    let mut read = epd::read_operations(
        &bytes[clocks.rest..],
        span.start + clocks.rest,
        diagnostics,
        dialects,
    );
    let text = |s: Span| crate::words::shown(&record[s.start..s.end]);
    read.operations.splice(
        0..0,
        [
            Operation::token("hmvc", text(halfmove)),
            Operation::token("fmvn", text(fullmove)),
        ],
    );
    read.first_operands
        .splice(0..0, [Some(halfmove), Some(fullmove)]);
    read
}

/// The one diagnostic of FEN's clocks in an EPD record.
pub(super) fn fen_clocks_dialect(record: &[u8], halfmove: Span, fullmove: Span) -> Diagnostic {
    let text = |span: Span| crate::words::shown(&record[span.start..span.end]);
    let (h, f) = (text(halfmove), text(fullmove));
    Diagnostic::new(
        Code::EpdFenClocks,
        Field::Halfmove,
        Span::new(halfmove.start, fullmove.end),
        format!(
            "'{h} {f}' after the four fields are FEN's halfmove clock and fullmove number; EPD writes them as operations: 'hmvc {h}; fmvn {f};'"
        ),
    )
}
