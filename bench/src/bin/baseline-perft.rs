//! The baseline for `fen perft`: shakmaty's own perft of each FEN given as
//! an argument (read with shakmaty's parser), one count per line.

use shakmaty::{CastlingMode, Chess, fen::Fen};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args
        .next()
        .and_then(|d| d.parse().ok())
        .expect("usage: baseline-perft DEPTH FEN...");
    for fen in args {
        let position: Chess = fen
            .parse::<Fen>()
            .expect("a FEN")
            .into_position(CastlingMode::Standard)
            .expect("a legal position");
        println!("{}", shakmaty::perft(&position, depth));
    }
}
