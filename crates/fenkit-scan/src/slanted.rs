//! A board seen at an angle (a photo of a screen or a page): found as a
//! quadrilateral where the grid of straight lines finds none, and
//! straightened from its four corners.
//!
//! The lines of a board photographed at an angle converge, so no column
//! or row of the picture follows them and [`crate::locate`]'s profiles
//! see no grid. What survives any angle is the chequer: the board is the
//! four corners whose 64 squares, mapped through the perspective they
//! make, alternate light and dark the most. The search starts from the
//! upright box whose squares alternate the most and moves each corner
//! while that gains; the board is taken only where nearly every square
//! then lies on its colour's side (a page of text, or noise, alternates
//! by chance in half of its squares).

use crate::picture::Gray;
use crate::squares::BoardBox;

/// Four corners of a board in a picture, in its pixels: top left, top
/// right, bottom right, bottom left (as the board is seen, whatever side
/// is at the bottom).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quadrilateral {
    pub corners: [(f32, f32); 4],
}

impl Quadrilateral {
    /// The corners of an upright box.
    pub fn from_box(board: BoardBox) -> Quadrilateral {
        Quadrilateral {
            corners: board.corners(),
        }
    }

    /// The point of the picture at (u, v) of the board, each 0 to 1 from
    /// its top left corner: the perspective that takes the unit square to
    /// the four corners (a straight line on the board stays straight).
    pub fn point(&self, u: f32, v: f32) -> (f32, f32) {
        let [(x0, y0), (x1, y1), (x2, y2), (x3, y3)] =
            self.corners.map(|(x, y)| (f64::from(x), f64::from(y)));
        let (dx1, dx2, dx3) = (x1 - x2, x3 - x2, x0 - x1 + x2 - x3);
        let (dy1, dy2, dy3) = (y1 - y2, y3 - y2, y0 - y1 + y2 - y3);
        let det = dx1 * dy2 - dx2 * dy1;
        // A parallelogram (or a shape too flat to have a perspective)
        // maps without one.
        let (g, h) = if det.abs() < 1e-9 {
            (0.0, 0.0)
        } else {
            ((dx3 * dy2 - dx2 * dy3) / det, (dx1 * dy3 - dx3 * dy1) / det)
        };
        let (u, v) = (f64::from(u), f64::from(v));
        let w = g * u + h * v + 1.0;
        let x = ((x1 - x0 + g * x1) * u + (x3 - x0 + h * x3) * v + x0) / w;
        let y = ((y1 - y0 + g * y1) * u + (y3 - y0 + h * y3) * v + y0) / w;
        (x as f32, y as f32)
    }

    /// The upright box around the corners.
    pub fn bounds(&self) -> BoardBox {
        let xs = self.corners.map(|(x, _)| x);
        let ys = self.corners.map(|(_, y)| y);
        let least = |values: [f32; 4]| values.into_iter().fold(f32::INFINITY, f32::min);
        let most = |values: [f32; 4]| values.into_iter().fold(f32::NEG_INFINITY, f32::max);
        BoardBox {
            left: least(xs),
            top: least(ys),
            width: most(xs) - least(xs),
            height: most(ys) - least(ys),
        }
    }

    /// The mean length of its four sides, in pixels.
    fn mean_side(&self) -> f32 {
        (0..4)
            .map(|i| {
                let ((ax, ay), (bx, by)) = (self.corners[i], self.corners[(i + 1) % 4]);
                (bx - ax).hypot(by - ay)
            })
            .sum::<f32>()
            / 4.0
    }

    fn scaled(&self, by: f32) -> Quadrilateral {
        Quadrilateral {
            corners: self.corners.map(|(x, y)| (x * by, y * by)),
        }
    }

    fn inside(&self, picture: &Gray) -> bool {
        let (width, height) = (picture.width as f32, picture.height as f32);
        self.corners
            .iter()
            .all(|&(x, y)| (0.0..=width).contains(&x) && (0.0..=height).contains(&y))
    }
}

/// How the squares of a quadrilateral alternate light and dark: half the
/// mean difference between its light and dark squares' levels (0 to 1),
/// and how many of the 64 lie on their colour's side of the mean level of
/// the squares beside them (up, down, left and right): light falling off
/// across a photographed screen leaves a whole corner's squares, light
/// and dark, on one side of the board's own mean, but each square still
/// stands apart from its neighbours. Each square's level is taken near
/// its four corners, where pieces seldom reach, the middle two of the four (a coordinate's
/// letter in one corner counts for nothing), each `k` by `k` points.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Chequer {
    alternation: f32,
    on_their_side: usize,
}

