//! The endgame tables in the other jobs, on the shared 3-4-piece tables:
//! `fen pgn --columns wdl,dtz` gives what `fen tb` gives for each position;
//! `fen analyse --syzygy` answers the positions the tables hold without
//! the engine; `fen sheet --answers` takes the tables' answer where a
//! record has none; `fen check --syzygy` gives a study's verdict.

mod common;

use std::path::{Path, PathBuf};

use serde_json::Value;

fn tables() -> Option<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/syzygy/regular");
    if !folder.is_dir() {
        common::oracle_missing(&format!("{} is absent", folder.display()));
        return None;
    }
    Some(folder)
}

const ENDGAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/endgame.pgn");

fn lines(output: &std::process::Output) -> Vec<Value> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect()
}

#[test]
fn pgn_columns_give_fen_tb_s_wdl_and_dtz_for_every_position() {
    let Some(folder) = tables() else { return };
    let folder = folder.to_str().unwrap();
    let args = ["pgn", "--format", "json", "--columns", "wdl,dtz", ENDGAME];
    let plies = lines(
        &common::fen(&args)
            .env("SYZYGY_PATH", folder)
            .output()
            .unwrap(),
    );
    assert_eq!(plies.len(), 12);
    let fens: String = plies
        .iter()
        .map(|ply| format!("{}\n", ply["fen"].as_str().unwrap()))
        .collect();
    let tb = common::run(&["tb", "--syzygy", folder, "--format", "json"], fens.into());
    let answers = lines(&tb);
    for (ply, answer) in plies.iter().zip(&answers) {
        assert_eq!((&ply["wdl"], &ply["dtz"]), (&answer["wdl"], &answer["dtz"]));
    }
    // The queen left to be taken: a won position, then a drawn one.
    assert_eq!(
        (&plies[9]["wdl"], &plies[10]["wdl"]),
        (&2.into(), &0.into())
    );
    // Positions the tables do not hold have none; no tables, no columns.
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/games.pgn");
    let args = [
        "pgn",
        "--format",
        "tsv",
        "--columns",
        "wdl",
        "--syzygy",
        folder,
        games,
    ];
    let output = common::fen(&args).output().unwrap();
    let first = String::from_utf8_lossy(&output.stdout);
    assert!(first.starts_with("1\t1\te4\t"), "{first}");
    assert!(
        first.lines().next().unwrap().ends_with("KQkq e3 0 1\t"),
        "{first}"
    );
    let output = common::fen(&["pgn", "--format", "tsv", "--columns", "dtz", ENDGAME])
        .env_remove("SYZYGY_PATH")
        .output()
        .unwrap();
    common::assert_exit(&output, 2, "give --syzygy DIR or set SYZYGY_PATH");
}

#[test]
fn analyse_leaves_the_engine_out_where_the_tables_answer() {
    let Some(folder) = tables() else { return };
    let folder = folder.to_str().unwrap();
    // An engine that dies at its first search: only the tables answer.
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/fake_engine.py");
    let engine = format!("python3 {fake} --crash-after 0");
    let records = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\n4k3/8/8/8/8/8/1Q6/K7 b - - 0 1\n";
    let args = ["analyse", "--engine", &engine, "--syzygy", folder];
    let output = common::run(&args, records.into());
    let epd = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<&str> = epd.lines().collect();
    assert!(lines[0].contains("bm Kd6; ce 19997; pv Kd6 "), "{epd}");
    assert!(
        lines[1].starts_with("4k3/8/8/8/8/8/1Q6/K7 b - - bm Ke7; ce -19982;"),
        "{epd}"
    );
    // A game: the blunder that gives the win away is marked, with the
    // tables' line after it, and the engine never asked.
    let output = common::fen(&["analyse", "--engine", &engine, "--syzygy", folder, ENDGAME])
        .output()
        .unwrap();
    let pgn = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let words = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("6. Qe4+ $4 { [%eval 0.00] } (6. Qe2 "),
        "{pgn}"
    );
    // Beyond the tables the engine is asked, and here it fails.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let output = common::run(&args, start.into());
    common::assert_exit(&output, 1, "error[engine]");
}

#[test]
fn a_sheet_s_answer_comes_from_the_tables_where_the_record_gives_none() {
    let Some(folder) = tables() else { return };
    let folder = folder.to_str().unwrap();
    let dir = std::env::temp_dir().join(format!("fenkit-tb-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let won = "4k3/8/4K3/4P3/8/8/8/8 w - -";
    std::fs::write(dir.join("plain.epd"), format!("{won}\n")).unwrap();
    // The same answer written by hand as the record's line of play.
    std::fs::write(dir.join("given.epd"), format!("{won} pv Kd6 (win);\n")).unwrap();
    let answers = |file: &str, syzygy: bool| {
        let out = dir.join(file.replace(".epd", if syzygy { "-tb" } else { "" }));
        let mut args = vec!["sheet", "--answers", "--format", "svg", "-o"];
        args.push(out.to_str().unwrap());
        args.push(file);
        if syzygy {
            args.extend(["--syzygy", folder]);
        }
        let output = common::fen(&args).current_dir(&dir).output().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read_to_string(out.join("page-2.svg")).unwrap()
    };
    let from_tables = answers("plain.epd", true);
    assert_eq!(from_tables, answers("given.epd", false));
    assert_ne!(from_tables, answers("plain.epd", false));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_gives_a_study_s_verdict_and_its_duals() {
    let Some(folder) = tables() else { return };
    let folder = folder.to_str().unwrap();
    let records = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\n\
                   8/8/8/8/8/8/2K5/k1Q5 b - - 0 1\n\
                   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let args = ["check", "--syzygy", folder, "--format", "json"];
    let checked = lines(&common::run(&args, records.into()));
    let verdict = &checked[0]["tablebase"];
    assert_eq!(
        (&verdict["category"], &verdict["dtz"]),
        (&"win".into(), &3.into())
    );
    assert!(
        verdict["verdict"]
            .as_str()
            .unwrap()
            .ends_with("2 of 4 moves keep it: Kd6, Kf6"),
        "{verdict}"
    );
    assert_eq!(checked[1]["tablebase"]["wdl"], -2);
    assert!(checked[2].get("tablebase").is_none());
    let output = common::run(&["check", "--syzygy", folder], records.into());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("<stdin>:2:1: note[tablebase]: Black loses"),
        "{said}"
    );
    assert_eq!(output.status.code(), Some(0));
}
