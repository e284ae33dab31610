//! How well `fen scan` reads pictures whose positions are known: each
//! picture's file name is its placement (ranks joined by `-`, empty
//! squares as `1`s or digits, as `../shared/data/real/images` names
//! them). Prints each miss (marked where it was printed without a
//! warning), then squares right, boards exact and the time
//! an image (decoding, finding, reading) on one core, then how the boards
//! missed were lost: to the grid (no board found, or the board read
//! placed off: its reading matches the truth better moved a square or two,
//! or a quarter of its squares or more are read empty where a piece
//! stands or the other way round) or to a square (the board placed right,
//! some squares misread); and how many of the missed
//! boards were printed silently (no warning: no rule broken, nothing
//! mended, the placement not doubted).
//!
//! With `MEASURE_WHY` set, each missed square's reading (its first and
//! second choices and their probabilities) and the squares the rules
//! mended are printed under its picture's miss: why a board was lost.
//! With `MEASURE_WEIGHTS=FILE`, the networks read are those of FILE (in
//! `assets/squares.bin`'s layout: `tools/train-scan`'s `WEIGHTS`), so
//! that weights are compared on the same pictures without a build each.
//!
//! ```text
//! cargo run --release -p fenkit-scan --example measure -- FOLDER...
//! MEASURE_WHY=1 cargo run --release -p fenkit-scan --example measure -- FOLDER...
//! MEASURE_WEIGHTS=target/scan/again.bin cargo run --release -p fenkit-scan --example measure -- FOLDER...
//! ```

use std::time::Instant;

use fenkit_scan::{Given, Network, Scanner};

/// The extensions of the pictures measured (a folder's labels and
/// READMEs are not).
const PICTURES: [&str; 6] = ["png", "jpg", "jpeg", "gif", "webp", "bmp"];

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

/// The name of the `i`th square from a8, rank by rank: "c6".
fn square_name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, 8 - i / 8)
}

fn main() {
    // Weights to compare with the shipped ones, without building again.
    let scanner = match std::env::var_os("MEASURE_WEIGHTS") {
        Some(path) => {
            let bytes = std::fs::read(&path).expect("MEASURE_WEIGHTS can be read");
            Scanner::with_network(Network::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}")))
        }
        None => Scanner::new(),
    };
    let (mut squares, mut squares_right, mut boards, mut boards_right) = (0, 0, 0, 0);
    let (mut lost_to_grid, mut lost_to_square, mut silent) = (0, 0, 0);
    let mut elapsed = std::time::Duration::ZERO;
    for folder in std::env::args().skip(1) {
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .unwrap_or_else(|error| panic!("{folder}: {error}"))
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| {
                path.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| PICTURES.contains(&e.to_ascii_lowercase().as_str()))
            })
            .collect();
        files.sort();
        for path in files {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            // `_2`, `_3`, ... mark the same position pictured again.
            let stem = stem.split('_').next().unwrap_or_default();
            let truth = squares_of(&placement_of(stem));
            let bytes = std::fs::read(&path).expect("a readable picture");
            let began = Instant::now();
            let reading = scanner.scan(&bytes, &Given::default());
            elapsed += began.elapsed();
            boards += 1;
            squares += 64;
            let reading = match reading {
                Ok(reading) => reading,
                Err(error) => {
                    println!("{}: {error}", path.display());
                    lost_to_grid += 1;
                    continue;
                }
            };
            let read = squares_of(&reading.placement());
            let right = read.iter().zip(&truth).filter(|(a, b)| a == b).count();
            squares_right += right;
            if right == 64 {
                boards_right += 1;
            } else {
                match lost_to(&read, &truth) {
                    Lost::Grid => lost_to_grid += 1,
                    Lost::Square => lost_to_square += 1,
                }
                // Printed with no warning: nothing mended, no rule
                // broken, no square read at under even odds, the board
                // not moved off its lines.
                let unwarned = reading.mended.is_empty()
                    && reading.moved.is_none()
                    && reading.violations().is_empty()
                    && reading.unsure().is_empty();
                silent += usize::from(unwarned);
                let misses: Vec<String> = (0..64)
                    .filter(|i| read[*i] != truth[*i])
                    .map(|i| format!("{}: {} for {}", square_name(i), read[i], truth[i]))
                    .collect();
                let warned = if unwarned { " (no warning)" } else { "" };
                println!("{}: {}{warned}", path.display(), misses.join(", "));
                if std::env::var_os("MEASURE_WHY").is_some() {
                    // `read` runs from a8 rank by rank; the reading's
                    // squares from a1.
                    for i in (0..64).filter(|i| read[*i] != truth[*i]) {
                        let square = (7 - i / 8) * 8 + i % 8;
                        println!("    {}: {:?}", square_name(i), reading.squares[square]);
                    }
                    for mend in &reading.mended {
                        println!("    mended {mend}");
                    }
                }
            }
        }
    }
    println!(
        "squares {squares_right}/{squares} ({:.2}%), boards {boards_right}/{boards} ({:.1}%), {:.1} ms an image; \
         lost to the grid {lost_to_grid}, to a square {lost_to_square}; missed and printed without a warning {silent}",
        100.0 * squares_right as f64 / squares.max(1) as f64,
        100.0 * boards_right as f64 / boards.max(1) as f64,
        elapsed.as_secs_f64() * 1000.0 / boards.max(1) as f64
    );
}

/// Where a missed board was lost.
enum Lost {
    /// No board found, or the board placed off its squares.
    Grid,
    /// The board placed right, some squares misread.
    Square,
}

/// Where the board read as `read` was lost: to the grid where its reading
/// matches the truth better (the share of the squares both cover) moved
/// by one or two squares than where it stands, or where which of its
/// squares hold a piece is wrong on a quarter of them; else to a square.
/// The quarter is told by where pieces stand, not by what they are: a
/// board placed right in a set never seen (Black's pieces all read as
/// White's) has every piece found on its square, and is lost to its
/// squares, not to the grid.
fn lost_to(read: &[char], truth: &[char]) -> Lost {
    let matching = |dx: i32, dy: i32| {
        let (mut both, mut same) = (0, 0);
        for row in 0..8 {
            for column in 0..8 {
                let (r, c) = (row + dy, column + dx);
                if (0..8).contains(&r) && (0..8).contains(&c) {
                    both += 1;
                    same += usize::from(
                        read[(row * 8 + column) as usize] == truth[(r * 8 + c) as usize],
                    );
                }
            }
        }
        same as f64 / both as f64
    };
    let here = matching(0, 0);
    let better_moved = (-2..=2)
        .flat_map(|dx| (-2..=2).map(move |dy| (dx, dy)))
        .filter(|shift| *shift != (0, 0))
        .any(|(dx, dy)| matching(dx, dy) > here);
    let occupied_as_read = read
        .iter()
        .zip(truth)
        .filter(|(read, truth)| (**read == '.') == (**truth == '.'))
        .count();
    if better_moved || occupied_as_read < 48 {
        Lost::Grid
    } else {
        Lost::Square
    }
}
