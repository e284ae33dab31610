//! `fen explorer build` and `query`: the counts equal those computed from
//! the games directly by python-chess (`explorer_oracle.py`) on real
//! files, for the start position and positions deep in the games, with
//! and without filters; a build that spills to disk, or that adds a
//! second file to an index, writes the same index as one build in memory;
//! bad games and a damaged index are said, never counted wrong.

mod common;

use std::{io::Read, path::Path};

use serde_json::Value;

fn folder(name: &str) -> std::path::PathBuf {
    let folder = std::env::temp_dir().join(format!("fen-explorer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

fn decompressed(path: &Path) -> Vec<u8> {
    let mut text = Vec::new();
    zstd::stream::read::Decoder::new(std::fs::File::open(path).unwrap())
        .unwrap()
        .read_to_end(&mut text)
        .unwrap();
    text
}

/// `fen explorer build` of `pgn` into `index` with `options`; its stderr.
fn build(pgn: &[u8], index: &Path, options: &[&str]) -> String {
    let mut args = vec!["explorer", "build", "-o", index.to_str().unwrap()];
    args.extend(options);
    let built = common::run(&args, pgn.to_vec());
    let said = String::from_utf8_lossy(&built.stderr).into_owned();
    assert!(built.status.code().is_some_and(|c| c <= 1), "fen: {said}");
    said
}

/// `fen explorer query --format json` for `fen`.
fn query(index: &Path, fen: &str, options: &[&str]) -> Value {
    let mut args = vec![
        "explorer",
        "query",
        index.to_str().unwrap(),
        fen,
        "--format",
        "json",
        "--moves",
        "1000",
    ];
    args.extend(options);
    let asked = common::fen(&args).output().unwrap();
    assert!(
        asked.status.success(),
        "{}",
        String::from_utf8_lossy(&asked.stderr)
    );
    serde_json::from_slice(&asked.stdout).unwrap()
}

/// Each position the oracle sampled, under each set of filters (speeds,
/// since, until; empty where not asked): fen's moves equal python-chess's.
/// The oracle reads the games once for every set; the queries, a process
/// each, go on two threads.
fn compare_with_oracle(pgn: &[u8], index: &Path, filter_sets: &[[&str; 3]]) -> usize {
    let script = include_str!("explorer_oracle.py");
    let mut args = vec!["50".to_string(), "25".to_string()];
    args.extend(filter_sets.iter().map(|filters| filters.join("/")));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let oracle: Value = serde_json::from_str(&common::python(script, &args, pgn)).unwrap();
    let answers = oracle.as_array().unwrap();
    assert_eq!(
        answers.len(),
        filter_sets.len(),
        "an answer per set of filters"
    );
    for (filters, samples) in filter_sets.iter().zip(answers) {
        let mut options = Vec::new();
        for (flag, value) in ["--speeds", "--since", "--until"].into_iter().zip(filters) {
            if !value.is_empty() {
                options.extend([flag, *value]);
            }
        }
        let samples = samples.as_array().unwrap();
        std::thread::scope(|scope| {
            for half in samples.chunks(samples.len().div_ceil(2).max(1)) {
                let options = &options;
                scope.spawn(move || {
                    for sample in half {
                        compare_sample(index, sample, options);
                    }
                });
            }
        });
    }
    // Every set is asked of the same samples.
    answers
        .first()
        .map_or(0, |samples| samples.as_array().unwrap().len())
}

/// fen's moves from one position the oracle sampled equal its own.
fn compare_sample(index: &Path, sample: &Value, options: &[&str]) {
    let fen = sample["fen"].as_str().unwrap();
    let answer = query(index, fen, options);
    let ours: serde_json::Map<String, Value> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let counts = [&m["white"], &m["draws"], &m["black"], &m["averageRating"]];
            (
                m["uci"].as_str().unwrap().to_string(),
                Value::from(counts.map(Value::clone).to_vec()),
            )
        })
        .collect();
    assert_eq!(Value::Object(ours), sample["moves"], "{fen} {options:?}");
}

#[test]
fn counts_equal_python_chess_on_real_games() {
    if !common::python_chess() {
        return;
    }
    for file in [
        "lichess-users/lichess_magnus.pgn.zst",
        "pgnmentor-players/Adams.pgn.zst",
    ] {
        let Some(path) = common::real(file) else {
            continue;
        };
        let pgn = decompressed(&path);
        let index = folder("oracle");
        let said = build(&pgn, &index, &["-j", "2"]);
        assert!(!said.contains("seen before"), "{said}");
        let mut filter_sets = vec![["", "", ""]];
        if file.starts_with("lichess") {
            // Filters: speeds, months, both.
            filter_sets.extend([
                ["blitz,bullet", "", ""],
                ["", "2021-01", "2022-06"],
                ["rapid,classical,correspondence", "2020-06", ""],
            ]);
        }
        let compared = compare_with_oracle(&pgn, &index, &filter_sets);
        assert!(compared > 50, "{file}: {compared} positions compared");
        let start = query(&index, "startpos", &[]);
        let games = ["white", "draws", "black"]
            .map(|k| start[k].as_u64().unwrap())
            .iter()
            .sum::<u64>();
        assert!(games > 100, "{file}: {games} games from the start");
        std::fs::remove_dir_all(&index).unwrap();
    }
}

#[test]
fn spilling_and_adding_write_the_index_one_build_writes() {
    let Some(path) = common::real("lichess-users/lichess_magnus.pgn.zst") else {
        return;
    };
    let pgn = decompressed(&path);
    let whole = folder("whole");
    build(&pgn, &whole, &[]);
    // 1 MiB of rows at a time: the build spills runs and merges them.
    let spilled = folder("spilled");
    let said = build(&pgn, &spilled, &["--memory", "1"]);
    assert!(said.contains("runs spilled to disk"), "{said}");
    // The same games in two builds, the second adding to the first.
    let text = String::from_utf8_lossy(&pgn);
    let half = text[text.len() / 2..].find("\n[Event ").unwrap() + text.len() / 2 + 1;
    let added = folder("added");
    build(text[..half].as_bytes(), &added, &[]);
    build(text[half..].as_bytes(), &added, &["-j", "1"]);
    for file in ["positions.fxe", "games.fxe"] {
        let expected = std::fs::read(whole.join(file)).unwrap();
        assert!(
            expected == std::fs::read(spilled.join(file)).unwrap(),
            "spilled {file} differs"
        );
        assert!(
            expected == std::fs::read(added.join(file)).unwrap(),
            "added {file} differs"
        );
    }
    assert!(!std::fs::read_dir(&spilled).unwrap().any(|e| {
        e.unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with(".spill")
    }));
    for dir in [whole, spilled, added] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

const BAD_GAMES: &str = r#"[Event "a"]
[Result "1-0"]
[WhiteElo "2000"]
[BlackElo "?"]
[TimeControl "garbage"]

1. e4 e5 2. Nf3 Nc6 1-0

[Event "unfinished"]
[Result "*"]

1. e4 c5 *

[Event "illegal"]
[Result "0-1"]
[WhiteElo "1500"]
[BlackElo "1700"]

1. e4 e5 2. Ke3 Nc6 0-1

[Event "a"]
[Result "1-0"]
[WhiteElo "2000"]
[BlackElo "?"]
[TimeControl "garbage"]

1. e4 e5 2. Nf3 Nc6 1-0

[Event "antichess"]
[Variant "Antichess"]
[Result "1-0"]

1. e3 e6 1-0
"#;

#[test]
fn bad_games_are_said_and_left_out() {
    let index = folder("bad");
    let mut args = vec!["explorer", "build", "-o", index.to_str().unwrap(), "-"];
    args.push("-j");
    args.push("1");
    let built = common::run(&args, BAD_GAMES.as_bytes().to_vec());
    let said = String::from_utf8_lossy(&built.stderr);
    assert_eq!(built.status.code(), Some(1), "{said}");
    assert!(
        said.contains("<stdin>:19:13: error[illegal-move]: game 3:"),
        "{said}"
    );
    assert!(said.contains("1 game without a result"), "{said}");
    assert!(said.contains("1 game of a variant left out"), "{said}");
    assert!(said.contains("1 game left out as seen before"), "{said}");
    assert!(said.contains("2 games counted"), "{said}");
    let start = query(&index, "startpos", &[]);
    // The first game and the illegal one's e4 (its moves before Ke3).
    assert_eq!(
        (start["white"].as_u64(), start["black"].as_u64()),
        (Some(1), Some(1))
    );
    // Only the illegal game has both ratings: (1500 + 1700) / 2.
    assert_eq!(start["moves"][0]["averageRating"], 1600);
    // The unreadable TimeControl: speed unknown, left out when speeds are asked.
    assert_eq!(
        query(&index, "startpos", &["--speeds", "blitz"])["moves"],
        Value::Array(vec![])
    );
    assert_eq!(
        query(&index, "startpos", &["--speeds", "unknown"])["white"],
        1
    );
    // After 2. Ke3 (illegal) nothing of game 3 counts.
    let after = query(&index, "startpos", &["e4", "e5"]);
    assert_eq!(after["moves"][0]["uci"], "g1f3");
    assert_eq!(after["white"], 1);

    // A malformed FEN: fen check's diagnostics, exit 1.
    let asked = common::fen(&[
        "explorer",
        "query",
        index.to_str().unwrap(),
        "rnbqkbnr/ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ])
    .output()
    .unwrap();
    common::assert_exit(&asked, 1, "error[");

    // A truncated index is refused, not read.
    let positions = index.join("positions.fxe");
    let bytes = std::fs::read(&positions).unwrap();
    std::fs::write(&positions, &bytes[..bytes.len() - 5]).unwrap();
    let asked = common::fen(&["explorer", "query", index.to_str().unwrap()])
        .output()
        .unwrap();
    common::assert_exit(&asked, 2, "cut short");
    assert!(asked.stdout.is_empty());
    std::fs::remove_dir_all(&index).unwrap();
}
