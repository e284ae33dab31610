//! fen-sql's output, byte for byte, for the README's recipes and for the
//! errors people make. Each case is a folder of tests/golden: `args` (one
//! argument a line), and the expected `stdout`, `stderr` and `status`,
//! run from the repository's root. `UPDATE_GOLDEN=1 cargo test -p
//! fen-sql` writes what the program gives instead.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(args: &[String]) -> (String, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fen-sql"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("fen-sql runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        format!("{}\n", out.status.code().unwrap_or(-1)),
    )
}

#[test]
fn every_golden_case() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut cases: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 8, "the cases are there: {}", cases.len());
    let mut failed = Vec::new();
    for case in cases {
        let args: Vec<String> = fs::read_to_string(case.join("args"))
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let (stdout, stderr, status) = run(&args);
        for (name, got) in [
            ("stdout", &stdout),
            ("stderr", &stderr),
            ("status", &status),
        ] {
            let path = case.join(name);
            if update {
                fs::write(&path, got).unwrap();
            } else if fs::read_to_string(&path).unwrap_or_default() != *got {
                failed.push(format!("{}/{name}:\n{got}", case.display()));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The same query over the plain, gzip and zstd copies of a file gives
/// the same rows: compression is told by the bytes, not the name.
#[test]
fn compressed_tables_read_like_plain_ones() {
    let plain = fs::read(root().join("samples/puzzles.csv")).unwrap();
    let dir = std::env::temp_dir().join(format!("fen-sql-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let zst = dir.join("puzzles.csv.zst");
    fs::write(&zst, zstd::encode_all(&plain[..], 3).unwrap()).unwrap();
    let gz = dir.join("puzzles.csv"); // gzip inside, whatever the name says
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut encoder, &plain).unwrap();
    fs::write(&gz, encoder.finish().unwrap()).unwrap();
    let query = |path: &Path| {
        run(&[
            "-c".into(),
            format!(
                "SELECT PuzzleId, fen_key(FEN) AS k FROM '{}' ORDER BY 1",
                path.display()
            ),
        ])
    };
    let expected = query(&root().join("samples/puzzles.csv"));
    assert_eq!(expected.2, "0\n", "{}", expected.1);
    assert_eq!(expected.0.lines().count(), 48);
    assert_eq!(query(&zst), expected);
    assert_eq!(query(&gz), expected);
    fs::remove_dir_all(&dir).unwrap();
}

/// The first thing a user types: a file in the current folder, by its bare
/// name (dots and all), in a script with a `/* ; */` comment.
#[test]
fn a_file_in_the_current_folder_is_a_table_by_its_bare_name() {
    let out = Command::new(env!("CARGO_BIN_EXE_fen-sql"))
        .args([
            "--format",
            "csv",
            "-c",
            "SELECT count(*) AS games FROM 'tricky.pgn' /* a ; in a comment */; SELECT count(*) AS puzzles FROM 'puzzles.csv'",
        ])
        .current_dir(root().join("samples"))
        .output()
        .expect("fen-sql runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.starts_with("games\n4\npuzzles\n"), "{stdout}");
}
