//! `gen-corpus N [SEED]`: N FEN records from random games, one per line.

use std::io::{BufWriter, Write};

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut out = BufWriter::new(std::io::stdout().lock());
    fen_bench::random_positions(count, seed, |fen| {
        out.write_all(fen.as_bytes()).expect("write");
        out.write_all(b"\n").expect("write");
    });
    out.flush().expect("write");
}