fn chequer(picture: &Gray, quad: &Quadrilateral, k: usize) -> Option<Chequer> {
    if !quad.inside(picture) {
        return None;
    }
    let mut levels = [0.0f32; 64];
    for (index, level) in levels.iter_mut().enumerate() {
        let (row, column) = ((index / 8) as f32, (index % 8) as f32);
        let mut corners = [(0.05, 0.05), (0.75, 0.05), (0.05, 0.75), (0.75, 0.75)].map(|(u, v)| {
            let mut sum = 0.0;
            for j in 0..k {
                for i in 0..k {
                    let du = 0.2 * (i as f32 + 0.5) / k as f32;
                    let dv = 0.2 * (j as f32 + 0.5) / k as f32;
                    let (x, y) = quad.point((column + u + du) / 8.0, (row + v + dv) / 8.0);
                    sum += picture.sample(x, y);
                }
            }
            sum / (k * k) as f32
        });
        corners.sort_by(f32::total_cmp);
        *level = (corners[1] + corners[2]) / 2.0;
    }
    Some(Chequer::of(&levels))
}

impl Chequer {
    /// The chequer of a board's 64 square levels, a8's (as seen) first.
    fn of(levels: &[f32; 64]) -> Chequer {
        let first_colour = |index: usize| (index / 8 + index % 8).is_multiple_of(2);
        let signed: f32 = (levels.iter().enumerate())
            .map(|(index, level)| if first_colour(index) { *level } else { -level })
            .sum();
        // The first colour (a8's, as seen) is the lighter where `signed`
        // is above nothing.
        let lighter_first = signed > 0.0;
        let against_beside = crate::squares::against_beside(levels);
        let on_their_side = (0..64)
            .filter(|&index| {
                (first_colour(index) == lighter_first) == (against_beside[index] > 0.0)
            })
            .count();
        Chequer {
            alternation: (signed / 64.0).abs(),
            on_their_side,
        }
    }
}

/// The side of the copy searched, in pixels: a board's squares of the
/// smallest read ([`SMALLEST_SIDE`]) still span several pixels.
const SEARCH_SIDE: usize = 600;

/// The smallest board searched for, as a share of the picture's shorter
/// side: a board at an angle is photographed to fill much of the frame.
const SMALLEST_SIDE: f32 = 0.3;

/// How many of the 64 squares must lie on their colour's side of their
/// neighbours' mean level: nearly all (a highlighted last move and a few
/// squares under glare aside). Half of them do by chance.
const LEAST_ON_THEIR_SIDE: usize = 58;

/// How many upright starts, each the best of its size, are each moved to
/// the corners: the best start is not always the one nearest the board
/// (a corner of a board in strong perspective alternates more than the
/// whole, upright).
const STARTS: usize = 4;

/// The board in `picture` as a quadrilateral, where its squares alternate
/// clearly; `None` where no four corners make a board.
pub fn find(picture: &Gray) -> Option<Quadrilateral> {
    let smallest_board = 8.0 * crate::locate::SMALLEST_SQUARE;
    if (picture.width.min(picture.height) as f32) < smallest_board {
        return None;
    }
    let small = picture.scaled_to(SEARCH_SIDE);
    let scale = picture.width as f32 / small.width as f32;
    let (quad, chequer) = upright_starts(&small)
        .into_iter()
        .filter_map(|start| {
            let quad = moved_corners(&small, start);
            let quad = moved_corners(&small, settled(&small, quad));
            chequer(&small, &quad, 3).map(|chequer| (quad, chequer))
        })
        .max_by(|(_, a), (_, b)| {
            (a.on_their_side.cmp(&b.on_their_side)).then(a.alternation.total_cmp(&b.alternation))
        })?;
    let found = quad.scaled(scale);
    (chequer.on_their_side >= LEAST_ON_THEIR_SIDE
        && chequer.alternation >= crate::locate::LEAST_ALTERNATION
        && found.mean_side() / 8.0 >= crate::locate::SMALLEST_SQUARE)
        .then_some(found)
}

