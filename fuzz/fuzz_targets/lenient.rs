//! Lenient reading on arbitrary bytes (pastes with labels, URLs, tags and
//! control characters among them), in standard and Chess960 castling: it
//! never panics, its spans stay inside the input, its messages quote no
//! character a terminal would act on, what it accepts reads
//! back strictly from its canonical FEN, and on input that strict reading
//! accepts it agrees with strict reading exactly.
#![no_main]

use fenkit::{CastlingNotation, ReadOptions, WriteOptions};
use libfuzzer_sys::fuzz_target;
use shakmaty::CastlingMode;

fuzz_target!(|record: &[u8]| {
    for castling in [CastlingMode::Standard, CastlingMode::Chess960] {
        let strict = ReadOptions::default().with_castling(castling);
        let lenient = strict.with_lenient(true);
        let checked = lenient.check(record);
        for diagnostic in &checked.diagnostics {
            assert!(diagnostic.span.start <= diagnostic.span.end);
            assert!(diagnostic.span.end <= record.len());
            // What a message quotes cannot act on a terminal.
            assert!(
                !diagnostic.message.chars().any(fenkit::needs_escape),
                "{diagnostic:?}"
            );
        }
        if let Ok(parsed) = lenient.parse(record) {
            let notation = match castling {
                CastlingMode::Standard => CastlingNotation::Standard,
                CastlingMode::Chess960 => CastlingNotation::Shredder,
            };
            let mut fen = Vec::new();
            WriteOptions::default()
                .with_castling(notation)
                .write_fen(&parsed.setup, &mut fen);
            let again = strict
                .parse(&fen)
                .expect("the canonical FEN of a repaired record reads strictly");
            assert_eq!(again.setup, parsed.setup);
        }
        if strict.parse(record).is_ok() {
            assert_eq!(lenient.check(record), strict.check(record));
        }
    }
});
