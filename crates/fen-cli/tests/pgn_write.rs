//! `fen pgn --format pgn`: games written back in PGN's export format,
//! filtered, stripped, tagged, without duplicates, split into files; read
//! back by python-chess as the same games, and by fenkit as the same
//! positions.

mod common;

use std::{path::Path, process::Command};

use common::{assert_exit, run};
use serde_json::Value;

fn pgn(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut all = vec!["pgn", "--format", "pgn"];
    all.extend(args);
    let output = run(&all, input.as_bytes().to_vec());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    (stdout, stderr, output.status.code())
}

const GAMES: &str = r#"[Event "one"]
[White "A"]
[WhiteElo "2600"]
[Result "1-0"]

1. e4 {a [%clk 0:03:00]} e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Event "two"]
[Result "0-1"]

1. Nf3 Nc6 2. e4 e5 3. Bb5 0-1

[Event "three"]

1. e4 e5 *

[Event "four"]

1. e4 e5 2. 0-0 *
"#;

#[test]
fn games_are_written_in_the_export_format() {
    let (out, err, code) = pgn(&["--tag", "eco,plycount", "--strip", "clocks"], GAMES);
    assert_eq!(code, Some(1), "{err}");
    let first = out.split("\n\n\n").next().unwrap();
    assert_eq!(
        out.split("[Event \"two\"]").next().unwrap(),
        "[Event \"one\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
         [Black \"?\"]\n[Result \"1-0\"]\n[WhiteElo \"2600\"]\n[ECO \"C70\"]\n[PlyCount \"6\"]\n\n\
         1. e4 { a } 1... e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n",
        "{first}"
    );
    // The game that cannot be played, as it was, its diagnostic said.
    assert!(
        out.ends_with("[Event \"four\"]\n\n1. e4 e5 2. 0-0 *\n\n"),
        "{out}"
    );
    assert!(
        err.contains("<stdin>:19:13: error[illegal-move]: game 4"),
        "{err}"
    );
    let (out, _, code) = pgn(&["--drop-bad"], GAMES);
    assert_eq!((code, out.matches("[Event ").count()), (Some(1), 3));
}

/// A game whose mainline plays through but whose variation holds a
/// comment never closed cannot be read whole: it is written as it was,
/// not lost.
#[test]
fn a_game_that_cannot_be_read_whole_is_written_as_it_was() {
    let game = "[Event \"a\"]\n\n1. e4 (1. d4 {never closed *\n";
    let (out, err, code) = pgn(&[], game);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(out, "[Event \"a\"]\n\n1. e4 (1. d4 {never closed *\n\n");
}

#[test]
fn filters_pick_the_games_written() {
    let (out, _, _) = pgn(
        &[
            "--fen",
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        ],
        GAMES,
    );
    let events: Vec<&str> = out.lines().filter(|l| l.starts_with("[Event ")).collect();
    assert_eq!(events, ["[Event \"one\"]", "[Event \"two\"]"]);
    let (out, _, _) = pgn(&["--where", "WhiteElo>=2500", "--drop-bad"], GAMES);
    assert_eq!(out.matches("[Event ").count(), 1);
}

#[test]
fn duplicates_and_games_contained_in_others_are_left_out() {
    let games = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n\
                 [Event \"b\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\
                 [Event \"c\"]\n\n1. e4 e5 *\n\n\
                 [Event \"d\"]\n\n1. d4 *\n\n\
                 [Event \"e\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n\n\
                 [Event \"f\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let events = |args: &[&str]| {
        let (out, err, code) = pgn(args, games);
        assert_eq!(code, Some(0), "{err}");
        out.lines()
            .filter_map(|l| l.strip_prefix("[Event \""))
            .map(|l| l.trim_end_matches("\"]").to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(events(&["--dedupe"]), ["a", "c", "d", "e", "f"]);
    assert_eq!(events(&["--contained", "-j", "2"]), ["d", "e", "f"]);
}

#[test]
fn games_are_split_into_files() {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pgn-split");
    let _ = std::fs::remove_dir_all(&folder);
    let dir = folder.to_str().unwrap();
    let (_, err, code) = pgn(&["--split", "2", "-o", dir, "--drop-bad"], GAMES);
    assert_eq!(code, Some(1), "{err}");
    let read = |name: &str| std::fs::read_to_string(folder.join(name)).unwrap_or_default();
    assert_eq!(read("0001.pgn").matches("[Event ").count(), 2);
    assert_eq!(read("0002.pgn").matches("[Event ").count(), 1);
    let (_, _, code) = pgn(&["--split-by", "Result", "-o", dir], GAMES);
    assert_eq!(code, Some(1));
    assert!(read("1-0.pgn").contains("[Event \"one\"]"));
    assert!(read("0-1.pgn").contains("[Event \"two\"]"));
    // A game without the tag, and one that cannot be played.
    let unknown = read("unknown.pgn");
    assert!(unknown.contains("[Event \"three\"]") && unknown.contains("[Event \"four\"]"));
}

#[test]
fn options_of_one_format_are_refused_with_another() {
    let (_, err, code) = pgn(&["--final"], GAMES);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--final, --every, --ply: --format pgn writes whole games"),
        "{err}"
    );
    let output = run(&["pgn", "--dedupe"], GAMES.as_bytes().to_vec());
    assert_exit(
        &output,
        2,
        "fen: pgn: --dedupe, --contained: for --format pgn",
    );
    let (_, err, code) = pgn(&["--strip", "glyphs"], GAMES);
    assert_eq!(code, Some(2));
    assert!(err.contains("'glyphs' is none of comments"), "{err}");
    let (_, err, code) = pgn(&["--pattern", "8/8/8/8/8/8/8/7"], GAMES);
    assert_eq!(code, Some(2));
    assert!(err.contains("error[bad-pattern]"), "{err}");
}

/// Real files written and read back by python-chess: the same tags, moves
/// of mainline and variations, comments and NAGs, less what was stripped.
#[test]
fn python_chess_reads_the_games_written_as_the_games_read() {
    if !common::python_chess() {
        return;
    }
    let compressed = [
        "lichess-users/lichess_magnus.pgn.zst",
        "tcec/TCEC_Season_12_-_Superfinal.pgn.zst",
    ];
    let plain = [
        "mliebelt-pgn-parser/twic-01-232games.pgn",
        "mliebelt-pgn-parser/32games.pgn",
        "scalachess/pgn-fixtures/commentsAndVariations.pgn",
        "scalachess/pgn-fixtures/fromTcecWithEngineOutput.pgn",
        "scalachess/pgn-fixtures/bySmartChess.pgn",
        "scalachess/pgn-fixtures/chessbaseArrows.pgn",
        "scalachess/pgn-fixtures/chessgamesWeirdComments.pgn",
        "scalachess/pgn-fixtures/allSortOfClocks.pgn",
        "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
        "python-chess/data/pgn/cutechess-fischerrandom.pgn",
        "python-chess/data/pgn/knightvuillaume-jannlee-zh-lichess.pgn",
        "python-chess/data/pgn/stockfish-learning.pgn",
    ];
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let mut files = Vec::new();
    for (at, name) in compressed.iter().chain(&plain).enumerate() {
        let Some(path) = common::real(name) else {
            return;
        };
        let text = match name.ends_with(".zst") {
            true => zstd::stream::decode_all(std::fs::File::open(&path).unwrap()).unwrap(),
            false => std::fs::read(&path).unwrap(),
        };
        let read = tmp.join(format!("pgn-write-{at}.pgn"));
        std::fs::write(&read, text).unwrap();
        files.push(read);
    }
    let mut compared = 0;
    for read in &files {
        for strip in [
            "-",
            "clocks,evals",
            "comments,variations,nags,tag:Annotator",
        ] {
            let mut args = vec!["pgn", "--format", "pgn", read.to_str().unwrap()];
            if strip != "-" {
                args.extend(["--strip", strip]);
            }
            let output = common::fen(&args).output().expect("fen runs");
            let written = tmp.join("pgn-written.pgn");
            std::fs::write(&written, &output.stdout).unwrap();
            let oracle = Command::new("python3")
                .arg(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/tests/pgn_write_oracle.py"
                ))
                .args([read.as_path(), written.as_path()])
                .arg(strip)
                .output()
                .expect("python3 runs");
            assert!(
                oracle.status.success(),
                "{}",
                String::from_utf8_lossy(&oracle.stderr)
            );
            let answer: Value = serde_json::from_slice(&oracle.stdout).expect("JSON");
            assert_eq!(
                answer["read"], answer["written"],
                "{read:?} --strip {strip}"
            );
            assert_eq!(
                answer["differ"],
                Value::Array(vec![]),
                "{read:?} --strip {strip}"
            );
            compared += answer["compared"].as_u64().unwrap();
        }
    }
    assert!(compared > 3 * 1300, "{compared} games compared");
}

/// `--dedupe` and `--contained` keep the games python-chess keeps, on real
/// games with planted copies (other tags) and prefixes (the first moves).
#[test]
fn duplicates_and_prefixes_are_found_as_python_chess_finds_them() {
    if !common::python_chess() {
        return;
    }
    let Some(path) = common::real("lichess-users/lichess_magnus.pgn.zst") else {
        return;
    };
    let text = zstd::stream::decode_all(std::fs::File::open(&path).unwrap()).unwrap();
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let games = tmp.join("pgn-planted.pgn");
    let plant = r#"
import io, sys, chess.pgn
text = io.StringIO(sys.stdin.read())
games = list(iter(lambda: chess.pgn.read_game(text), None))
out = [str(game) for game in games]
for number, game in enumerate(games[:300]):
    if number % 3 == 0:
        game.headers["Event"] = "planted copy"
        out.append(str(game))
    elif number % 3 == 1:
        node, plies = game, 0
        while node.variations and plies < 10 + number % 20:
            node, plies = node.variations[0], plies + 1
        node.variations = []
        out.append(str(game))
sys.stdout.write("\n\n".join(out) + "\n")
"#;
    let planted = Command::new("python3")
        .args(["-c", plant])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&text)?;
            child.wait_with_output()
        })
        .expect("python3 runs");
    assert!(planted.status.success());
    std::fs::write(&games, &planted.stdout).unwrap();
    let count = r#"