/// The upright boxes whose squares alternate the most: of each side from
/// [`SMALLEST_SIDE`] of the picture's shorter side to all of it, the box
/// whose corner, on a grid of half a square, alternates the most (each
/// square read at one point a corner); the [`STARTS`] best of them.
fn upright_starts(small: &Gray) -> Vec<Quadrilateral> {
    let shorter = small.width.min(small.height) as f32;
    if shorter < 8.0 {
        return Vec::new();
    }
    let mut best_of_sizes: Vec<(Quadrilateral, f32)> = Vec::new();
    let mut side = shorter;
    while side >= SMALLEST_SIDE * shorter {
        let step = side / 16.0;
        let samples = SquareCorners::new(small, side);
        let mut best: Option<(Quadrilateral, f32)> = None;
        let mut top = 0.0;
        for down in 0.. {
            if top + side > small.height as f32 {
                break;
            }
            let mut left = 0.0;
            for across in 0.. {
                if left + side > small.width as f32 {
                    break;
                }
                let alternation = Chequer::of(&samples.levels(across, down)).alternation;
                if best.is_none_or(|(_, most)| alternation > most) {
                    let quad = Quadrilateral::from_box(BoardBox {
                        left,
                        top,
                        width: side,
                        height: side,
                    });
                    best = Some((quad, alternation));
                }
                left += step;
            }
            top += step;
        }
        best_of_sizes.extend(best);
        side *= 0.93;
    }
    best_of_sizes.sort_by(|a, b| b.1.total_cmp(&a.1));
    best_of_sizes
        .into_iter()
        .take(STARTS)
        .map(|(quad, _)| quad)
        .collect()
}

/// The picture read at the four points near the corners of each square
/// ([`chequer`]'s, one point each) of every upright box of one side
/// whose corner lies on a grid of half a square: boxes a square apart
/// share seven of their eight columns of points, so each point is read
/// once for all the boxes of the side, not once a box (a square picture
/// has some 7,000 such boxes, 256 points each).
struct SquareCorners {
    /// Levels, row by row, of the points across (`columns` of them) and
    /// down.
    levels: Vec<f32>,
    columns: usize,
}

impl SquareCorners {
    fn new(small: &Gray, side: f32) -> SquareCorners {
        let half_square = side / 16.0;
        // Points 0.15 and 0.85 of a square past every half square (where
        // chequer's one point a corner falls: a twentieth in, and half
        // of the tenth it then spans), from the picture's edge to past
        // its last box.
        let places = |pixels: usize| -> Vec<f32> {
            let starts = ((pixels as f32 - side) / half_square).max(0.0) as usize + 2;
            (0..starts + 14)
                .flat_map(|at| [0.15, 0.85].map(|into| half_square * (at as f32 + 2.0 * into)))
                .collect()
        };
        let (xs, ys) = (places(small.width), places(small.height));
        let levels = ys
            .iter()
            .flat_map(|&y| xs.iter().map(move |&x| small.sample(x, y)))
            .collect();
        SquareCorners {
            levels,
            columns: xs.len(),
        }
    }

    /// The 64 squares' levels of the box `across` and `down` half squares
    /// from the picture's top left corner: each the mean of its middle
    /// two corner points, as [`chequer`] takes them.
    fn levels(&self, across: usize, down: usize) -> [f32; 64] {
        std::array::from_fn(|index| {
            let (row, column) = (index / 8, index % 8);
            // Two places every half square, a square two half squares.
            let (x, y) = (2 * (across + 2 * column), 2 * (down + 2 * row));
            let at = |dx: usize, dy: usize| self.levels[(y + dy) * self.columns + x + dx];
            let mut corners = [at(0, 0), at(1, 0), at(0, 1), at(1, 1)];
            corners.sort_by(f32::total_cmp);
            (corners[1] + corners[2]) / 2.0
        })
    }
}

/// The quadrilateral near `start` whose squares alternate the most: each
/// corner moved a way at a time while that gains, by a quarter of a
/// square first, down to a fiftieth.
fn moved_corners(small: &Gray, start: Quadrilateral) -> Quadrilateral {
    // Alternation finds the board from afar but is as high a tenth of a
    // square off; the steps between squares along its lines are highest
    // right on them.
    let score = |quad: &Quadrilateral| {
        chequer(small, quad, 2).map_or(0.0, |c| c.alternation + steps_across_lines(small, quad))
    };
    let mut best = (start, score(&start));
    let mut step = start.mean_side() / 8.0 / 4.0;
    let least_step = start.mean_side() / 8.0 / 50.0;
    while step >= least_step {
        let mut gained = true;
        while gained {
            gained = false;
            for corner in 0..4 {
                for (dx, dy) in [(step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)] {
                    let mut tried = best.0;
                    tried.corners[corner].0 += dx;
                    tried.corners[corner].1 += dy;
                    let tried_score = score(&tried);
                    if tried_score > best.1 {
                        best = (tried, tried_score);
                        gained = true;
                    }
                }
            }
        }
        step /= 2.0;
    }
    best.0
}

