//! Malformed and illegal records, each with every diagnostic fenkit must
//! give for it (`cases/malformed.txt`): code, class, field and 1-based
//! column in the record.

mod common;

/// Code, class, field and 1-based column of a diagnostic.
type Located = (String, String, String, usize);

/// A record and every diagnostic it must raise.
type Case = (Vec<u8>, Vec<Located>);

/// The sections of `cases/malformed.txt`, each with the options its
/// records are read with.
fn tables() -> Vec<(Vec<Case>, fenkit::ReadOptions)> {
    use fenkit::{Format, ReadOptions, Strictness};
    let strict = ReadOptions::default();
    let mut tables: Vec<(&str, Vec<Case>, ReadOptions)> = Vec::new();
    for case in common::cases(include_str!("cases/malformed.txt")) {
        if tables
            .last()
            .is_none_or(|(section, ..)| *section != case.section)
        {
            let options = match case.section {
                "strict" => strict,
                "epd" => strict.with_format(Format::Epd),
                "chess960" => strict.with_castling(shakmaty::CastlingMode::Chess960),
                "reachable" => strict.with_strictness(Strictness::Reachable),
                "plausible" => strict.with_strictness(Strictness::Plausible),
                other => panic!("no section {other}"),
            };
            tables.push((case.section, Vec::new(), options));
        }
        let expected = case.items(1).into_iter().map(|item| match item[..] {
            [code, class, field, column] => {
                let column = column.parse().expect("a column");
                (code.into(), class.into(), field.into(), column)
            }
            _ => panic!("not code, class, field and column: {item:?}"),
        });
        let table = &mut tables.last_mut().expect("a section").1;
        table.push((case.bytes(0), expected.collect()));
    }
    tables
        .into_iter()
        .map(|(_, table, options)| (table, options))
        .collect()
}

fn located(record: &[u8], options: &fenkit::ReadOptions) -> Vec<Located> {
    options
        .check(record)
        .diagnostics
        .iter()
        .map(|d| {
            let class = d.code.class().as_str();
            let field = d.field.as_str().into();
            (
                d.code.as_str().into(),
                class.into(),
                field,
                d.span.start + 1,
            )
        })
        .collect()
}

#[test]
fn every_bad_record_gets_exactly_its_diagnostics() {
    let tables = tables();
    let strict = tables[0].0.len();
    assert!(strict >= 80, "the strict section has {strict} records");
    let mut failures = Vec::new();
    for (table, options) in tables {
        for (record, expected) in table {
            let got = located(&record, &options);
            if got != expected {
                failures.push(format!(
                    "{}\n  expected {expected:?}\n  got      {got:?}",
                    String::from_utf8_lossy(&record)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_bad_record_is_invalid_with_spans_inside_it() {
    for (table, options) in tables() {
        for (record, expected) in table {
            let checked = options.check(&record);
            assert_eq!(
                checked.is_valid(),
                expected.is_empty(),
                "{}",
                String::from_utf8_lossy(&record)
            );
            for d in &checked.diagnostics {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= record.len(),
                    "{d:?}"
                );
                assert!(d.message.len() > 20, "{d:?}");
            }
        }
    }
}

#[test]
fn the_table_covers_every_code_a_record_can_raise() {
    let seen: std::collections::HashSet<String> = tables()
        .into_iter()
        .flat_map(|(table, _)| table)
        .flat_map(|(_, expected)| expected.into_iter().map(|e| e.0))
        .collect();
    for code in fenkit::Code::ALL {
        // Moves are the games module's to find, not the parser's. Wrapped
        // records are lenient reading's (lenient.rs), a variant's fields
        // and rules its reading's (variants.rs).
        use fenkit::Code::*;
        if !matches!(
            code,
            EpUndecided
                | WrappedRecord
                | BadMove
                | IllegalMove
                | AmbiguousMove
                | UnterminatedComment
                | UnknownVariant
                | ResultContradicted
                | BadPocket
                | PocketNotInVariant
                | BadPromotedMark
                | BadChecks
                | ChecksNotInVariant
                | VariantRule
                | IllegalPosition
                | NotOneMove
        ) {
            assert!(seen.contains(code.as_str()), "no record raises {code}");
        }
    }
}

#[test]
fn unreachable_records_are_playable_with_a_warning_by_default() {
    let (reachable, _) = tables().swap_remove(3);
    for (record, expected) in reachable {
        let checked = fenkit::check(&record);
        let shown = String::from_utf8_lossy(&record);
        assert!(checked.is_valid(), "{shown}");
        let codes: Vec<_> = checked
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        let wanted: Vec<_> = expected.iter().map(|e| e.0.as_str()).collect();
        assert_eq!(codes, wanted, "{shown}");
        assert!(
            checked
                .diagnostics
                .iter()
                .all(|d| d.severity == fenkit::Severity::Warning),
            "{shown}"
        );
        assert!(
            checked.position(shakmaty::CastlingMode::Standard).is_some(),
            "{shown}"
        );
    }
}
