//! Lenient reading: each form people paste is repaired, every repair is a
//! warning at its column (in bytes, 1-based), and strict reading rejects
//! the same input with an error at an exact column.

use fenkit::{ReadOptions, Severity};

/// A code and the 1-based byte column it points at.
type At = (&'static str, usize);

/// Input, the FEN it is repaired to, the repairs, and strict reading's
/// first error.
const CASES: &[(&str, &str, &[At], At)] = &[
    // What a paste wraps a record in comes off, the record read inside.
    (
        "FEN: 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("wrapped-record", 1)],
        ("bad-piece-char", 1),
    ),
    (
        "https://lichess.org/analysis/4k3/8/8/8/8/8/8/4K3_b_-_-_0_1",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
        &[("wrapped-record", 1), ("bad-separator", 49)],
        ("bad-piece-char", 1),
    ),
    // One lost space, one diagnostic; the fields after it in their places.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRw KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("bad-separator", 44)],
        ("bad-separator", 44),
    ),
    (
        "4k3/8/8/8/8/8/8/4K2Rb K - 0 1",
        "4k3/8/8/8/8/8/8/4K2R b K - 0 1",
        &[("bad-separator", 21)],
        ("bad-separator", 21),
    ),
    // Two spaces where a field should be: that field, named once.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        &[("missing-field", 47)],
        ("missing-field", 47),
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3  1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        &[("missing-field", 57)],
        ("missing-field", 57),
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        &[("missing-field", 56)],
        ("missing-field", 56),
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
        &[("missing-field", 26)],
        ("missing-field", 26),
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[("missing-field", 31)],
        ("missing-field", 31),
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R  w KQkq   - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[("bad-separator", 24)],
        ("bad-separator", 24),
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R\tw\tKQkq\t-\t0\t1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[("bad-separator", 24)],
        ("bad-separator", 24),
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R_w_KQkq_-_0_1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[("bad-separator", 24)],
        ("bad-piece-char", 24),
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R\u{a0}w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[("bad-separator", 24)],
        ("bad-separator", 24),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w \u{2013} \u{2013} 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("bad-castling-char", 23), ("bad-ep-square", 27)],
        ("bad-castling-char", 23),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w \u{2014} \u{2014} 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("bad-castling-char", 23), ("bad-ep-square", 27)],
        ("bad-castling-char", 23),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w \u{2212} \u{2212} 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("bad-castling-char", 23), ("bad-ep-square", 27)],
        ("bad-castling-char", 23),
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[("castling-order", 27)],
        ("castling-order", 27),
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KKQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[("castling-repeat", 27)],
        ("castling-repeat", 28),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("fullmove-zero", 29)],
        ("fullmove-zero", 29),
    ),
    (
        "  4k3/8/8/8/8/8/8/4K3 w - - 0 1 \t",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("bad-separator", 1), ("bad-separator", 32)],
        ("bad-separator", 1),
    ),
    (
        "\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("quoted-record", 1)],
        ("quoted-record", 1),
    ),
    (
        "\u{201c}4k3/8/8/8/8/8/8/4K3 w - - 0 1\u{201d}",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("quoted-record", 1)],
        ("quoted-record", 1),
    ),
    (
        "'4k3/8/8/8/8/8/8/4K3 w - -'",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("quoted-record", 1), ("missing-field", 27)],
        ("quoted-record", 1),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 W - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &[("bad-side", 21)],
        ("bad-side", 21),
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq E3 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        &[("bad-ep-square", 54)],
        ("bad-ep-square", 54),
    ),
];

fn lenient() -> ReadOptions {
    ReadOptions::default().with_lenient(true)
}

#[test]
fn pasted_forms_are_repaired_and_every_repair_is_reported() {
    let mut failures = Vec::new();
    for &(input, repaired, warnings, _) in CASES {
        let checked = lenient().check(input.as_bytes());
        let fen = checked
            .setup
            .clone()
            .map(|setup| fenkit::Fen::from(setup).to_string());
        let got: Vec<_> = checked
            .diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.span.start + 1))
            .collect();
        let all_warnings = checked
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Warning);
        if fen.as_deref() != Some(repaired) || got != warnings || !all_warnings {
            failures.push(format!(
                "{input:?}\n  got {fen:?} {:?}",
                checked.diagnostics
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn strict_reading_rejects_every_pasted_form_at_its_column() {
    let mut failures = Vec::new();
    for &(input, _, _, (code, column)) in CASES {
        let checked = fenkit::check(input.as_bytes());
        let first = checked
            .diagnostics
            .first()
            .map(|d| (d.code.as_str(), d.span.start + 1));
        if checked.is_valid() || first != Some((code, column)) {
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
