//! Compressed input, told by its first bytes whatever its name: gzip,
//! zstd, bzip2 and xz give what the plain file gives, from a file or from
//! standard input; an archive or image that is not text is one message.

mod common;

use std::io::Write;

use common::{fen, run};

fn compressed(kind: &str, text: &[u8]) -> Vec<u8> {
    match kind {
        "gzip" => {
            let mut w = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            w.write_all(text).unwrap();
            w.finish().unwrap()
        }
        "zstd" => zstd::encode_all(text, 3).unwrap(),
        "bzip2" => {
            let mut w = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            w.write_all(text).unwrap();
            w.finish().unwrap()
        }
        "xz" => {
            let mut w = liblzma::write::XzEncoder::new(Vec::new(), 1);
            w.write_all(text).unwrap();
            w.finish().unwrap()
        }
        _ => unreachable!(),
    }
}

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/../../samples/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn every_compression_reads_like_the_plain_file() {
    let dir = std::env::temp_dir().join(format!("fen-compressed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fens = sample("pasted.fen");
    let pgn = sample("games.pgn");
    let plain_key = run(&["key", "-j", "2"], fens.clone());
    let plain_check = run(&["check"], fens.clone());
    let plain_pgn = run(&["pgn", "--final"], pgn.clone());
    let puzzles = sample("puzzles.csv");
    let rows = ["check", "--field", "FEN", "--output", "csv", "-j", "2"];
    let plain_rows = run(&rows, puzzles.clone());
    for kind in ["gzip", "zstd", "bzip2", "xz"] {
        // The name says nothing: the bytes do.
        let path = dir.join(format!("{kind}.txt"));
        std::fs::write(&path, compressed(kind, &fens)).unwrap();
        let from_file = fen(&["key", "-j", "2", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(from_file.stdout, plain_key.stdout, "{kind}");
        assert_eq!(from_file.status.code(), plain_key.status.code(), "{kind}");
        let from_stdin = run(&["check"], compressed(kind, &fens));
        assert_eq!(from_stdin.stderr, plain_check.stderr, "{kind}");
        assert_eq!(from_stdin.stdout, plain_check.stdout, "{kind}");
        let games = run(&["pgn", "--final"], compressed(kind, &pgn));
        assert_eq!(games.stdout, plain_pgn.stdout, "{kind}");
        let table = run(&rows, compressed(kind, &puzzles));
        assert_eq!(table.stdout, plain_rows.stdout, "{kind}");
        assert_eq!(table.stderr, plain_rows.stderr, "{kind}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_not_text_is_one_message() {
    let mut zip = b"PK\x03\x04".to_vec();
    zip.extend(std::iter::repeat_n(b'\n', 5000));
    let output = run(&["check"], zip);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.lines().filter(|l| l.contains("ZIP archive")).count(),
        1,
        "{stderr}"
    );
    assert!(!stderr.contains("error["), "{stderr}");
    assert_eq!(output.status.code(), Some(2));
    let png = run(&["board"], compressed("gzip", b"\x89PNG\r\n\x1a\n rest"));
    assert!(
        String::from_utf8_lossy(&png.stderr)
            .contains("this is a PNG image (gzip compressed), not text")
    );
}

#[test]
fn a_truncated_stream_says_so() {
    let whole = compressed("gzip", &sample("pasted.fen").repeat(50));
    let output = run(&["check"], whole[..whole.len() / 2].to_vec());
    assert_eq!(output.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
}
