//! The floor: expand each line's placement to 8 lines of 8 characters and
//! check nothing at all, like a minimal C solution of the classic exercise.

use std::io::{BufRead, BufWriter, Write};

fn main() {
    let path = std::env::args().nth(1).expect("usage: expand FILE");
    let input =
        std::io::BufReader::with_capacity(1 << 16, std::fs::File::open(path).expect("readable"));
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut first = true;
    let mut board = Vec::with_capacity(80);
    for line in input.split(b'\n') {
        let line = line.expect("readable");
        board.clear();
        if !first {
            board.push(b'\n');
        }
        first = false;
        for &byte in line.iter().take_while(|&&b| b != b' ') {
            match byte {
                b'/' => board.push(b'\n'),
                b'1'..=b'8' => board.extend(std::iter::repeat_n(b'.', usize::from(byte - b'0'))),
                _ => board.push(byte),
            }
        }
        board.push(b'\n');
        out.write_all(&board).expect("write");
    }
    out.flush().expect("write");
}
