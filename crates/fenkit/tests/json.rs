//! The direct JSON writer writes exactly what serde_json writes for the
//! same record, on every path: malformed and illegal records, warnings,
//! squares, check, mate and stalemate, and strings that need escaping.

use fenkit::{ReadOptions, Record, json::RecordJson};
use proptest::prelude::*;
use shakmaty::CastlingMode;

fn agree(source: &str, line: &[u8], options: &ReadOptions) -> Result<(), TestCaseError> {
    let checked = options.check(line);
    let fen = checked.setup.as_ref().map(fenkit::to_fen);
    let record = Record {
        source,
        line_number: 7,
        line,
        offset: 0,
        bytes: line,
    };
    let json = RecordJson::new(
        &record,
        checked.setup.as_ref(),
        &checked.diagnostics,
        fen.as_deref(),
        CastlingMode::Standard,
    );
    let mut ours = Vec::new();
    json.write(&mut ours);
    let theirs = serde_json::to_vec(&json).expect("serializable");
    prop_assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&theirs)
    );
    Ok(())
}

const RECORDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20 1",
    "\"8/8/8/4k3/8/8/8/4K3 w – – 0 1\"",
    "8/8/8/8/8/8/8/8 w \\ \u{1b}[31m \u{7f} \t\r\u{8} é",
];

#[test]
fn the_writer_agrees_with_serde_on_chosen_records() {
    let lenient = ReadOptions {
        lenient: true,
        ..ReadOptions::default()
    };
    for record in RECORDS {
        for options in [ReadOptions::default(), lenient] {
            agree("in \"quotes\"\\n.fen", record.as_bytes(), &options).unwrap();
        }
    }
}

proptest! {
    #[test]
    fn the_writer_agrees_with_serde_on_any_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..100),
        lenient in any::<bool>(),
    ) {
        let options = ReadOptions { lenient, ..ReadOptions::default() };
        agree("<stdin>", &bytes, &options)?;
    }

    #[test]
    fn the_writer_agrees_with_serde_on_near_records(
        index in 0..RECORDS.len(),
        cut in any::<usize>(),
        byte in any::<u8>(),
    ) {
        // A chosen record with one byte replaced: most paths of the checker.
        let mut bytes = RECORDS[index].as_bytes().to_vec();
        let at = cut % bytes.len();
        bytes[at] = byte;
        agree("<stdin>", &bytes, &ReadOptions::default())?;
    }
}
