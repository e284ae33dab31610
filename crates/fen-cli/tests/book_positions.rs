//! Books of start positions for engine matches: `fen book make --format
//! epd|pgn` cuts games where python-chess cuts them and drops the
//! duplicates it finds; `fen book stats` counts official-stockfish/books
//! as its own table (`books.json`) counts them; `fen book lint` finds
//! every planted fault and `--fix` writes a book with none; `fen book
//! sample` is the same for the same seed; the engine's window is
//! Stockfish's.

mod common;

use std::path::{Path, PathBuf};

use common::{fen, python, python_chess};
use serde_json::Value;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-book-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn real(path: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/real")
        .join(path);
    if !path.exists() {
        common::oracle_missing(&format!("{} is absent", path.display()));
        return None;
    }
    Some(path)
}

fn ok(output: std::process::Output) -> String {
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    String::from_utf8(output.stdout).unwrap()
}

/// python-chess's cut: each game's position after `ply` plies (a game
/// shorter, or over there, left out), as four-field EPD with the en
/// passant square `ep` ("fen": after every double push; "legal"), and with
/// `unique` only the first of each position.
const CUT: &str = r#"
import chess, chess.pgn, sys
path, ply, ep, unique = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
seen = set()
with open(path, encoding="utf-8", errors="replace") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        moves = list(game.mainline_moves())
        if len(moves) < ply or game.errors:
            continue
        for move in moves[:ply]:
            board.push(move)
        if board.is_game_over():
            continue
        key = board._transposition_key()
        if unique and key in seen:
            continue
        seen.add(key)
        print(board.epd(en_passant=ep))
"#;

