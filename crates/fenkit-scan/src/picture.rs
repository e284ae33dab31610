//! A picture as the reader sees it: grey levels from 0 (black) to 1
//! (white), at most [`LONGEST_SIDE`] pixels a side.

use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits};

/// The longest side a picture is read at: a larger one is scaled down
/// first, so that a poster-sized photo costs what a screenshot costs. A
/// board is read at 32 pixels a square, so even a board filling a
/// tenth of such a picture keeps its detail; and a whole desktop's
/// screenshot (1920 by 1080, and 2048 wide) is read as it is, unscaled,
/// where scaling it cost more than reading it (bench/scan).
pub const LONGEST_SIDE: u32 = 2048;

/// The most a decoder may allocate for one picture (512 MiB: a 16k by 8k
/// RGBA picture), and its largest side: a picture past either is refused
/// rather than read.
const MAX_ALLOCATION: u64 = 512 << 20;
const MAX_SIDE: u32 = 16_384;

/// Grey levels in rows from the top, each 0.0 (black) to 1.0 (white),
/// and the colours they came from where the picture was decoded (empty
/// for a picture made of grey levels, or scaled by [`Gray::scaled_to`]):
/// a last move's tint may keep the grey level of its square.
#[derive(Clone, Debug, PartialEq)]
pub struct Gray {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<f32>,
    pub colours: Vec<[u8; 3]>,
}

/// Why a picture could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PictureError {
    /// The bytes are no picture of a format fenkit reads.
    NotAPicture,
    /// The format is known but the picture is broken: truncated or
    /// corrupt; the decoder's words.
    Broken { format: &'static str, why: String },
    /// Larger than the limits allow.
    TooLarge { why: String },
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PictureError::NotAPicture => {
                f.write_str("not a picture fenkit reads (PNG, JPEG, GIF, WebP or BMP)")
            }
            PictureError::Broken { format, why } => {
                write!(f, "a broken {format} picture: {why}")
            }
            PictureError::TooLarge { why } => write!(f, "a picture too large to read: {why}"),
        }
    }
}

impl std::error::Error for PictureError {}

fn format_name(format: ImageFormat) -> &'static str {
    match format {
        ImageFormat::Png => "PNG",
        ImageFormat::Jpeg => "JPEG",
        ImageFormat::Gif => "GIF",
        ImageFormat::WebP => "WebP",
        ImageFormat::Bmp => "BMP",
        _ => "picture",
    }
}

impl Gray {
    /// Decodes a picture (its first frame, for an animation), by its
    /// first bytes, not its name.
    pub fn decode(bytes: &[u8]) -> Result<Gray, PictureError> {
        let format = image::guess_format(bytes).map_err(|_| PictureError::NotAPicture)?;
        if !matches!(
            format,
            ImageFormat::Png
                | ImageFormat::Jpeg
                | ImageFormat::Gif
                | ImageFormat::WebP
                | ImageFormat::Bmp
        ) {
            return Err(PictureError::NotAPicture);
        }
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        let mut limits = Limits::default();
        limits.max_alloc = Some(MAX_ALLOCATION);
        limits.max_image_width = Some(MAX_SIDE);
        limits.max_image_height = Some(MAX_SIDE);
        reader.limits(limits);
        let picture = reader.decode().map_err(|error| match error {
            image::ImageError::Limits(why) => PictureError::TooLarge {
                why: why.to_string(),
            },
            other => PictureError::Broken {
                format: format_name(format),
                why: other.to_string(),
            },
        })?;
        let mut rgba = picture.to_rgba8();
        drop(picture);
        let longest = rgba.width().max(rgba.height());
        if longest > LONGEST_SIDE {
            let scale = LONGEST_SIDE as f32 / longest as f32;
            let width = ((rgba.width() as f32 * scale).round() as u32).max(1);
            let height = ((rgba.height() as f32 * scale).round() as u32).max(1);
            rgba = image::imageops::resize(
                &rgba,
                width,
                height,
                image::imageops::FilterType::Triangle,
            );
        }
        let (width, height) = (rgba.width() as usize, rgba.height() as usize);
        // Transparent pixels are read over white, as a page shows them.
        let colours: Vec<[u8; 3]> = rgba
            .pixels()
            .map(|pixel| {
                let [r, g, b, a] = pixel.0.map(u16::from);
                [r, g, b].map(|channel| ((channel * a + 255 * (255 - a)) / 255) as u8)
            })
            .collect();
        Ok(Gray::from_colours(width, height, colours))
    }

