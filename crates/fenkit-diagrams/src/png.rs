//! PNG images: the SVG diagram rasterized by resvg, with no fonts and no
//! system libraries. The empty board and the pieces come from pixels drawn
//! once (see `drawn`); the rest is drawn for each image.

use std::fmt;

use resvg::tiny_skia;
use shakmaty::Setup;

use super::{Diagram, Renderer, drawn, svg};

/// Why a diagram could not be drawn as a PNG image.
#[derive(Debug)]
pub enum RenderError {
    /// The width is outside 16 to 4096 pixels.
    Size(u32),
    /// resvg could not draw the diagram (a bug: the SVG is fenkit's own).
    Draw(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Size(size) => write!(
                f,
                "an image {size} pixels wide cannot be drawn; the size must be 16 to 4096"
            ),
            RenderError::Draw(why) => write!(f, "the diagram could not be drawn: {why}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// The range of image widths, in pixels.
pub const SIZES: std::ops::RangeInclusive<u32> = 16..=4096;

/// The diagram of `setup` as a PNG image, drawn from nothing (a
/// [`Renderer`] keeps what it drew for the next images).
///
/// ```
/// use fenkit_diagrams::{Diagram, png};
///
/// let image = png(&shakmaty::Setup::initial(), &Diagram::default().with_size(64))?;
/// assert!(image.starts_with(b"\x89PNG"));
/// # Ok::<_, fenkit_diagrams::RenderError>(())
/// ```
pub fn png(setup: &Setup, diagram: &Diagram) -> Result<Vec<u8>, RenderError> {
    Renderer::with_budget(0).png(setup, diagram)
}

impl Renderer {
    /// The diagram of `setup` as a PNG image, from the pixels this renderer
    /// keeps where it has them.
    pub fn png(&self, setup: &Setup, diagram: &Diagram) -> Result<Vec<u8>, RenderError> {
        let image = draw_pixels(self, setup, diagram)?;
        encode(&image).map_err(|err| RenderError::Draw(err.to_string()))
    }

    /// The diagram's pixels, for front ends that encode them otherwise
    /// (the frames of a GIF): width, height, and RGBA rows, opaque.
    pub fn rgba(
        &self,
        setup: &Setup,
        diagram: &Diagram,
    ) -> Result<(u32, u32, Vec<u8>), RenderError> {
        let image = draw_pixels(self, setup, diagram)?;
        Ok((image.width(), image.height(), image.take()))
    }
}

fn draw_pixels(
    renderer: &Renderer,
    setup: &Setup,
    diagram: &Diagram,
) -> Result<tiny_skia::Pixmap, RenderError> {
    if !SIZES.contains(&diagram.size) {
        return Err(RenderError::Size(diagram.size));
    }
    let layers = svg::layers(setup, diagram);
    let board = renderer.board(&layers.board)?;
    let mut image = tiny_skia::Pixmap::clone(&board);
    if let Some(highlights) = layers.highlights {
        draw(&highlights, &mut image)?;
    }
    // The drawing fills the image as SVG's default `xMidYMid meet` does:
    // one scale, centered on the axis with room to spare.
    let (width, height) = (image.width() as f32, image.height() as f32);
    let (view_width, view_height) = layers.view;
    let scale = (width / view_width).min(height / view_height);
    let left = (width - view_width * scale) / 2.0;
    let top = (height - view_height * scale) / 2.0;
    let sprites = renderer.sprites(&diagram.pieces, scale)?;
    for (piece, (x, y)) in layers.pieces {
        // At whole pixels: half a pixel off is invisible, and a whole-pixel
        // copy keeps the piece as sharp as it was drawn.
        let at = ((left + x * scale).round(), (top + y * scale).round());
        paint_over(&mut image, sprites.get(piece), (at.0 as i64, at.1 as i64));
    }
    if let Some(over) = layers.over {
        draw(&over, &mut image)?;
    }
    Ok(image)
}

fn draw(svg: &str, image: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    let tree = drawn::parse(svg)?;
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut image.as_mut());
    Ok(())
}

/// `sprite` painted over `image` with its top left corner at `at`: source
/// over, on premultiplied pixels. Most sprite pixels are fully clear or
/// fully opaque, which this does without arithmetic; tiny-skia's general
/// pipeline took as long as drawing the board.
fn paint_over(image: &mut tiny_skia::Pixmap, sprite: &tiny_skia::Pixmap, at: (i64, i64)) {
    let (image_width, image_height) = (i64::from(image.width()), i64::from(image.height()));
    let sprite_width = i64::from(sprite.width());
    let columns = at.0.max(0)..(at.0 + sprite_width).min(image_width);
    if columns.is_empty() {
        return;
    }
    let rows = at.1.max(0)..(at.1 + i64::from(sprite.height())).min(image_height);
    let (source, target) = (sprite.data(), image.data_mut());
    for row in rows {
        let from = ((row - at.1) * sprite_width + columns.start - at.0) as usize * 4;
        let to = (row * image_width + columns.start) as usize * 4;
        let length = (columns.end - columns.start) as usize * 4;
        let source = source[from..from + length].chunks_exact(4);
        let target = target[to..to + length].chunks_exact_mut(4);
        for (source, target) in source.zip(target) {
            match source[3] {
                0 => {}
                u8::MAX => target.copy_from_slice(source),
                alpha => {
                    let keep = u16::from(u8::MAX - alpha);
                    for (target, &source) in target.iter_mut().zip(source) {
                        // x * k / 255, rounded, without a division.
                        let product = u16::from(*target) * keep + 128;
                        let kept = ((product + (product >> 8)) >> 8) as u8;
                        *target = source.saturating_add(kept);
                    }
                }
            }
        }
    }
}

/// PNG bytes of `pixmap`, as RGB when it is opaque (diagrams are, but for
/// a seam when the width does not divide evenly), with fdeflate's fast
/// compression and the Paeth filter: on diagrams that is within 4% of the
/// smallest file and quicker than trying every filter on each row;
/// tiny-skia's own encoder took most of the time of a diagram.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let pixels = pixmap.data().chunks_exact(4);
    let opaque = pixels.clone().all(|pixel| pixel[3] == u8::MAX);
    let (color, data) = if opaque {
        // Opaque pixels are the same premultiplied or not.
        let mut data = vec![0; pixels.len() * 3];
        for (rgb, pixel) in data.chunks_exact_mut(3).zip(pixels) {
            rgb.copy_from_slice(&pixel[..3]);
        }
        (png::ColorType::Rgb, data)
    } else {
        let data = pixmap
            .pixels()
            .iter()
            .flat_map(|pixel| {
                let pixel = pixel.demultiply();
                [pixel.red(), pixel.green(), pixel.blue(), pixel.alpha()]
            })
            .collect();
        (png::ColorType::Rgba, data)
    };
    let mut bytes = Vec::with_capacity(data.len() / 8);
    let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Paeth);
    encoder.write_header()?.write_image_data(&data)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use shakmaty::Square;

