//! A variant's record on arbitrary bytes, in each of lichess's variants:
//! reading never panics, every span stays inside the record, and what is
//! read writes a FEN that reads back, in the same variant, to the same
//! setup.
#![no_main]

use fenkit::{ReadOptions, variants::Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|record: &[u8]| {
    for variant in Variant::ALL {
        let read = ReadOptions::default().with_variant(variant);
        let checked = read.check(record);
        for diagnostic in &checked.diagnostics {
            assert!(diagnostic.span.start <= diagnostic.span.end);
            assert!(
                diagnostic.span.end <= record.len(),
                "{variant}: {diagnostic:?}"
            );
            assert!(!diagnostic.message.is_empty());
        }
        if let Ok(parsed) = read.parse(record) {
            let fen = fenkit::Fen::from(parsed.setup.clone()).to_string();
            let again = read
                .parse(fen.as_bytes())
                .expect("the written FEN reads back");
            assert_eq!(again.setup, parsed.setup, "{variant}: {fen}");
        }
    }
});
