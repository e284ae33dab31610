//! A page's text as lines where they stand: each glyph hayro's
//! interpreter shows (visible or not: a scanned book's recognised text is
//! drawn invisible over its picture) with its character and place, put
//! together into lines, in the pixels of the page's picture, so that a
//! caption can be found beside the board it names.

use hayro::{
    hayro_interpret::{
        BlendMode, ClipPath, Context, Device, DrawMode, DrawProps, Image, ImageDrawProps,
        InterpreterSettings, SoftMask, TransformExt,
        font::{Glyph, GlyphRun},
        hayro_cmap::BfString,
        interpret_page,
    },
    hayro_syntax::page::Page,
    kurbo::{Affine, BezPath, Point, Rect},
};

/// A line of text on a page, in the page picture's pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct TextLine {
    pub text: String,
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
}

/// One glyph shown: its text, where its baseline starts and ends, and
/// its size (an em), in pixels.
struct Shown {
    text: String,
    start: f64,
    end: f64,
    baseline: f64,
    em: f64,
}

/// Collects the glyphs a page shows; draws nothing.
#[derive(Default)]
struct Glyphs {
    shown: Vec<Shown>,
}

/// Glyph outlines are in thousandths of an em (the interpreter's units).
const UNITS_PER_EM: f64 = 1000.0;

impl<'a> Device<'a> for Glyphs {
    fn draw_glyph_run(&mut self, run: &GlyphRun<'_, 'a>, props: DrawProps<'a>, _: &DrawMode) {
        for glyph in run.glyphs() {
            let place = props.transform * glyph.transform();
            let origin = place * Point::ZERO;
            let up = place * Point::new(0.0, UNITS_PER_EM) - origin;
            // Upright text only: a caption is set level, top up.
            if up.y >= 0.0 || up.x.abs() > 0.1 * up.y.abs() {
                continue;
            }
            let advance = match &**glyph {
                Glyph::Outline(outline) => outline.advance_width().map(f64::from),
                Glyph::Type3(_) => None,
            };
            let end = place * Point::new(advance.unwrap_or(UNITS_PER_EM / 2.0), 0.0);
            let text = match glyph.as_unicode() {
                Some(BfString::Char(c)) => c.to_string(),
                Some(BfString::String(text)) => text,
                None => continue,
            };
            self.shown.push(Shown {
                text,
                start: origin.x,
                end: end.x.max(origin.x),
                baseline: origin.y,
                em: -up.y,
            });
        }
    }

    fn draw_path(&mut self, _: &BezPath, _: DrawProps<'a>, _: &DrawMode) {}
    fn push_clip_path(&mut self, _: &ClipPath) {}
    fn push_transparency_group(&mut self, _: f32, _: Option<SoftMask<'a>>, _: BlendMode) {}
    fn draw_image(&mut self, _: Image<'a, '_>, _: ImageDrawProps<'a>) {}
    fn pop_clip(&mut self) {}
    fn pop_transparency_group(&mut self) {}
}

/// The lines of text `page` shows, drawn at `scale` pixels a point: top
/// to bottom, each line's pieces left to right; glyphs on one baseline
/// but two ems or more apart are two lines (captions of boards side by
/// side).
pub(crate) fn lines(page: &Page<'_>, scale: f32) -> Vec<TextLine> {
    let transform = Affine::scale(f64::from(scale)) * page.initial_transform(true).to_kurbo();
    let (width, height) = page.render_dimensions();
    let bounds = Rect::new(
        0.0,
        0.0,
        f64::from(width * scale),
        f64::from(height * scale),
    );
    let cache = hayro::hayro_interpret::InterpreterCache::new();
    let mut context = Context::new(
        transform,
        bounds,
        &cache,
        page.xref(),
        InterpreterSettings::default(),
    );
    let mut glyphs = Glyphs::default();
    interpret_page(page, &mut context, &mut glyphs);
    let mut shown = glyphs.shown;
    shown.retain(|glyph| glyph.em > 0.0 && glyph.em.is_finite() && glyph.start.is_finite());
    shown.sort_by(|a, b| a.baseline.total_cmp(&b.baseline));
    // Glyphs whose baselines lie within a third of an em are one row.
    let mut rows: Vec<Vec<Shown>> = Vec::new();
    for glyph in shown {
        match rows.last_mut() {
            Some(row) if (glyph.baseline - row[0].baseline).abs() < row[0].em / 3.0 => {
                row.push(glyph)
            }
            _ => rows.push(vec![glyph]),
        }
    }
    let mut lines = Vec::new();
    for mut row in rows {
        row.sort_by(|a, b| a.start.total_cmp(&b.start));
        let mut line: Option<(String, f64, f64, f64, f64)> = None;
        for glyph in row {
            match &mut line {
                Some((text, _, right, baseline, em)) if glyph.start - *right < 2.0 * *em => {
                    // A gap of a fifth of an em or more is a space the
                    // PDF left out (text placed word by word).
                    if glyph.start - *right > *em / 5.0 && !text.ends_with(' ') {
                        text.push(' ');
                    }
                    text.push_str(&glyph.text);
                    *right = right.max(glyph.end);
                    *baseline = baseline.max(glyph.baseline);
                    *em = em.max(glyph.em);
                }
                _ => {
                    lines.extend(line.take().map(text_line));
                    line = Some((glyph.text, glyph.start, glyph.end, glyph.baseline, glyph.em));
                }
            }
        }
        lines.extend(line.map(text_line));
    }
    lines.retain(|line| !line.text.trim().is_empty());
    lines
}

/// A line from its text, left and right ends, baseline and em.
fn text_line((text, left, right, baseline, em): (String, f64, f64, f64, f64)) -> TextLine {
    TextLine {
        text: text.trim().to_string(),
        left: left as f32,
        // Capitals stand about 0.7 em over the baseline; descenders 0.2
        // under it.
        top: (baseline - 0.75 * em) as f32,
        right: right as f32,
        bottom: (baseline + 0.2 * em) as f32,
    }
}
