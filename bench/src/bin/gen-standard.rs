//! Writes records or games as the standards write them (see
//! `fen_bench::standard`): `gen-standard epd|pgn N [SEED]`.

use std::io::{BufWriter, Write};

fn main() {
    let usage = "usage: gen-standard epd|pgn N [SEED]";
    let mut args = std::env::args().skip(1);
    let kind = args.next().expect(usage);
    let count: usize = args.next().and_then(|n| n.parse().ok()).expect(usage);
    let seed: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut write = |text: &str, end: &str| {
        out.write_all(text.as_bytes()).expect("write");
        out.write_all(end.as_bytes()).expect("write");
    };
    match kind.as_str() {
        "epd" => fen_bench::standard::epd_records(count, seed, |record| write(record, "\n")),
        "pgn" => fen_bench::standard::pgn_games(count, seed, |game| write(game, "")),
        _ => panic!("{usage}"),
    }
    out.flush().expect("write");
}
