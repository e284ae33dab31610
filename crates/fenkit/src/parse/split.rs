//! A record cut into its fields: the quick split of a well-formed record,
//! and the general one that says what is wrong with the separators.

use super::*;

/// The length of the blank at `pos`: ASCII white space, or a no-break
/// space pasted from a web page (a separator, if a bad one).
pub(super) fn blank_len(record: &[u8], pos: usize) -> usize {
    match record[pos] {
        b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c' => 1,
        0xc2 if record.get(pos + 1) == Some(&0xa0) => 2,
        _ => 0,
    }
}

/// Splits a record of exactly six fields and five single spaces (or, for
/// EPD, four fields and the operations after a single space), and gives up
/// on anything else: the quick path for the common case.
#[inline]
pub(super) fn split_well_formed(record: &[u8], wanted: usize, spans: &mut FieldSpans) -> bool {
    let fields = &mut spans.fields;
    let mut count = 0;
    let mut start = 0;
    for (pos, &byte) in record.iter().enumerate() {
        if byte == b' ' {
            if pos == start {
                return false;
            }
            fields[count] = Slot::of(Span::new(start, pos));
            count += 1;
            start = pos + 1;
            if count == wanted {
                // Only EPD goes on after its last field: to the operations.
                if wanted == 6 || start == record.len() {
                    return false;
                }
                fields[6] = Slot::of(Span::new(start, record.len()));
                return true;
            }
        } else if byte < b' ' || byte == 0xc2 {
            // Another blank, maybe: the slow path knows.
            return false;
        }
    }
    if count != wanted - 1 || start == record.len() {
        return false;
    }
    fields[wanted - 1] = Slot::of(Span::new(start, record.len()));
    true
}

/// Splits the record at runs of blanks, reporting every run that is not a
/// single space, and the field count when it is not six (or, for EPD, when
/// the four position fields are not all there).
pub(super) fn split_fields(
    record: &[u8],
    epd: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> FieldSpans {
    let wanted = if epd { 4 } else { 6 };
    let mut spans = FieldSpans::empty(record.len());
    match split_well_formed(record, wanted, &mut spans) {
        true => spans,
        false => split_and_diagnose(record, wanted, diagnostics),
    }
}

#[cold]
pub(super) fn split_and_diagnose(
    record: &[u8],
    wanted: usize,
    diagnostics: &mut Vec<Diagnostic>,
) -> FieldSpans {
    let mut spans = FieldSpans::empty(record.len());
    let mut tokens: Vec<Span> = Vec::with_capacity(wanted);
    let mut separators: Vec<Span> = Vec::new();
    let mut operations = None;
    let mut pos = 0;
    while pos < record.len() {
        let start = pos;
        if blank_len(record, pos) > 0 {
            while pos < record.len() && blank_len(record, pos) > 0 {
                pos += blank_len(record, pos);
            }
            separators.push(Span::new(start, pos));
            continue;
        }
        if tokens.len() == wanted && wanted == 4 {
            // EPD: the rest of the record is its operations.
            operations = Some(Span::new(start, record.len()));
            break;
        }
        while pos < record.len() && blank_len(record, pos) == 0 {
            pos += 1;
        }
        tokens.push(Span::new(start, pos));
    }
    let slip = slip(record, &tokens, &separators, wanted);
    for &run in &separators {
        let bytes = &record[run.start..run.end];
        let explained = matches!(slip, Some(Slip::MissingBetween { run: r, .. }) if r == run);
        if (run.start == 0 || run.end == record.len() || bytes != b" ") && !explained {
            diagnostics.push(bad_separator(bytes, run, record.len()));
        }
    }
    if let Some(ops) = operations {
        spans.fields[6] = Slot::of(ops);
    }
    // The fields as the slip, if any, lays them out.
    let mut fields: Vec<Option<Span>> = tokens.iter().copied().map(Some).collect();
    match slip {
        Some(Slip::GluedSide { at }) => {
            fields[0] = Some(Span::new(tokens[0].start, at));
            fields.insert(1, Some(Span::at(at, 1)));
        }
        Some(Slip::MissingBetween { field, .. }) => fields.insert(field, None),
        None => {}
    }
    if let Some(slip) = slip {
        diagnostics.push(slip_diagnostic(record, slip));
    }
    let count = fields.len();
    let mut extra: Option<Span> = None;
    for (index, field) in fields.into_iter().enumerate() {
        match (spans.fields[..wanted].get_mut(index), field) {
            (Some(slot), Some(span)) => *slot = Slot::of(span),
            (Some(_), None) => {}
            (None, Some(span)) => {
                extra = Some(Span::new(extra.map_or(span.start, |e| e.start), span.end));
            }
            (None, None) => {}
        }
    }
    if count < wanted {
        diagnostics.push(missing_fields(count, wanted, record.len()));
    }
    if let Some(span) = extra {
        diagnostics.push(extra_fields(record, span, count));
    }
    spans
}

/// One typo that shifts every field after it, told apart so that it gets
/// one diagnostic instead of one per shifted field.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Slip {
    /// The space between the placement and the active color was lost: the
    /// side letter stands at `at`, glued to the last rank.
    GluedSide { at: usize },
    /// Two spaces (`run`) stand where a field and its separators should
    /// be: field number `field` (0-based) is missing.
    MissingBetween { field: usize, run: Span },
}

