//! Malformed and illegal records, each with every diagnostic fenkit must
//! give for it (`cases/malformed.txt`): code, class, field and 1-based
//! column in the record.

/// Code, class, field and 1-based column of a diagnostic.
type Located = (String, String, String, usize);

/// A record and every diagnostic it must raise.
type Case = (Vec<u8>, Vec<Located>);

/// The sections of `cases/malformed.txt` (its first lines say how it is
/// written), each with the options its records are read with.
fn tables() -> Vec<(Vec<Case>, fenkit::ReadOptions)> {
    use fenkit::{Format, ReadOptions, Strictness};
    let strict = ReadOptions::default();
    let mut tables = Vec::new();
    for line in include_str!("cases/malformed.txt").lines() {
        if let Some(section) = line.strip_prefix('[') {
            let options = match section.trim_end_matches(']') {
                "strict" => strict,
                "epd" => strict.with_format(Format::Epd),
                "chess960" => strict.with_castling(shakmaty::CastlingMode::Chess960),
                "reachable" => strict.with_strictness(Strictness::Reachable),
                "plausible" => strict.with_strictness(Strictness::Plausible),
                other => panic!("no section {other}"),
            };
            tables.push((Vec::new(), options));
        } else if !line.is_empty() && !line.starts_with('#') {
            let (record, expected) = line.split_once('\t').expect("a tab after the record");
            let expected = expected.split("; ").filter(|e| !e.is_empty()).map(|e| {
                let words: Vec<&str> = e.split(' ').collect();
                let [code, class, field, column] = words[..] else {
                    panic!("not code class field column: {e}")
                };
                (
                    code.into(),
                    class.into(),
                    field.into(),
                    column.parse().unwrap(),
                )
            });
            let table = &mut tables.last_mut().expect("a section first").0;
            table.push((unescape(record), expected.collect()));
        }
    }
    tables
}

/// A record as the table writes it: `\\` a backslash, `\xNN` a byte.
fn unescape(written: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut rest = written.as_bytes();
    while let Some((&first, after)) = rest.split_first() {
        rest = match (first, after) {
            (b'\\', [b'\\', after @ ..]) => {
                bytes.push(b'\\');
                after
            }
            (b'\\', [b'x', high, low, after @ ..]) => {
                let hex = std::str::from_utf8(&[*high, *low]).unwrap().to_owned();
                bytes.push(u8::from_str_radix(&hex, 16).expect("two hex digits"));
                after
            }
            (b'\\', _) => panic!("a lone backslash in {written}"),
            _ => {
                bytes.push(first);
                after
            }
        };
    }
    bytes
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