    /// A picture of `width` by `height` pixels from their colours, in
    /// rows from the top.
    pub fn from_colours(width: usize, height: usize, colours: Vec<[u8; 3]>) -> Gray {
        let pixels = colours
            .iter()
            .map(|&[r, g, b]| {
                (0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b)) / 255.0
            })
            .collect();
        Gray {
            width,
            height,
            pixels,
            colours,
        }
    }

    /// The colour at (x, y), 0 to 1 a channel: the grey level thrice
    /// where the picture has no colours.
    pub fn colour_at(&self, x: usize, y: usize) -> [f32; 3] {
        match self.colours.get(y * self.width + x) {
            Some(colour) => colour.map(|channel| f32::from(channel) / 255.0),
            None => [self.at(x, y); 3],
        }
    }

    /// The grey level at (x, y).
    pub fn at(&self, x: usize, y: usize) -> f32 {
        self.pixels[y * self.width + x]
    }

    /// The grey level at a point between pixels, bilinear; points outside
    /// take the nearest edge pixel.
    pub fn sample(&self, x: f32, y: f32) -> f32 {
        let x = (x - 0.5).clamp(0.0, (self.width - 1) as f32);
        let y = (y - 0.5).clamp(0.0, (self.height - 1) as f32);
        let (x0, y0) = (x.floor() as usize, y.floor() as usize);
        let (x1, y1) = ((x0 + 1).min(self.width - 1), (y0 + 1).min(self.height - 1));
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let top = self.at(x0, y0) * (1.0 - fx) + self.at(x1, y0) * fx;
        let bottom = self.at(x0, y1) * (1.0 - fx) + self.at(x1, y1) * fx;
        top * (1.0 - fy) + bottom * fy
    }

    /// The mean grey level of the rectangle from (x0, y0) to (x1, y1),
    /// in pixel units, each point sampled `k` by `k` times: what a smaller
    /// picture's pixel covering that rectangle would show.
    pub fn area(&self, x0: f32, y0: f32, x1: f32, y1: f32, k: usize) -> f32 {
        let mut sum = 0.0;
        for j in 0..k {
            let y = y0 + (y1 - y0) * (j as f32 + 0.5) / k as f32;
            for i in 0..k {
                let x = x0 + (x1 - x0) * (i as f32 + 0.5) / k as f32;
                sum += self.sample(x, y);
            }
        }
        sum / (k * k) as f32
    }

    /// This picture with its longest side at most `longest`, each pixel
    /// the exact mean of the pixels it covers (rows, then columns: two
    /// passes over the picture, not a sampling of each small pixel's
    /// area); its colours are left behind.
    pub fn scaled_to(self, longest: usize) -> Gray {
        let side = self.width.max(self.height);
        if side <= longest || side == 0 {
            return Gray {
                colours: Vec::new(),
                ..self
            };
        }
        let scale = side as f32 / longest as f32;
        let width = ((self.width as f32 / scale).round() as usize).max(1);
        let height = ((self.height as f32 / scale).round() as usize).max(1);
        let across = area_weights(self.width, width);
        let down = area_weights(self.height, height);
        // Each row made narrow, then rows of those summed, weighted, into
        // each short row.
        let mut narrow = vec![0.0; width * self.height];
        for y in 0..self.height {
            let row = &self.pixels[y * self.width..(y + 1) * self.width];
            for (x, weights) in across.iter().enumerate() {
                narrow[y * width + x] = weights.mean(|at| row[at]);
            }
        }
        let mut pixels = vec![0.0; width * height];
        for (y, weights) in down.iter().enumerate() {
            let short = &mut pixels[y * width..(y + 1) * width];
            for from in weights.first..=weights.last {
                let share = weights.share(from) / weights.total;
                let row = &narrow[from * width..(from + 1) * width];
                for (sum, level) in short.iter_mut().zip(row) {
                    *sum += level * share;
                }
            }
        }
        Gray {
            width,
            height,
            pixels,
            colours: Vec::new(),
        }
    }
}

/// The share of each of a run of large pixels that one small pixel
/// covers: the first covered, its share, the whole ones, the last's share.
struct AreaWeights {
    first: usize,
    first_share: f32,
    last: usize,
    last_share: f32,
    total: f32,
}

impl AreaWeights {
    /// The share of the large pixel `at` covered.
    fn share(&self, at: usize) -> f32 {
        if at == self.first {
            self.first_share
        } else if at == self.last {
            self.last_share
        } else {
            1.0
        }
    }

    /// The covered pixels' mean, each pixel's level given by `level`.
    fn mean(&self, level: impl Fn(usize) -> f32) -> f32 {
        let sum: f32 = (self.first..=self.last)
            .map(|at| level(at) * self.share(at))
            .sum();
        sum / self.total
    }
}

/// For each of `small` pixels spanning the same length as `large`, the
/// large pixels it covers.
fn area_weights(large: usize, small: usize) -> Vec<AreaWeights> {
    let scale = large as f64 / small as f64;
    (0..small)
        .map(|index| {
            let (from, to) = (
                index as f64 * scale,
                ((index + 1) as f64 * scale).min(large as f64),
            );
            let first = from.floor() as usize;
            let last = ((to.ceil() as usize).max(first + 1) - 1).min(large - 1);
            let first_share = ((first + 1) as f64).min(to) - from;
            let last_share = if last == first {
                first_share
            } else {
                to - last as f64
            };
            AreaWeights {
                first,
                first_share: first_share as f32,
                last,
                last_share: last_share as f32,
                total: (to - from) as f32,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(width: usize, height: usize, pixels: Vec<f32>) -> Gray {
        Gray {
            width,
            height,
            pixels,
            colours: Vec::new(),
        }
    }

    #[test]
    fn a_smaller_picture_s_pixel_is_the_mean_of_those_it_covers() {
        // 4 by 2 into 2 by 1: each small pixel covers a 2 by 2 block.
        let halved = picture(4, 2, vec![0.0, 1.0, 0.5, 0.5, 1.0, 0.0, 0.25, 0.75]).scaled_to(2);
        assert_eq!((halved.width, halved.height), (2, 1));
        assert_eq!(halved.pixels, vec![0.5, 0.5]);
        // 3 by 1 into 2 by 1: each covers one pixel and half the middle one.
        let thirds = picture(3, 1, vec![0.0, 0.6, 0.9]).scaled_to(2);
        let expected = [(0.0 + 0.3) / 1.5, (0.3 + 0.9) / 1.5];
        for (got, want) in thirds.pixels.iter().zip(expected) {
            assert!((got - want).abs() < 1e-6, "{got} for {want}");
        }
    }
}
