//! Where the board stands in a picture: the grid of 9 evenly spaced lines
//! each way that the picture's edges follow best.
//!
//! The picture is blurred first, so that the hatching of a book's dark
//! squares becomes an even grey and its squares' edges stand out as a
//! screen's do; then each column's (and row's) mean edge strength is a
//! profile, and the board is the spacing, one for both ways, and the
//! starts whose nine lines each way sum the most of them above the
//! profiles' medians. Each way is then fitted alone near that first
//! estimate over the other's band, so that a page around the board, or
//! the other boards of a page, weigh less.

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
    let (board, strength, alternates) = grid(picture)?;
    alternates.then_some((board, strength))
}

/// The strongest grid of eight by eight squares in the picture, how
/// clearly it stands (as [`locate`] says), and whether its squares
/// alternate light and dark as a board's do (lines of text make a grid
/// too).
fn grid(picture: &Gray) -> Option<(BoardBox, f32, bool)> {
    // Found on a copy at most 800 pixels a side, and mapped back.
    let small = picture.clone().scaled_to(800);
    let scale = picture.width as f32 / small.width as f32;
    // A 5-pixel box blur: hatching as books print it (a line every few
    // pixels at 800 a side) becomes an even grey, and a square's edge a
    // ramp narrower than the squares of the smallest board read.
    let blurred = blur(&small, 2);
    let columns = profile(&blurred, Way::Columns, 0..blurred.height);
    let rows = profile(&blurred, Way::Rows, 0..blurred.width);
    let (step, across, down) = square_grid(&columns, &rows)?;
    // The best starts each way may come from two boards of a page: each
    // pair is fitted, and the strongest board that stands is taken.
    // The board whose lines stand highest, in grey levels: a grid one
    // square off loses a line to the page around it.
    let mut best: Option<(BoardBox, f32, f32)> = None;
    for &x0 in &across {
        for &y0 in &down {
            if let Some((board, strength, edge)) = fit(&blurred, x0, y0, step)
                && best.is_none_or(|(_, _, best)| edge > best)
            {
                best = Some((board, strength, edge));
            }
        }
    }
    best.map(|(board, strength, _)| {
        let (board, alternates) = settled(&small, board);
        let board = BoardBox {
            left: board.left * scale,
            top: board.top * scale,
            width: board.width * scale,
            height: board.height * scale,
        };
        (board, strength, alternates)
    })
}

/// The board near a first estimate (its top left corner and its step),
/// each way fitted alone over the other's band, so that a page around the
/// board, or the other boards of a page, weigh less; `None` where its
/// lines are too weak to be a board's. With the board, its strength (the
/// lines over the profiles' medians) and its lines' mean edge both ways.
fn fit(blurred: &Gray, x0: f32, y0: f32, step: f32) -> Option<(BoardBox, f32, f32)> {
    let band = |start: f32, length: usize| {
        (start.max(0.0) as usize)..((start + 8.0 * step).ceil() as usize + 1).min(length)
    };
    let columns = profile(blurred, Way::Columns, band(y0, blurred.height));
    let rows = profile(blurred, Way::Rows, band(x0, blurred.width));
    let (x0, sx, edge_x, median_x) = grid_near(&columns, x0, step)?;
    let (y0, sy, edge_y, median_y) = grid_near(&rows, y0, step)?;
    let edge = edge_x.min(edge_y);
    let strength = (edge_x / median_x).min(edge_y / median_y) + 1.0;
    if edge < LEAST_EDGE || strength < LEAST_STRENGTH || sx.max(sy) > 1.3 * sx.min(sy) {
        return None;
    }
    let board = BoardBox {
        left: x0,
        top: y0,
        width: 8.0 * sx,
        height: 8.0 * sy,
    };
    Some((board, strength, edge_x + edge_y))
}

