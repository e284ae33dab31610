//! The standard first: EPD records as the standard writes them, with every
//! operation it defines, are read strictly with no diagnostic, written
//! back byte for byte, and read alike by lenient reading, whose dialect
//! rules must never overrule them. A fixed seed runs always; with
//! `FENKIT_SEED` set (CI sets a fresh one each run, and prints it) that
//! seed runs too, so a failure there can be replayed.

use fenkit::{Checked, Format, ReadOptions, WriteOptions};

/// How many records a seed writes.
const RECORDS: usize = 10_000;

fn written_back(checked: &Checked) -> String {
    let mut out = Vec::new();
    let setup = checked.setup.as_ref().expect("read");
    WriteOptions::default().write_epd(setup, &checked.operations, &mut out);
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn standard_epd_records_read_strictly_as_written_and_leniently_the_same() {
    let strict = ReadOptions::default().with_format(Format::Epd);
    let lenient = strict.with_lenient(true);
    let auto = ReadOptions::default().with_format(Format::Auto);
    for seed in fen_bench::standard::seeds() {
        let mut records = 0;
        let mut with_c_file_moves = 0;
        fen_bench::standard::epd_records(RECORDS, seed, |record| {
            records += 1;
            let replay = format!("seed {seed}, record {records}: {record}");
            let read = strict.check(record.as_bytes());
            assert!(
                read.diagnostics.is_empty(),
                "{replay}\n{:#?}",
                read.diagnostics
            );
            assert_eq!(written_back(&read), record, "{replay}");
            let repaired = lenient.check(record.as_bytes());
            assert!(repaired.diagnostics.is_empty(), "{replay}");
            assert_eq!(
                (&repaired.setup, &repaired.operations),
                (&read.setup, &read.operations),
                "{replay}"
            );
            // Told apart from FEN by its shape alone, read the same.
            let detected = auto.check(record.as_bytes());
            assert_eq!(detected.operations, read.operations, "{replay}");
            let moves_to_c = read.operations.iter().any(|operation| {
                matches!(operation.opcode.as_str(), "bm" | "am" | "pv" | "pm" | "sm")
                    && operation.operands.iter().any(|operand| match operand {
                        fenkit::Operand::Token(text) => text.contains(['c']),
                        fenkit::Operand::Quoted(_) => false,
                    })
            });
            with_c_file_moves += usize::from(moves_to_c);
        });
        assert_eq!(records, RECORDS);
        // The corpus holds what broke the reader: moves on the c-file.
        assert!(with_c_file_moves > RECORDS / 20, "{with_c_file_moves}");
    }
}

/// The records of the fault that made the rule: moves to the c-file read
/// as the comment opcodes `c0`…`c9` where a `;` was thought forgotten.
#[test]
fn a_move_to_the_c_file_is_a_move_not_a_comment() {
    let strict = ReadOptions::default().with_format(Format::Epd);
    for (record, operations) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4;",
            &["bm c4;"][..],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 c5 Nf3 d6 d4;",
            &["pv e4 c5 Nf3 d6 d4;"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - am c3; bm d4 c4;",
            &["am c3;", "bm d4 c4;"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - sm c4; pm c3;",
            &["sm c4;", "pm c3;"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - noop bm c4 id;",
            &["noop bm c4 id;"],
        ),
    ] {
        let read = strict.check(record.as_bytes());
        assert!(
            read.diagnostics.is_empty(),
            "{record}: {:?}",
            read.diagnostics
        );
        let written: Vec<String> = read.operations.iter().map(ToString::to_string).collect();
        assert_eq!(written, operations, "{record}");
        assert_eq!(written_back(&read), record);
    }
    // Where the `;` really is forgotten, a word that is no move still
    // starts the next operation, and is reported.
    let forgot = strict
        .with_lenient(true)
        .check(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4 c0 \"English\";");
    let written: Vec<String> = forgot.operations.iter().map(ToString::to_string).collect();
    assert_eq!(written, ["bm c4;", "c0 \"English\";"]);
    assert_eq!(forgot.diagnostics[0].code.as_str(), "epd-missing-semicolon");
}

/// A string is written as PGN writes one, `"` and `\` each escaped, so
/// that every reader of the standard reads it back the same.
#[test]
fn a_backslash_in_a_string_is_written_escaped() {
    let strict = ReadOptions::default().with_format(Format::Epd);
    let record = r#"4k3/8/8/8/8/8/8/4K3 w - - id "a\\b \"c\" \\";"#;
    let read = strict.check(record.as_bytes());
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    assert_eq!(read.operations[0].first(), Some(r#"a\b "c" \"#));
    assert_eq!(written_back(&read), record);
}
