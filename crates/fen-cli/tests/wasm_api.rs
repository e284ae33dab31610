//! The JavaScript package's API (`fenkit-wasm`, natively) answers as the
//! command does: `check` as `fen check --format json`, `board` as `fen
//! board`, `describe` as `fen describe --style spoken`, `legalMoves` as
//! `fen moves`, `play` as `fen play`, `pgnPositions` as `fen pgn --format
//! json`, `key` and `polyglotKey` as `fen key`, `svg` as `fen svg`; on
//! the samples' broken and pasted records and on real files of
//! `../shared/data/real`.

mod common;

use std::path::Path;

use common::fen;
use serde_json::Value;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn stdout(args: &[&str]) -> String {
    let output = fen(args).current_dir(ROOT).output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

/// Every record of the samples and of some real suites, line by line.
fn records() -> Vec<String> {
    let mut files = vec![
        "samples/pasted.fen",
        "samples/classic.fen",
        "samples/suite.epd",
    ];
    let real = "../shared/data/real/chess-epds";
    let mut real_files: Vec<String> = match std::fs::read_dir(Path::new(ROOT).join(real)) {
        Ok(entries) => (entries.flatten())
            .map(|entry| format!("{real}/{}", entry.file_name().to_string_lossy()))
            .filter(|name| name.ends_with(".epd"))
            .collect(),
        Err(_) => {
            common::oracle_missing(&format!("{real} is absent"));
            Vec::new()
        }
    };
    real_files.sort();
    files.extend(real_files.iter().take(8).map(String::as_str));
    let mut records = Vec::new();
    for file in files {
        let text = std::fs::read(Path::new(ROOT).join(file)).unwrap();
        let text = String::from_utf8_lossy(&text);
        records.extend(text.lines().take(60).map(str::to_string));
    }
    // Besides the files, positions of games (the FEN after each ply).
    records.extend(
        stdout(&["pgn", "samples/openings.pgn"])
            .lines()
            .take(120)
            .map(str::to_string),
    );
    assert!(records.len() > 250, "{} records", records.len());
    records
}

#[test]
fn check_writes_what_fen_check_writes() {
    let files = [
        "samples/pasted.fen",
        "samples/pasted-forms.fen",
        "samples/suite.epd",
    ];
    for file in files {
        for options in [r#"{}"#, r#"{"lenient": true}"#] {
            let text = std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap();
            let options: Value = serde_json::from_str(options).unwrap();
            let read = fenkit_wasm::read_options(&options).unwrap();
            let ours = fenkit_wasm::check(&text, file, &read);
            let mut args = vec!["check", "--format", "json", file];
            if options["lenient"] == true {
                args.push("--lenient");
            }
            let theirs: Vec<Value> = stdout(&args)
                .lines()
                .map(|line| serde_json::from_str(line).unwrap())
                .collect();
            assert_eq!(ours, theirs, "{file} {options}");
        }
    }
    let bad = fenkit_wasm::read_options(&serde_json::json!({"input": "pgn"})).unwrap_err();
    assert!(bad.contains("auto, fen, epd"), "{bad}");
}

#[test]
fn each_function_answers_as_its_subcommand() {
    for record in records() {
        let record = record.trim();
        if record.is_empty() {
            continue;
        }
        let board = fenkit_wasm::board(record);
        match board["ok"].as_bool().unwrap() {
            true => assert_eq!(board["value"], stdout(&["board", record]), "{record}"),
            false => assert!(!board["errors"].as_array().unwrap().is_empty(), "{record}"),
        }
        let key = fenkit_wasm::key(record);
        if key["ok"] == true {
            let theirs = stdout(&["key", record]);
            assert_eq!(key["value"], theirs.trim_end(), "{record}");
            let polyglot = fenkit_wasm::polyglot_key(record);
            let theirs = stdout(&["key", "--polyglot", record]);
            assert_eq!(polyglot["value"], theirs.trim_end(), "{record}");
            let moves = fenkit_wasm::legal_moves(record);
            let mut ours: Vec<String> = serde_json::from_value(moves["value"].clone()).unwrap();
            let mut theirs: Vec<String> = stdout(&["moves", record])
                .lines()
                .filter_map(|line| line.split('\t').nth(1))
                .map(str::to_string)
                .collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{record}");
            // `fen play` takes a position as FEN or its four-field key.
            let start = fenkit_wasm::key(record)["value"]
                .as_str()
                .unwrap()
                .to_string();
            if let Some(first) = ours.first() {
                let played = fenkit_wasm::play(&start, first);
                assert_eq!(
                    played["value"],
                    stdout(&["play", &start, first]).trim_end(),
                    "{record}"
                );
            }
        }
        let words = fenkit_wasm::describe(record);
        if words["ok"] == true {
            let theirs = stdout(&["describe", "--style", "spoken", record]);
            assert_eq!(words["value"], theirs.trim_end(), "{record}");
        }
    }
}

/// The quick answer for the usual record is given exactly where the full
/// one is valid, canonical and silent, and says what it says.
#[test]
fn the_usual_record_is_told_as_check_tells_it() {
    use fenkit_wasm::usual;
    let read = fenkit_wasm::read_options(&Value::Null).unwrap();
    let mut told = 0;
    for record in records() {
        let full = &fenkit_wasm::check(&record, "", &read);
        let is_usual = full.len() == 1
            && full[0]["valid"] == true
            && full[0]["errors"].as_array().unwrap().is_empty()
            && full[0]["fen"] == full[0]["input"]
            && full[0]["input"] == record.as_str();
        let Some(bits) = fenkit_wasm::check_one(&record, &read) else {
            assert!(!is_usual, "{record}");
            continue;
        };
        assert!(is_usual, "{record}");
        let turn = if bits & usual::BLACK != 0 {
            "black"
        } else {
            "white"
        };
        assert_eq!(full[0]["turn"], turn, "{record}");
        for (bit, key) in [
            (usual::CHECK, "check"),
            (usual::CHECKMATE, "checkmate"),
            (usual::STALEMATE, "stalemate"),
        ] {
            assert_eq!(full[0][key], bits & bit != 0, "{record} {key}");
        }
        told += 1;
    }
    assert!(told > 100, "{told} usual records");
    // A file's text: the usual lines as numbers, every other record as
    // the full answer gives it.
    let text = std::fs::read_to_string(Path::new(ROOT).join("samples/pasted.fen")).unwrap();
    let full: Vec<Value> =
        serde_json::from_str(&fenkit_wasm::check_json(&text, "s", &read)).unwrap();
    let compact: Vec<Value> =
        serde_json::from_str(&fenkit_wasm::check_compact(&text, "s", &read)).unwrap();
    assert_eq!(full.len(), compact.len());
    let mut numbers = 0;
    for (full, compact) in full.iter().zip(&compact) {
        match compact.as_u64() {
            Some(number) => {
                assert_eq!(full["line"], number / 32, "{full}");
                assert_eq!(full["valid"], true, "{full}");
                numbers += 1;
            }
            None => assert_eq!(full, compact),
        }
    }
    assert!(
        numbers > 0 && numbers < full.len(),
        "{numbers} of {}",
        full.len()
    );
    assert_eq!(
        fenkit_wasm::check_one("8/8/8/8/8/8/8/K1k5 w - - 0 1\n", &read),
        None
    );
    assert_eq!(
        fenkit_wasm::check_one(
            "8/8/8/8/8/8/8/K1k5 w - - 0 1 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            &read
        ),
        None
    );
}

#[test]
fn svg_draws_what_fen_svg_draws_and_fields_write_back() {
    let looks = [
        (serde_json::json!({}), vec![]),
        (
            serde_json::json!({"flip": true, "coordinates": "inside", "pieces": "celtic", "caption": true}),
            vec![
                "--flip",
                "--coordinates",
                "inside",
                "--pieces",
                "celtic",
                "--caption",
            ],
        ),
        (
            serde_json::json!({"size": 200, "arrows": "Ge2e4", "marks": ["xd5"], "lastMove": "e2e4"}),
            vec![
                "--size",
                "200",
                "--arrows",
                "Ge2e4",
                "--marks",
                "xd5",
                "--last-move",
                "e2e4",
            ],
        ),
    ];
    let mut drawn = 0;
    for record in records().iter().map(|record| record.trim()).step_by(7) {
        for (options, flags) in &looks {
            let ours = fenkit_wasm::svg(record, options);
            if ours["ok"] != true {
                assert_eq!(fenkit_wasm::board(record)["ok"], false, "{record}");
                continue;
            }
            let args = [&["svg"], &flags[..], &[record]].concat();
            assert_eq!(ours["value"], stdout(&args), "{record} {options}");
            drawn += 1;
        }
        let fields = fenkit_wasm::fields(record, &Value::Null);
        if fields["ok"] == true {
            let written = fenkit_wasm::write_fields(&fields["value"], &Value::Null);
            let read = fenkit_wasm::read_options(&Value::Null).unwrap();
            let checked = fenkit_wasm::check(record, "", &read);
            assert_eq!(written["value"], checked[0]["fen"], "{record}");
        }
    }
    assert!(drawn > 30, "{drawn} diagrams compared");
    let refused = fenkit_wasm::svg(
        "8/8/8/8/8/8/8/K1k5 w - - 0 1",
        &serde_json::json!({"size": "big"}),
    );
    assert_eq!(
        refused["errors"][0]["message"],
        "size: is not a number within 16 to 4096"
    );
}

#[test]
fn bad_input_is_an_answer() {
    for text in [
        "",
        "8/8 w",
        "\u{0}\u{1}",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    ] {
        for answer in [
            fenkit_wasm::board(text),
            fenkit_wasm::describe(text),
            fenkit_wasm::legal_moves(text),
            fenkit_wasm::play(text, "e4"),
            fenkit_wasm::key(text),
            fenkit_wasm::polyglot_key(text),
        ] {
            assert!(answer["ok"].is_boolean(), "{text:?}: {answer}");
        }
    }
    let stopped = fenkit_wasm::play(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "1. e4 e5 2. Ke3",
    );
    assert_eq!(stopped["ok"], false);
    let message = stopped["errors"][0]["message"].as_str().unwrap();
    assert!(message.starts_with("move 2. Ke3"), "{message}");
}

#[test]
fn pgn_positions_are_fen_pgn_s() {
    for file in [
        "samples/games.pgn",
        "samples/tricky.pgn",
        "samples/annotated.pgn",
    ] {
        let text = std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap();
        let ours = fenkit_wasm::pgn_positions(&text);
        let theirs: Vec<Value> = stdout(&["pgn", "--format", "json", file])
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(ours["value"].as_array().unwrap(), &theirs, "{file}");
        let errors = stdout_errors(file);
        assert_eq!(ours["errors"].as_array().unwrap().len(), errors, "{file}");
    }
}

/// How many games of `file` `fen pgn` says it could not play.
fn stdout_errors(file: &str) -> usize {
    let output = fen(&["pgn", file]).current_dir(ROOT).output().unwrap();
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|line| line.contains(": error["))
        .count()
}