#[test]
fn make_cuts_each_game_where_python_chess_does() {
    let Some(games) = real("tidy_lichess/A01.pgn") else {
        return;
    };
    if !python_chess() {
        return;
    }
    let dir = scratch("make");
    let games = games.to_str().unwrap();
    for (ep, unique) in [("fen", false), ("legal", true)] {
        let out = dir.join("book.epd");
        let mut args = vec!["book", "make", "--format", "epd", "--ply", "12", "-o"];
        args.extend([out.to_str().unwrap(), games]);
        if unique {
            args.push("--unique");
        }
        if ep == "legal" {
            args.extend(["--ep", "legal"]);
        }
        ok(fen(&args).output().unwrap());
        let ours: Vec<String> = std::fs::read_to_string(&out)
            .unwrap()
            .lines()
            .map(|line| line.split(" id ").next().unwrap().to_string())
            .collect();
        let flags = ["12", ep, if unique { "1" } else { "0" }];
        let theirs: Vec<String> = python(CUT, &[&[games][..], &flags].concat(), b"")
            .lines()
            .map(str::to_string)
            .collect();
        assert!(theirs.len() > 1000, "{} positions", theirs.len());
        assert_eq!(ours, theirs, "ep {ep}, unique {unique}");
    }
    // A line of the first plies, and the same seed drawing the same plies.
    let lines = |seed: &str| {
        let out = dir.join(format!("lines-{seed}.pgn"));
        let args = [
            "book", "make", "--format", "pgn", "--ply", "4-8", "--seed", seed, "-o",
        ];
        ok(fen(&[&args[..], &[out.to_str().unwrap(), games]].concat())
            .output()
            .unwrap());
        std::fs::read_to_string(out).unwrap()
    };
    assert_eq!(lines("5"), lines("5"));
    assert_ne!(lines("5"), lines("6"));
    let stats = ok(fen(&["book", "stats", "--format", "json"])
        .arg(dir.join("lines-5.pgn"))
        .output()
        .unwrap());
    let stats: Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(
        (&stats["plies"]["min"], &stats["plies"]["max"]),
        (&4.into(), &8.into())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A book of official-stockfish/books, unzipped into `dir`.
fn unzipped(name: &str, dir: &Path) -> Option<PathBuf> {
    let zip = real(&format!("stockfish-books/{name}.zip"))?;
    let script = "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nz.extractall(sys.argv[2])";
    python(script, &[zip.to_str().unwrap(), dir.to_str().unwrap()], b"");
    Some(dir.join(name))
}

#[test]
fn stats_count_stockfish_s_books_as_its_own_table_does() {
    let Some(table) = real("stockfish-books/books.json") else {
        return;
    };
    let table: Value = serde_json::from_str(&std::fs::read_to_string(table).unwrap()).unwrap();
    let dir = scratch("stats");
    let books = [
        "2moves_v1.epd",
        "4mvs_+90_+99.epd",
        "8mvs_+90_+99.epd",
        "stalemates_200d30_v1.epd",
        "startpos.epd",
        "2moves_v2.pgn",
        "8moves_v3.pgn",
    ];
    for name in books {
        let Some(book) = unzipped(name, &dir) else {
            return;
        };
        let stats = ok(fen(&["book", "stats", "--format", "json"])
            .arg(&book)
            .output()
            .unwrap());
        let ours: Value = serde_json::from_str(&stats).unwrap();
        let theirs = &table[name];
        assert_eq!(ours["records"], theirs["total"], "{name}");
        assert_eq!(ours["bad"], 0, "{name}");
        assert_eq!(ours["white_to_move"], theirs["white"], "{name}");
        assert_eq!(ours["black_to_move"], theirs["black"], "{name}");
        assert_eq!(ours["plies"]["min"], theirs["min_depth"], "{name}");
        assert_eq!(ours["plies"]["max"], theirs["max_depth"], "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lint_finds_each_planted_fault_and_fix_leaves_none() {
    let dir = scratch("lint");
    let book = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 1;\n\
                rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"again\";\n\
                7k/6Q1/6K1/8/8/8/8/8 b - -\n\
                rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3\n\
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq -\n\
                8/8/8/8/8/8/8/K1k5 w - -\n";
    std::fs::write(dir.join("book.epd"), book).unwrap();
    let output = fen(&["book", "lint", "book.epd", "--fix", "fixed.epd"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8_lossy(&output.stderr);
    for expected in [
        "book.epd:1:54: warning[book-ep-no-capture]",
        "book.epd:1:57: warning[book-clocks]: clock operations hmvc, fmvn",
        "book.epd:2:1: warning[book-duplicate]: the same position as line 1",
        "book.epd:3:1: warning[book-over]: no game is left to play: checkmate",
        "book.epd:5:36: error[rank-too-short]",
        "book.epd:6:1: warning[book-over]: no game is left to play: neither side can mate",
        "fen: book lint --fix: 1 mended, 4 dropped",
    ] {
        assert!(said.contains(expected), "{expected:?} not in {said}");
    }
    assert!(!said.contains("book.epd:4:"), "{said}");
    let fixed = std::fs::read_to_string(dir.join("fixed.epd")).unwrap();
    assert_eq!(
        fixed,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n\
         rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3\n"
    );
    let again = fen(&["book", "lint", "fixed.epd"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sample_is_the_seed_s_and_split_parts_are_disjoint() {
    let dir = scratch("sample");
    let book: String = (0..40)
        .map(|n| format!("8/8/8/8/8/8/{}K1k w - - id \"{n}\";\n", "8/"))
        .collect();
    let book = book.replace("8/K1k", "K1k5");
    std::fs::write(dir.join("book.epd"), &book).unwrap();
    let sample = |seed: &str, extra: &[&str]| {
        let args = [&["book", "sample", "book.epd", "--seed", seed][..], extra].concat();
        ok(fen(&args).current_dir(&dir).output().unwrap())
    };
    let five = sample("3", &["-n", "5"]);
    assert_eq!(five.lines().count(), 5);
    assert_eq!(five, sample("3", &["-n", "5"]));
    assert_ne!(five, sample("4", &["-n", "5"]));
    // In the book's order, unless shuffled.
    let ids: Vec<usize> = five
        .lines()
        .map(|line| line.split('"').nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    ok(
        fen(&["book", "sample", "book.epd", "--split", "3", "-o", "parts"])
            .current_dir(&dir)
            .output()
            .unwrap(),
    );
    let mut all: Vec<String> = (1..=3)
        .flat_map(|part| {
            let text = std::fs::read_to_string(dir.join(format!("parts/{part}.epd"))).unwrap();
            text.lines().map(str::to_string).collect::<Vec<_>>()
        })
        .collect();
    all.sort();
    let mut whole: Vec<String> = book.lines().map(str::to_string).collect();
    whole.sort();
    assert_eq!(all, whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_window_keeps_what_stockfish_scores_in_it() {
    let stockfish = "/usr/games/stockfish";
    if !Path::new(stockfish).exists() {
        common::oracle_missing("Stockfish is not installed (apt install stockfish)");
        return;
    }
    let dir = scratch("window");
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/openings.pgn");
    let args = [
        "book", "make", "--format", "epd", "--ply", "8", "--unique", "--engine", stockfish,
    ];
    let window = [
        "--depth", "6", "--eval", "-30..30", "--clocks", "-j", "2", "-o", "book.epd", games,
    ];
    let output = fen(&[&args[..], &window].concat())
        .current_dir(&dir)
        .output()
        .unwrap();
    ok(output);
    let book = std::fs::read_to_string(dir.join("book.epd")).unwrap();
    assert!(book.lines().count() > 10, "{book}");
    for line in book.lines() {
        let ce: i32 = line
            .split("ce ")
            .nth(1)
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let white = if line.split(' ').nth(1) == Some("w") {
            ce
        } else {
            -ce
        };
        assert!((-30..=30).contains(&white), "{line}");
        assert!(line.contains("acd 6;"), "{line}");
    }
    if python_chess() {
        // python-chess's driver, at the same depth on a fresh engine and
        // with the same clocks (Stockfish's evaluation heeds the fifty-move
        // count), scores the first positions alike.
        let script = r#"
import chess, chess.engine, sys
engine = chess.engine.SimpleEngine.popen_uci(sys.argv[1])
for line in sys.stdin.read().splitlines()[:5]:
    board, _ = chess.Board.from_epd(line)
    engine.configure({"Clear Hash": None})
    info = engine.analyse(board, chess.engine.Limit(depth=6), game=object())
    print(info["score"].relative.score())
engine.quit()
"#;
        let theirs: Vec<i32> = python(script, &[stockfish], book.as_bytes())
            .lines()
            .map(|n| n.parse().unwrap())
            .collect();
        let ours: Vec<i32> = (book.lines().take(5))
            .map(|line| {
                line.split("ce ")
                    .nth(1)
                    .unwrap()
                    .split(';')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            })
            .collect();
        assert_eq!(ours, theirs);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_crashes_is_started_again_and_the_position_tried_once_more() {
    let dir = scratch("crash");
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/fake_engine.py");
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/openings.pgn");
    let make = |faults: &str| {
        let engine = format!("python3 {fake} {faults}");
        let args = [
            "book",
            "make",
            "--format",
            "epd",
            "--ply",
            "8",
            "--min-elo",
            "2000",
        ];
        let window = [
            "-j", "1", "--engine", &engine, "--eval", "-10..10", "-o", "book.epd", games,
        ];
        let output = fen(&[&args[..], &window].concat())
            .current_dir(&dir)
            .output()
            .unwrap();
        let book = std::fs::read_to_string(dir.join("book.epd")).unwrap_or_default();
        (output, book)
    };
    let (output, whole) = make("");
    ok(output);
    // Each engine dies at its third search: started again, the position
    // searched once more, and the book the same.
    let (output, again) = make("--crash-after 2");
    ok(output);
    assert_eq!(again, whole);
    assert!(
        whole.lines().count() > 20 && whole.contains("; ce 0; acd 1;"),
        "{whole}"
    );
    // An engine that dies at every first search: each position reported.
    let (output, book) = make("--crash-after 0");
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("error[engine]: ply 8:"), "{said}");
    assert!(book.is_empty(), "{book}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_chess960_game_is_left_out_of_a_standard_book() {
    let dir = scratch("960");
    let games = "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 g6 10. Kg2 Kg7 *\n\n\
                 [Event \"standard\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    std::fs::write(dir.join("games.pgn"), games).unwrap();
    let args = [
        "book",
        "make",
        "--format",
        "epd",
        "--ply",
        "2",
        "-o",
        "book.epd",
        "games.pgn",
    ];
    let output = fen(&args).current_dir(&dir).output().unwrap();
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    ok(output);
    assert!(
        said.contains("1 game of a variant or Chess960 left out"),
        "{said}"
    );
    let book = std::fs::read_to_string(dir.join("book.epd")).unwrap();
    assert!(
        book.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 id"),
        "{book}"
    );
    assert_eq!(book.lines().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