    use super::*;
    use crate::{Arrow, Brush, CheckMark, Coordinates, Mark, Orientation, PieceSet, Theme};

    /// The whole SVG document rasterized in one go, as RGBA.
    fn drawn_whole(setup: &Setup, diagram: &Diagram) -> Vec<u8> {
        let tree = drawn::parse(&svg(setup, diagram)).expect("our SVG");
        let size = tree.size().to_int_size();
        let mut image = tiny_skia::Pixmap::new(size.width(), size.height()).expect("room");
        resvg::render(&tree, tiny_skia::Transform::identity(), &mut image.as_mut());
        image.take_demultiplied()
    }

    fn pixel(image: &[u8], width: usize, x: usize, y: usize) -> &[u8] {
        &image[(y * width + x) * 4..][..4]
    }

    fn decoded(bytes: &[u8]) -> Vec<u8> {
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .expect("a PNG");
        let mut data = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut data).expect("a frame");
        match info.color_type {
            png::ColorType::Rgba => data,
            png::ColorType::Rgb => data
                .chunks_exact(3)
                .flat_map(|rgb| [rgb[0], rgb[1], rgb[2], u8::MAX])
                .collect(),
            other => panic!("a diagram in {other:?}"),
        }
    }

    /// The pieces come from pixels drawn once and are placed at whole
    /// pixels, the board is drawn once, the rest over it: the picture is
    /// the one the SVG gives, but for the antialiased edges of pieces that
    /// moved by less than half a pixel.
    #[test]
    fn layered_image_is_the_svg_drawn_whole() {
        let middlegame =
            fenkit::parse(b"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
                .expect("well-formed")
                .setup;
        let busy = Diagram {
            size: 333,
            orientation: Orientation::Black,
            coordinates: Coordinates::Inside,
            theme: Theme::BLUE,
            pieces: PieceSet::named("fantasy").unwrap(),
            caption: true,
            clocks: None,
            last_move: Some((Square::H5, Square::F7)),
            check: CheckMark::Auto,
            arrows: vec![Arrow {
                brush: Brush::Red,
                from: Square::C4,
                to: Square::F7,
            }],
            marks: vec![Mark {
                brush: Brush::Green,
                square: Square::E5,
                cross: false,
            }],
            problems: vec![Square::A1],
            glyph: crate::MoveGlyph::new(Square::F7, 3),
            players: Some(crate::Players {
                white: "Pérez".into(),
                black: "Карпов".into(),
                result: Some("1-0".into()),
            }),
            eval_bar: true,
            eval: Some(fenkit::marks::Eval::Mate {
                moves: 1,
                depth: None,
            }),
        };
        for diagram in [Diagram::default(), busy] {
            let whole = drawn_whole(&middlegame, &diagram);
            let layered = decoded(&png(&middlegame, &diagram).expect("drawn"));
            assert_eq!(layered.len(), whole.len(), "{diagram:?}");
            let width = diagram.size as usize;
            let height = whole.len() / 4 / width;
            // A piece may sit up to half a pixel off, so each of our pixels
            // must lie within the colors the whole drawing has around it.
            let mut unmatched = Vec::new();
            for y in 0..height {
                for x in 0..width {
                    let around: Vec<&[u8]> = (y.saturating_sub(1)..=(y + 1).min(height - 1))
                        .flat_map(|y| {
                            (x.saturating_sub(1)..=(x + 1).min(width - 1)).map(move |x| (x, y))
                        })
                        .map(|(x, y)| pixel(&whole, width, x, y))
                        .collect();
                    let ours = pixel(&layered, width, x, y);
                    let within = (0..4).all(|channel| {
                        let low = around.iter().map(|p| p[channel]).min().unwrap_or(0);
                        let high = around.iter().map(|p| p[channel]).max().unwrap_or(0);
                        (low.saturating_sub(64)..=high.saturating_add(64)).contains(&ours[channel])
                    });
                    if !within {
                        unmatched.push((x, y));
                    }
                }
            }
            assert!(
                unmatched.len() < 20,
                "{} pixels are unlike the whole drawing around them, first {:?}, in {diagram:?}",
                unmatched.len(),
                &unmatched[..unmatched.len().min(10)]
            );
        }
    }
}
