//! The boards of a picture beyond the first: a page of diagrams read
//! board by board, and the second board that makes a picture ambiguous
//! where one was asked for.

use super::{SEARCHED_SIDE, grid};
use crate::picture::Gray;
use crate::squares::BoardBox;

/// Whether `board` was blanked out of `picture` (painted white), with a
/// margin so that its frame is not found again: not where it lies outside.
fn blanked(picture: &mut Gray, board: BoardBox) -> bool {
    let margin = board.width.max(board.height) / 40.0;
    let x0 = (board.left - margin).max(0.0) as usize;
    let y0 = (board.top - margin).max(0.0) as usize;
    let x1 = ((board.left + board.width + margin).ceil() as usize).min(picture.width);
    let y1 = ((board.top + board.height + margin).ceil() as usize).min(picture.height);
    if x1 <= x0 || y1 <= y0 {
        return false;
    }
    for y in y0..y1 {
        picture.pixels[y * picture.width + x0..y * picture.width + x1].fill(1.0);
    }
    true
}

/// Whether another board with squares of the size of `board`'s (within
/// 15%) stands in the picture beside it. Boards do not overlap, so
/// another lies wholly left of it, right of it, above or below: each of
/// those strips of the picture that could hold such a board is searched
/// as [`locate_all`] searches a page, at the scale the picture was (a
/// whole screenshot searched again took as long as finding its board). A screenshot's or a book page's other boards are of a size; a
/// grid of another size (a move list's table, a thumbnail) is no second
/// board of the kind.
pub fn another_beside(picture: &Gray, board: BoardBox) -> bool {
    let side = board.width.min(board.height);
    // Past the board's frame, as `blanked` leaves it.
    let margin = board.width.max(board.height) / 40.0;
    let (left, top) = (board.left - margin, board.top - margin);
    let right = board.left + board.width + margin;
    let bottom = board.top + board.height + margin;
    let (width, height) = (picture.width as f32, picture.height as f32);
    let strips = [
        (0.0, 0.0, left, height),
        (right, 0.0, width, height),
        (0.0, 0.0, width, top),
        (0.0, bottom, width, height),
    ];
    // Each strip drawn at the scale `grid` reads the whole picture at.
    let scale = (SEARCHED_SIDE as f32 / width.max(height)).min(1.0);
    strips.into_iter().any(|(x0, y0, x1, y1)| {
        let holds = |length: f32| length >= 0.85 * side;
        if !holds(x1 - x0) || !holds(y1 - y0) {
            return false;
        }
        let strip = cropped(picture, x0, y0, x1, y1);
        let longest = strip.width.max(strip.height);
        let strip = strip.scaled_to((longest as f32 * scale).round() as usize);
        grid(&strip, Some(side * scale / 8.0), false).is_some_and(|(_, _, alternates)| alternates)
    })
}

/// The part of `picture` from (`x0`, `y0`) to (`x1`, `y1`), in pixels.
fn cropped(picture: &Gray, x0: f32, y0: f32, x1: f32, y1: f32) -> Gray {
    let (x0, y0) = (x0.max(0.0) as usize, y0.max(0.0) as usize);
    let x1 = (x1.ceil() as usize).min(picture.width).max(x0);
    let y1 = (y1.ceil() as usize).min(picture.height).max(y0);
    Gray {
        width: x1 - x0,
        height: y1 - y0,
        pixels: (y0..y1)
            .flat_map(|y| &picture.pixels[y * picture.width + x0..y * picture.width + x1])
            .copied()
            .collect(),
        colours: Vec::new(),
    }
}

/// The most boards looked for on one page.
const MOST_BOARDS: usize = 24;

/// Every board in the picture, in reading order (rows of boards from the
/// top, each row from the left): the strongest board found, then the
/// picture searched again with it blanked out, until no board is left.
pub fn locate_all(picture: &Gray) -> Vec<BoardBox> {
    let mut left = picture.levels_only();
    let mut found = Vec::new();
    let mut tried = 0;
    while found.len() < MOST_BOARDS && tried < 2 * MOST_BOARDS {
        tried += 1;
        // A page's diagrams are mostly of one size: the squares of the
        // first found are looked for first (a grid of another size may
        // sum more lines where the boards left stand apart).
        let square = found.first().map(|board: &BoardBox| board.width / 8.0);
        let Some((board, _, alternates)) = square
            .and_then(|square| grid(&left, Some(square), false))
            .or_else(|| grid(&left, None, false))
        else {
            break;
        };
        if !blanked(&mut left, board) {
            break;
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