/// The board where its squares alternate light and dark the most: the
/// box found, or the box whole squares off any way, where that alternates
/// a tenth more. A grid one square off (a caption's line of text above a
/// board looks like one more line of squares) keeps seven ranks of the
/// board and takes one of paper, which alternates not at all: the right
/// box alternates an eighth more than such a box. With it, whether it
/// alternates at all: lines of text make a grid, but no board.
fn settled(picture: &Gray, board: BoardBox) -> (BoardBox, bool) {
    let (step_x, step_y) = (board.width / 8.0, board.height / 8.0);
    let alternation = |left: f32, top: f32| -> Option<f32> {
        let inside = left >= 0.0
            && top >= 0.0
            && left + board.width <= picture.width as f32
            && top + board.height <= picture.height as f32;
        if !inside {
            return None;
        }
        let mut sum = 0.0;
        for row in 0..8 {
            for column in 0..8 {
                let (x, y) = (left + column as f32 * step_x, top + row as f32 * step_y);
                // A square's four corners, where pieces seldom reach; the
                // middle two levels, so that a coordinate's letter in one
                // corner counts for nothing.
                let mut levels =
                    [(0.05, 0.05), (0.75, 0.05), (0.05, 0.75), (0.75, 0.75)].map(|(u, v)| {
                        let (x0, y0) = (x + u * step_x, y + v * step_y);
                        picture.area(x0, y0, x0 + 0.2 * step_x, y0 + 0.2 * step_y, 3)
                    });
                levels.sort_by(f32::total_cmp);
                let level = (levels[1] + levels[2]) / 2.0;
                sum += if (row + column) % 2 == 0 {
                    level
                } else {
                    -level
                };
            }
        }
        Some((sum / 64.0).abs())
    };
    let mut best = (board, alternation(board.left, board.top).unwrap_or(0.0));
    // Whole squares each way, up to half a board: a grid found across
    // the gap between two boards of a row, its lines theirs, is moved
    // onto one of them; moved again from there while that gains (a grid
    // off both ways is moved one way, then the other).
    for _ in 0..4 {
        let from = best;
        let shifts = (1..=4).flat_map(|n| {
            let n = n as f32;
            [(0.0, -n), (0.0, n), (-n, 0.0), (n, 0.0)]
        });
        for (dx, dy) in shifts {
            let (left, top) = (from.0.left + dx * step_x, from.0.top + dy * step_y);
            if let Some(score) = alternation(left, top)
                && score > best.1 * 1.1
            {
                best = (BoardBox { left, top, ..board }, score);
            }
        }
        if best.0 == from.0 {
            break;
        }
    }
    (best.0, best.1 >= LEAST_ALTERNATION)
}

/// The least a board's squares alternate, as half the difference between
/// its light and dark squares' grey levels (0 to 1): the real pictures'
/// boards measured 0.05 and more (screenshots) and 0.085 and more (books),
/// a page of text 0.007.
const LEAST_ALTERNATION: f32 = 0.025;

/// The most boards looked for on one page.
const MOST_BOARDS: usize = 24;

