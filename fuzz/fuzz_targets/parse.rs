//! The strict parser on arbitrary bytes: it never panics, its spans stay
//! inside the record, and whatever it accepts is already canonical, so
//! writing it back gives the same bytes.
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
            assert_eq!(fenkit::to_fen(&parsed.setup).as_bytes(), record);
            assert!(checked.setup.is_some());
            let mut board = Vec::new();
            fenkit::write_board_text(&parsed.setup.board, &mut board);
            assert_eq!(board.len(), 72);
        }
        Err(err) => {
            assert!(!err.diagnostics().is_empty());
            assert!(!checked.is_valid());
        }
    }
});
