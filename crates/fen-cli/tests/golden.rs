//! Golden tests: each folder under `tests/golden` holds a command line
//! (`cmd`), optional standard input (`stdin`) and input files, and the
//! expected `stdout`, `stderr` and exit `status`. The command runs inside
//! the folder, so file names in diagnostics are stable.
//!
//! `UPDATE_GOLDEN=1 cargo test -p fen-cli --test golden` rewrites the
//! expectations from the current output; review the diff before committing.

use std::{
    fs,
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Stdio},
};

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut cases: Vec<PathBuf> = fs::read_dir(root)
        .expect("tests/golden exists")
        .map(|entry| entry.expect("readable").path())
        .filter(|path| path.join("cmd").exists())
        .collect();
    cases.sort();
    cases
}

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn run(case: &Path) -> Outcome {
    let cmd = fs::read_to_string(case.join("cmd")).expect("cmd");
    let stdin = fs::read(case.join("stdin")).ok();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(cmd.split_whitespace())
        .current_dir(case)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fen runs");
    if let Some(input) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        std::thread::spawn(move || pipe.write_all(&input));
    }
    let output = child.wait_with_output().expect("fen finishes");
    Outcome {
        stdout: output.stdout,
        stderr: output.stderr,
        status: output.status.code().expect("exit code"),
    }
}

/// One case's outputs against its expectations (or, with
/// `UPDATE_GOLDEN`, written as the new expectations).
fn compare(case: &Path, update: bool) -> Result<(), String> {
    let outcome = run(case);
    let status = format!("{}\n", outcome.status);
    let mut failures = Vec::new();
    for (file, got) in [
        ("stdout", &outcome.stdout),
        ("stderr", &outcome.stderr),
        ("status", &status.into_bytes()),
    ] {
        let path = case.join(file);
        if update {
            fs::write(&path, got).expect("writable");
            continue;
        }
        let expected = fs::read(&path).unwrap_or_default();
        if &expected != got {
            failures.push(format!(
                "{file}:\n--- expected\n{}--- got\n{}",
                String::from_utf8_lossy(&expected),
                String::from_utf8_lossy(got)
            ));
        }
    }
    match failures.is_empty() {
        true => Ok(()),
        false => Err(failures.join("\n")),
    }
}

/// Each folder is a test of its own, named `golden::FOLDER`, so that one
/// case runs by name (`cargo test -p fen-cli --test golden -- check-json`).
fn main() {
    let arguments = libtest_mimic::Arguments::from_args();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let cases = cases();
    assert!(cases.len() >= 15, "only {} golden cases", cases.len());
    let mut trials: Vec<libtest_mimic::Trial> = cases
        .into_iter()
        .map(|case| {
            let name = case.file_name().unwrap_or_default().to_string_lossy();
            libtest_mimic::Trial::test(format!("golden::{name}"), move || {
                compare(&case, update).map_err(Into::into)
            })
        })
        .collect();
    trials.push(libtest_mimic::Trial::test(
        "the_classic_sample_prints_the_same_boards_on_one_line_or_many",
        || {
            the_classic_sample_prints_the_same_boards_on_one_line_or_many();
            Ok(())
        },
    ));
    libtest_mimic::run(&arguments, trials).exit();
}

fn the_classic_sample_prints_the_same_boards_on_one_line_or_many() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let one_line = run(&root.join("classic-one-line"));
    let per_line = run(&root.join("classic-one-per-line"));
    assert_eq!(one_line.stdout, per_line.stdout);
    assert_eq!(one_line.status, 0);
    // 4 boards of 8 lines, 3 empty lines between them, no empty line at the end.
    let text = String::from_utf8(one_line.stdout).unwrap();
    assert_eq!(text.lines().count(), 4 * 8 + 3);
    assert!(text.ends_with("RNBQKB.R\n") && !text.ends_with("\n\n"));
}
