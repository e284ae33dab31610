//! Captions from arbitrary text: `Caption::read` says what a line of a
//! PDF page gives of a diagram (its id, the side to move) or nothing,
//! without panic; an id it gives stands in the text, and a caption says
//! at least one thing.
#![no_main]

use fenkit_scan::Caption;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let text = String::from_utf8_lossy(input);
    if let Some(caption) = Caption::read(&text) {
        assert!(caption.id.is_some() || caption.side.is_some());
        if let Some(id) = &caption.id {
            assert!(caption.text.contains(id.as_str()), "{caption:?}");
        }
    }
});
