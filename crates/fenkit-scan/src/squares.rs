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
/// The levels are stretched between the board's ink and paper
/// (`stretch`), so that a grey scan, a dim screenshot and a crisp
/// render read alike.
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

/// Stretches every level so that the board's darkest ink is 0 and its
/// lightest paper 1: the 2nd and 98th percentiles of all its levels,
/// unless the board has no ink there. Where few pieces stand (two kings
/// and a rook) the 2nd percentile falls among the dark squares' own
/// tones, and a black piece on a dark square was stretched into it and
/// read as empty: there the darkest square's own 2nd percentile is taken
/// (and the lightest square's 98th at the other end).
fn stretch(squares: &mut [[f32; SIDE * SIDE]]) {
    /// How much further one square's ink must lie than the board's
    /// percentile for the board to be taken to have no ink there: on
    /// boards of many pieces the two mostly lie within a tenth (hatched
    /// books, sets with grey fills), on boards of few a third and more.
    const INKLESS: f32 = 0.2;
    /// And the board's percentile must lie with the squares' own tones,
    /// within this of the quartile: in a photo of a screen, one corner's
    /// shadow may be darker than every piece, but the board's 2nd
    /// percentile still lies in its pieces' ink, far from the quartile.
    const AMONG_TONES: f32 = 0.1;
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
    let square_percentile = |square: &[f32; SIDE * SIDE], share: f32| {
        let mut levels = *square;
        let at = ((SIDE * SIDE) as f32 * share) as usize;
        *levels.select_nth_unstable_by(at, f32::total_cmp).1
    };
    let darkest = squares
        .iter()
        .map(|square| square_percentile(square, 0.02))
        .fold(f32::INFINITY, f32::min)
        .clamp(0.0, 1.0);
    let lightest = squares
        .iter()
        .map(|square| square_percentile(square, 0.98))
        .fold(f32::NEG_INFINITY, f32::max)
        .clamp(0.0, 1.0);
    let (board_low, board_high) = (percentile(0.02), percentile(0.98));
    let low = if board_low - darkest > INKLESS && percentile(0.25) - board_low < AMONG_TONES {
        darkest
    } else {
        board_low
    };
    let high = if lightest - board_high > INKLESS && board_high - percentile(0.75) < AMONG_TONES {
        lightest
    } else {
        board_high
    };
    let range = (high - low).max(0.1);
    for level in squares.iter_mut().flatten() {
        *level = ((*level - low) / range).clamp(0.0, 1.0);
    }
}

/// Each square's level (rank by rank from the top) less the mean level
/// of the two to four squares beside it (up, down, left and right, in
/// that order): where it stands against its neighbours, which light
/// falling off across a photograph leaves as it was (the faint
/// search's `parted_locally` in `locate/`, and `slanted.rs`'s chequer).
pub(crate) fn against_beside(levels: &[f32; 64]) -> [f32; 64] {
    std::array::from_fn(|index| {
        let (row, column) = (index / 8, index % 8);
        let beside = [
            (row > 0).then(|| index - 8),
            (row < 7).then(|| index + 8),
            (column > 0).then(|| index - 1),
            (column < 7).then(|| index + 1),
        ];
        let (sum, count) = (beside.into_iter().flatten()).fold((0.0, 0.0), |(sum, count), at| {
            (sum + levels[at], count + 1.0)
        });
        levels[index] - sum / count
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board with no pieces: light squares at 0.8, dark at 0.45.
    fn bare_board() -> Vec<[f32; SIDE * SIDE]> {
        (0..64)
            .map(|index| {
                let dark = (index / 8 + index % 8) % 2 == 1;
                [if dark { 0.45 } else { 0.8 }; SIDE * SIDE]
            })
            .collect()
    }

    #[test]
    fn a_black_piece_on_a_board_of_few_pieces_keeps_its_ink() {
        // A bare board, and one dark square holding a black piece: a blot
        // of ink at 0.05 over a quarter of it, under half a percent of the
        // board.
        let mut board = bare_board();
        for y in 8..24 {
            for x in 8..24 {
                board[1][y * SIDE + x] = 0.05;
            }
        }
        stretch(&mut board);
        let (ink, square) = (board[1][16 * SIDE + 16], board[1][0]);
        assert!(ink < 0.05, "the ink stays black: {ink}");
        assert!(square > 0.4, "apart from its square's tone: {square}");
        assert!(
            (board[0][0] - 1.0).abs() < 0.01,
            "the light squares are paper"
        );
    }

    #[test]
    fn one_shadowed_square_leaves_a_board_of_many_pieces_as_it_was() {
        // Twelve pieces' grey ink at 0.25 (a twentieth of the board), and
        // one square in a shadow darker than all of it, as a photo of a
        // screen may have at a corner: the ink is still the board's black.
        let mut board = bare_board();
        for square in &mut board[8..20] {
            for y in 8..24 {
                square[y * SIDE + 8..y * SIDE + 24].fill(0.25);
            }
        }
        board[63] = [0.0; SIDE * SIDE];
        stretch(&mut board);
        let ink = board[8][16 * SIDE + 16];
        assert!(ink < 0.01, "the pieces' ink is black: {ink}");
    }
}
