//! The engine subcommands against engines: Debian's Stockfish, and a fake
//! engine (`tests/engines/fake_engine.py`, its moves python-chess's) with
//! planted faults: move generation bugs, a crash, a hang, garbage, no UCI.

mod common;

use std::process::Command;

use common::{assert_exit, assert_said, fen, oracle_missing, python_chess};

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

#[test]
fn suite_on_wac_solves_what_python_chess_driving_stockfish_solves() {
    let (Some(stockfish), Some(wac)) = (stockfish(), common::real("arasan/wacnew.epd")) else {
        return;
    };
    if !python_chess() {
        return;
    }
    let wac = wac.to_str().unwrap();
    let oracle = Command::new("python3")
        .args([
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/suite_oracle.py"),
            &stockfish,
            wac,
            "8",
        ])
        .output()
        .unwrap();
    assert!(
        oracle.status.success(),
        "{}",
        String::from_utf8_lossy(&oracle.stderr)
    );
    let expected = String::from_utf8(oracle.stdout).unwrap();
    let output = fen(&[
        "suite", "--engine", &stockfish, "--depth", "8", "-j", "2", wac,
    ])
    .output()
    .unwrap();
    assert_exit(&output, 0, "");
    let printed = stdout(&output);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 300 + 2, "{printed}");
    let ours: String = lines[..300]
        .iter()
        .map(|line| line.split('\t').take(3).collect::<Vec<_>>().join("\t") + "\n")
        .collect();
    assert_eq!(ours, expected);
    let solved = expected
        .lines()
        .filter(|line| line.contains("\tsolved\t"))
        .count();
    assert_eq!(lines[300], format!("{solved} of 300 solved"));
    assert!(solved > 150 && solved < 300, "{solved}");
}

#[test]
fn suite_reads_bm_am_and_dm_and_says_what_it_cannot_read() {
    if !python_chess() {
        return;
    }
    // The fake engine plays the first legal move in UCI order, or a mate
    // in one where there is one.
    let suite = [
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\";",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - dm 1; id \"dm\";",
        "4k3/8/8/8/8/8/4P3/4K3 w - - am Kd1; id \"avoid\";",
        "4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"best\";",
        "4k3/8/8/8/8/8/4P3/4K3 w - - bm e5; id \"illegal\";",
        "4k3/8/8/8/8/8/4P3/4K3 w - - id \"nothing\";",
    ]
    .join("\n");
    let output = common::run(
        &["suite", "--engine", &fake(""), "--depth", "1", "-"],
        suite.into_bytes(),
    );
    assert_exit(&output, 1, "<stdin>:5:");
    assert_said(&output, "error[epd-illegal-move]");
    assert_said(
        &output,
        "<stdin>:6:1: warning[suite-no-goal]: the record has no bm, am or dm to solve",
    );
    assert_eq!(
        stdout(&output),
        "mate\tsolved\tRa8#\tbm Ra8#\t1\t1 ms\n\
         dm\tsolved\tRa8#\tdm 1\t1\t1 ms\n\
         avoid\tfailed\tKd1\tam Kd1\t-\t-\n\
         best\tfailed\tKd1\tbm e4\t-\t-\n\
         2 of 4 solved\n\
         failed: avoid best\n"
    );
}

const ANALYSE_ORACLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/engines/analyse_oracle.py"
);

