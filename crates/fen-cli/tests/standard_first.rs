//! The standard first, as users meet it: EPD records as the standard
//! writes them come out of `fen normalize` byte for byte and their
//! operations read as python-chess reads them; PGN as a standard writer
//! exports it reads with no dialect warning and every position
//! python-chess's; and the command, the column functions, the service and
//! the language server give the records of the fault one answer. A fixed
//! seed runs always; with `FENKIT_SEED` set (CI sets a fresh one each
//! run, and prints it) that seed runs too.

mod common;

use arrow_array::{Array, ListArray, StringArray, StructArray};
use fenkit::{Format, Operand, ReadOptions};
use serde_json::{Value, json};
use shakmaty::{CastlingMode, Position};

fn standard_epd(count: usize, seed: u64) -> String {
    let mut text = String::new();
    fen_bench::standard::epd_records(count, seed, |record| {
        text.push_str(record);
        text.push('\n');
    });
    text
}

/// The first line where `got` and `wanted` differ, for a message that
/// names the record.
fn first_difference(got: &str, wanted: &str) -> String {
    let lines = got.lines().zip(wanted.lines()).enumerate();
    match lines.into_iter().find(|(_, (got, wanted))| got != wanted) {
        Some((n, (got, wanted))) => format!("line {}:\n  got    {got}\n  wanted {wanted}", n + 1),
        None => format!(
            "{} lines against {}",
            got.lines().count(),
            wanted.lines().count()
        ),
    }
}

#[test]
fn fen_normalize_writes_standard_epd_back_byte_for_byte() {
    for seed in fen_bench::standard::seeds() {
        let records = standard_epd(10_000, seed);
        for lenient in [false, true] {
            let mut args = vec!["normalize", "--input", "epd"];
            if lenient {
                args.push("--lenient");
            }
            let output = common::run(&args, records.clone().into_bytes());
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.is_empty(), "seed {seed}, {args:?}: {stderr}");
            assert_eq!(output.status.code(), Some(0), "seed {seed}");
            let stdout = String::from_utf8(output.stdout).expect("UTF-8");
            assert!(
                stdout == records,
                "seed {seed}, {args:?}: {}",
                first_difference(&stdout, &records)
            );
        }
    }
}

/// An operation's value as python-chess's `Board.from_epd` gives it:
/// none, moves (as UCI), a string, or a number (as written).
fn fenkit_operations(record: &str) -> Value {
    let checked = ReadOptions::default()
        .with_format(Format::Epd)
        .check(record.as_bytes());
    assert!(checked.diagnostics.is_empty(), "{record}");
    let start = checked.position(CastlingMode::Standard).expect("legal");
    let mut operations = serde_json::Map::new();
    for operation in &checked.operations {
        let value = match operation.opcode.as_str() {
            _ if operation.operands.is_empty() => Value::Null,
            "bm" | "am" | "pm" | "sm" | "pv" => {
                let line = operation.opcode == "pv";
                let mut position = start.clone();
                let mut moves = Vec::new();
                for operand in &operation.operands {
                    let Operand::Token(text) = operand else {
                        panic!("{record}: a quoted move")
                    };
                    let m = fenkit::moves::read_move(&position, text).expect("legal");
                    moves.push(m.to_uci(CastlingMode::Standard).to_string());
                    if line {
                        position.play_unchecked(m);
                    }
                }
                json!({ "moves": moves })
            }
            _ => match &operation.operands[..] {
                [Operand::Quoted(text)] => json!({ "string": text }),
                [Operand::Token(number)] => json!({ "number": number }),
                operands => panic!("{record}: {operands:?}"),
            },
        };
        operations.insert(operation.opcode.clone(), value);
    }
    let fen = fenkit::Fen::from(checked.setup.expect("read")).to_string();
    json!([fen, operations])
}

#[test]
fn standard_epd_operations_read_as_python_chess_reads_them() {
    if !common::python_chess() {
        return;
    }
    let script = r#"
import json, sys, chess
def value(v):
    if v is None:
        return None
    if isinstance(v, chess.Move):
        return {"moves": [v.uci()]}
    if isinstance(v, list):
        return {"moves": [m.uci() for m in v]}
    if isinstance(v, str):
        return {"string": v}
    return {"number": str(v)}
for line in sys.stdin:
    board, operations = chess.Board.from_epd(line.rstrip("\n"))
    print(json.dumps([board.fen(en_passant="fen"), {k: value(v) for k, v in operations.items()}]))
"#;
    for seed in fen_bench::standard::seeds() {
        let records = standard_epd(10_000, seed);
        let oracle = common::python(script, &[], records.as_bytes());
        let mut compared = 0;
        for (record, expected) in records.lines().zip(oracle.lines()) {
            let expected: Value = serde_json::from_str(expected).expect("JSON");
            assert_eq!(fenkit_operations(record), expected, "seed {seed}: {record}");
            compared += 1;
        }
        assert_eq!(compared, 10_000, "seed {seed}");
    }
}

