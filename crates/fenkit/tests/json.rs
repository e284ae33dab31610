//! The direct JSON writer writes exactly what serde_json writes for the
//! same record, on every path: malformed and illegal records, warnings,
//! squares, check, mate and stalemate, and strings that need escaping.

use fenkit::{ReadOptions, Record, json::RecordJson};
use proptest::prelude::*;
use shakmaty::CastlingMode;

fn agree(source: &str, line: &[u8], options: &ReadOptions) -> Result<(), TestCaseError> {
    let checked = options.check(line);
    let fen = checked
        .setup
        .clone()
        .map(|setup| fenkit::Fen::from(setup).to_string());
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
        &fenkit::ReadOptions::default(),
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
    let lenient = ReadOptions::default().with_lenient(true);
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
        let options = ReadOptions::default().with_lenient(lenient);
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

/// The position after `moves` random legal moves from `start` (each index
/// picks among the legal moves, modulo their number).
fn played(start: &str, moves: &[usize]) -> shakmaty::Chess {
    use shakmaty::{Position, fen::Fen};
    let fen: Fen = start.parse().expect("a chosen record");
    let mut position: shakmaty::Chess = fen
        .into_position(CastlingMode::Standard)
        .expect("a legal record");
    for &pick in moves {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        position.play_unchecked(legal[pick % legal.len()]);
    }
    position
}

proptest! {
    #[test]
    fn check_mate_and_stalemate_are_shakmatys(
        start in prop::sample::select(vec![
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "7k/8/5KQ1/8/8/8/8/8 w - - 0 1",
            "k7/2Q5/1K6/8/8/8/8/8 w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ]),
        moves in prop::collection::vec(any::<usize>(), 0..80),
    ) {
        use shakmaty::Position;
        let position = played(start, &moves);
        let record = fenkit::Fen::from_position(&position).to_string();
        let checked = fenkit::check(record.as_bytes());
        prop_assume!(checked.is_valid());
        let place = Record { source: "s", line_number: 1, line: record.as_bytes(), offset: 0, bytes: record.as_bytes() };
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            let read = fenkit::ReadOptions::default().with_castling(mode);
            let json = RecordJson::new(&place, checked.setup.as_ref(), &checked.diagnostics, None, &read);
            prop_assert_eq!(
                (json.check, json.checkmate, json.stalemate),
                (Some(position.is_check()), Some(position.is_checkmate()), Some(position.is_stalemate())),
                "{} ({:?})", record, mode
            );
        }
    }
}

/// A problem's JSON object has the parts of the one shape, in its order.
#[test]
fn a_problem_is_written_with_the_parts_of_the_one_shape() {
    let line = b"x 4k3/8/8/8/8/8/8/4K2P w - - 0 1";
    let record = Record {
        source: "in.fen",
        line_number: 3,
        line,
        offset: 2,
        bytes: &line[2..],
    };
    let diagnostics = fenkit::check(record.bytes).diagnostics;
    let problem = fenkit::Problem::in_line(&diagnostics[0], &record);
    let text = serde_json::to_string(&problem).expect("serializable");
    let places: Vec<usize> = fenkit::Problem::FIELDS
        .iter()
        .map(|name| text.find(&format!("\"{name}\":")).expect(name))
        .collect();
    assert!(places.is_sorted(), "{text}");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        value.as_object().map(|o| o.len()),
        Some(fenkit::Problem::FIELDS.len())
    );
    assert_eq!(
        (
            &value["line"],
            &value["column"],
            &value["record_column"],
            &value["square"]
        ),
        (
            &serde_json::json!(3),
            &serde_json::json!(22),
            &serde_json::json!(20),
            &serde_json::json!("h1")
        )
    );
}
