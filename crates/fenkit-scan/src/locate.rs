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
pub(crate) const SMALLEST_SQUARE: f32 = 10.0;

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
    let (board, strength, alternates) = grid(picture, None)?;
    alternates.then_some((board, strength))
}

/// The strongest grid of eight by eight squares in the picture (with
/// squares within 15% of `square` pixels where given), how clearly it
/// stands (as [`locate`] says), and whether its squares alternate light
/// and dark as a board's do (lines of text make a grid too).
fn grid(picture: &Gray, square: Option<f32>) -> Option<(BoardBox, f32, bool)> {
    // Found on a copy at most 800 pixels a side, and mapped back.
    let small = picture.clone().scaled_to(800);
    let scale = picture.width as f32 / small.width as f32;
    // A 5-pixel box blur: hatching as books print it (a line every few
    // pixels at 800 a side) becomes an even grey, and a square's edge a
    // ramp narrower than the squares of the smallest board read.
    let blurred = blur(&small, 2);
    let columns = profile(&blurred, Way::Columns, 0..blurred.height);
    let rows = profile(&blurred, Way::Rows, 0..blurred.width);
    // Each of the steps that sum the most lines: the board of the one
    // whose squares alternate the most (a grid across a page's framed
    // boards and their captions sums more lines than one board's, but
    // its squares alternate little).
    let mut first_found = None;
    let mut found = None;
    for (step, across, down) in square_grid(&columns, &rows, square.map(|square| square / scale)) {
        // The best starts each way may come from two boards of a page:
        // each pair is fitted, and the board whose lines stand highest
        // (in grey levels: a grid one square off loses a line to the
        // page around it) taken, of those whose squares alternate where
        // any does: a grid that is no board would be blanked with the
        // boards under it.
        let mut fits: Vec<(BoardBox, f32, f32)> = Vec::new();
        for &x0 in &across {
            for &y0 in &down {
                fits.extend(fit(&blurred, x0, y0, step));
            }
        }
        fits.sort_by(|a, b| b.2.total_cmp(&a.2));
        let mut settled = fits.into_iter().map(|(board, strength, _)| {
            let (board, alternation) = settled(&small, board);
            (board, strength, alternation)
        });
        let first = settled.next();
        first_found = first_found.or(first);
        if let Some(board) = first
            .into_iter()
            .chain(settled)
            .find(|(_, _, alternation)| *alternation >= LEAST_ALTERNATION)
            && found.is_none_or(|(_, _, most): (BoardBox, f32, f32)| board.2 > most)
        {
            found = Some(board);
        }
    }
    let (mut board, strength, alternation) = found.or(first_found)?;
    // Whether it is a board is told before the box is refined: refining
    // seeks the most alternation near it, and finds some in any page.
    let alternates = alternation >= LEAST_ALTERNATION;
    if alternates {
        board = refined(&small, board, alternation).0;
    }
    let board = BoardBox {
        left: board.left * scale,
        top: board.top * scale,
        width: board.width * scale,
        height: board.height * scale,
    };
    Some((board, strength, alternates))
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
    let (mut x0, mut sx, mut edge_x, median_x) = grid_near(&columns, x0, step, 0.15)?;
    let (mut y0, mut sy, mut edge_y, median_y) = grid_near(&rows, y0, step, 0.15)?;
    // Squares are square: where the two ways disagree, each is fitted
    // again with the other's step, and the pair whose lines stand higher
    // kept (a board framed by coordinates fits its frame's outer edges
    // one way, its squares the other).
    if sx.max(sy) > 1.04 * sx.min(sy) {
        let across = grid_near(&columns, x0, sy, 0.02);
        let down = grid_near(&rows, y0, sx, 0.02);
        let by_rows = across.map(|(_, _, edge, _)| edge + edge_y).unwrap_or(0.0);
        let by_columns = down.map(|(_, _, edge, _)| edge + edge_x).unwrap_or(0.0);
        if let Some((x, step, edge, _)) = across.filter(|_| by_rows >= by_columns) {
            (x0, sx, edge_x) = (x, step, edge);
        } else if let Some((y, step, edge, _)) = down {
            (y0, sy, edge_y) = (y, step, edge);
        }
    }
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
/// box alternates an eighth more than such a box. With it, how much it
/// alternates (under [`LEAST_ALTERNATION`], not at all: lines of text
/// make a grid, but no board).
fn settled(picture: &Gray, board: BoardBox) -> (BoardBox, f32) {
    let (step_x, step_y) = (board.width / 8.0, board.height / 8.0);
    let alternation = |left: f32, top: f32| alternation(picture, BoardBox { left, top, ..board });
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
    best
}

/// How much the squares of `board` alternate light and dark: half the
/// difference between its light and dark squares' grey levels (0 to 1),
/// each square's level taken at its corners, where pieces seldom reach;
/// `None` where the box leaves the picture.
pub(crate) fn alternation(picture: &Gray, board: BoardBox) -> Option<f32> {
    if !board.lies_inside(picture) {
        return None;
    }
    let (step_x, step_y) = (board.width / 8.0, board.height / 8.0);
    let mut sum = 0.0;
    for row in 0..8 {
        for column in 0..8 {
            let (x, y) = (
                board.left + column as f32 * step_x,
                board.top + row as f32 * step_y,
            );
            // The middle two of the four corners' levels, so that a
            // coordinate's letter in one corner counts for nothing.
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
}

/// The box near `board` (its side 85% to 105%, its corner within a
/// twentieth of a square each way) whose squares alternate the most, and
/// how much: a board framed by a margin of coordinates is found with its
/// frame's edges as its outer lines, its squares then cut across the
/// real ones' corners; where it is found right, nothing nearby alternates
/// more.
fn refined(picture: &Gray, board: BoardBox, alternation_found: f32) -> (BoardBox, f32) {
    let mut best = (board, alternation_found);
    for _ in 0..2 {
        // The side first, about the centre of the box as it now stands
        // (the first pass may have moved it); then the corner.
        let from = best.0;
        let centre = (from.left + from.width / 2.0, from.top + from.height / 2.0);
        for percent in 85..=105 {
            let scale = percent as f32 / 100.0;
            let (width, height) = (from.width * scale, from.height * scale);
            let (left, top) = (centre.0 - width / 2.0, centre.1 - height / 2.0);
            let tried = BoardBox {
                left,
                top,
                width,
                height,
            };
            if let Some(score) = alternation(picture, tried)
                && score > best.1 * 1.02
            {
                best = (tried, score);
            }
        }
        let from = best.0;
        let nudge = from.width / 8.0 / 20.0;
        for dy in -4..=4 {
            for dx in -4..=4 {
                let tried = BoardBox {
                    left: from.left + dx as f32 * nudge,
                    top: from.top + dy as f32 * nudge,
                    ..from
                };
                if let Some(score) = alternation(picture, tried)
                    && score > best.1 * 1.02
                {
                    best = (tried, score);
                }
            }
        }
    }
    best
}

/// The least a board's squares alternate, as half the difference between
/// its light and dark squares' grey levels (0 to 1), chosen on fenkit's
/// own drawings: fen sheet's boards in its four themes measure 0.08
/// (gray) to 0.2 (green), the most alternating grid on a page of its
/// answers (text) 0.031.
pub(crate) const LEAST_ALTERNATION: f32 = 0.045;

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
        // A page's diagrams are mostly of one size: the squares of the
        // first found are looked for first (a grid of another size may
        // sum more lines where the boards left stand apart).
        let square = found.first().map(|board: &BoardBox| board.width / 8.0);
        let Some((board, _, alternates)) = square
            .and_then(|square| grid(&left, Some(square)))
            .or_else(|| grid(&left, None))
        else {
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
/// estimate (`start` within a square of it, `step` within `spread` of it, 0.15 for 15%) that sum
/// the most of `profile` above its median, their mean strength above the
/// median, and the median: the board found first, fitted each way alone.
fn grid_near(profile: &[f32], start: f32, step: f32, spread: f32) -> Option<(f32, f32, f32, f32)> {
    let lines = Lines::new(profile);
    let mut best: Option<(f32, f32, f32)> = None;
    let mut tried = step * (1.0 - spread);
    while tried <= step * (1.0 + spread) {
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
/// way (at most [`STARTS`], half a board apart at least), the step
/// within 15% of `near` where given: where several
/// boards share a page, a step found each way alone may fit rows of
/// boards instead of one board's squares.
fn square_grid(columns: &[f32], rows: &[f32], near: Option<f32>) -> Vec<(f32, Vec<f32>, Vec<f32>)> {
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
