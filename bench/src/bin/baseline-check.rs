//! Checking on shakmaty alone: shakmaty's `Fen` parser and its position
//! check for each line; prints the counts, as `fen check` does.

use std::io::BufRead;

use shakmaty::{CastlingMode, Chess, fen::Fen};

fn main() {
    let path = std::env::args().nth(1).expect("usage: baseline-check FILE");
    let input = std::io::BufReader::new(std::fs::File::open(path).expect("readable"));
    let (mut records, mut valid) = (0u64, 0u64);
    for line in input.split(b'\n') {
        let line = line.expect("readable");
        records += 1;
        if let Ok(fen) = Fen::from_ascii(&line) {
            valid += u64::from(fen.into_position::<Chess>(CastlingMode::Standard).is_ok());
        }
    }
    eprintln!(
        "{records} records: {valid} valid, {} invalid",
        records - valid
    );
}
