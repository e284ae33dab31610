//! The strict parser on arbitrary bytes: it never panics, its spans stay
//! inside the record, and whatever it accepts is already canonical, so
//! writing it back gives the same bytes. The one-pass board (the letters of
//! the placement's expansion) agrees with the board written from the
//! bitboards, and the quick rules never pass what the full rules refuse.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|record: &[u8]| {
    let checked = fenkit::check(record);
    for diagnostic in &checked.diagnostics {
        assert!(diagnostic.span.start <= diagnostic.span.end);
        assert!(diagnostic.span.end <= record.len());
        assert!(!diagnostic.message.is_empty());
    }
    match fenkit::parse(record) {
        Ok(parsed) => {
            assert_eq!(
                fenkit::Fen::from(parsed.setup.clone())
                    .to_string()
                    .as_bytes(),
                record
            );
            assert!(checked.setup.is_some());
            let mut board = Vec::new();
            fenkit::write_board_text(&parsed.setup.board, &mut board);
            assert_eq!(board.len(), 72);
            let read = fenkit::ReadOptions::default();
            let mut letters = [0; 64];
            let again = read
                .parse_with_letters(record, &mut letters)
                .expect("parsed once");
            assert_eq!(again.setup, parsed.setup);
            let mut lines = Vec::new();
            fenkit::write_board_lines(&letters, &mut lines);
            assert_eq!(lines, board);
            if parsed.canonical {
                assert_eq!(
                    fenkit::Fen::from(parsed.setup.clone())
                        .to_string()
                        .as_bytes(),
                    record
                );
            }
            let mode = shakmaty::CastlingMode::Standard;
            if fenkit::legality::surely_valid(&parsed.setup, mode) {
                assert!(fenkit::legality::violations_in_full(&parsed.setup, mode).is_empty());
            }
        }
        Err(err) => {
            assert!(!err.diagnostics().is_empty());
            let read = fenkit::ReadOptions::default();
            assert!(read.parse_with_letters(record, &mut [0; 64]).is_err());
            assert!(!checked.is_valid());
        }
    }
});
