//! A picture as the reader sees it: grey levels from 0 (black) to 1
//! (white), at most [`LONGEST_SIDE`] pixels a side.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, ImageReader, Limits};

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

/// The most points each way [`Gray::area`] reads a rectangle at: a square
/// cut to 32 pixels from a board 2048 pixels a side has 8 of the
/// picture's pixels each way under each of its own.
pub const MOST_POINTS: usize = 8;

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
        // Most screenshots and photos are opaque colour, read as they
        // are: the same colours as over white, without a copy.
        if let DynamicImage::ImageRgb8(rgb) = &picture
            && rgb.width().max(rgb.height()) <= LONGEST_SIDE
        {
            let (width, height) = (rgb.width() as usize, rgb.height() as usize);
            let colours = rgb.pixels().map(|pixel| pixel.0).collect();
            return Ok(Gray::from_colours(width, height, colours));
        }
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
        let (x0, x1, fx, rest_x) = point(x, self.width);
        let (y0, y1, fy, rest_y) = point(y, self.height);
        let top = self.at(x0, y0) * rest_x + self.at(x1, y0) * fx;
        let bottom = self.at(x0, y1) * rest_x + self.at(x1, y1) * fx;
        top * rest_y + bottom * fy
    }

    /// The mean grey level of the rectangle from (x0, y0) to (x1, y1),
    /// in pixel units, each point sampled `k` by `k` times: what a smaller
    /// picture's pixel covering that rectangle would show. `k` is at most
    /// [`MOST_POINTS`]; a larger one is read as that.
    pub fn area(&self, x0: f32, y0: f32, x1: f32, y1: f32, k: usize) -> f32 {
        let columns = Points::new(x0, x1, k, self.width);
        self.mean_at(&columns, &Points::new(y0, y1, k, self.height))
    }

    /// The mean level at the points of `columns` across and `rows` down,
    /// each read as [`sample`](Gray::sample) reads it, summed row by row
    /// in the same order: [`area`](Gray::area) with its points worked out
    /// once for all the rectangles that share them (the squares of a
    /// board share their columns and rows), where the squares' cut and
    /// the search for the board spend most of their time.
    pub(crate) fn mean_at(&self, columns: &Points, rows: &Points) -> f32 {
        let mut sum = 0.0;
        for &(above, below, fy, rest_y) in rows.points() {
            let top_row = &self.pixels[above * self.width..][..self.width];
            let bottom_row = &self.pixels[below * self.width..][..self.width];
            for &(before, after, fx, rest_x) in columns.points() {
                let top = top_row[before] * rest_x + top_row[after] * fx;
                let bottom = bottom_row[before] * rest_x + bottom_row[after] * fx;
                sum += top * rest_y + bottom * fy;
            }
        }
        sum / (columns.count * rows.count) as f32
    }

    /// This picture with its longest side at most `longest`, each pixel
    /// the mean of `k` by `k` points of the area it covers, each point
    /// read between the four pixels around it (`area`); its colours are
    /// left behind. Borrowed, so that a screenshot's levels and colours
    /// are not copied only to be scaled (a desktop's: 14 MB of fresh
    /// memory).
    ///
    /// ```
    /// use fenkit_scan::picture::Gray;
    ///
    /// let white = Gray::from_colours(4, 2, vec![[255, 255, 255]; 8]);
    /// let small = white.scaled_to(2);
    /// assert_eq!((small.width, small.height), (2, 1));
    /// assert!(small.pixels.iter().all(|&level| (level - 1.0).abs() < 1e-6));
    /// // The picture is still there, colours and all.
    /// assert!(small.colours.is_empty() && white.colours.len() == 8);
    /// ```
    pub fn scaled_to(&self, longest: usize) -> Gray {
        let side = self.width.max(self.height);
        if side <= longest || side == 0 {
            return self.levels_only();
        }
        let scale = side as f32 / longest as f32;
        let width = ((self.width as f32 / scale).round() as usize).max(1);
        let height = ((self.height as f32 / scale).round() as usize).max(1);
        let k = scale.ceil() as usize + 1;
        let spans = |count: usize| -> Vec<(f32, f32)> {
            (0..count)
                .map(|index| (index as f32 * scale, scale))
                .collect()
        };
        Gray {
            width,
            height,
            pixels: self.areas(&spans(width), &spans(height), k),
            colours: Vec::new(),
        }
    }

    /// The same grey levels without the colours they came from.
    pub fn levels_only(&self) -> Gray {
        Gray {
            width: self.width,
            height: self.height,
            pixels: self.pixels.clone(),
            colours: Vec::new(),
        }
    }

    /// The mean level of each rectangle of a grid, as [`area`](Gray::area)
    /// reads it: `columns` and `rows` give each rectangle's span across
    /// and down, where it starts and how long it is; the means come row
    /// by row. Computed as two passes, rows then columns, since the
    /// points' weights on the picture's pixels part into a weight a
    /// column times a weight a row: the same levels as reading each area
    /// (to rounding), in a tenth of the time on a screenshot.
    pub fn areas(&self, columns: &[(f32, f32)], rows: &[(f32, f32)], k: usize) -> Vec<f32> {
        if self.width == 0 || self.height == 0 {
            return vec![0.0; columns.len() * rows.len()];
        }
        let across = point_weights(self.width, columns, k);
        let down = point_weights(self.height, rows, k);
        // Only the picture's rows some rectangle reads are made narrow.
        let (first, last) = down
            .iter()
            .flatten()
            .fold((usize::MAX, 0), |(first, last), &(at, _)| {
                (first.min(at), last.max(at))
            });
        let width = columns.len();
        let mut narrow = vec![0.0; width * (last + 1).saturating_sub(first)];
        for y in first..=last {
            let row = &self.pixels[y * self.width..(y + 1) * self.width];
            let narrow_row = &mut narrow[(y - first) * width..][..width];
            for (sum, weights) in narrow_row.iter_mut().zip(&across) {
                *sum = weights.iter().map(|&(at, w)| row[at] * w).sum();
            }
        }
        let mut means = vec![0.0; width * rows.len()];
        for (short, weights) in means.chunks_exact_mut(width.max(1)).zip(&down) {
            for &(from, weight) in weights {
                let row = &narrow[(from - first) * width..][..width];
                for (sum, level) in short.iter_mut().zip(row) {
                    *sum += level * weight;
                }
            }
        }
        means
    }
}

