//! Row-aligned output (`--output csv|tsv|jsonl`): a puzzle-dump-shaped
//! table with planted bad rows through every per-record subcommand, on one
//! thread and two: as many rows out as in, in order, each input row back
//! byte for byte with its results after it.

mod common;

use common::run;

/// Puzzle-dump-shaped rows: quoted fields with commas, CRLF line ends, a
/// 10 KiB column, and bad rows planted among good ones.
fn puzzle_table(repeats: usize) -> (Vec<u8>, usize) {
    let header = "PuzzleId,FEN,Moves,Rating,Themes,GameUrl\r\n";
    let long = "x".repeat(10 * 1024);
    let rows = [
        "ok1,rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1,e7e5,1500,\"opening, short\",https://lichess.org/a".to_string(),
        "bad1,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1,e2e4,1500,opening,https://lichess.org/b".to_string(),
        format!("ok2,\"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\",d1d8,900,\"{long}\",https://lichess.org/c"),
        "bad2,8/8/8/8/8/8/8/8 w - - 0 1,e2e4,1500,\"mate, in \"\"one\"\"\",https://lichess.org/d".to_string(),
        "missing-column".to_string(),
        "bad3,r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq \u{2013} 2 3,f1b5,1500,opening,x".to_string(),
        "ok3,4k3/8/8/8/8/8/8/4K3 w - - 0 1,e1e2,800,endgame,https://lichess.org/e".to_string(),
    ];
    let mut table = header.to_string();
    for _ in 0..repeats {
        for row in &rows {
            table.push_str(row);
            table.push_str("\r\n");
        }
    }
    (table.into_bytes(), repeats * rows.len())
}

/// The lines of `bytes`, without their line ends.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes
        .split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .collect()
}

#[test]
fn every_table_subcommand_gives_one_row_per_row_on_one_thread_and_two() {
    // Enough rows for blocks on both workers.
    let (table, count) = puzzle_table(200);
    let cases: [(&[&str], &str); 5] = [
        (&["check"], "valid,errors,warnings"),
        (&["normalize"], "fen,errors"),
        (&["convert", "--to", "epd"], "epd,errors"),
        (&["key"], "key,errors"),
        (&["opening"], "eco,opening,errors"),
    ];
    for (subcommand, columns) in cases {
        let mut outputs = Vec::new();
        for jobs in ["1", "2"] {
            let mut args = subcommand.to_vec();
            args.extend(["--field", "FEN", "--output", "csv", "-j", jobs]);
            let output = run(&args, table.clone());
            assert_eq!(output.status.code(), Some(1), "{subcommand:?}: bad rows");
            let rows_in = lines(&table);
            let rows_out = lines(&output.stdout);
            assert_eq!(rows_out.len(), count + 1, "{subcommand:?} -j {jobs}: rows");
            let header = format!("PuzzleId,FEN,Moves,Rating,Themes,GameUrl,{columns}");
            assert_eq!(rows_out[0], header.as_bytes(), "{subcommand:?}: the header");
            for (row_in, row_out) in rows_in.iter().zip(&rows_out).skip(1) {
                assert!(
                    row_out.starts_with(row_in) && row_out[row_in.len()] == b',',
                    "{subcommand:?}: the row comes back as it was"
                );
            }
            outputs.push(output.stdout);
        }
        assert_eq!(
            outputs[0], outputs[1],
            "{subcommand:?}: the same on two threads"
        );
    }
}

#[test]
fn results_stand_beside_their_rows() {
    let (table, _) = puzzle_table(1);
    let output = run(
        &[
            "key",
            "--field",
            "2",
            "--header",
            "--output",
            "csv",
            "--columns",
            "valid,key,side,status,errors",
        ],
        table,
    );
    let text = String::from_utf8_lossy(&output.stdout);
    let rows: Vec<&str> = text.lines().collect();
    assert!(
        rows[1]
            .ends_with(",true,rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -,black,none,")
    );
    assert!(
        // The column in the row, as standard error says it.
        rows[2].contains(",false,,,,rank-too-short at column 41: "),
        "{}",
        rows[2]
    );
    assert!(rows[3].ends_with(",true,6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - -,white,none,"));
    assert!(
        rows[5].starts_with(
            "missing-column,false,,,,missing-column at column 1: the line has 1 column;"
        ),
        "{}",
        rows[5]
    );
    // Errors that quote a comma or a quote are quoted as CSV wants.
    assert!(
        rows[6].contains(",false,,,,\"bad-ep-square at column"),
        "{}",
        rows[6]
    );
    assert!(rows[7].ends_with(",true,4k3/8/8/8/8/8/8/4K3 w - -,white,none,"));
    common::assert_said(&output, "<stdin>:3:41: error[rank-too-short]");
}

#[test]
fn json_lines_get_keys_and_nested_keys_are_read() {
    let input = concat!(
        r#"{"id": 1, "game": {"start": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}}"#,
        "\n",
        r#"{"id": 2, "game": {"start": "8/8/8/8/8/8/8/8 w - - 0 1"}}"#,
        "\n",
        "not json\n",
        r#"{"id": 4, "game": {}}"#,
        "\n",
        "{}\n",
    );
    for jobs in ["1", "2"] {
        let output = run(
            &[
                "opening",
                "--jsonl",
                "game.start",
                "--output",
                "jsonl",
                "--columns",
                "valid,eco,errors",
                "-j",
                jobs,
            ],
            input.as_bytes().to_vec(),
        );
        assert_eq!(output.status.code(), Some(1));
        let text = String::from_utf8_lossy(&output.stdout);
        let rows: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("every row is JSON"))
            .collect();
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0]["id"], 1);
        assert_eq!(rows[0]["valid"], true);
        assert_eq!(rows[0]["eco"], "B00");
        assert_eq!(rows[0]["errors"], serde_json::json!([]));
        assert_eq!(rows[1]["valid"], false);
        assert_eq!(rows[1]["eco"], serde_json::Value::Null);
        assert_eq!(rows[1]["errors"][0]["code"], "missing-king");
        assert_eq!(rows[2]["line"], "not json");
        assert_eq!(rows[2]["errors"][0]["code"], "missing-column");
        assert_eq!(rows[3]["id"], 4);
        assert_eq!(rows[4]["errors"][0]["code"], "missing-column");
        // The row is the input line with keys added before its brace.
        assert!(text.starts_with(&input[..input.find("}}").unwrap() + 1]));
    }
}

