//! `fen pgn -j N` and `fen history -j N` write the bytes of `-j 1`: the
//! same lines in the same order on standard output, the same diagnostics
//! in the same order on standard error, the same status, over more games
//! than one worker's batch, good and bad, across several inputs.

mod common;

use std::fs;

/// Game `i` of the test file: most are fine; some are annotated, some
/// written in dialects, some with a bad command, some stop at an illegal
/// move, some in long algebraic notation, some repeat a position.
fn game(i: usize) -> String {
    let movetext =
        match i % 7 {
            0 => "1. e4 { [%clk 0:03:00] [%eval 0.2] } e5 { [%clk 0:02:59] } 2. Nf3 $1 Nc6 *"
                .to_string(),
            1 => "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *".to_string(),
            2 => "1. d4 { [%clk 1:xx:00] } d5 2. c4 e6 *".to_string(),
            3 => format!("1. e4 e5 2. Ke{} Nc6 *", 3 + i % 2),
            4 => "1. e2e4 e7e5 2. g1f3 *".to_string(),
            5 => "1. c4 { [%cal Gc4c5] [%csl Rd5] } e5 2. Nc3 Nf6 3. g3 d5 4. cxd5 Nxd5 1-0"
                .to_string(),
            // A threefold repetition, for `fen history`.
            _ => "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *".to_string(),
        };
    format!("[Event \"game {i}\"]\n[Result \"*\"]\n\n{movetext}\n\n")
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fen-pgn-jobs-{name}-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_thread_count_writes_the_bytes_of_one() {
    let dir = scratch("bytes");
    let games: String = (0..700).map(game).collect();
    let first = dir.join("first.pgn");
    fs::write(&first, &games).unwrap();
    // The second input ends in a comment never closed.
    let second = dir.join("second.pgn");
    fs::write(&second, format!("{}1. e4 {{ never closed\n", game(1))).unwrap();
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    let missing = dir.join("missing.pgn");
    let missing = missing.to_str().unwrap();
    let runs: [&[&str]; 5] = [
        &[
            "pgn",
            "--format",
            "tsv",
            "--columns",
            "annotations",
            "--tags",
            "Event",
        ],
        &["pgn", "--format", "json", "--final", "--columns", "clock"],
        &["pgn", "--opening"],
        &["pgn", "--strict-pgn"],
        &["history", "--pgn"],
    ];
    for args in runs {
        let with = |jobs: &str| {
            let mut all = args.to_vec();
            all.extend(["-j", jobs, first, missing, second, first]);
            common::run(&all, Vec::new())
        };
        let one = with("1");
        assert!(!one.stdout.is_empty(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&one.stderr).contains("missing.pgn"),
            "{args:?}"
        );
        assert_eq!(one.status.code(), Some(2), "{args:?}: a file is missing");
        for jobs in ["2", "3"] {
            let many = with(jobs);
            assert!(
                one.stdout == many.stdout,
                "{args:?} -j {jobs}: standard output differs"
            );
            assert_eq!(
                String::from_utf8_lossy(&one.stderr),
                String::from_utf8_lossy(&many.stderr),
                "{args:?} -j {jobs}"
            );
            assert_eq!(one.status.code(), many.status.code(), "{args:?} -j {jobs}");
        }
    }
    fs::remove_dir_all(&dir).ok();
}
