//! The lines of a board's grid in a picture's edges: the picture blurred
//! ([`blur`]), each column's (and row's) mean edge strength a profile,
//! and the nine evenly spaced lines each way that sum the most of it,
//! first over the whole picture ([`square_grid`]: the steps and starts
//! worth fitting), then near an estimate ([`grid_near`]: a board fitted
//! each way alone).

use super::SMALLEST_SQUARE;
use crate::picture::Gray;

/// Each way's profile (as [`Lines`]) over the band of the other way that
/// a board `step` pixels a square starting at each of `starts` covers.
pub(super) fn lines_over(blurred: &Gray, way: Way, starts: &[f32], step: f32) -> Vec<Lines> {
    let length = match way {
        Way::Columns => blurred.height,
        Way::Rows => blurred.width,
    };
    let band = |start: f32| {
        (start.max(0.0) as usize)..((start + 8.0 * step).ceil() as usize + 1).min(length)
    };
    let profiles = starts
        .iter()
        .map(|&start| profile(blurred, way, band(start)));
    profiles.map(|profile| Lines::new(&profile)).collect()
}

#[derive(Clone, Copy)]
pub(super) enum Way {
    Columns,
    Rows,
}

/// Each column's (or row's) mean edge strength across `band`, the
/// difference between its neighbours on either side.
pub(super) fn profile(picture: &Gray, way: Way, band: std::ops::Range<usize>) -> Vec<f32> {
    let (length, across) = match way {
        Way::Columns => (picture.width, picture.height),
        Way::Rows => (picture.height, picture.width),
    };
    let band = band.start.min(across)..band.end.min(across);
    let count = band.len().max(1) as f32;
    let width = picture.width;
    let row = |y: usize| &picture.pixels[y * width..][..width];
    let mut profile = vec![0.0; length];
    if length > 2 {
        let inner = &mut profile[1..length - 1];
        match way {
            // Row by row, each column's sum taken in the same order as
            // down the column, a row at a time in the picture's memory.
            Way::Columns => {
                for y in band {
                    let row = row(y);
                    for ((sum, before), after) in inner.iter_mut().zip(row).zip(&row[2..]) {
                        *sum += (after - before).abs();
                    }
                }
            }
            Way::Rows => {
                for (sum, y) in inner.iter_mut().zip(1..) {
                    let (before, after) = (&row(y - 1)[band.clone()], &row(y + 1)[band.clone()]);
                    *sum = before.iter().zip(after).map(|(b, a)| (a - b).abs()).sum();
                }
            }
        }
        for sum in inner {
            *sum /= count;
        }
    }
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

/// A profile ready for the grid search: each place's strength above the
/// profile's median, as the best of the three pixels around it (so that a
/// fractional spacing still finds its line), and the median.
pub(super) struct Lines {
    /// Each place's strength, and the last place's once more: a line
    /// taken between two pixels near the end reads it as the pixel after
    /// the last, with no test in the grid search's innermost loop.
    peak: Vec<f32>,
    median: f32,
}

impl Lines {
    fn new(profile: &[f32]) -> Lines {
        let length = profile.len();
        let mut sorted = profile.to_vec();
        sorted.sort_by(f32::total_cmp);
        let median = sorted[length / 2].max(1e-3);
        let mut peak: Vec<f32> = (0..length)
            .map(|at| {
                let low = at.saturating_sub(1);
                let high = (at + 1).min(length - 1);
                profile[low..=high].iter().copied().fold(0.0, f32::max) - median
            })
            .collect();
        peak.push(peak[length - 1]);
        Lines { peak, median }
    }

    /// How many places the profile has.
    fn length(&self) -> usize {
        self.peak.len() - 1
    }

    /// The strength at a place between pixels, linearly: from the first
    /// place to half a pixel past the last, as the grid search reads it
    /// (past the last, the last's strength).
    fn at(&self, place: f32) -> f32 {
        let low = (place as usize).min(self.length() - 1);
        let fraction = place - low as f32;
        self.peak[low] * (1.0 - fraction) + self.peak[low + 1] * fraction
    }

    /// The start whose nine lines `step` apart sum the most, and that sum;
    /// `None` where nine lines do not fit.
    fn best_start(&self, step: f32) -> Option<(f32, f32)> {
        let span = (step * 8.0).round() as usize;
        let lines = line_offsets(step);
        let mut best: Option<(f32, f32)> = None;
        for start in 0..self.length().checked_sub(span)? {
            let score: f32 = lines.iter().map(|line| self.peak[start + line]).sum();
            if best.is_none_or(|(_, best)| score > best) {
                best = Some((start as f32, score));
            }
        }
        best
    }
}

impl Lines {
    /// The [`STARTS`] starts whose nine lines `step` apart sum the most,
    /// each at least half a board from a better one.
    fn best_starts(&self, step: f32) -> Vec<f32> {
        let span = (step * 8.0).round() as usize;
        let Some(last) = self.length().checked_sub(span) else {
            return Vec::new();
        };
        let lines = line_offsets(step);
        let mut scored: Vec<(usize, f32)> = (0..last)
            .map(|start| {
                (
                    start,
                    lines.iter().map(|line| self.peak[start + line]).sum(),
                )
            })
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut starts: Vec<usize> = Vec::new();
        for (start, _) in scored {
            if starts
                .iter()
                .all(|&taken| taken.abs_diff(start) as f32 >= 4.0 * step)
            {
                starts.push(start);
                if starts.len() == STARTS {
                    break;
                }
            }
        }
        starts.into_iter().map(|start| start as f32).collect()
    }
}

/// How far each of nine lines `step` apart lies from the first, rounded:
/// the steps tried are whole quarters and the starts whole pixels, so a
/// start plus an offset is the line's place rounded, to the bit.
fn line_offsets(step: f32) -> [usize; 9] {
    std::array::from_fn(|k| (k as f32 * step).round() as usize)
}

/// The steps tried, from the smallest square up to an eighth of `length`.
fn steps(length: usize) -> impl Iterator<Item = f32> {
    (0..)
        .map(|k| SMALLEST_SQUARE + 0.25 * k as f32)
        .take_while(move |step| step * 8.0 < length as f32)
}

/// The start and step of the nine evenly spaced lines near a first
/// estimate (`start` within a square of it, `step` within `spread` of it,
/// 0.15 for 15%) that sum the most of a profile's `lines`, their mean
/// strength above the profile's median, and the median: the board found
/// first, fitted each way alone.
pub(super) fn grid_near(
    lines: &Lines,
    start: f32,
    step: f32,
    spread: f32,
) -> Option<(f32, f32, f32, f32)> {
    let mut best: Option<(f32, f32, f32)> = None;
    let mut tried = step * (1.0 - spread);
    while tried <= step * (1.0 + spread) {
        let span = (tried * 8.0).round() as usize;
        // Nine lines this far apart no longer fit, nor any wider.
        let Some(room) = lines.length().checked_sub(span + 1) else {
            break;
        };
        let first = (start - step).max(0.0) as usize;
        let last = ((start + step) as usize).min(room);
        // Starts a quarter of a pixel apart, each line's strength taken
        // between the pixels around it.
        let offsets: [f32; 9] = std::array::from_fn(|k| k as f32 * tried);
        for quarter in 4 * first..=4 * last {
            let at = quarter as f32 / 4.0;
            let score: f32 = offsets.iter().map(|offset| lines.at(at + offset)).sum();
            if best.is_none_or(|(_, _, best)| score > best) {
                best = Some((at, tried, score));
            }
        }
        tried += 0.25;
    }
    best.map(|(start, step, score)| (start, step, score / 9.0, lines.median))
}

/// How many starts each way are tried with the step found.
const STARTS: usize = 3;

/// The one step both ways (a board's squares are square, near enough)
/// whose lines across and down sum the most, with the best starts each
/// way (at most [`STARTS`], half a board apart at least), the step
/// within 15% of `near` where given: where several
/// boards share a page, a step found each way alone may fit rows of
/// boards instead of one board's squares.
pub(super) fn square_grid(
    columns: &[f32],
    rows: &[f32],
    near: Option<f32>,
) -> Vec<(f32, Vec<f32>, Vec<f32>)> {
    let (across, down) = (Lines::new(columns), Lines::new(rows));
    let near_enough = |step: f32| near.is_none_or(|near| (step - near).abs() <= 0.15 * near);
    let mut scored: Vec<(f32, f32)> = steps(columns.len().min(rows.len()))
        .filter(|step| near_enough(*step))
        .filter_map(|step| {
            let (_, score_x) = across.best_start(step)?;
            let (_, score_y) = down.best_start(step)?;
            Some((step, score_x + score_y))
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut chosen: Vec<f32> = Vec::new();
    for (step, _) in scored {
        if chosen
            .iter()
            .all(|taken| (step - taken).abs() > 0.15 * taken)
        {
            chosen.push(step);
            if chosen.len() == STEPS {
                break;
            }
        }
    }
    chosen
        .into_iter()
        .map(|step| (step, across.best_starts(step), down.best_starts(step)))
        .collect()
}

/// How many steps are tried, best first, until one gives a board whose
/// squares alternate.
const STEPS: usize = 6;

/// A box blur of `radius` pixels each way, by running sums.
pub(super) fn blur(picture: &Gray, radius: usize) -> Gray {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_is_each_column_s_and_row_s_differences_summed_in_order() {
        // Summed a row at a time in the picture's memory, each place's
        // sum must be the one taken along it, to the bit: the grid found
        // is then the one found before the sums were reordered.
        let (width, height) = (37, 29);
        let pixels = (0..width * height)
            .map(|i| ((i * 53) % 101) as f32 / 100.0)
            .collect();
        let picture = Gray {
            width,
            height,
            pixels,
            colours: Vec::new(),
        };
        for (way, length, across, band) in [
            (Way::Columns, width, height, 3..21),
            (Way::Rows, height, width, 5..40),
        ] {
            let got = profile(&picture, way, band.clone());
            let band = band.start.min(across)..band.end.min(across);
            for (along, &got) in got.iter().enumerate().take(length - 1).skip(1) {
                let difference = |at: usize| match way {
                    Way::Columns => (picture.at(along + 1, at) - picture.at(along - 1, at)).abs(),
                    Way::Rows => (picture.at(at, along + 1) - picture.at(at, along - 1)).abs(),
                };
                let count = band.len() as f32;
                let along_it = band.clone().map(difference).sum::<f32>() / count;
                assert_eq!(got.to_bits(), along_it.to_bits(), "{along}");
            }
        }
    }

    #[test]
    fn a_place_between_pixels_reads_as_it_did_clamped_at_the_ends() {
        // The last place is kept once more so that the grid search reads
        // past it with no test: every place it reads (from the first to
        // half a pixel past the last) must read as the clamped reading
        // that came before, to the bit.
        let profile: Vec<f32> = (0..23).map(|i| ((i * 7) % 11) as f32 / 10.0).collect();
        let lines = Lines::new(&profile);
        let clamped = |place: f32| {
            let peak = &lines.peak[..lines.length()];
            let last = peak.len() - 1;
            let low = (place.max(0.0) as usize).min(last);
            let high = (low + 1).min(last);
            let fraction = (place - low as f32).clamp(0.0, 1.0);
            peak[low] * (1.0 - fraction) + peak[high] * fraction
        };
        let places =
            (0..=8 * 22 + 4).flat_map(|eighth| [0.0, 0.01].map(|off| eighth as f32 / 8.0 + off));
        for place in places.filter(|&place| place <= 22.5) {
            assert_eq!(
                lines.at(place).to_bits(),
                clamped(place).to_bits(),
                "{place}"
            );
        }
    }

    #[test]
    fn a_start_plus_a_line_s_offset_is_the_line_s_place_rounded() {
        for step in steps(4096) {
            for start in 0..300 {
                let offsets = line_offsets(step);
                for (k, offset) in offsets.into_iter().enumerate() {
                    let rounded = (start as f32 + k as f32 * step).round() as usize;
                    assert_eq!(start + offset, rounded, "step {step}, start {start}");
                }
            }
        }
    }
}