/// For each span (start, length) along a line of `large` pixels, the pixels
/// its `k` evenly spaced points are read from (as `Gray::sample` reads a
/// point between two pixels) and their weights, summing to one.
fn point_weights(large: usize, spans: &[(f32, f32)], k: usize) -> Vec<Vec<(usize, f32)>> {
    spans
        .iter()
        .map(|&(start, length)| {
            let mut weights: Vec<(usize, f32)> = Vec::new();
            let mut add = |at: usize, weight: f32| match weights.iter_mut().find(|(i, _)| *i == at)
            {
                Some((_, sum)) => *sum += weight,
                None => weights.push((at, weight)),
            };
            for index in 0..k {
                let at = start + length * (index as f32 + 0.5) / k as f32;
                let (before, after, share, rest) = point(at, large);
                add(before, rest / k as f32);
                add(after, share / k as f32);
            }
            weights
        })
        .collect()
}

/// A place between pixels along a line of `pixels` pixels (their centres
/// at 0.5, 1.5, ...), as [`Gray::sample`] reads it: the pixel before it,
/// the pixel after, the after one's share and the before one's. A place
/// outside takes the nearest edge pixel.
fn point(place: f32, pixels: usize) -> (usize, usize, f32, f32) {
    let place = (place - 0.5).clamp(0.0, (pixels - 1) as f32);
    // At least 0 here, where truncating is flooring (and needs no call
    // into the maths library).
    let before = place as usize;
    let share = place - before as f32;
    (before, (before + 1).min(pixels - 1), share, 1.0 - share)
}

/// The evenly spaced points of a span along a line of pixels, each a
/// [`point`]: the pixel before it, the pixel after, the after one's
/// share and the before one's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Points {
    count: usize,
    at: [(usize, usize, f32, f32); MOST_POINTS],
}

