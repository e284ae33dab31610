//! Input built to hurt: a gibibyte line, bytes that are not text, millions
//! of blank lines, a record cut short, a reader that goes away, a file that
//! cannot be read. Each runs on one thread and on two.

use std::{
    fs,
    io::{BufRead, BufReader, Read, Write},
    path::PathBuf,
    process::{Child, Stdio},
};

mod common;

use common::{fen, finish, piped, run};

/// Starts fen with its three standard streams piped to the test.
fn spawn(args: &[&str]) -> Child {
    piped(&mut fen(args))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fen-adversarial-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Deterministic bytes of every value.
fn noise(length: usize) -> Vec<u8> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..length)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 56) as u8
        })
        .collect()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The peak resident memory of a running process, in KiB.
fn peak_kib(pid: u32) -> u64 {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc is there");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM");
    line.split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a number")
}

#[test]
fn a_gibibyte_line_without_a_newline_is_one_diagnostic_in_bounded_memory() {
    for jobs in ["1", "2"] {
        let mut child = spawn(&["check", "--format", "json", "-j", jobs]);
        let mut stdin = child.stdin.take().expect("stdin");
        let block = vec![b'x'; 1 << 20];
        for _ in 0..1024 {
            stdin.write_all(&block).expect("fen keeps reading");
        }
        // Everything is written and fen is still waiting for the end.
        let peak = peak_kib(child.id());
        drop(stdin);
        let output = child.wait_with_output().expect("fen finishes");
        assert!(peak < 64 * 1024, "peak RSS {peak} KiB with -j {jobs}");
        assert_eq!(output.status.code(), Some(1));
        let stdout = text(&output.stdout);
        assert_eq!(stdout.lines().count(), 1, "{stdout}");
        assert!(stdout.contains(r#""code":"line-too-long""#), "{stdout}");
        assert!(stdout.contains("1073741824 bytes long"), "{stdout}");
    }
}

/// Every record gets one JSON object: results and diagnostics together
/// number the records, whatever the bytes.
fn one_object_per_record(input: &[u8], records: usize) {
    for jobs in ["1", "2"] {
        let output = run(&["check", "--format", "json", "-j", jobs], input.to_vec());
        assert!(
            output.status.code().is_some_and(|code| code <= 1),
            "{output:?}"
        );
        let stdout = text(&output.stdout);
        assert_eq!(stdout.lines().count(), records, "-j {jobs}");
        for line in stdout.lines() {
            assert!(line.starts_with(r#"{"source":"<stdin>","line":"#), "{line}");
        }
    }
}

#[test]
fn bytes_that_are_not_text_get_diagnostics() {
    let mut input = Vec::new();
    input.extend_from_slice(START.as_bytes());
    input.extend_from_slice(b"\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 \xff\xfe\n");
    input.extend_from_slice(b"rnbqkbnr/ppp\0pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    one_object_per_record(&input, 3);
    let output = run(&["check"], input);
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("<stdin>:2:56: error[invalid-utf8]"),
        "{stderr}"
    );
    assert!(stderr.contains("<stdin>:3:13: error[nul-byte]"), "{stderr}");
}

#[test]
fn a_binary_file_is_read_as_lines_without_panic() {
    let binary = noise(1 << 18);
    let lines = binary.split(|&b| b == b'\n').count();
    let output = run(&["check", "-j", "2"], binary.clone());
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(!stderr.contains("panicked"));
    for line in stderr.lines().filter(|l| l.starts_with("<stdin>:")) {
        assert!(
            line.contains(": error[") || line.contains(": warning["),
            "{line}"
        );
    }
    // Each record gets its object, the same ones in the same order on one
    // thread and on two; lines of blanks alone hold none.
    let one = run(&["check", "--format", "json", "-j", "1"], binary.clone());
    let two = run(&["check", "--format", "json", "-j", "2"], binary);
    assert_eq!(one.stdout, two.stdout);
    let objects = text(&one.stdout).lines().count();
    assert!(
        objects >= lines / 2 && objects <= lines * 4,
        "{objects} objects for {lines} lines"
    );
}

#[test]
fn ten_million_blank_lines_are_no_records() {
    for jobs in ["1", "2"] {
        let mut input = vec![b'\n'; 10_000_000];
        input.extend_from_slice(START.as_bytes());
        let output = run(&["board", "-j", jobs], input);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(text(&output.stdout).lines().count(), 8);
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn a_file_that_ends_mid_record_reports_the_cut() {
    let output = run(&["check"], START.as_bytes()[..50].to_vec());
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with("<stdin>:1:"), "{stderr}");
    assert!(stderr.contains("error[missing-field]"), "{stderr}");
}

/// Runs fen with `args`, reads the first line of its output and closes
/// the pipe, as `| head -1` does: fen ends at once, quietly, status 0.
fn reader_goes_away(args: &[&str], first_line: &str) {
    let mut child = fen(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fen runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a line");
    // The pipe closes here.
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr");
    let status = child.wait().expect("fen ends");
    assert_eq!(first, first_line, "{args:?}");
    assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
    assert_eq!(stderr, "", "{args:?}");
}

#[test]
fn a_reader_that_goes_away_ends_fen_quietly() {
    let dir = scratch("pipe");
    let huge = dir.join("huge.fen");
    let mut lines = String::new();
    for _ in 0..200_000 {
        lines.push_str(START);
        lines.push('\n');
    }
    fs::write(&huge, lines).expect("written");
    // Games enough to fill the pipe many times over (once, `fen pgn -j 2`
    // waited forever: its workers had stopped, its reader still sent).
    let games = dir.join("games.pgn");
    let game = "[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *\n\n";
    fs::write(&games, game.repeat(20_000)).expect("written");
    for jobs in ["1", "2"] {
        reader_goes_away(&["board", "-j", jobs, huge.to_str().unwrap()], "rnbqkbnr\n");
        reader_goes_away(
            &["pgn", "-j", jobs, games.to_str().unwrap()],
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n",
        );
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_file_that_cannot_be_read_does_not_stop_the_others() {
    let dir = scratch("unreadable");
    let good = dir.join("good.fen");
    fs::write(&good, format!("{START}\n")).expect("written");
    // A directory opens, but reading it fails.
    let folder = dir.join("folder.fen");
    fs::create_dir_all(&folder).expect("made");
    let missing = dir.join("missing.fen");
    for jobs in ["1", "2"] {
        let paths = [&good, &folder, &missing, &good].map(|p| p.to_str().unwrap().to_string());
        let mut args = vec!["board", "-j", jobs];
        args.extend(paths.iter().map(String::as_str));
        let output = fen(&args).output().expect("fen runs");
        assert_eq!(output.status.code(), Some(2), "-j {jobs}");
        // Both readable files print their board.
        assert_eq!(text(&output.stdout).lines().count(), 17, "-j {jobs}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains("folder.fen: Is a directory"), "{stderr}");
        assert!(
            stderr.contains("missing.fen: No such file or directory"),
            "{stderr}"
        );
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_progress_bar_goes_to_standard_error_only() {
    let mut input = String::new();
    for _ in 0..20_000 {
        input.push_str(START);
        input.push('\n');
    }
    for jobs in ["1", "2"] {
        let quiet = run(&["normalize", "-j", jobs], input.clone().into_bytes());
        let mut command = fen(&["normalize", "--progress", "always", "-j", jobs]);
        command.env("FEN_PROGRESS_AFTER_MS", "0");
        let shown = finish(piped(&mut command), input.clone().into_bytes());
        assert_eq!(shown.stdout, quiet.stdout, "-j {jobs}");
        assert!(
            text(&shown.stderr).contains("lines/s"),
            "-j {jobs}: {:?}",
            text(&shown.stderr)
        );
        // Not asked for and not on a terminal: nothing.
        assert!(quiet.stderr.is_empty());
    }
}

/// Blocks of the parallel reader end anywhere: in a record, between '\r'
/// and '\n', inside lines too long to keep. One thread and two agree.
#[test]
fn lines_across_block_boundaries_read_the_same_on_two_threads() {
    let mut input = Vec::new();
    let mut line = 0;
    for round in 0..40 {
        for _ in 0..(round * 37 % 500) {
            input.extend_from_slice(START.as_bytes());
            input.extend_from_slice(if line % 3 == 0 { b"\r\n" } else { b"\n" });
            line += 1;
        }
        let long = [5_000, 131_071, 131_072, 200_000, 4_096, 4_097][round % 6];
        input.extend(std::iter::repeat_n(b'8', long));
        input.extend_from_slice(b"\r\n");
        line += 1;
    }
    input.extend_from_slice(START.as_bytes());
    let one = run(&["check", "--format", "json", "-j", "1"], input.clone());
    let two = run(&["check", "--format", "json", "-j", "2"], input);
    assert_eq!(text(&one.stdout), text(&two.stdout));
    let stdout = text(&one.stdout);
    assert_eq!(stdout.lines().count(), line + 1);
    // 4,096 bytes is still a line; 4,097 is too long.
    let too_long = (0..40).filter(|round| round % 6 != 4).count();
    assert_eq!(
        stdout.matches(r#""code":"line-too-long""#).count(),
        too_long
    );
    assert!(stdout.contains("the line is 131072 bytes long"));
}

/// What a terminal would act on: control bytes but the line break, C1
/// controls, and the bidi and zero-width characters that reorder or hide
/// text.
fn acts_on_terminal(text: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(text);
    text.chars()
        .find(|&c| c != '\n' && fenkit::needs_escape(c))
        .map(|c| format!("U+{:04X} in {text}", c as u32))
}

#[test]
fn nothing_from_the_input_reaches_the_terminal_raw() {
    let hostile = "4k3/8/8/8/8/8/8/4K3 w - - \u{1b}[31mRED\u{1b}[0m x;\n\
                   8/8/8/8/8/8/8/\u{202e}K6k w - - 0 1\n\
                   {\"fen\": 1, \"\u{1b}]0;title\u{7}\": 2}\n";
    let mut input = hostile.as_bytes().to_vec();
    input.extend(noise(10_000));
    for args in [
        &["check"][..],
        &["check", "-j", "2", "--lenient"],
        &["check", "--jsonl", "fen"],
        &["show", "--color", "never"],
        &["normalize", "--lenient"],
    ] {
        let output = run(args, input.clone());
        assert_eq!(acts_on_terminal(&output.stderr), None, "{args:?} stderr");
        if args[0] == "show" {
            // show prints diagnostics in place of boards, on stdout.
            assert_eq!(acts_on_terminal(&output.stdout), None, "{args:?} stdout");
        }
    }
    let output = run(&["check"], hostile.as_bytes().to_vec());
    let stderr = text(&output.stderr);
    assert!(stderr.contains(r"'\x1b[31mRED\x1b[0m'"), "{stderr}");
}

#[test]
fn uniq_keeps_the_same_first_occurrences_on_two_threads() {
    // Enough records for many blocks, each position often repeated, with
    // malformed ones among them.
    let positions = [
        START,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 7 40",
        "not a record",
    ];
    let mut input = String::new();
    for index in 0..30_000usize {
        input.push_str(positions[index * 7 % positions.len()]);
        input.push('\n');
    }
    for extra in [
        &[][..],
        &["--key", "epd"],
        &["--key", "polyglot"],
        &["--count"],
    ] {
        let outputs: Vec<_> = ["1", "2"]
            .iter()
            .map(|jobs| {
                let mut args = vec!["uniq", "-j", jobs];
                args.extend_from_slice(extra);
                run(&args, input.clone().into_bytes())
            })
            .collect();
        assert_eq!(
            text(&outputs[0].stdout),
            text(&outputs[1].stdout),
            "{extra:?}"
        );
        assert_eq!(
            outputs[0].status.code(),
            outputs[1].status.code(),
            "{extra:?}"
        );
        assert!(!outputs[0].stdout.is_empty(), "{extra:?}");
    }
}
