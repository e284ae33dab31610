//! Letters drawn as paths, so that coordinates and captions look the same
//! in every SVG viewer and PNG rendering needs no fonts.
//!
//! The outlines are DejaVu Sans Bold's, extracted by `tools/glyphs.py`.

use std::{fmt::Write, sync::OnceLock};

/// The font's em in its own units.
const UNITS_PER_EM: f32 = 2048.0;

struct Glyph {
    advance: f32,
    outline: &'static str,
}

/// Glyphs by code point, for the characters `tools/glyphs.py` extracts.
fn glyphs() -> &'static Vec<(char, Glyph)> {
    static GLYPHS: OnceLock<Vec<(char, Glyph)>> = OnceLock::new();
    GLYPHS.get_or_init(|| {
        include_str!("../assets/glyphs.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let mut parts = line.splitn(3, ' ');
                let code = u32::from_str_radix(parts.next()?, 16).ok()?;
                let advance = parts.next()?.parse().ok()?;
                Some((
                    char::from_u32(code)?,
                    Glyph {
                        advance,
                        outline: parts.next().unwrap_or(""),
                    },
                ))
            })
            .collect()
    })
}

fn glyph(c: char) -> Option<&'static Glyph> {
    let table = glyphs();
    // ASCII sits in order from the space on; the rest, in code point
    // order too, is searched.
    let index = (c as usize).wrapping_sub(0x20);
    match table.get(index) {
        Some((found, glyph)) if *found == c => Some(glyph),
        _ => table
            .binary_search_by_key(&c, |(found, _)| *found)
            .ok()
            .map(|at| &table[at].1),
    }
}

/// The width of `text` at `size` user units per em.
pub fn width(text: &str, size: f32) -> f32 {
    let units: f32 = text.chars().filter_map(glyph).map(|g| g.advance).sum();
    units * size / UNITS_PER_EM
}

/// Where a line of text sits relative to its x position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// Writes `text` as one SVG path in `fill`, its baseline at `y`. Characters
/// without a glyph are left out.
pub fn write_text(
    svg: &mut String,
    text: &str,
    (x, y): (f32, f32),
    size: f32,
    anchor: Anchor,
    fill: &str,
) {
    let scale = size / UNITS_PER_EM;
    let mut pen = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - width(text, size) / 2.0,
        Anchor::End => x - width(text, size),
    };
    let _ = write!(svg, r#"<g fill="{fill}">"#);
    for glyph in text.chars().filter_map(glyph) {
        if !glyph.outline.is_empty() {
            let _ = write!(
                svg,
                r#"<path transform="translate({pen:.2} {y:.2}) scale({scale:.5} -{scale:.5})" d="{}"/>"#,
                glyph.outline
            );
        }
        pen += glyph.advance * scale;
    }
    svg.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_of_a_caption_has_a_glyph() {
        for c in "White to move · castling KQkq – en passant e3 abcdefgh 12345678".chars() {
            assert!(glyph(c).is_some(), "no glyph for {c:?}");
        }
        assert!(glyph('♔').is_none());
        for c in "Pérez Đukić Dziuba Карпов ½–½".chars() {
            assert!(glyph(c).is_some(), "no glyph for {c:?}");
        }
        let table = glyphs();
        assert!(
            table.windows(2).all(|pair| pair[0].0 < pair[1].0),
            "in code point order"
        );
    }

    #[test]
    fn width_grows_with_text_and_size() {
        assert!(width("ab", 10.0) > width("a", 10.0));
        assert_eq!(width("a", 20.0), 2.0 * width("a", 10.0));
    }
}
