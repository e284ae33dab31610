//! Where the board stands in a picture: the grid of 9 evenly spaced lines
//! each way that the picture's edges follow best.
//!
//! The picture is blurred first, so that the hatching of a book's dark
//! squares becomes an even grey and its squares' edges stand out as a
//! screen's do; then each column's (and row's) mean edge strength is a
//! profile, and the board is the start and spacing whose nine lines sum
//! the most of it above the profile's median. Each way is found over
//! the other's band again, so that a page around the board weighs less.

use crate::picture::Gray;
use crate::squares::BoardBox;

/// The smallest square read, in pixels of the picture as read: a board
/// under 80 pixels a side has too little detail to name its pieces.
const SMALLEST_SQUARE: f32 = 10.0;

/// How much the board's nine lines must stand above an average column,
/// as a ratio and in grey levels (a line's mean edge along its length):
/// a picture whose best grid is weaker has no board. A board's lines run
/// its whole side (0.1 and more of the 0-1 range); a line of text's edges
/// cover a sliver of a column.
const LEAST_STRENGTH: f32 = 1.4;
const LEAST_EDGE: f32 = 0.035;

/// The board found, and how clearly: the grid lines' mean edge over the
/// profile's median, plus one (a crisp board scores 5 and more, a book's
/// hatched one 2 to 5).
pub fn locate(picture: &Gray) -> Option<(BoardBox, f32)> {
    // Found on a copy at most 800 pixels a side, and mapped back.
    let small = picture.clone().scaled_to(800);
    let scale = picture.width as f32 / small.width as f32;
    let blurred = blur(&small, (small.width.max(small.height) / 200).max(2));
    let columns = profile(&blurred, Way::Columns, 0..blurred.height);
    let rows = profile(&blurred, Way::Rows, 0..blurred.width);
    let (x0, sx, _, _) = grid(&columns)?;
    let (y0, sy, _, _) = grid(&rows)?;
    // Again over the board's band only.
    let band = |start: f32, step: f32, len: usize| {
        (start.max(0.0) as usize)..((start + 8.0 * step).ceil() as usize + 1).min(len)
    };
    let columns = profile(&blurred, Way::Columns, band(y0, sy, blurred.height));
    let rows = profile(&blurred, Way::Rows, band(x0, sx, blurred.width));
    let (x0, sx, edge_x, median_x) = grid(&columns)?;
    let (y0, sy, edge_y, median_y) = grid(&rows)?;
    let edge = edge_x.min(edge_y);
    let strength = (edge_x / median_x).min(edge_y / median_y) + 1.0;
    if edge < LEAST_EDGE || strength < LEAST_STRENGTH || sx.max(sy) > 1.3 * sx.min(sy) {
        return None;
    }
    Some((
        BoardBox {
            left: x0 * scale,
            top: y0 * scale,
            width: 8.0 * sx * scale,
            height: 8.0 * sy * scale,
        },
        strength,
    ))
}

#[derive(Clone, Copy)]
enum Way {
    Columns,
    Rows,
}

/// Each column's (or row's) mean edge strength across `band`, the
/// difference between its neighbours on either side.
fn profile(picture: &Gray, way: Way, band: std::ops::Range<usize>) -> Vec<f32> {
    let (length, across) = match way {
        Way::Columns => (picture.width, picture.height),
        Way::Rows => (picture.height, picture.width),
    };
    let band = band.start.min(across)..band.end.min(across);
    let count = band.len().max(1) as f32;
    let at = |along: usize, across: usize| match way {
        Way::Columns => picture.at(along, across),
        Way::Rows => picture.at(across, along),
    };
    let mut profile: Vec<f32> = (0..length)
        .map(|along| {
            if along == 0 || along + 1 >= length {
                return 0.0;
            }
            band.clone()
                .map(|across| (at(along + 1, across) - at(along - 1, across)).abs())
                .sum::<f32>()
                / count
        })
        .collect();
    // A board cropped flush (a screenshot of the board alone) has its
    // outer lines on the picture's edges, where no difference can be
    // taken: the edges count as lines as strong as the picture's
    // strongest tenth.
    if length > 2 {
        let mut sorted = profile.clone();
        sorted.sort_by(f32::total_cmp);
        let strong = sorted[sorted.len() * 9 / 10];
        profile[0] = strong;
        profile[length - 1] = strong;
    }
    profile
}

/// The start and step of the nine evenly spaced lines that sum the most
/// of `profile` above its median, their mean strength above the median,
/// and the median.
fn grid(profile: &[f32]) -> Option<(f32, f32, f32, f32)> {
    let length = profile.len();
    let mut sorted = profile.to_vec();
    sorted.sort_by(f32::total_cmp);
    let median = sorted[length / 2].max(1e-3);
    // A line's strength is the best of the three pixels around it, so
    // that a fractional spacing still finds its line.
    let peak: Vec<f32> = (0..length)
        .map(|at| {
            let low = at.saturating_sub(1);
            let high = (at + 1).min(length - 1);
            profile[low..=high].iter().copied().fold(0.0, f32::max) - median
        })
        .collect();
    let mut best: Option<(f32, f32, f32)> = None;
    let mut step = SMALLEST_SQUARE;
    while step * 8.0 < length as f32 {
        let span = (step * 8.0).round() as usize;
        for start in 0..length - span {
            let score: f32 = (0..9)
                .map(|k| peak[(start as f32 + k as f32 * step).round() as usize])
                .sum();
            if best.is_none_or(|(_, _, best)| score > best) {
                best = Some((start as f32, step, score));
            }
        }
        step += 0.25;
    }
    best.map(|(start, step, score)| (start, step, score / 9.0, median))
}

/// A box blur of `radius` pixels each way, by running sums.
fn blur(picture: &Gray, radius: usize) -> Gray {
    let (width, height) = (picture.width, picture.height);
    let pass = |pixels: &[f32], width: usize, height: usize| {
        // Blurs along rows, writing the result transposed.
        let mut out = vec![0.0; width * height];
        for y in 0..height {
            let row = &pixels[y * width..][..width];
            let mut sum: f32 = row.iter().take(radius).sum();
            let mut count = radius.min(width) as f32;
            for x in 0..width {
                if x + radius < width {
                    sum += row[x + radius];
                    count += 1.0;
                }
                if x > radius {
                    sum -= row[x - radius - 1];
                    count -= 1.0;
                }
                out[x * height + y] = sum / count;
            }
        }
        out
    };
    let once = pass(&picture.pixels, width, height);
    let pixels = pass(&once, height, width);
    Gray {
        width,
        height,
        pixels,
        colours: Vec::new(),
    }
}
