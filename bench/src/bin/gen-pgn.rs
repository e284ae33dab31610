//! Writes N random games as PGN: `gen-pgn N SEED`.

use std::io::{BufWriter, Write};

fn main() {
    let mut args = std::env::args().skip(1);
    let count = args
        .next()
        .and_then(|n| n.parse().ok())
        .expect("usage: gen-pgn N SEED");
    let seed = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut out = BufWriter::new(std::io::stdout().lock());
    fen_bench::random_games(count, seed, |game| {
        out.write_all(game.as_bytes()).expect("write")
    });
    out.flush().expect("write");
}