impl Points {
    /// The `k` points of the span from `from` to `to` along a line of
    /// `pixels` pixels, one in the middle of each `k`th of it (`k` at most
    /// [`MOST_POINTS`]; a larger one is read as that); points outside
    /// take the nearest edge pixel.
    pub(crate) fn new(from: f32, to: f32, k: usize, pixels: usize) -> Points {
        let k = k.min(MOST_POINTS);
        let mut at = [(0, 0, 0.0, 0.0); MOST_POINTS];
        for (i, slot) in at.iter_mut().enumerate().take(k) {
            *slot = point(from + (to - from) * (i as f32 + 0.5) / k as f32, pixels);
        }
        Points { count: k, at }
    }

    fn points(&self) -> &[(usize, usize, f32, f32)] {
        &self.at[..self.count]
    }
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
    fn an_area_is_the_mean_of_its_points_sampled_one_by_one() {
        // `area` works out a row's and a column's share of its points
        // once; its levels must be those of sampling each point, to the
        // last bit, for the squares it cuts are what the network was
        // trained on. Rectangles off the pixel grid, some past the edges.
        let (width, height) = (29, 23);
        let levels = (0..width * height)
            .map(|i| ((i * 41) % 89) as f32 / 88.0)
            .collect();
        let large = picture(width, height, levels);
        for k in 1..=MOST_POINTS {
            for corner in 0..40 {
                let (x0, y0) = (corner as f32 * 0.77 - 2.1, corner as f32 * 0.61 - 1.3);
                let (x1, y1) = (x0 + 0.3 + 0.19 * k as f32, y0 + 4.7 - 0.4 * k as f32);
                let mut sum = 0.0;
                for j in 0..k {
                    let y = y0 + (y1 - y0) * (j as f32 + 0.5) / k as f32;
                    for i in 0..k {
                        let x = x0 + (x1 - x0) * (i as f32 + 0.5) / k as f32;
                        sum += large.sample(x, y);
                    }
                }
                let one_by_one = sum / (k * k) as f32;
                let got = large.area(x0, y0, x1, y1, k);
                assert_eq!(
                    got.to_bits(),
                    one_by_one.to_bits(),
                    "k {k}, corner {corner}"
                );
            }
        }
    }

    #[test]
    fn a_grid_of_areas_is_each_area_sampled() {
        // Spans of uneven lengths, off the pixel grid, some past the
        // picture's edge.
        let (width, height) = (53, 41);
        let levels = (0..width * height)
            .map(|i| ((i * 53) % 97) as f32 / 96.0)
            .collect();
        let large = picture(width, height, levels);
        let columns: Vec<(f32, f32)> = (0..20).map(|i| (i as f32 * 2.7 - 1.3, 3.2)).collect();
        let rows: Vec<(f32, f32)> = (0..9)
            .map(|i| (i as f32 * 4.6 + 0.2, 3.9 + 0.1 * i as f32))
            .collect();
        for k in [1, 3] {
            let means = large.areas(&columns, &rows, k);
            assert_eq!(means.len(), 20 * 9);
            for (y, &(y0, down)) in rows.iter().enumerate() {
                for (x, &(x0, across)) in columns.iter().enumerate() {
                    let sampled = large.area(x0, y0, x0 + across, y0 + down, k);
                    let got = means[y * 20 + x];
                    assert!(
                        (got - sampled).abs() < 1e-5,
                        "({x}, {y}): {got} for {sampled}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_smaller_picture_is_the_area_sampling_in_two_passes() {
        // Every pixel as `area` samples it, on a picture of many levels.
        let (width, height) = (97, 61);
        let levels = (0..width * height)
            .map(|i| ((i * 37) % 101) as f32 / 100.0)
            .collect();
        let large = picture(width, height, levels);
        let small = large.scaled_to(40);
        assert_eq!((small.width, small.height), (40, 25));
        let scale = width as f32 / 40.0;
        let k = scale.ceil() as usize + 1;
        for y in 0..small.height {
            for x in 0..small.width {
                let (x0, y0) = (x as f32 * scale, y as f32 * scale);
                let sampled = large.area(x0, y0, x0 + scale, y0 + scale, k);
                let got = small.pixels[y * small.width + x];
                assert!(
                    (got - sampled).abs() < 1e-5,
                    "({x}, {y}): {got} for {sampled}"
                );
            }
        }
    }
}