/// Every board in the picture, in reading order (rows of boards from the
/// top, each row from the left): the strongest board found, then the
/// picture searched again with it blanked out, until no board is left.
pub fn locate_all(picture: &Gray) -> Vec<BoardBox> {
    let mut left = picture.clone();
    left.colours = Vec::new();
    let mut found = Vec::new();
    let mut tried = 0;
    while found.len() < MOST_BOARDS && tried < 2 * MOST_BOARDS {
        tried += 1;
        let Some((board, _, alternates)) = grid(&left) else {
            break;
        };
        // Blanked with a margin, so that its frame is not found again.
        let margin = board.width.max(board.height) / 40.0;
        let x0 = (board.left - margin).max(0.0) as usize;
        let y0 = (board.top - margin).max(0.0) as usize;
        let x1 = ((board.left + board.width + margin).ceil() as usize).min(left.width);
        let y1 = ((board.top + board.height + margin).ceil() as usize).min(left.height);
        if x1 <= x0 || y1 <= y0 {
            break;
        }
        for y in y0..y1 {
            left.pixels[y * left.width + x0..y * left.width + x1].fill(1.0);
        }
        // A grid that is no board (a block of text) is blanked too, and
        // the search goes on.
        if alternates {
            found.push(board);
        }
    }
    // Rows of boards: boards whose tops lie within half a board of each
    // other share a row.
    found.sort_by(|a, b| a.top.total_cmp(&b.top));
    let mut rows: Vec<Vec<BoardBox>> = Vec::new();
    for board in found {
        match rows.last_mut() {
            Some(row) if (board.top - row[0].top).abs() < row[0].height / 2.0 => row.push(board),
            _ => rows.push(vec![board]),
        }
    }
    rows.into_iter()
        .flat_map(|mut row| {
            row.sort_by(|a, b| a.left.total_cmp(&b.left));
            row
        })
        .collect()
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

/// A profile ready for the grid search: each place's strength above the
/// profile's median, as the best of the three pixels around it (so that a
/// fractional spacing still finds its line), and the median.
struct Lines {
    peak: Vec<f32>,
    median: f32,
}

impl Lines {
    fn new(profile: &[f32]) -> Lines {
        let length = profile.len();
        let mut sorted = profile.to_vec();
        sorted.sort_by(f32::total_cmp);
        let median = sorted[length / 2].max(1e-3);
        let peak = (0..length)
            .map(|at| {
                let low = at.saturating_sub(1);
                let high = (at + 1).min(length - 1);
                profile[low..=high].iter().copied().fold(0.0, f32::max) - median
            })
            .collect();
        Lines { peak, median }
    }

    /// The strength at a place between pixels, linearly.
    fn at(&self, place: f32) -> f32 {
        let last = self.peak.len() - 1;
        let low = (place.max(0.0) as usize).min(last);
        let high = (low + 1).min(last);
        let fraction = (place - low as f32).clamp(0.0, 1.0);
        self.peak[low] * (1.0 - fraction) + self.peak[high] * fraction
    }

    /// The start whose nine lines `step` apart sum the most, and that sum;
    /// `None` where nine lines do not fit.
    fn best_start(&self, step: f32) -> Option<(f32, f32)> {
        let span = (step * 8.0).round() as usize;
        let mut best: Option<(f32, f32)> = None;
        for start in 0..self.peak.len().checked_sub(span)? {
            let score: f32 = (0..9)
                .map(|k| self.peak[(start as f32 + k as f32 * step).round() as usize])
                .sum();
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
        let Some(last) = self.peak.len().checked_sub(span) else {
            return Vec::new();
        };
        let mut scored: Vec<(usize, f32)> = (0..last)
            .map(|start| {
                let score = (0..9)
                    .map(|k| self.peak[(start as f32 + k as f32 * step).round() as usize])
                    .sum();
                (start, score)
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

/// The steps tried, from the smallest square up to an eighth of `length`.
fn steps(length: usize) -> impl Iterator<Item = f32> {
    (0..)
        .map(|k| SMALLEST_SQUARE + 0.25 * k as f32)
        .take_while(move |step| step * 8.0 < length as f32)
}

/// The start and step of the nine evenly spaced lines near a first
/// estimate (`start` within a square of it, `step` within 15%) that sum
/// the most of `profile` above its median, their mean strength above the
/// median, and the median: the board found first, fitted each way alone.
fn grid_near(profile: &[f32], start: f32, step: f32) -> Option<(f32, f32, f32, f32)> {
    let lines = Lines::new(profile);
    let mut best: Option<(f32, f32, f32)> = None;
    let mut tried = step * 0.85;
    while tried <= step * 1.15 {
        let span = (tried * 8.0).round() as usize;
        // Nine lines this far apart no longer fit, nor any wider.
        let Some(room) = profile.len().checked_sub(span + 1) else {
            break;
        };
        let first = (start - step).max(0.0) as usize;
        let last = ((start + step) as usize).min(room);
        // Starts a quarter of a pixel apart, each line's strength taken
        // between the pixels around it.
        for quarter in 4 * first..=4 * last {
            let at = quarter as f32 / 4.0;
            let score: f32 = (0..9).map(|k| lines.at(at + k as f32 * tried)).sum();
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
/// way (at most [`STARTS`], half a board apart at least): where several
/// boards share a page, a step found each way alone may fit rows of
/// boards instead of one board's squares.
fn square_grid(columns: &[f32], rows: &[f32]) -> Option<(f32, Vec<f32>, Vec<f32>)> {
    let (across, down) = (Lines::new(columns), Lines::new(rows));
    let mut best: Option<(f32, f32)> = None;
    for step in steps(columns.len().min(rows.len())) {
        let (Some((_, score_x)), Some((_, score_y))) =
            (across.best_start(step), down.best_start(step))
        else {
            continue;
        };
        if best.is_none_or(|(_, best)| score_x + score_y > best) {
            best = Some((step, score_x + score_y));
        }
    }
    let (step, _) = best?;
    Some((step, across.best_starts(step), down.best_starts(step)))
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
