//! The engine subcommands against engines: Debian's Stockfish, and a fake
//! engine (`tests/engines/fake_engine.py`, its moves python-chess's) with
//! planted faults: move generation bugs, a crash, a hang, garbage, no UCI.

mod common;

use std::process::Command;

use common::{assert_exit, fen, oracle_missing, python_chess};

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/fake_engine.py");

/// The fake engine with `faults`, as one engine command.
fn fake(faults: &str) -> String {
    format!("python3 {FAKE} {faults}")
}

/// Debian's Stockfish (under /usr/games), if there.
fn stockfish() -> Option<String> {
    let found = ["/usr/games/stockfish", "stockfish"]
        .into_iter()
        .find(|program| {
            Command::new(program)
                .arg("quit")
                .output()
                .is_ok_and(|output| output.status.success())
        });
    if found.is_none() {
        oracle_missing("Stockfish is not installed (apt install stockfish)");
    }
    found.map(str::to_string)
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn perft_against_finds_each_planted_bug_down_to_its_position_and_moves() {
    if !python_chess() {
        return;
    }
    let cases = [
        (
            "--bug en-passant",
            "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
            "  after e2e4, perft 2: fen 38, the engine 35\n  the moves differ in 4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1\n  missing: d4e3\n  invented: none\n",
        ),
        (
            "--bug castle-through",
            "4kr2/8/8/8/8/8/8/4K2R b K - 0 1",
            "  the moves differ in 5r2/3k4/8/8/8/8/8/4K2R w K - 1 2\n  missing: none\n  invented: e1g1\n",
        ),
        (
            "--bug underpromotion",
            "8/4k3/P7/8/8/8/8/4K3 w - - 0 1",
            "  after a6a7 e7d6, perft 1: fen 9, the engine 6\n  the moves differ in 8/P7/3k4/8/8/8/8/4K3 w - - 1 2\n  missing: a7a8b a7a8n a7a8r\n  invented: none\n",
        ),
    ];
    for (bug, root, found) in cases {
        let output = fen(&["perft", "3", "--against", &fake(bug), root])
            .output()
            .unwrap();
        assert_exit(&output, 1, "");
        let printed = stdout(&output);
        assert!(
            printed.starts_with(&format!("{root}\n  perft 3: fen ")),
            "{printed}"
        );
        assert!(printed.ends_with(found), "{bug}: {printed}");
    }
    // Without the bug, the same engine agrees.
    let output = fen(&[
        "perft",
        "3",
        "--against",
        &fake(""),
        "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
    ])
    .output()
    .unwrap();
    assert_exit(&output, 0, "");
    assert!(stdout(&output).ends_with("  perft 3: 248, the engine agrees\n"));
}

#[test]
fn perft_against_stockfish_agrees_from_the_start_to_depth_5() {
    let Some(stockfish) = stockfish() else {
        return;
    };
    let output = fen(&["perft", "5", "--against", &stockfish, "startpos"])
        .output()
        .unwrap();
    assert_exit(&output, 0, "");
    assert_eq!(
        stdout(&output),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n  perft 5: 4865609, the engine agrees\n"
    );
    // Castling both ways, en passant and promotions (the "kiwipete"
    // position), and a Chess960 start whose castling Stockfish writes
    // king-takes-rook once told UCI_Chess960.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = fen(&["perft", "3", "--against", &stockfish, kiwipete])
        .output()
        .unwrap();
    assert_exit(&output, 0, "");
    assert!(stdout(&output).ends_with("  perft 3: 97862, the engine agrees\n"));
    let chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let output = fen(&[
        "perft",
        "3",
        "--chess960",
        "--against",
        &stockfish,
        chess960,
    ])
    .output()
    .unwrap();
    assert_exit(&output, 0, "");
    assert!(
        stdout(&output).ends_with("  perft 3: 12189, the engine agrees\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn an_engine_that_crashes_or_hangs_is_started_again_and_the_position_named() {
    if !python_chess() {
        return;
    }
    let records = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n4k3/8/8/8/8/8/3P4/4K3 w - - 0 1\n4k3/8/8/8/8/8/2P5/4K3 w - - 0 1\n";
    let dir = std::env::temp_dir().join(format!("fen-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.fen");
    std::fs::write(&file, records).unwrap();
    let file = file.to_str().unwrap();
    for (fault, said) in [
        (
            "--crash-after 1",
            "three.fen:2:1: error[engine]: the engine exited (exit status: 3) while fen waited for the perft total; it wrote on stderr: fake engine: segmentation fault",
        ),
        (
            "--hang-after 1",
            "three.fen:2:1: error[engine]: the engine did not answer within 1 s while fen waited for the perft total; it was stopped",
        ),
    ] {
        let output = fen(&[
            "perft",
            "2",
            "--timeout",
            "1",
            "--against",
            &fake(fault),
            file,
        ])
        .output()
        .unwrap();
        assert_exit(&output, 1, said);
        // The first and third records are answered, the third by the
        // engine started again.
        assert_eq!(
            stdout(&output),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n  perft 2: 30, the engine agrees\n4k3/8/8/8/8/8/2P5/4K3 w - - 0 1\n  perft 2: 35, the engine agrees\n"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_is_no_engine_is_one_clear_error() {
    if !python_chess() {
        return;
    }
    let start = "startpos";
    let output = fen(&["perft", "2", "--against", &fake("--not-uci"), start])
        .output()
        .unwrap();
    assert_exit(
        &output,
        2,
        "is no UCI engine: it never answered 'uci' with 'uciok'",
    );
    let output = fen(&["perft", "2", "--against", "no-such-engine --flag", start])
        .output()
        .unwrap();
    assert_exit(&output, 2, "cannot start the engine \"no-such-engine\"");
    let output = fen(&["perft", "2", "--against", "'unclosed", start])
        .output()
        .unwrap();
    assert_exit(&output, 2, "a quote is never closed in the engine command");
    let output = fen(&[
        "perft",
        "2",
        "--against",
        &fake(""),
        "--option",
        "Nonsense=1",
        start,
    ])
    .output()
    .unwrap();
    assert_exit(&output, 2, "the engine offers no option \"Nonsense\"");
    let output = fen(&[
        "perft",
        "2",
        "--against",
        &fake(""),
        "--hash",
        "99999",
        start,
    ])
    .output()
    .unwrap();
    assert_exit(
        &output,
        2,
        "the engine's option \"Hash\" takes no value \"99999\"",
    );
    // Garbage in place of a divide: said, and escaped.
    let output = fen(&["perft", "2", "--against", &fake("--garbage"), start])
        .output()
        .unwrap();
    assert_exit(&output, 1, "");
    assert!(stdout(&output).contains("the engine gave a total but no count per move"));
    assert!(!stdout(&output).contains('\x1b'));
}

#[test]
fn perft_suite_against_an_engine_stops_at_the_first_record_that_differs() {
    if !python_chess() {
        return;
    }
    let suite = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 ;D1 6 ;D2 30\n4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 ;D2 38\n4k3/8/8/8/8/8/2P5/4K3 w - - 0 1 ;D2 35\n";
    let output = common::run(
        &[
            "perft",
            "--suite",
            "-",
            "--against",
            &fake("--bug en-passant"),
        ],
        suite.as_bytes().to_vec(),
    );
    assert_exit(&output, 1, "fen: 2 of 3 records compared with the engine");
    assert_eq!(
        stdout(&output),
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n  perft 2: 30, the engine agrees\n4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1\n  perft 2: fen 38, the engine 37\n  after e2e4, perft 1: fen 7, the engine 6\n  the moves differ in 4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1\n  missing: d4e3\n  invented: none\n"
    );
}

#[test]
fn guard_keeps_a_kingless_position_from_stockfish_and_passes_the_next() {
    use std::io::{BufRead, BufReader, Write};
    let Some(stockfish) = stockfish() else {
        return;
    };
    let mut guard = common::piped(&mut fen(&["guard", "--", &stockfish]));
    let mut to_guard = guard.stdin.take().unwrap();
    let mut from_guard = BufReader::new(guard.stdout.take().unwrap());
    let mut send = |line: &str| writeln!(to_guard, "{line}").unwrap();
    // Lines up to and with the first that starts with `until`.
    let mut read_until = |until: &str| {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                from_guard.read_line(&mut line).unwrap() > 0,
                "ended: {lines:?}"
            );
            let line = line.trim_end().to_string();
            let done = line.starts_with(until);
            lines.push(line);
            if done {
                return lines;
            }
        }
    };
    send("uci");
    read_until("uciok");
    send("isready");
    read_until("readyok");
    send("position fen 8/8/8/8/8/8/8/8 w - - 0 1 moves e2e4");
    send("go depth 5");
    let said = read_until("bestmove");
    assert_eq!(
        said,
        [
            "info string fen guard: error[missing-king] at column 14: White has no king; each side has exactly one",
            "info string fen guard: error[missing-king] at column 14: Black has no king; each side has exactly one",
            "info string fen guard: this position was not sent to the engine; the next go is answered bestmove 0000",
            "bestmove 0000",
        ]
    );
    // The engine is alive and answers the next good position.
    send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8e7");
    send("go depth 5");
    let said = read_until("bestmove");
    assert!(
        said.iter().any(|line| line.starts_with("info depth 5 ")),
        "{said:?}"
    );
    let best = said
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e4e5"].contains(&best.as_str()),
        "{best}"
    );
    // An illegal move is refused at its column.
    send("position startpos moves e2e4 e7e6 e4e6");
    send("go movetime 10");
    let said = read_until("bestmove");
    assert!(
        said[0].starts_with("info string fen guard: error[illegal-move] at column 35: e4e6"),
        "{said:?}"
    );
    send("quit");
    let status = guard.wait().unwrap();
    assert!(status.success());
}
