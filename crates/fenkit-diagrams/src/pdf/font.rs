//! The font a sheet's text is set in: DejaVu Sans Bold, cut by
//! `tools/font.py` to the characters diagrams draw, its glyphs numbered as
//! the pages meet them and the font cut to those at the end (the subsetter
//! crate), written as a CID font with its widths and a map back to
//! Unicode, so that the text can be extracted, searched and read aloud.

use std::collections::BTreeMap;

use pdf_writer::{
    Chunk, Filter, Finish, Name, Rect, Ref, Str,
    types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap},
};
use subsetter::GlyphRemapper;

use super::deflated;

const FONT: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");
const FONT_NAME: &[u8] = b"FENKIT+DejaVuSans-Bold";

/// The font, and the glyphs the pages have used so far.
pub(super) struct Font {
    face: ttf_parser::Face<'static>,
    /// The glyphs used, numbered anew in the order met: the numbers the
    /// text is written in.
    glyphs: GlyphRemapper,
    /// The character each glyph used stands for, by its new number.
    characters: BTreeMap<u16, char>,
}

impl Font {
    pub(super) fn new() -> Font {
        let face = ttf_parser::Face::parse(FONT, 0)
            .unwrap_or_else(|_| unreachable!("the shipped font reads"));
        let mut glyphs = GlyphRemapper::new();
        glyphs.remap(0);
        Font {
            face,
            glyphs,
            characters: BTreeMap::new(),
        }
    }

    /// `text` as the two-byte glyph numbers the page's font takes, each
    /// glyph noted for the font and the map back to Unicode. A character
    /// the font lacks is left out, as the diagrams' letters leave it out.
    pub(super) fn glyphs_of(&mut self, text: &str) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(2 * text.len());
        for character in text.chars() {
            let Some(glyph) = self.face.glyph_index(character) else {
                continue;
            };
            let number = self.glyphs.remap(glyph.0);
            self.characters.entry(number).or_insert(character);
            bytes.extend(number.to_be_bytes());
        }
        bytes
    }

    /// The font as a CID font (`font_ref`, and the four objects it
    /// needs: the CID font, its descriptor, the font program and the map
    /// back to Unicode) of the glyphs used, numbered as the text has them.
    pub(super) fn write(
        &self,
        font_ref: Ref,
        [cid, descriptor, file, map]: [Ref; 4],
        chunk: &mut Chunk,
    ) -> Result<(), crate::RenderError> {
        let subset = subsetter::subset(FONT, 0, &self.glyphs)
            .map_err(|err| crate::RenderError::Draw(format!("the font: {err:?}")))?;
        let font = &self.face;
        let scale = 1000.0 / f32::from(font.units_per_em());
        let width = |glyph: u16| {
            let advance = font.glyph_hor_advance(ttf_parser::GlyphId(glyph));
            f32::from(advance.unwrap_or(0)) * scale
        };
        chunk
            .type0_font(font_ref)
            .base_font(Name(FONT_NAME))
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(map);
        let identity = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };
        let mut cid_font = chunk.cid_font(cid);
        cid_font
            .subtype(CidFontType::Type2)
            .base_font(Name(FONT_NAME))
            .system_info(identity)
            .font_descriptor(descriptor)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let widths: Vec<f32> = self.glyphs.remapped_gids().map(width).collect();
        cid_font.widths().consecutive(0, widths);
        cid_font.finish();
        let bounds = font.global_bounding_box();
        let cap_height = font.capital_height().unwrap_or(font.ascender());
        chunk
            .font_descriptor(descriptor)
            .name(Name(FONT_NAME))
            .flags(FontFlags::NON_SYMBOLIC)
            .bbox(Rect::new(
                f32::from(bounds.x_min) * scale,
                f32::from(bounds.y_min) * scale,
                f32::from(bounds.x_max) * scale,
                f32::from(bounds.y_max) * scale,
            ))
            .italic_angle(0.0)
            .ascent(f32::from(font.ascender()) * scale)
            .descent(f32::from(font.descender()) * scale)
            .cap_height(f32::from(cap_height) * scale)
            .stem_v(140.0)
            .font_file2(file);
        chunk
            .stream(file, &deflated(&subset))
            .filter(Filter::FlateDecode)
            .pair(Name(b"Length1"), subset.len() as i32);
        let mut unicode = UnicodeCmap::new(Name(b"Custom"), identity);
        for (&glyph, &character) in &self.characters {
            unicode.pair(glyph, character);
        }
        chunk
            .cmap(map, &deflated(&unicode.finish()))
            .filter(Filter::FlateDecode);
        Ok(())
    }
}
