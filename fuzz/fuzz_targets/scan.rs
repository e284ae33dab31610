//! Pictures from arbitrary bytes: `Scanner::scan` decodes them (PNG,
//! JPEG, GIF, WebP, BMP told by their first bytes), finds a board or says
//! there is none, and reads it, without panic; a reading's FEN is one the
//! FEN library reads back.
#![no_main]

use fenkit_scan::{Given, Scanner};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let scanner = Scanner::new();
    if let Ok(reading) = scanner.scan(input, &Given::default()) {
        let fen = reading.fen();
        fenkit::parse(fen.as_bytes()).expect("the FEN written reads back");
    }
});
