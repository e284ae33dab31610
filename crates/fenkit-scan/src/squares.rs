//! The 64 squares of a board cut out of a picture, each as the network
//! reads it: [`SIDE`] by [`SIDE`] grey levels, stretched so that the
//! board's paper or light squares are near 1 and its ink near 0.

use crate::picture::{Gray, MOST_POINTS, Points};

/// The side of a square as the network reads it, in pixels.
pub const SIDE: usize = 32;

/// Where a board stands in a picture: its left and top edges and its
/// width and height, in the picture's pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardBox {
    pub left: f32,
    pub top: f32,
    pub width: f32,
    pub height: f32,
}

impl BoardBox {
    /// The box's corners as (x, y): top left, top right, bottom right,
    /// bottom left.
    pub fn corners(&self) -> [(f32, f32); 4] {
        let (right, bottom) = (self.left + self.width, self.top + self.height);
        [
            (self.left, self.top),
            (right, self.top),
            (right, bottom),
            (self.left, bottom),
        ]
    }

    /// Whether the box lies wholly inside `picture`: only then can its
    /// squares be cut.
    pub fn lies_inside(&self, picture: &Gray) -> bool {
        self.left >= 0.0
            && self.top >= 0.0
            && self.left + self.width <= picture.width as f32
            && self.top + self.height <= picture.height as f32
    }
}

/// The squares of `board` in `picture`, in picture order: the top row
/// first, each row from the left; `SIDE * SIDE` levels each.
///
/// The levels are stretched between the board's 2nd and 98th
/// percentiles, so that a grey scan, a dim screenshot and a crisp render
/// read alike.
pub fn squares(picture: &Gray, board: BoardBox) -> Vec<[f32; SIDE * SIDE]> {
    let step_x = board.width / 8.0;
    let step_y = board.height / 8.0;
    // Each pixel of a square averages the picture's pixels it covers.
    let k = ((step_x.max(step_y) / SIDE as f32).ceil() as usize).clamp(1, MOST_POINTS);
    let mut cut = Vec::with_capacity(64);
    for row in 0..8 {
        for column in 0..8 {
            let left = board.left + column as f32 * step_x;
            let top = board.top + row as f32 * step_y;
            // Each pixel's points across are those of its whole column,
            // and down those of its row: worked out once a square.
            let span = |start: f32, step: f32, pixels: usize| -> [Points; SIDE] {
                std::array::from_fn(|at| {
                    let from = start + step * at as f32 / SIDE as f32;
                    let to = start + step * (at + 1) as f32 / SIDE as f32;
                    Points::new(from, to, k, pixels)
                })
            };
            let columns = span(left, step_x, picture.width);
            let rows = span(top, step_y, picture.height);
            let mut square = [0.0; SIDE * SIDE];
            for (levels, rows) in square.chunks_exact_mut(SIDE).zip(&rows) {
                for (level, columns) in levels.iter_mut().zip(&columns) {
                    *level = picture.mean_at(columns, rows);
                }
            }
            cut.push(square);
        }
    }
    stretch(&mut cut);
    cut
}

/// Stretches every level so that the 2nd percentile of all is 0 and the
/// 98th is 1.
fn stretch(squares: &mut [[f32; SIDE * SIDE]]) {
    let mut counts = [0u32; 256];
    for level in squares.iter().flatten() {
        counts[(level.clamp(0.0, 1.0) * 255.0) as usize] += 1;
    }
    let total: u32 = counts.iter().sum();
    let percentile = |share: f32| {
        let wanted = (total as f32 * share) as u32;
        let mut seen = 0;
        for (level, count) in counts.iter().enumerate() {
            seen += count;
            if seen > wanted {
                return level as f32 / 255.0;
            }
        }
        1.0
    };
    let (low, high) = (percentile(0.02), percentile(0.98));
    let range = (high - low).max(0.1);
    for level in squares.iter_mut().flatten() {
        *level = ((*level - low) / range).clamp(0.0, 1.0);
    }
}
