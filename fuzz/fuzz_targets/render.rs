//! Diagrams from arbitrary input: the first line holds option texts (arrows,
//! marks, theme, check, last move, orientation, coordinates, a move glyph,
//! `bar`, `cpN`, `players` with the line as a name), each read
//! without panic; the rest is a record read leniently. Whatever position
//! results is drawn as SVG that is well-formed XML with 64 squares, and as
//! a small PNG.
#![no_main]

use fenkit::ReadOptions;
use fenkit_diagrams::{
    Arrow, CheckMark, Coordinates, Diagram, Mark, Orientation, Theme, move_squares,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let (options, record) = match input.iter().position(|&b| b == b'\n') {
        Some(cut) => (&input[..cut], &input[cut + 1..]),
        None => (&input[..0], input),
    };
    let mut diagram = Diagram::default().with_size(32);
    for text in String::from_utf8_lossy(options).split(' ') {
        if let Ok(arrow) = text.parse::<Arrow>() {
            diagram.arrows.push(arrow);
        }
        if let Ok(mark) = text.parse::<Mark>() {
            diagram.marks.push(mark);
        }
        if let Ok(theme) = text.parse::<Theme>() {
            diagram.theme = theme;
        }
        if let Ok(check) = text.parse::<CheckMark>() {
            diagram.check = check;
        }
        if let Ok(squares) = move_squares(text) {
            diagram.last_move = Some(squares);
        }
        if let Ok(orientation) = text.parse::<Orientation>() {
            diagram.orientation = orientation;
        }
        if let Ok(coordinates) = text.parse::<Coordinates>() {
            diagram.coordinates = coordinates;
        }
        if let Ok(glyph) = text.parse::<fenkit_diagrams::MoveGlyph>() {
            diagram.glyph = Some(glyph);
        }
        diagram.caption ^= text == "caption";
        diagram.eval_bar ^= text == "bar";
        if text == "players" {
            diagram.players = Some(fenkit_diagrams::Players {
                white: String::from_utf8_lossy(options).into_owned(),
                black: "Карпов (2700)".into(),
                result: Some("1/2-1/2".into()),
            });
        }
        if let Some(cp) = text.strip_prefix("cp").and_then(|cp| cp.parse().ok()) {
            diagram.eval = Some(fenkit_games::Eval::Centipawns { cp, depth: None });
        }
    }
    let lenient = ReadOptions::default().with_lenient(true);
    let Ok(parsed) = lenient.parse(record) else {
        return;
    };
    diagram.problems = fenkit::violations(&parsed.setup, shakmaty::CastlingMode::Standard)
        .into_iter()
        .filter_map(|v| v.square)
        .collect();
    let svg = fenkit_diagrams::svg(&parsed.setup, &diagram);
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let squares = document
        .descendants()
        .filter(|node| {
            node.attribute("class")
                .is_some_and(|class| class.starts_with("square "))
        })
        .count();
    assert_eq!(squares, 64);
    let png = fenkit_diagrams::png(&parsed.setup, &diagram).expect("drawn");
    assert!(png.starts_with(b"\x89PNG"));
});
