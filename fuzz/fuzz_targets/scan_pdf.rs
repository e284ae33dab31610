//! PDFs from arbitrary bytes: `Book::open` finds the pages or says why
//! not (encrypted, broken), and `Scanner::scan_book` draws the first two
//! and reads their boards, without panic; a reading's FEN is one the FEN
//! library reads back.
#![no_main]

use fenkit_scan::{Given, Scanner, pdf::Book};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Ok(book) = Book::open(input.to_vec()) else {
        return;
    };
    let scanner = Scanner::new();
    for (_, read) in scanner.scan_book(&book, 1..=2, &Given::default()) {
        for reading in read.unwrap_or_default() {
            let fen = reading.fen();
            fenkit::parse(fen.as_bytes()).expect("the FEN written reads back");
        }
    }
});