/// How sharply the levels step across the board's inner lines: the
/// difference between the two sides of each line between two squares, a
/// tenth of a square from it, near both ends of the squares' shared edge
/// (where pieces seldom reach), the lighter side by the chequer's order;
/// half its mean, as alternation is.
fn steps_across_lines(small: &Gray, quad: &Quadrilateral) -> f32 {
    const OFF: f32 = 0.1;
    let mut sum = 0.0;
    for line in 1..8 {
        let line = line as f32;
        for square in 0..8 {
            for along in [0.15, 0.85] {
                let along = square as f32 + along;
                // Across a vertical line (two squares of a row), then
                // across a horizontal one (two of a column).
                for ((u0, v0), (u1, v1)) in [
                    ((line - OFF, along), (line + OFF, along)),
                    ((along, line - OFF), (along, line + OFF)),
                ] {
                    let level = |u: f32, v: f32| {
                        let (x, y) = quad.point(u / 8.0, v / 8.0);
                        small.sample(x, y)
                    };
                    let difference = level(u0, v0) - level(u1, v1);
                    // The square before the line is of the first colour
                    // (a8's) where its row and column sum even.
                    let (row, column) = (v0.floor() as usize, u0.floor() as usize);
                    sum += if (row + column).is_multiple_of(2) {
                        difference
                    } else {
                        -difference
                    };
                }
            }
        }
    }
    (sum / (7.0 * 8.0 * 2.0 * 2.0) / 2.0).abs()
}

/// The quadrilateral moved by whole squares along its own lines while
/// more of its squares lie on their colour's side: corners moved to a
/// board's most alternating place may take a frame's dark edge for a
/// file of squares (the frame alternates with nothing, so the board
/// moved onto its real squares has four more on their side).
fn settled(small: &Gray, quad: Quadrilateral) -> Quadrilateral {
    let counted =
        |quad: &Quadrilateral| chequer(small, quad, 2).map(|c| (c.on_their_side, c.alternation));
    let Some(mut best) = counted(&quad).map(|score| (quad, score)) else {
        return quad;
    };
    for _ in 0..4 {
        let from = best.0;
        for (du, dv) in [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)] {
            let (du, dv) = (du / 8.0, dv / 8.0);
            let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
                .map(|(u, v)| from.point(u + du, v + dv));
            let tried = Quadrilateral { corners };
            if let Some(score) = counted(&tried)
                && score.0 > best.1.0
            {
                best = (tried, score);
            }
        }
        if best.0 == from {
            break;
        }
    }
    best.0
}

/// The board inside `quad` drawn upright: `square` pixels a square, with
/// a square of the picture around it each way (so that the reader can
/// look a little past the board, and move it a square, as it does on an
/// upright board), in colour where the picture has colours.
pub fn straightened(picture: &Gray, quad: &Quadrilateral, square: usize) -> Gray {
    let side = 10 * square;
    let mut colours = Vec::with_capacity(side * side);
    for y in 0..side {
        for x in 0..side {
            let u = ((x as f32 + 0.5) / square as f32 - 1.0) / 8.0;
            let v = ((y as f32 + 0.5) / square as f32 - 1.0) / 8.0;
            let (px, py) = quad.point(u, v);
            colours.push(colour_between(picture, px, py));
        }
    }
    Gray::from_colours(side, side, colours)
}