/// A folder of its own for a test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fen-engines-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn oracle(args: &[&str]) -> String {
    let output = Command::new("python3")
        .arg(ANALYSE_ORACLE)
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn analysed_lichess_games_read_back_by_python_chess_with_an_evaluation_after_every_ply() {
    let (Some(stockfish), Some(export)) = (
        stockfish(),
        common::real("lichess-users/lichess_js.pgn.zst"),
    ) else {
        return;
    };
    if !python_chess() {
        return;
    }
    let text = zstd::decode_all(std::fs::File::open(export).unwrap()).unwrap();
    let text = String::from_utf8(text).unwrap();
    // The first six games, as the export has them (clocks, no evaluations).
    let games: Vec<&str> = text.split("\n[Event ").take(6).collect();
    let original = games.join("\n[Event ") + "\n";
    let dir = scratch("analyse");
    let (before, after) = (dir.join("games.pgn"), dir.join("analysed.pgn"));
    std::fs::write(&before, &original).unwrap();
    let output = fen(&[
        "analyse",
        "--engine",
        &stockfish,
        "--depth",
        "6",
        "-j",
        "2",
        before.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert_exit(&output, 0, "");
    let analysed = stdout(&output);
    assert_eq!(
        analysed
            .matches("[Annotator \"fen analyse: Stockfish")
            .count(),
        6
    );
    assert!(
        analysed.contains(" $4 {") || analysed.contains(" $2 {"),
        "no mistake in six bullet games?"
    );
    std::fs::write(&after, &analysed).unwrap();
    let said = oracle(&[
        "read-back",
        before.to_str().unwrap(),
        after.to_str().unwrap(),
    ]);
    assert!(said.starts_with("ok 6 "), "{said}");
    // One engine or two: the same games.
    let one = fen(&[
        "analyse",
        "--engine",
        &stockfish,
        "--depth",
        "6",
        "-j",
        "1",
        before.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert_eq!(stdout(&one), analysed);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analysed_records_agree_with_python_chess_and_mates_in_one_are_found() {
    let (Some(stockfish), Some(wac), Some(puzzles)) = (
        stockfish(),
        common::real("arasan/wacnew.epd"),
        common::real("lichess-puzzles/lichess_db_puzzle.head1500.csv"),
    ) else {
        return;
    };
    if !python_chess() {
        return;
    }
    let dir = scratch("epd");
    let records = dir.join("wac.epd");
    let wac = std::fs::read_to_string(wac).unwrap();
    std::fs::write(
        &records,
        wac.lines().take(40).collect::<Vec<_>>().join("\n") + "\n",
    )
    .unwrap();
    let records = records.to_str().unwrap();
    let expected = oracle(&["epd", &stockfish, "8", records]);
    let output = fen(&[
        "analyse", "--engine", &stockfish, "--depth", "8", "-j", "2", records,
    ])
    .output()
    .unwrap();
    assert_exit(&output, 0, "");
    let ours: String = stdout(&output)
        .lines()
        .map(|line| {
            assert!(
                line.contains("id \"WAC.") && line.contains("; acd 8; acn "),
                "{line}"
            );
            let operation = |opcode: &str| {
                line.split("; ")
                    .map(|operation| operation.trim_end_matches(';'))
                    .find(|operation| operation.starts_with(&format!("{opcode} ")))
                    .map(|operation| format!("{operation};"))
            };
            let mut said = format!("{} {}", operation("bm").unwrap(), operation("ce").unwrap());
            if let Some(mate) = operation("dm") {
                said += &format!(" {mate}");
            }
            said + "\n"
        })
        .collect();
    assert_eq!(ours, expected);
    // Mate-in-one puzzles: a mate found in each (some have two).
    let puzzles = oracle(&["mate-in-one", puzzles.to_str().unwrap(), "20"]);
    let output = common::run(
        &[
            "analyse", "--engine", &stockfish, "--depth", "4", "--input", "epd", "-",
        ],
        puzzles.into_bytes(),
    );
    assert_exit(&output, 0, "");
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 20);
    for line in &lines {
        assert!(line.contains("; dm 1;"), "{line}");
        let best = line
            .split("; bm ")
            .nth(1)
            .unwrap()
            .split(';')
            .next()
            .unwrap();
        assert!(best.ends_with('#'), "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_whose_engine_crashes_is_written_as_it_was_and_the_next_is_analysed() {
    if !python_chess() {
        return;
    }
    let games = "[Event \"one\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"two\"]\n\n1. d4 d5 *\n";
    let output = common::run(
        &[
            "analyse",
            "--engine",
            &fake("--crash-after 3"),
            "--input",
            "pgn",
            "-",
        ],
        games.as_bytes().to_vec(),
    );
    assert_exit(
        &output,
        1,
        "<stdin>:1:1: error[engine]: the engine exited (exit status: 3) while fen waited for 'bestmove'; it wrote on stderr: fake engine: segmentation fault",
    );
    let written = stdout(&output);
    assert!(
        written.starts_with("[Event \"one\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"two\"]\n"),
        "{written}"
    );
    assert!(
        written.ends_with("1. d4 { [%eval 0.00] } 1... d5 { [%eval 0.00] } *\n\n"),
        "{written}"
    );
}

#[test]
fn what_an_engine_says_against_a_position_is_reported() {
    if !python_chess() {
        return;
    }
    let output = common::run(
        &["suite", "--engine", &fake("--reject"), "-"],
        b"4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"one\";\n".to_vec(),
    );
    assert_exit(
        &output,
        0,
        "<stdin>:1:1: warning[engine]: the engine said: ERROR: this position is rejected",
    );
    assert_eq!(
        stdout(&output),
        "one\tfailed\t-\tbm e4\t-\t-\n0 of 1 solved\nfailed: one\n"
    );
}

#[test]
fn a_variant_the_engine_does_not_offer_is_refused_by_name() {
    let Some(stockfish) = stockfish() else {
        return;
    };
    let output = fen(&[
        "perft",
        "2",
        "--variant",
        "atomic",
        "--against",
        &stockfish,
        "startpos",
    ])
    .output()
    .unwrap();
    assert_exit(&output, 2, "the engine offers no option \"UCI_Variant\"");
}
