//! EPD reading on arbitrary bytes: it never panics, its spans stay inside
//! the record, and what it accepts is written back to an EPD that reads to
//! the same position and operations.
#![no_main]

use fenkit::{Format, ReadOptions, WriteOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|record: &[u8]| {
    let epd = ReadOptions::default().with_format(Format::Epd);
    let checked = epd.check(record);
    for diagnostic in &checked.diagnostics {
        assert!(diagnostic.span.start <= diagnostic.span.end);
        assert!(diagnostic.span.end <= record.len());
        assert!(!diagnostic.message.is_empty());
    }
    if let Ok(parsed) = epd.parse(record) {
        let mut written = Vec::new();
        WriteOptions::default().write_epd(&parsed.setup, &parsed.operations, &mut written);
        let again = epd.parse(&written).expect("written EPD reads back");
        assert_eq!(again.setup, parsed.setup);
        assert_eq!(again.operations, parsed.operations);
    }
});