/// The colour at a point between pixels, bilinear; points outside take
/// the nearest edge pixel.
fn colour_between(picture: &Gray, x: f32, y: f32) -> [u8; 3] {
    let x = (x - 0.5).clamp(0.0, (picture.width - 1) as f32);
    let y = (y - 0.5).clamp(0.0, (picture.height - 1) as f32);
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = (
        (x0 + 1).min(picture.width - 1),
        (y0 + 1).min(picture.height - 1),
    );
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let [a, b, c, d] =
        [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map(|(x, y)| picture.colour_at(x, y));
    std::array::from_fn(|channel| {
        let top = a[channel] * (1.0 - fx) + b[channel] * fx;
        let bottom = c[channel] * (1.0 - fx) + d[channel] * fx;
        ((top * (1.0 - fy) + bottom * fy) * 255.0).round() as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_perspective_takes_the_square_to_the_corners_and_lines_stay_straight() {
        let quad = Quadrilateral {
            corners: [(10.0, 20.0), (110.0, 30.0), (120.0, 140.0), (0.0, 120.0)],
        };
        for ((u, v), corner) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
            .into_iter()
            .zip(quad.corners)
        {
            let (x, y) = quad.point(u, v);
            assert!((x - corner.0).abs() < 1e-3 && (y - corner.1).abs() < 1e-3);
        }
        // Three points of the board's middle row lie on one line.
        let [(ax, ay), (bx, by), (cx, cy)] = [0.0, 0.3, 1.0].map(|u| quad.point(u, 0.5));
        let cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        assert!(cross.abs() < 1e-2, "{cross}");
        // An upright box maps evenly.
        let upright = Quadrilateral::from_box(BoardBox {
            left: 5.0,
            top: 7.0,
            width: 80.0,
            height: 40.0,
        });
        assert_eq!(upright.point(0.25, 0.5), (25.0, 27.0));
        assert_eq!(upright.bounds().width, 80.0);
    }

    #[test]
    fn a_board_under_light_falling_off_is_found() {
        // A bare board of 40-pixel squares on a grey page, photographed
        // off a screen whose light falls off to the right: its right-hand
        // light squares darker than its left-hand dark ones.
        let (side, board, square) = (400, 40..360, 40);
        let pixels = (0..side * side)
            .map(|at| {
                let (x, y) = (at % side, at / side);
                let level = if board.contains(&x) && board.contains(&y) {
                    let dark = ((x - board.start) / square + (y - board.start) / square) % 2 == 1;
                    if dark { 0.55 } else { 0.85 }
                } else {
                    0.7
                };
                level * (1.0 - 0.65 * x as f32 / side as f32)
            })
            .collect();
        let picture = Gray {
            width: side,
            height: side,
            pixels,
            colours: Vec::new(),
        };
        let found = find(&picture).expect("the board");
        let drawn = [(40.0, 40.0), (360.0, 40.0), (360.0, 360.0), (40.0, 360.0)];
        for ((x, y), (drawn_x, drawn_y)) in found.corners.into_iter().zip(drawn) {
            let off = (x - drawn_x).abs().max((y - drawn_y).abs());
            assert!(off < 8.0, "{:?}", found.corners);
        }
    }

    #[test]
    fn the_upright_boxes_read_from_shared_points_as_each_alone() {
        // A picture of no pattern that repeats within a box, so that a
        // point of the wrong column or row reads another level.
        let (width, height) = (301, 257);
        let pixels = (0..width * height)
            .map(|at| ((at * 7919 % 1009) as f32 / 1009.0 + (at / width) as f32 / 300.0) / 2.0)
            .collect();
        let picture = Gray {
            width,
            height,
            pixels,
            colours: Vec::new(),
        };
        for side in [257.0, 180.5, 96.0] {
            let samples = SquareCorners::new(&picture, side);
            let step = side / 16.0;
            for (across, down) in [(0, 0), (1, 0), (0, 3), (5, 2)] {
                let (left, top) = (across as f32 * step, down as f32 * step);
                if left + side > width as f32 || top + side > height as f32 {
                    continue;
                }
                let quad = Quadrilateral::from_box(BoardBox {
                    left,
                    top,
                    width: side,
                    height: side,
                });
                let alone = chequer(&picture, &quad, 1).expect("inside");
                let shared = Chequer::of(&samples.levels(across, down));
                assert!((alone.alternation - shared.alternation).abs() < 1e-5);
                assert_eq!(alone.on_their_side, shared.on_their_side);
            }
        }
    }

    #[test]
    fn a_picture_too_small_for_a_board_or_without_one_has_none() {
        let blank = |width: usize, height: usize| Gray {
            width,
            height,
            pixels: vec![0.5; width * height],
            colours: Vec::new(),
        };
        assert_eq!(find(&blank(0, 0)), None);
        assert_eq!(find(&blank(60, 300)), None);
        assert_eq!(find(&blank(300, 300)), None);
    }
}
