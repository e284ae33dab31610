//! How well `fen scan` reads pictures whose positions are known: each
//! picture's file name is its placement (ranks joined by `-`, empty
//! squares as `1`s or digits, as `../shared/data/real/images` names
//! them). Prints each miss, then squares right, boards exact and the time
//! an image (decoding, finding, reading) on one core.
//!
//! ```text
//! cargo run --release -p fenkit-scan --example measure -- FOLDER...
//! ```

use std::time::Instant;

use fenkit_scan::{Given, Scanner};

/// The placement a file name gives, with runs of empty squares as digits.
fn placement_of(stem: &str) -> String {
    let mut out = String::new();
    for rank in stem.split('-') {
        if !out.is_empty() {
            out.push('/');
        }
        let mut run = 0;
        for letter in rank.chars() {
            if let Some(digit) = letter.to_digit(10) {
                run += digit;
            } else {
                if run > 0 {
                    out += &run.to_string();
                    run = 0;
                }
                out.push(letter);
            }
        }
        if run > 0 {
            out += &run.to_string();
        }
    }
    out
}

fn squares_of(placement: &str) -> Vec<char> {
    placement
        .split('/')
        .flat_map(|rank| {
            rank.chars().flat_map(|letter| match letter.to_digit(10) {
                Some(run) => vec!['.'; run as usize],
                None => vec![letter],
            })
        })
        .collect()
}

fn main() {
    let scanner = Scanner::new();
    let (mut squares, mut squares_right, mut boards, mut boards_right) = (0, 0, 0, 0);
    let mut elapsed = std::time::Duration::ZERO;
    for folder in std::env::args().skip(1) {
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .unwrap_or_else(|error| panic!("{folder}: {error}"))
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.extension().is_some_and(|e| e != "md"))
            .collect();
        files.sort();
        for path in files {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            let truth = squares_of(&placement_of(stem));
            let bytes = std::fs::read(&path).expect("a readable picture");
            let began = Instant::now();
            let reading = scanner.scan(&bytes, &Given::default());
            elapsed += began.elapsed();
            boards += 1;
            squares += 64;
            let read = match &reading {
                Ok(reading) => squares_of(&reading.placement()),
                Err(error) => {
                    println!("{}: {error}", path.display());
                    continue;
                }
            };
            let right = read.iter().zip(&truth).filter(|(a, b)| a == b).count();
            squares_right += right;
            if right == 64 {
                boards_right += 1;
            } else {
                let misses: Vec<String> = (0..64)
                    .filter(|i| read[*i] != truth[*i])
                    .map(|i| {
                        format!(
                            "{}{}: {} for {}",
                            (b'a' + (i % 8) as u8) as char,
                            8 - i / 8,
                            read[i],
                            truth[i]
                        )
                    })
                    .collect();
                println!("{}: {}", path.display(), misses.join(", "));
            }
        }
    }
    println!(
        "squares {squares_right}/{squares} ({:.2}%), boards {boards_right}/{boards} ({:.1}%), {:.1} ms an image",
        100.0 * squares_right as f64 / squares.max(1) as f64,
        100.0 * boards_right as f64 / boards.max(1) as f64,
        elapsed.as_secs_f64() * 1000.0 / boards.max(1) as f64
    );
}
