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

mod lines;
mod page;

use crate::picture::{Gray, Points};
use crate::squares::{self, BoardBox};
pub use page::{another_beside, locate_all};

use lines::{Lines, Way, blur, grid_near, lines_over, profile, square_grid};

/// The smallest square read, in pixels of the picture as read: a board
/// under 80 pixels a side has too little detail to name its pieces.
pub const SMALLEST_SQUARE: f32 = 10.0;

/// The longest side of the copy of a picture a grid is searched on:
/// boards are found on it and mapped back to the picture.
const SEARCHED_SIDE: usize = 800;

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
    let (board, strength, alternates) = grid(picture, None, false)?;
    alternates.then_some((board, strength))
}

/// A board as [`locate`] finds it, or one whose squares alternate
/// faintly but as only a board's do (`parted`): a book's hatching
/// printed pale, or photocopied, leaves its dark squares a few levels
/// darker than its light ones, as little as a page of text alternates.
/// Tried last, on a picture in which no board was found upright or at an
/// angle ([`Scanner::scan`](crate::Scanner::scan) and `scan_all`); a PDF
/// book's pages are not searched for faint boards. A grid that does not
/// part is moved by parts of a square (`phased`) before it is turned
/// down: a faint board's lines are weaker than its pieces' edges.
pub fn locate_faint(picture: &Gray) -> Option<(BoardBox, f32)> {
    let (board, strength, alternates) = grid(picture, None, true)?;
    alternates.then_some((board, strength))
}

