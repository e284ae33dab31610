//! `fen tb` against python-chess's `chess.syzygy` on the 3-4-piece tables of
//! `../shared/data/syzygy`: WDL and DTZ equal on `endgame.epd` and on random
//! positions of every table (en passant ones included), the first move
//! given keeping the result; lichess's categories by its rules around the
//! fifty-move rule; what the tables cannot answer said, and the rest
//! answered.

mod common;

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The shared tables' folder, or `None` (saying the test skips) where
/// `../shared` is absent.
fn tables() -> Option<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/syzygy/regular");
    if !folder.is_dir() {
        common::oracle_missing(&format!("{} is absent", folder.display()));
        return None;
    }
    Some(folder)
}

/// `fen tb --format json` of `fens`, one object a line, and the status.
fn probe(folder: &Path, fens: &str) -> (Vec<Value>, i32, String) {
    let folder = folder.to_str().expect("UTF-8 path");
    let output = common::run(&["tb", "--syzygy", folder, "--format", "json"], fens.into());
    let answers = String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    (answers, output.status.code().expect("exit code"), said)
}

const ORACLE: &str = include_str!("tb_oracle.py");

#[test]
fn wdl_and_dtz_are_python_chess_s_and_the_best_move_keeps_the_result() {
    let Some(folder) = tables() else { return };
    if !common::python_chess() {
        return;
    }
    let epd = folder.join("../endgame.epd");
    let seed = std::env::var("FENKIT_SEED").unwrap_or_else(|_| "7".into());
    let folder_arg = folder.to_str().unwrap();
    let args = ["positions", folder_arg, epd.to_str().unwrap(), &seed, "12"];
    let expected: Vec<Value> = common::python(ORACLE, &args, b"")
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert!(expected.len() > 500, "{} positions", expected.len());
    let en_passant = expected
        .iter()
        .filter(|e| e["fen"].as_str().unwrap().split(' ').nth(3) != Some("-"))
        .count();
    assert!(
        en_passant > 10,
        "{en_passant} positions with an en passant square"
    );
    let fens: String = expected
        .iter()
        .map(|e| format!("{}\n", e["fen"].as_str().unwrap()))
        .collect();
    let (answers, status, said) = probe(&folder, &fens);
    assert_eq!((status, answers.len()), (0, expected.len()), "{said}");
    // The first move given, played: python-chess's WDL there is the other
    // side's view of the same result.
    let mut best_moves = String::new();
    let mut kept = Vec::new();
    for (ours, theirs) in answers.iter().zip(&expected) {
        assert_eq!(ours["fen"], theirs["fen"]);
        let numbers = (&ours["wdl"], &ours["dtz"]);
        assert_eq!(
            numbers,
            (&theirs["wdl"], &theirs["dtz"]),
            "{}",
            theirs["fen"]
        );
        if let Some(best) = ours["moves"].as_array().unwrap().first() {
            let (fen, uci) = (ours["fen"].as_str().unwrap(), best["uci"].as_str().unwrap());
            best_moves.push_str(&format!("{fen}\t{uci}\n"));
            kept.push(-ours["wdl"].as_i64().unwrap());
        }
    }
    let after: Vec<i64> = common::python(ORACLE, &["after", folder_arg], best_moves.as_bytes())
        .lines()
        .map(|line| line.parse().expect("a WDL"))
        .collect();
    assert_eq!(after, kept);
}

