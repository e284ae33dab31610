//! PNG images: the SVG diagram rasterized by resvg, with no fonts and no
//! system libraries.

use std::fmt;

use resvg::{tiny_skia, usvg};
use shakmaty::Setup;

use super::{Diagram, svg};

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

/// The diagram of `setup` as a PNG image.
///
/// ```
/// use fenkit::render::{Diagram, png};
///
/// let image = png(&shakmaty::Setup::initial(), &Diagram { size: 64, ..Diagram::default() })?;
/// assert!(image.starts_with(b"\x89PNG"));
/// # Ok::<_, fenkit::render::RenderError>(())
/// ```
pub fn png(setup: &Setup, diagram: &Diagram) -> Result<Vec<u8>, RenderError> {
    if !SIZES.contains(&diagram.size) {
        return Err(RenderError::Size(diagram.size));
    }
    let text = svg(setup, diagram);
    let tree = usvg::Tree::from_str(&text, &usvg::Options::default())
        .map_err(|err| RenderError::Draw(err.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| RenderError::Draw("no room for the image".into()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    encode(&pixmap).map_err(|err| RenderError::Draw(err.to_string()))
}

/// PNG bytes of `pixmap`, as RGB when it is opaque (diagrams are), with
/// fast compression: tiny-skia's own encoder compresses hard and took most
/// of the time of a diagram.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let opaque = pixmap.pixels().iter().all(|pixel| pixel.alpha() == u8::MAX);
    let (color, channels) = if opaque {
        (png::ColorType::Rgb, 3)
    } else {
        (png::ColorType::Rgba, 4)
    };
    let mut data = Vec::with_capacity(pixmap.pixels().len() * channels);
    if opaque {
        // Opaque pixels are the same premultiplied or not.
        for pixel in pixmap.pixels() {
            data.extend([pixel.red(), pixel.green(), pixel.blue()]);
        }
    } else {
        for pixel in pixmap.pixels() {
            let pixel = pixel.demultiply();
            data.extend([pixel.red(), pixel.green(), pixel.blue(), pixel.alpha()]);
        }
    }
    let mut bytes = Vec::with_capacity(data.len() / 8);
    let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.write_header()?.write_image_data(&data)?;
    Ok(bytes)
}