/// The strongest grid of eight by eight squares in the picture (with
/// squares within 15% of `square` pixels where given), how clearly it
/// stands (as [`locate`] says), and whether its squares alternate light
/// and dark as a board's do, their two tones parted ([`parted`]: lines
/// of text make a grid too); with `faint`, as a faint board's do too
/// ([`locate_faint`]).
fn grid(picture: &Gray, square: Option<f32>, faint: bool) -> Option<(BoardBox, f32, bool)> {
    // Found on a copy at most 800 pixels a side, and mapped back.
    let small = picture.scaled_to(SEARCHED_SIDE);
    // A faint board's edges are as faint as its squares. Any grid must
    // part as a board's squares do: a grid of half squares over a pale
    // board's pieces alternates by the pieces caught at its corners.
    let least_edge = if faint { LEAST_EDGE / 4.0 } else { LEAST_EDGE };
    let least_alternation = if faint {
        FAINTEST_ALTERNATION
    } else {
        LEAST_ALTERNATION
    };
    let is_board = |board: BoardBox, alternation: f32| {
        alternation >= least_alternation && parted(&small, board, faint)
    };
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
        let columns_over = lines_over(&blurred, Way::Columns, &down, step);
        let rows_over = lines_over(&blurred, Way::Rows, &across, step);
        let mut fits: Vec<(BoardBox, f32, f32)> = Vec::new();
        for (&x0, rows) in across.iter().zip(&rows_over) {
            for (&y0, columns) in down.iter().zip(&columns_over) {
                fits.extend(fit(columns, rows, x0, y0, step, least_edge));
            }
        }
        fits.sort_by(|a, b| b.2.total_cmp(&a.2));
        let mut settled = fits.into_iter().map(|(board, strength, _)| {
            let (mut board, mut alternation) = settled(&small, board);
            // A faint board's grid may stand on its pieces instead.
            if faint && !is_board(board, alternation) {
                (board, alternation) = phased(&small, board);
            }
            (board, strength, alternation)
        });
        let first = settled.next();
        first_found = first_found.or(first);
        if let Some(board) = first
            .into_iter()
            .chain(settled)
            .find(|(board, _, alternation)| is_board(*board, *alternation))
            && found.is_none_or(|(_, _, most): (BoardBox, f32, f32)| board.2 > most)
        {
            found = Some(board);
        }
    }
    let (mut board, strength, alternation) = found.or(first_found)?;
    // Whether it is a board is told before the box is refined: refining
    // seeks the most alternation near it, and finds some in any page.
    let alternates = is_board(board, alternation);
    if alternates {
        board = refined(&small, board, alternation).0;
        board = off_a_dead_edge(&small, board);
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
/// each way fitted alone over the other's band ([`lines_over`]), so that
/// a page around the board, or the other boards of a page, weigh less;
/// `None` where its lines are too weak to be a board's. With the board,
/// its strength (the lines over the profiles' medians) and its lines'
/// mean edge both ways.
fn fit(
    columns: &Lines,
    rows: &Lines,
    x0: f32,
    y0: f32,
    step: f32,
    least_edge: f32,
) -> Option<(BoardBox, f32, f32)> {
    let (mut x0, mut sx, mut edge_x, median_x) = grid_near(columns, x0, step, 0.15)?;
    let (mut y0, mut sy, mut edge_y, median_y) = grid_near(rows, y0, step, 0.15)?;
    // Squares are square: where the two ways disagree, each is fitted
    // again with the other's step, and the pair whose lines stand higher
    // kept (a board framed by coordinates fits its frame's outer edges
    // one way, its squares the other).
    if sx.max(sy) > 1.04 * sx.min(sy) {
        let across = grid_near(columns, x0, sy, 0.02);
        let down = grid_near(rows, y0, sx, 0.02);
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
    if edge < least_edge || strength < LEAST_STRENGTH || sx.max(sy) > 1.3 * sx.min(sy) {
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

/// The box `board` moved by a part of a square each way (up to half a
/// square, in tenths) whose squares alternate the most, and how much:
/// the lines of a faint board are weaker than its pieces' edges, and a
/// grid can take the bases of full ranks of pieces for its lines.
fn phased(picture: &Gray, board: BoardBox) -> (BoardBox, f32) {
    let (step_x, step_y) = (board.width / 8.0, board.height / 8.0);
    let mut best = (board, alternation(picture, board).unwrap_or(0.0));
    for dy in -5..=5 {
        for dx in -5..=5 {
            let tried = BoardBox {
                left: board.left + dx as f32 * step_x / 10.0,
                top: board.top + dy as f32 * step_y / 10.0,
                ..board
            };
            if let Some(score) = alternation(picture, tried)
                && score > best.1
            {
                best = (tried, score);
            }
        }
    }
    best
}

/// How much the squares of `board` alternate light and dark: half the
/// difference between its light and dark squares' grey levels (0 to 1,
/// each square's as [`square_levels`] takes it); `None` where the box
/// leaves the picture.
pub(crate) fn alternation(picture: &Gray, board: BoardBox) -> Option<f32> {
    let levels = square_levels(picture, board)?;
    let mut sum = 0.0f32;
    for (index, &level) in levels.iter().enumerate() {
        sum += if (index / 8 + index % 8) % 2 == 0 {
            level
        } else {
            -level
        };
    }
    Some((sum / 64.0).abs())
}

/// Each square's level in `board`, rank by rank from the top: the middle
/// two of its four corners' levels (a coordinate's letter in one corner
/// counts for nothing), each corner a fifth of a square from 5% and from
/// 75% of it each way, where pieces seldom reach; `None` where the box
/// leaves the picture.
fn square_levels(picture: &Gray, board: BoardBox) -> Option<[f32; 64]> {
    if !board.lies_inside(picture) {
        return None;
    }
    let (step_x, step_y) = (board.width / 8.0, board.height / 8.0);
    // Each square's corners: a fifth of a square from 5% and from 75% of
    // it each way, read at 3 by 3 points, worked out once a file (and a
    // rank) of squares.
    let corners = |start: f32, step: f32, pixels: usize| -> [[Points; 2]; 8] {
        std::array::from_fn(|line| {
            let at = start + line as f32 * step;
            [0.05, 0.75].map(|from| {
                let from = at + from * step;
                Points::new(from, from + 0.2 * step, 3, pixels)
            })
        })
    };
    let files = corners(board.left, step_x, picture.width);
    let ranks = corners(board.top, step_y, picture.height);
    Some(std::array::from_fn(|index| {
        let (ranks, files) = (&ranks[index / 8], &files[index % 8]);
        let mut levels = [(0, 0), (1, 0), (0, 1), (1, 1)]
            .map(|(across, down)| picture.mean_at(&files[across], &ranks[down]));
        levels.sort_by(f32::total_cmp);
        (levels[1] + levels[2]) / 2.0
    }))
}

/// The least a faint board's squares alternate (as [`alternation`]
/// says): half of a page of text's 0.031 ([`LEAST_ALTERNATION`]), which
/// [`parted`] tells from a board.
const FAINTEST_ALTERNATION: f32 = 0.015;

/// The most squares that may lie on the other colour's side, for a
/// grid's squares to part as a board's: under a quarter, where pieces
/// reach their squares' corners (a pawn's base, a rook's), a last move's
/// two squares are tinted and coordinates' letters stand. The faint books
/// `bench/scan` draws have up to 14 astray; the grids of 136 pages of two
/// PDF manuals and of 49 icons, 16 and more (most of them 21 to 31).
/// Asked of every grid, faint or not: the real folders and fenkit's
/// renders read as before, and a grid of half squares over a pale
/// board's pieces is turned down.
const MOST_ASTRAY: usize = 15;

/// Whether the squares of `board` part into light and dark as only a
/// board's do, however faintly: the typical light square (each colour's
/// median) lies at least twice [`FAINTEST_ALTERNATION`] above the typical
/// dark one, and at most [`MOST_ASTRAY`] squares lie past the middle of
/// the two. A page of text makes a grid whose squares alternate a
/// little, by the letters caught at a few corners, but its typical square
/// of either colour is the paper.
fn parted(picture: &Gray, board: BoardBox, faint: bool) -> bool {
    let Some(levels) = square_levels(picture, board) else {
        return false;
    };
    if faint && parted_locally(&levels) {
        return true;
    }
    let (mut even, mut odd): (Vec<f32>, Vec<f32>) = (Vec::new(), Vec::new());
    for (index, level) in levels.into_iter().enumerate() {
        if (index / 8 + index % 8) % 2 == 0 {
            even.push(level);
        } else {
            odd.push(level);
        }
    }
    let median = |levels: &mut Vec<f32>| {
        levels.sort_by(f32::total_cmp);
        levels[levels.len() / 2]
    };
    let (median_even, median_odd) = (median(&mut even), median(&mut odd));
    let (light, dark, median_light, median_dark) = if median_even >= median_odd {
        (even, odd, median_even, median_odd)
    } else {
        (odd, even, median_odd, median_even)
    };
    let middle = (median_light + median_dark) / 2.0;
    let astray = light.iter().filter(|level| **level < middle).count()
        + dark.iter().filter(|level| **level >= middle).count();
    median_light - median_dark >= 2.0 * FAINTEST_ALTERNATION && astray <= MOST_ASTRAY
}

/// The most squares that may stand on the wrong side of their
/// neighbours for a faint grid to part as a board's does, each square
/// against those beside it ([`parted_locally`]): a sixteenth. Judged so,
/// a board's squares hardly stray (a hatched book's and a photographed
/// screen's of `bench/scan`, 0 and 1), while grids of half squares over
/// a hatched book's pieces part so with 8 and 15 astray, and were taken
/// before the board itself, their squares alternating more, where
/// [`MOST_ASTRAY`] was asked: at a sixteenth, the books' rows of
/// `bench/scan` read as before and the photographed ones better.
const MOST_ASTRAY_LOCALLY: usize = 4;

/// Whether squares part into light and dark each against its
/// neighbours (the mean of the two to four beside it, all of the other
/// colour), as [`parted`] asks of them over the whole board: where light
/// falls off across a photographed page or screen, a faint board's
/// light squares on its dark side are darker than its dark squares on
/// the bright side, and no one level parts them, but each square still
/// stands above or below those beside it. Asked of faint grids alone.
fn parted_locally(levels: &[f32; 64]) -> bool {
    let (mut even, mut odd): (Vec<f32>, Vec<f32>) = (Vec::new(), Vec::new());
    for (index, contrast) in squares::against_beside(levels).into_iter().enumerate() {
        if (index / 8 + index % 8) % 2 == 0 {
            even.push(contrast);
        } else {
            odd.push(contrast);
        }
    }
    let median = |contrasts: &mut Vec<f32>| {
        contrasts.sort_by(f32::total_cmp);
        contrasts[contrasts.len() / 2]
    };
    let (median_even, median_odd) = (median(&mut even), median(&mut odd));
    let (light, dark, above) = if median_even >= median_odd {
        (even, odd, median_even - median_odd)
    } else {
        (odd, even, median_odd - median_even)
    };
    let astray = light.iter().filter(|contrast| **contrast < 0.0).count()
        + dark.iter().filter(|contrast| **contrast >= 0.0).count();
    // A light square stands above its neighbours by the two tones'
    // difference, a dark one below by as much: twice what parts them.
    above >= 4.0 * FAINTEST_ALTERNATION && astray <= MOST_ASTRAY_LOCALLY
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

/// An edge file or rank alternates under this share of the board's
/// typical one to be dead: paper, not a board's squares.
const DEAD_EDGE: f32 = 0.25;

/// The box moved off an edge whose file (or rank) does not alternate: a
/// photo's board may be found with seven of its files and a strip of
/// page beyond them, the line of its frame taken for the grid's last,
/// its own first file left out, and its squares a little larger than the
/// board's. Moved a whole square at that size, the box's lines drift
/// further from the board's with each file, its first file's corners
/// fall off their squares, and it alternates no more ([`settled`] keeps
/// it where it was); moved and fitted again ([`refined`]), it takes in
/// the file left out. Kept where it then alternates a twentieth more; a
/// board found right has no dead edge, and a move would cost it a file.
fn off_a_dead_edge(picture: &Gray, board: BoardBox) -> BoardBox {
    let Some(levels) = square_levels(picture, board) else {
        return board;
    };
    let sign = |index: usize| {
        if (index / 8 + index % 8).is_multiple_of(2) {
            1.0
        } else {
            -1.0
        }
    };
    let total: f32 = (0..64).map(|index| sign(index) * levels[index]).sum();
    // Each file's and rank's share, signed as the board's whole.
    let line = |index: &dyn Fn(usize) -> usize| -> f32 {
        let sum: f32 = (0..8).map(|at| sign(index(at)) * levels[index(at)]).sum();
        sum * total.signum() / 8.0
    };
    let files: [f32; 8] = std::array::from_fn(|file| line(&|rank| rank * 8 + file));
    let ranks: [f32; 8] = std::array::from_fn(|rank| line(&|file| rank * 8 + file));
    let typical = |lines: &[f32; 8]| {
        let mut sorted = *lines;
        sorted.sort_by(f32::total_cmp);
        sorted[4]
    };
    let (file, rank) = (typical(&files), typical(&ranks));
    let (step_x, step_y) = (board.width / 8.0, board.height / 8.0);
    // Away from a dead edge: a dead last file moves the box left.
    let moves = [
        (files[0] < DEAD_EDGE * file, step_x, 0.0),
        (files[7] < DEAD_EDGE * file, -step_x, 0.0),
        (ranks[0] < DEAD_EDGE * rank, 0.0, step_y),
        (ranks[7] < DEAD_EDGE * rank, 0.0, -step_y),
    ];
    // The box's own alternation, as `alternation` sums it.
    let found = total.abs() / 64.0;
    let mut best = (board, found);
    for (dead, dx, dy) in moves {
        if !dead {
            continue;
        }
        let moved = BoardBox {
            left: board.left + dx,
            top: board.top + dy,
            ..board
        };
        let Some(score) = alternation(picture, moved) else {
            continue;
        };
        let refitted = refined(picture, moved, score);
        if refitted.1 > best.1.max(found * 1.05) {
            best = refitted;
        }
    }
    best.0
}

/// The least a board's squares alternate, as half the difference between
/// its light and dark squares' grey levels (0 to 1), chosen on fenkit's
/// own drawings: fen sheet's boards in its four themes measure 0.08
/// (gray) to 0.2 (green), the most alternating grid on a page of its
/// answers (text) 0.031.
pub(crate) const LEAST_ALTERNATION: f32 = 0.045;

#[cfg(test)]
mod tests {
    use super::*;

    /// A bare board of 40-pixel squares (light 0.9, dark 0.4) at (60, 40)
    /// on a white page of 480 by 400.
    fn board_on_a_page() -> (Gray, BoardBox) {
        let (width, height) = (480, 400);
        let board = BoardBox {
            left: 60.0,
            top: 40.0,
            width: 320.0,
            height: 320.0,
        };
        let pixels = (0..width * height)
            .map(|at| {
                let (x, y) = ((at % width) as f32, (at / width) as f32);
                let (file, rank) = ((x - 60.0) / 40.0, (y - 40.0) / 40.0);
                if !(0.0..8.0).contains(&file) || !(0.0..8.0).contains(&rank) {
                    1.0
                } else if (file as usize + rank as usize).is_multiple_of(2) {
                    0.9
                } else {
                    0.4
                }
            })
            .collect();
        let picture = Gray {
            width,
            height,
            pixels,
            colours: Vec::new(),
        };
        (picture, board)
    }

    #[test]
    fn a_box_a_file_off_and_too_large_is_moved_onto_the_board() {
        // Found a file to the right, its squares a twentieth too large
        // (centred on the board's height): its last file is page. Moved a
        // square left at that size, it would miss the first file's
        // corners; refitted, its corners lie on the board's, within a
        // sixth of a square (a bare board alternates as much a few
        // pixels either way: its squares' corners are read inside them).
        let (picture, board) = board_on_a_page();
        let off = BoardBox {
            left: board.left + 40.0,
            top: board.top - 8.0,
            width: 336.0,
            height: 336.0,
        };
        let moved = off_a_dead_edge(&picture, off);
        for (corner, truth) in moved.corners().into_iter().zip(board.corners()) {
            let off = (corner.0 - truth.0).abs().max((corner.1 - truth.1).abs());
            assert!(off < 40.0 / 6.0, "{moved:?}");
        }
    }

    #[test]
    fn a_box_on_the_board_stays() {
        let (picture, board) = board_on_a_page();
        assert_eq!(off_a_dead_edge(&picture, board), board);
    }
}
