use super::*;
use crate::Code;

fn codes(record: &str) -> Vec<(Code, usize)> {
    match parse(record.as_bytes()) {
        Ok(_) => Vec::new(),
        Err(err) => err
            .diagnostics()
            .iter()
            .map(|d| (d.code, d.span.start))
            .collect(),
    }
}

#[test]
fn problems_in_several_fields_come_in_record_order() {
    let record = "8/8/8/8/8/8/8/9 x KK e9 -1 0";
    assert_eq!(
        codes(record),
        [
            (Code::BadDigit, 14),
            (Code::BadSide, 16),
            (Code::CastlingRepeat, 19),
            (Code::BadEpSquare, 21),
            (Code::BadNumber, 24),
            (Code::FullmoveZero, 27),
        ]
    );
}

#[test]
fn separators_are_judged_where_they_stand() {
    // The double space is reported, and the fields are still told apart.
    assert_eq!(
        codes("8/8/8/8/8/8/8/8 w  - - 0 1"),
        [(Code::BadSeparator, 17)]
    );
    assert_eq!(
        codes("8/8/8/8/8/8/8/8\tw - - 0 1"),
        [(Code::BadSeparator, 15)]
    );
}

#[test]
fn field_spans_survive_a_bad_record() {
    let err = parse(b"8/8/8/8/8/8/8/8 W - - 0 1").unwrap_err();
    assert_eq!(err.fields().get(Field::Side), Some(Span::new(16, 17)));
    assert_eq!(err.fields().get(Field::Fullmove), Some(Span::new(24, 25)));
    assert_eq!(err.fields().get_or_end(Field::Record), Span::new(0, 25));
}

#[test]
fn a_missing_field_points_at_the_end() {
    let err = parse(b"8/8/8/8/8/8/8/8 w - -").unwrap_err();
    let missing = &err.diagnostics()[0];
    assert_eq!(
        (missing.code, missing.field),
        (Code::MissingField, Field::Halfmove)
    );
    assert_eq!(missing.span, Span::new(21, 21));
    assert_eq!(err.fields().get(Field::Halfmove), None);
}

#[test]
fn the_error_reads_as_one_sentence() {
    let err = parse(b"8/8/8/8/8/8/8/8 W - - 0 0").unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 17: active color is 'W'; expected 'w' (White to move) or 'b' (Black to move), in lowercase (and 1 more problems)"
    );
}

#[test]
fn quick_paths_take_plain_records_and_only_those() {
    let mut spans = FieldSpans::default();
    assert!(split_well_formed(
        b"8/8/8/8/8/8/8/8 w - - 0 1",
        6,
        &mut spans
    ));
    for record in [
        "8/8/8/8/8/8/8/8 w - - 0",
        " 8 w - - 0 1",
        "8 w - - 0 1 ",
        "8 w  - - 0 1",
        "8 w - - 0 1 2",
        "8\tw - - 0 1",
    ] {
        assert!(
            !split_well_formed(record.as_bytes(), 6, &mut spans),
            "{record}"
        );
    }
}