import io, sys, chess.pgn
text = io.StringIO(open(sys.argv[1]).read())
keys = []
for game in iter(lambda: chess.pgn.read_game(text), None):
    keys.append((game.board().fen(), tuple(m.uci() for m in game.mainline_moves())))
distinct = len(set(keys))
kept = 0
for key in set(keys):
    start, moves = key
    if not any(o != key and o[0] == start and o[1][:len(moves)] == moves for o in set(keys)):
        kept += 1
print(len(keys), distinct, kept)
"#;
    let oracle = Command::new("python3")
        .args(["-c", count, games.to_str().unwrap()])
        .output()
        .expect("python3 runs");
    let counts: Vec<usize> = String::from_utf8(oracle.stdout)
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let (all, distinct, kept) = (counts[0], counts[1], counts[2]);
    assert!(
        all > distinct && distinct > kept,
        "{counts:?}: nothing planted"
    );
    for (option, want) in [("--dedupe", distinct), ("--contained", kept)] {
        for jobs in ["1", "2"] {
            let path = games.to_str().unwrap();
            let output = common::fen(&["pgn", "--format", "pgn", option, "-j", jobs, path])
                .output()
                .expect("fen runs");
            assert_exit(&output, 0, "");
            let written = String::from_utf8(output.stdout).unwrap();
            assert_eq!(
                written.matches("\n[Event ").count() + 1,
                want,
                "{option} -j {jobs}"
            );
        }
    }
}

