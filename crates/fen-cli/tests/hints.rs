//! A hint names only flags of the subcommand that gives it: every
//! subcommand that reads records or a position is given a record that
//! draws each hint there is (`--variant`, `--input epd`, `--lenient`,
//! `--chess960`), and every flag its hints name must be in its help.

mod common;

use std::collections::BTreeSet;

/// A record for each hint: a Crazyhouse pocket, four fields, a doubled
/// space, castling rights that only Chess960 explains.
const RECORDS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
    "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1",
];

/// The subcommands `fen --help` lists, but those that serve, speak a
/// protocol or read pictures, and those made of subcommands (their own
/// are listed apart, with how each takes a position).
fn subcommands() -> Vec<String> {
    let help = common::fen(&["--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let listed = help.split("Commands:").nth(1).unwrap();
    let listed = listed.split("Options:").next().unwrap();
    let skipped = [
        "serve", "lsp", "scan", "help", "book", "explorer", "analyse", "suite", "guard", "index",
    ];
    let names: Vec<String> = listed
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| !skipped.contains(name))
        .map(str::to_string)
        .collect();
    assert!(names.len() > 20, "{names:?}");
    names
}

/// The flags a hint line names (`--input`, from `--input epd`).
fn flags_named(stderr: &str) -> BTreeSet<String> {
    let mut flags = BTreeSet::new();
    for line in stderr.lines().filter(|line| line.contains(": hint: ")) {
        let hint = line.split(": hint: ").nth(1).unwrap();
        for word in hint.split(|c: char| c.is_whitespace() || c == ',' || c == '(') {
            if let Some(flag) = word.strip_prefix("--") {
                let name: String = flag
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                flags.insert(name);
            }
        }
    }
    flags
}

/// A subcommand's help, where its long flags are listed.
fn help_of(words: &[&str]) -> String {
    let mut args = words.to_vec();
    args.push("--help");
    String::from_utf8(common::fen(&args).output().unwrap().stdout).unwrap()
}

/// Runs `words` (a subcommand and its arguments) with `input`, and checks
/// every flag its hints name against its help; the flags named.
fn hints_of(words: &[&str], input: &str) -> BTreeSet<String> {
    let output = common::run(words, input.as_bytes().to_vec());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let named = flags_named(&stderr);
    let help = help_of(words);
    for flag in &named {
        assert!(
            help.contains(&format!("--{flag}")),
            "`fen {}` hints --{flag}, which it does not have:\n{stderr}",
            words.join(" ")
        );
    }
    named
}

#[test]
fn every_hint_names_a_flag_of_its_own_subcommand() {
    let mut named = BTreeSet::new();
    for name in subcommands() {
        for record in RECORDS {
            // Records on standard input, or a position as the argument
            // for the subcommands that take one.
            let mut words = vec![name.as_str()];
            let input = match name.as_str() {
                "play" => {
                    words.push(record);
                    String::new()
                }
                "search" | "pgn" => {
                    words.extend(["--fen", record]);
                    "1. e4 e5 *\n".to_string()
                }
                "chess960" => {
                    words.extend(["--number", record]);
                    String::new()
                }
                _ => format!("{record}\n"),
            };
            named.extend(hints_of(&words, &input));
        }
    }
    // `fen` alone prints boards, and hints as `fen board` does.
    let output = common::run(&[], format!("{}\n", RECORDS[2]).into_bytes());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("hint: --lenient reads this record as"),
        "{said}"
    );
    // The subcommands made of subcommands that take records or a
    // position: a book's moves, an explorer's.
    let dir = std::env::temp_dir().join(format!("fen-hints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.pgn");
    std::fs::write(&games, "1. e4 e5 *\n\n1. d4 d5 *\n").unwrap();
    let (games, book, index) = (
        games.to_str().unwrap().to_string(),
        dir.join("book.bin").to_str().unwrap().to_string(),
        dir.join("explorer").to_str().unwrap().to_string(),
    );
    for made in [
        &["book", "make", "--min-game", "1", "-o", &book, &games][..],
        &["explorer", "build", "-o", &index, &games][..],
    ] {
        common::assert_exit(&common::fen(made).output().unwrap(), 0, "");
    }
    for record in RECORDS {
        // Four fields read as FEN only when FEN is asked for.
        named.extend(hints_of(
            &["check", "--input", "fen"],
            &format!("{record}\n"),
        ));
        named.extend(hints_of(&["book", &book], &format!("{record}\n")));
        named.extend(hints_of(&["explorer", "query", &index, record], ""));
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The test sees every hint somewhere (`fen check` has every flag).
    let all: BTreeSet<String> = ["chess960", "input", "lenient", "variant"]
        .map(String::from)
        .into();
    assert_eq!(named, all);
}

/// The four-field key people paste is a position wherever a position is
/// given: `fen search --fen`, `fen play`, `fen chess960 --number`.
#[test]
fn a_position_argument_reads_its_four_field_key() {
    let key = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -";
    let output = common::run(&["search", "--fen", key], b"1. e4 e5 *\n".to_vec());
    common::assert_exit(&output, 0, "");
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("1\t1\te4\t"));
    let output = common::fen(&["play", key, "e5"]).output().unwrap();
    common::assert_exit(&output, 0, "");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
    );
    let start = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -";
    let output = common::fen(&["chess960", "--number", start])
        .output()
        .unwrap();
    common::assert_exit(&output, 0, "");
}
