//! A user's piece drawings from arbitrary text: `PieceSet::from_svgs`
//! reads each through usvg and writes it anew, or says why not; a set it
//! takes draws a diagram that is well-formed XML, and a small PNG, without
//! panic. The text is split at the first NUL: before it the white pieces'
//! drawing, after it the black pieces'.
#![no_main]

use fenkit_diagrams::{Diagram, PieceSet, Renderer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let text = String::from_utf8_lossy(input);
    let (white, black) = text.split_once('\0').unwrap_or((&text, &text));
    let texts: [String; 12] =
        std::array::from_fn(|at| if at < 6 { white } else { black }.to_string());
    let Ok(set) = PieceSet::from_svgs("fuzzed", texts) else {
        return;
    };
    let diagram = Diagram::default().with_size(32).with_pieces(set);
    let setup = shakmaty::Setup::initial();
    let svg = fenkit_diagrams::svg(&setup, &diagram);
    roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let _ = Renderer::with_budget(0).png(&setup, &diagram);
});