#[test]
fn records_of_a_fen_file_become_rows_with_a_header() {
    // The malformed record has no side to move: its column is empty.
    let input = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 8/8 w - - 0 1\n\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let output = run(
        &["check", "--output", "tsv", "--columns", "valid,side"],
        input.to_vec(),
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "record\tvalid\tside\n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1\ttrue\twhite\n\
         8/8 w - - 0 1\tfalse\t\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ttrue\twhite\n"
    );
}

#[test]
fn a_long_row_is_read_and_a_long_record_refused_alone() {
    let long = "y".repeat(100_000);
    let input = format!(
        "id,fen,note\n1,4k3/8/8/8/8/8/8/4K3 w - - 0 1,{long}\n2,{long},x\n3,8/8/8/8/8/8/8/8 w - - 0 1,z\n"
    );
    let output = run(
        &[
            "check",
            "--field",
            "fen",
            "--output",
            "csv",
            "--columns",
            "valid,errors",
        ],
        input.into_bytes(),
    );
    let text = String::from_utf8_lossy(&output.stdout);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 4);
    assert!(rows[1].ends_with(&format!("{long},true,")));
    assert!(rows[2].ends_with(",x,false,record-too-long at column 3: the record is 100000 bytes long; fen reads records of at most 4096 bytes (a FEN record has under 100; --max-line-bytes sets the limit)"), "{}", &rows[2][100_000..]);
    assert!(rows[3].starts_with("3,8/8/8/8/8/8/8/8 w - - 0 1,z,false,missing-king"));
    common::assert_said(&output, "<stdin>:3:3: error[record-too-long]");
}

#[test]
fn max_errors_prints_so_many_and_counts_the_rest_on_any_number_of_threads() {
    let (table, count) = puzzle_table(100);
    for jobs in ["1", "2"] {
        let output = run(
            &[
                "check",
                "--field",
                "FEN",
                "--output",
                "csv",
                "--max-errors",
                "5",
                "-j",
                jobs,
            ],
            table.clone(),
        );
        let stderr = String::from_utf8(output.stderr).unwrap();
        let printed = stderr.lines().filter(|l| l.contains(": error[")).count();
        assert_eq!(printed, 5, "{stderr}");
        // Four bad rows of seven, the empty board with two errors: five
        // diagnostics in every seven rows.
        let total = 5 * count / 7;
        assert!(
            stderr.contains(&format!(
                "fen: {} more diagnostics not printed (--max-errors 5)",
                total - 5
            )),
            "{stderr}"
        );
        assert_eq!(
            lines(&output.stdout).len(),
            count + 1,
            "every row still written"
        );
    }
}

#[test]
fn output_formats_that_do_not_fit_the_input_are_refused() {
    // Refused before any input is read.
    let output = run(&["check", "--field", "2", "--output", "jsonl"], Vec::new());
    assert_eq!(output.status.code(), Some(2));
    common::assert_said(
        &output,
        "--output jsonl: a table's rows come back in their own format",
    );
    let output = run(&["check", "--jsonl", "fen", "--output", "csv"], Vec::new());
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["check", "--field", "2", "--output", "tsv"], Vec::new());
    assert_eq!(output.status.code(), Some(2));
    let output = run(
        &["check", "--output", "csv", "--format", "json"],
        Vec::new(),
    );
    assert_eq!(output.status.code(), Some(2));
    common::assert_said(&output, "give one of them");
}

/// What `fen ARGS` prints with its standard output on a terminal (through
/// util-linux `script`, which gives it a pseudo-terminal); `None` where
/// there is no `script`.
fn on_a_terminal(args: &str, dir: &std::path::Path) -> Option<Vec<u8>> {
    let fen = env!("CARGO_BIN_EXE_fen");
    let output = std::process::Command::new("script")
        .args(["-qec", &format!("{fen} {args}"), "/dev/null"])
        .current_dir(dir)
        .output()
        .ok()?;
    Some(output.stdout)
}

#[test]
fn rows_from_a_file_reach_a_terminal_escaped() {
    let dir = std::env::temp_dir().join(format!("fen-rows-tty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("t.csv"),
        "id\x1b]0;title\x07,fen\nx\x1b[2J,4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    )
    .unwrap();
    std::fs::write(dir.join("t.pgn"), "[White \"A\x1b[2J\"]\n\n1. e4 *\n").unwrap();
    let commands = [
        "check --field fen --output csv t.csv",
        "uniq --field fen t.csv",
        "uniq --field fen --count t.csv",
        "pgn --final --format tsv --tags White t.pgn",
    ];
    for command in commands {
        let Some(printed) = on_a_terminal(command, &dir) else {
            eprintln!("no `script` here to give fen a terminal; skipped");
            return;
        };
        assert!(
            !printed.contains(&0x1b),
            "{command}: {}",
            String::from_utf8_lossy(&printed)
        );
        assert!(
            String::from_utf8_lossy(&printed).contains("\\x1b[2J"),
            "{command}: {}",
            String::from_utf8_lossy(&printed)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