/// Every real PGN file written and read again by fenkit: the same
/// positions, game by game, ply by ply.
#[test]
fn fenkit_reads_the_games_written_as_the_games_read() {
    let Some(root) = common::real("scalachess/pgn-fixtures") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    for more in [
        "python-chess/data/pgn",
        "mliebelt-pgn-parser",
        "messy/issue-pgns",
    ] {
        let Some(dir) = common::real(more) else {
            return;
        };
        files.extend(std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()));
    }
    files.retain(|path| path.extension().is_some_and(|ext| ext == "pgn"));
    assert!(files.len() > 80, "{} files", files.len());
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    for file in files {
        let path = file.to_str().unwrap();
        let written = common::fen(&["pgn", "--format", "pgn", path])
            .output()
            .expect("fen runs");
        let again = tmp.join("pgn-again.pgn");
        std::fs::write(&again, &written.stdout).unwrap();
        let fens = |path: &str| {
            let output = common::fen(&["pgn", "--format", "tsv", path])
                .output()
                .expect("fen runs");
            // Game, ply and position: the moves are written in the
            // standard's SAN, whatever the input wrote.
            String::from_utf8(output.stdout)
                .unwrap()
                .lines()
                .map(|line| {
                    let columns: Vec<&str> = line.split('\t').collect();
                    [columns[0], columns[1], columns[3]].join("\t")
                })
                .collect::<Vec<_>>()
        };
        let (read, reread) = (fens(path), fens(again.to_str().unwrap()));
        assert_eq!(read, reread, "{path}");
        // The export is a fixed point: written again, the same bytes.
        let twice = common::fen(&["pgn", "--format", "pgn", again.to_str().unwrap()])
            .output()
            .expect("fen runs");
        assert_eq!(
            String::from_utf8_lossy(&twice.stdout),
            String::from_utf8_lossy(&written.stdout),
            "{path}"
        );
    }
}
