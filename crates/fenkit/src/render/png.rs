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
    pixmap
        .encode_png()
        .map_err(|err| RenderError::Draw(err.to_string()))
}