#[test]
fn standard_pgn_reads_with_no_dialect_and_python_chess_positions() {
    if !common::python_chess() {
        return;
    }
    for seed in fen_bench::standard::seeds() {
        let mut pgn = String::new();
        fen_bench::standard::pgn_games(400, seed, |game| pgn.push_str(game));
        let (fens, stderr) = common::fen_pgn_fens(pgn.as_bytes());
        assert!(stderr.is_empty(), "seed {seed}: {stderr}");
        let expected = common::python_chess_fens(pgn.as_bytes(), true);
        assert!(
            fens == expected,
            "seed {seed}: {}",
            first_difference(&fens, &expected)
        );
        assert!(fens.lines().count() > 10_000, "seed {seed}");
        // Strict reading, which refuses every dialect, reads them too.
        let strict = common::run(&["pgn", "--strict-pgn", "--final", "-"], pgn.into_bytes());
        common::assert_exit(&strict, 0, "");
        assert!(strict.stderr.is_empty(), "seed {seed}");
    }
}

/// The records of the fault (moves to the c-file, as python-chess and
/// engines write them) and two that are wrong: a `;` really forgotten,
/// a move that is not legal.
const RECORDS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4;",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 c5 Nf3 d6 d4;",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - am c3; bm d4 c4;",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4; c0 \"English\"; id \"bm c4 c5\";",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4 c0 \"English\";",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c5;",
];

/// Each record's problem codes as `fen check --format json` gives them.
fn command_codes() -> Vec<Vec<String>> {
    let input = RECORDS.join("\n") + "\n";
    let output = common::run(&["check", "--format", "json"], input.into_bytes());
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| {
            let json: Value = serde_json::from_str(line).expect("JSON");
            codes(&json["errors"])
        })
        .collect()
}

fn codes(problems: &Value) -> Vec<String> {
    problems
        .as_array()
        .expect("problems")
        .iter()
        .map(|problem| problem["code"].as_str().expect("code").to_string())
        .collect()
}

/// Each record's problem codes as the column function `fen_errors` gives
/// them, reading as the command reads.
fn column_codes() -> Vec<Vec<String>> {
    let records = StringArray::from(RECORDS.to_vec());
    let read = ReadOptions::default().with_format(Format::Auto);
    let errors = fenkit_arrow::fen_errors(&records, &read).expect("a column");
    let lists = errors.as_any().downcast_ref::<ListArray>().expect("lists");
    (0..lists.len())
        .map(|row| {
            let problems = lists.value(row);
            let problems = problems
                .as_any()
                .downcast_ref::<StructArray>()
                .expect("structs");
            let code = problems
                .column_by_name("code")
                .expect("code")
                .as_any()
                .downcast_ref::<StringArray>()
                .expect("text");
            (0..code.len()).map(|i| code.value(i).to_string()).collect()
        })
        .collect()
}

/// Each record's problem codes as `fen serve` answers `/api/check`.
fn service_codes() -> Vec<Vec<String>> {
    let (_server, _said, address) = common::serve();
    RECORDS
        .iter()
        .map(|record| {
            let escaped: String = record
                .bytes()
                .map(|b| match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'/' => {
                        (b as char).to_string()
                    }
                    other => format!("%{other:02X}"),
                })
                .collect();
            let answer = common::get(&address, &format!("/api/check?fen={escaped}"));
            let json: Value = serde_json::from_str(&answer).expect("JSON");
            codes(&json[0]["errors"])
        })
        .collect()
}

/// Each record's problem codes as `fen lsp` publishes them for an EPD
/// file holding the records, a line each.
fn language_server_codes() -> Vec<Vec<String>> {
    let (mut child, mut to, mut from) = common::lsp_started();
    let text = RECORDS.join("\n") + "\n";
    let item =
        json!({ "uri": "file:///suite.epd", "languageId": "epd", "version": 1, "text": text });
    common::lsp_send(
        &mut to,
        &json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": item } }),
    );
    let mut found = vec![Vec::new(); RECORDS.len()];
    for diagnostic in common::lsp_diagnostics(&mut from) {
        let line = diagnostic["range"]["start"]["line"].as_u64().expect("line") as usize;
        found[line].push(diagnostic["code"].as_str().expect("code").to_string());
    }
    drop(to);
    let _ = child.kill();
    let _ = child.wait();
    found
}

#[test]
fn every_front_end_gives_the_records_of_the_fault_one_answer() {
    let command = command_codes();
    let expected: Vec<Vec<String>> = [
        &[][..],
        &[],
        &[],
        &[],
        &["epd-missing-semicolon"],
        &["epd-illegal-move"],
    ]
    .iter()
    .map(|codes| codes.iter().map(|code| code.to_string()).collect())
    .collect();
    assert_eq!(command, expected);
    assert_eq!(column_codes(), command, "the column functions");
    assert_eq!(service_codes(), command, "the service");
    assert_eq!(language_server_codes(), command, "the language server");
}