/// The slip that explains a FEN record one field short, if there is one
/// and it is unambiguous: the last token of the placement is a side
/// letter (`w`, or a `b` that makes rank 1 nine squares long) while the
/// next token is no side letter; or exactly one run of two spaces inside
/// the record.
pub(crate) fn slip(
    record: &[u8],
    tokens: &[Span],
    separators: &[Span],
    wanted: usize,
) -> Option<Slip> {
    if wanted != 6 || tokens.len() != wanted - 1 {
        return None;
    }
    let first = &record[tokens[0].start..tokens[0].end];
    let second = &record[tokens[1].start..tokens[1].end];
    let last_rank = first.rsplit(|&b| b == b'/').next().unwrap_or(first);
    let squares: u32 = last_rank
        .iter()
        .map(|&b| {
            if b.is_ascii_digit() {
                u32::from(b - b'0')
            } else {
                1
            }
        })
        .sum();
    let glued = match first.last() {
        Some(b'w') => true,
        Some(b'b') => squares == 9,
        _ => false,
    };
    if glued && first.contains(&b'/') && !matches!(second, b"w" | b"b") {
        return Some(Slip::GluedSide {
            at: tokens[0].end - 1,
        });
    }
    let inside =
        |run: &&Span| run.start > tokens[0].start && run.end < tokens[tokens.len() - 1].end;
    let mut doubled = separators
        .iter()
        .filter(inside)
        .filter(|run| &record[run.start..run.end] == b"  ");
    match (doubled.next(), doubled.next()) {
        (Some(&run), None) => {
            let field = tokens.iter().take_while(|t| t.end <= run.start).count();
            Some(Slip::MissingBetween { field, run })
        }
        _ => None,
    }
}

/// The one diagnostic of a slip.
pub(crate) fn slip_diagnostic(record: &[u8], slip: Slip) -> Diagnostic {
    match slip {
        Slip::GluedSide { at } => {
            let side = record[at] as char;
            Diagnostic::new(
                Code::BadSeparator,
                Field::Record,
                Span::new(at, at),
                format!(
                    "the space between the piece placement and the active color is missing: '{side}' is glued to the last rank; write ' {side}'"
                ),
            )
        }
        Slip::MissingBetween { field, run } => {
            let field = Field::ALL[field];
            let at = run.start + 1;
            let value = match field {
                Field::Castling | Field::EnPassant => " ('-' for none)",
                _ => "",
            };
            Diagnostic::new(
                Code::MissingField,
                field,
                Span::new(at, at),
                format!(
                    "the {} is missing: two spaces stand where it should be; write it between them{value}",
                    field.describe()
                ),
            )
        }
    }
}

pub(super) fn bad_separator(run: &[u8], span: Span, record_len: usize) -> Diagnostic {
    let mut counts = [0usize; 5];
    let mut pos = 0;
    while pos < run.len() {
        let kind = match run[pos] {
            b' ' => 0,
            b'\t' => 1,
            b'\r' => 2,
            0xc2 => 3,
            _ => 4,
        };
        counts[kind] += 1;
        pos += blank_len(run, pos).max(1);
    }
    let names = [
        ("space", "spaces"),
        ("tab", "tabs"),
        ("carriage return", "carriage returns"),
        ("no-break space (U+00A0)", "no-break spaces (U+00A0)"),
        ("other blank", "other blanks"),
    ];
    let what = join_and(
        counts
            .iter()
            .zip(names)
            .filter(|(n, _)| **n > 0)
            .map(|(&n, (one, many))| count(n, one, many)),
    );
    let message = if span.start == 0 {
        format!("the record starts with {what}; it starts with the piece placement")
    } else if span.end == record_len {
        format!("the record ends with {what}; it ends with the fullmove number")
    } else {
        format!("fields are separated by {what}; FEN separates fields by exactly 1 space")
    };
    Diagnostic::new(Code::BadSeparator, Field::Record, span, message)
}

pub(super) fn missing_fields(present: usize, wanted: usize, record_len: usize) -> Diagnostic {
    let missing = &Field::ALL[present..wanted];
    let shape = if wanted == 4 {
        "an EPD record has 4 fields before its operations"
    } else {
        "a FEN record has 6 fields"
    };
    let names = join_and(missing.iter().map(|f| f.describe()));
    let verb = if missing.len() == 1 { "is" } else { "are" };
    let message = if present == 0 {
        format!(
            "the record is empty; {shape}: {}",
            join_and(Field::ALL[..wanted].iter().map(|f| f.describe()))
        )
    } else {
        format!(
            "the record ends after {}; the {names} {verb} missing ({shape})",
            count(present, "field", "fields")
        )
    };
    Diagnostic::new(
        Code::MissingField,
        missing[0],
        Span::new(record_len, record_len),
        message,
    )
}

pub(super) fn extra_fields(record: &[u8], span: Span, count: usize) -> Diagnostic {
    let text = crate::words::shown(&record[span.start..span.end]);
    let shown: String = text.chars().take(40).collect();
    let ellipsis = if shown.len() < text.len() { "…" } else { "" };
    Diagnostic::new(
        Code::ExtraField,
        Field::Record,
        span,
        format!(
            "the record has {count} fields; a FEN record has 6, so '{shown}{ellipsis}' is extra"
        ),
    )
}
