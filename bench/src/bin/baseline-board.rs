//! The classic exercise on shakmaty alone: parse each line with shakmaty's
//! own `Fen` parser and print the board, as `fen board` does.

use std::io::{BufRead, BufWriter, Write};

use shakmaty::{File, Rank, Square, fen::Fen};

fn main() {
    let path = std::env::args().nth(1).expect("usage: baseline-board FILE");
    let input = std::io::BufReader::new(std::fs::File::open(path).expect("readable"));
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut first = true;
    for line in input.split(b'\n') {
        let line = line.expect("readable");
        let Ok(fen) = Fen::from_ascii(&line) else {
            eprintln!("invalid FEN");
            continue;
        };
        if !first {
            out.write_all(b"\n").expect("write");
        }
        first = false;
        let board = &fen.as_setup().board;
        for rank in Rank::ALL.into_iter().rev() {
            let mut row = [b'.'; 9];
            row[8] = b'\n';
            for file in File::ALL {
                if let Some(piece) = board.piece_at(Square::from_coords(file, rank)) {
                    row[file.to_usize()] = piece.char() as u8;
                }
            }
            out.write_all(&row).expect("write");
        }
    }
    out.flush().expect("write");
}