#[test]
fn categories_follow_lichess_s_rules_for_the_fifty_move_rule() {
    let Some(folder) = tables() else { return };
    // KQvK: White wins with DTZ 13 (rounded), Black loses with −18.
    let fens = "4k3/8/8/8/8/8/1Q6/K7 w - - 0 50\n\
                4k3/8/8/8/8/8/1Q6/K7 w - - 87 50\n\
                4k3/8/8/8/8/8/1Q6/K7 w - - 88 50\n\
                4k3/8/8/8/8/8/1Q6/K7 b - - 82 50\n\
                4k3/8/8/8/8/8/1Q6/K7 b - - 83 50\n\
                7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n\
                7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n\
                8/8/8/4k3/8/8/1N6/K7 w - - 0 1\n";
    let (answers, status, said) = probe(&folder, fens);
    assert_eq!(status, 0, "{said}");
    let categories: Vec<&str> = answers
        .iter()
        .map(|a| a["category"].as_str().unwrap())
        .collect();
    assert_eq!(
        categories,
        [
            "win",
            "maybe-win",
            "cursed-win",
            "maybe-loss",
            "blessed-loss",
            "loss",
            "draw",
            "draw"
        ]
    );
    let mate = &answers[5];
    assert_eq!(
        (&mate["checkmate"], mate["moves"].as_array().unwrap().len()),
        (&Value::Bool(true), 0)
    );
    assert_eq!(answers[6]["stalemate"], true);
    assert_eq!(answers[7]["insufficient_material"], true);
    // The winner's moves come best first: a mate in one before the rest.
    let (answers, ..) = probe(&folder, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\n");
    let best = &answers[0]["moves"][0];
    assert_eq!(
        (best["san"].as_str(), best["checkmate"].as_bool()),
        (Some("Qf8#"), Some(true))
    );
    let moves = answers[0]["moves"].as_array().unwrap();
    let loss_at = |category: &str| moves.iter().position(|m| m["category"] == category);
    assert!(
        loss_at("draw") > loss_at("loss"),
        "winning moves before drawing ones"
    );
}

#[test]
fn what_the_tables_cannot_answer_is_said_and_the_rest_answered() {
    let Some(folder) = tables() else { return };
    let fens = "8/8/8/4k3/8/8/Q7/K7 w - - 0 1\n\
                8/8/8/4k3/8/3p4/QR6/K7 w - - 0 1\n\
                4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\n\
                8/8/8/4k3/8/8/1R6/K7 w - - 0 1\n";
    let (answers, status, said) = probe(&folder, fens);
    assert_eq!((status, answers.len()), (1, 2), "{said}");
    assert!(
        said.contains("<stdin>:2:1: error[not-in-tables]") && said.contains("5 pieces"),
        "{said}"
    );
    assert!(
        said.contains("<stdin>:3:1: error[not-in-tables]") && said.contains("castling"),
        "{said}"
    );
    // A folder with KQvK's tables alone: KRvK's file is named.
    let partial = std::env::temp_dir().join(format!("fenkit-tb-partial-{}", std::process::id()));
    std::fs::create_dir_all(&partial).unwrap();
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        std::fs::copy(folder.join(name), partial.join(name)).unwrap();
    }
    let (answers, status, said) = probe(&partial, fens);
    assert_eq!((status, answers.len()), (1, 1), "{said}");
    assert!(
        said.contains("<stdin>:4:1: error[not-in-tables]") && said.contains("KRvK.rtbw"),
        "{said}"
    );
    // A cut-short table is named at start-up, before any position.
    std::fs::write(partial.join("KRvK.rtbw"), b"\x71\xe8\x23\x5d short").unwrap();
    let (_, status, said) = probe(&partial, fens);
    assert_eq!(status, 2);
    assert!(said.contains("KRvK.rtbw: cut short or damaged"), "{said}");
    std::fs::remove_dir_all(&partial).unwrap();
    let (_, status, said) = probe(Path::new("/no/such/folder"), fens);
    assert_eq!(status, 2);
    assert!(said.contains("/no/such/folder"), "{said}");
    let output = common::fen(&["tb"])
        .env_remove("SYZYGY_PATH")
        .output()
        .unwrap();
    common::assert_exit(&output, 2, "give --syzygy DIR or set SYZYGY_PATH");
}

#[test]
fn the_best_line_plays_to_mate() {
    let Some(folder) = tables() else { return };
    let folder = folder.to_str().unwrap();
    let output = common::run(
        &["tb", "--syzygy", folder, "--best"],
        b"4k3/8/8/8/8/8/1Q6/K7 b - - 0 1\n".to_vec(),
    );
    assert!(output.status.success());
    let pgn = String::from_utf8(output.stdout).unwrap();
    assert!(
        pgn.contains("[Result \"1-0\"]")
            && pgn.contains("[FEN \"4k3/8/8/8/8/8/1Q6/K7 b - - 0 1\"]"),
        "{pgn}"
    );
    let movetext = pgn.split("\n\n").nth(1).unwrap().trim_end();
    assert!(
        movetext.starts_with("1... ") && movetext.ends_with("# 1-0"),
        "{pgn}"
    );
    if common::python_chess() {
        let script = "import chess.pgn, sys, io\ng = chess.pgn.read_game(io.StringIO(sys.stdin.read()))\nb = g.end().board()\nprint(b.is_checkmate(), len(g.errors))";
        assert_eq!(common::python(script, &[], pgn.as_bytes()).trim(), "True 0");
    }
}
