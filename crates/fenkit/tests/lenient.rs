//! Lenient reading: each form people paste is repaired, every repair is a
//! warning at its column (in bytes, 1-based), and strict reading rejects
//! the same input with an error at an exact column.

mod common;

use fenkit::{ReadOptions, Severity};

/// A code and the 1-based byte column it points at.
type At = (String, usize);

/// Input, the FEN it is repaired to, the repairs, and strict reading's
/// first error (`cases/lenient.txt`).
fn cases() -> Vec<(Vec<u8>, String, Vec<At>, At)> {
    let at = |item: &[&str]| match item {
        [code, column] => (code.to_string(), column.parse().expect("a column")),
        _ => panic!("not a code and a column: {item:?}"),
    };
    let cases = common::cases(include_str!("cases/lenient.txt"));
    (cases.iter())
        .map(|case| {
            let repaired = String::from_utf8(case.bytes(1)).expect("UTF-8");
            let warnings = case.items(2).iter().map(|item| at(item)).collect();
            (case.bytes(0), repaired, warnings, at(&case.items(3)[0]))
        })
        .collect()
}

fn lenient() -> ReadOptions {
    ReadOptions::default().with_lenient(true)
}

#[test]
fn pasted_forms_are_repaired_and_every_repair_is_reported() {
    let mut failures = Vec::new();
    let cases = cases();
    assert!(cases.len() >= 25, "{} cases", cases.len());
    for (input, repaired, warnings, _) in cases {
        let checked = lenient().check(&input);
        let fen = checked
            .setup
            .clone()
            .map(|setup| fenkit::Fen::from(setup).to_string());
        let got: Vec<_> = checked
            .diagnostics
            .iter()
            .map(|d| (d.code.as_str().to_string(), d.span.start + 1))
            .collect();
        let all_warnings = checked
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Warning);
        if fen.as_deref() != Some(&*repaired) || got != warnings || !all_warnings {
            failures.push(format!(
                "{:?}\n  got {fen:?} {:?}",
                String::from_utf8_lossy(&input),
                checked.diagnostics
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn strict_reading_rejects_every_pasted_form_at_its_column() {
    let mut failures = Vec::new();
    for (input, _, _, error) in cases() {
        let checked = fenkit::check(&input);
        let first = checked
            .diagnostics
            .first()
            .map(|d| (d.code.as_str().to_string(), d.span.start + 1));
        if checked.is_valid() || first != Some(error) {
            let input = String::from_utf8_lossy(&input);
            failures.push(format!("{input:?}\n  got {:?}", checked.diagnostics));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn what_cannot_be_repaired_stays_an_error_at_its_place_in_the_input() {
    // The tab is repaired; the 9 is not, and is reported where it stands.
    let input = "\"4k3/8/8/8/8/8/8/4K4\tw - - 0 1\"";
    let checked = lenient().check(input.as_bytes());
    assert!(!checked.is_valid());
    let got: Vec<_> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.severity, d.span.start + 1))
        .collect();
    assert_eq!(
        got,
        [
            ("quoted-record", Severity::Warning, 1),
            ("rank-too-long", Severity::Error, 20),
            ("bad-separator", Severity::Warning, 21),
        ]
    );
    // A lone placement: the active color is a guess too far.
    assert!(!lenient().check(b"4k3/8/8/8/8/8/8/4K3").is_valid());
}

#[test]
fn a_valid_record_reads_the_same_either_way() {
    let record = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(lenient().check(record), fenkit::check(record));
}
