//! The JavaScript package's API (`fenkit-wasm`, natively) answers as the
//! command does: `check` as `fen check --format json`, `board` as `fen
//! board`, `describe` as `fen describe --style spoken`, `legalMoves` as
//! `fen moves`, `play` as `fen play`, `pgnPositions` as `fen pgn --format
//! json`, `key` and `polyglotKey` as `fen key`; on the samples' broken and
//! pasted records and on real files of `../shared/data/real`.

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
