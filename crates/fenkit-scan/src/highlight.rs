//! The last move's highlight: sites tint the two squares of the move just
//! played, so the piece standing on one of them is the side that moved,
//! and the other side is to move.
//!
//! Each square's ground is read near its four corners, where pieces
//! rarely reach, in colour (a tint may keep a square's grey level), and
//! compared with the squares of its colour around it. A highlight is a
//! square whose ground stands well off theirs: exactly two such squares,
//! one empty and one holding a piece, are taken as the last move.

use shakmaty::{Bitboard, Piece, Rank, Role, Square};

use crate::{picture::Gray, squares::BoardBox};

/// How far a tinted square's ground must stand from its colour's around
/// it, as a distance of colours (each channel 0 to 1), and at least how
/// many times the board's median distance.
const LEAST_TINT: f32 = 0.08;
const DEVIATIONS: f32 = 5.0;

/// Where a square's ground is read: near its corners, as fractions of
/// the square.
const CORNERS: [(f32, f32); 4] = [(0.06, 0.06), (0.94, 0.06), (0.06, 0.94), (0.94, 0.94)];

/// The ground of the square at `row`, `column` (picture order): each
/// channel's median over its four corners (so that a coordinate printed
/// in one corner does not count), each corner nine points' mean.
fn ground(picture: &Gray, board: BoardBox, row: usize, column: usize) -> [f32; 3] {
    let (step_x, step_y) = (board.width / 8.0, board.height / 8.0);
    let corners = CORNERS.map(|(fx, fy)| {
        let mut sum = [0.0; 3];
        for dy in [-0.02, 0.0, 0.02] {
            for dx in [-0.02, 0.0, 0.02] {
                let x = board.left + (column as f32 + fx + dx) * step_x;
                let y = board.top + (row as f32 + fy + dy) * step_y;
                let x = (x.max(0.0) as usize).min(picture.width - 1);
                let y = (y.max(0.0) as usize).min(picture.height - 1);
                for (total, channel) in sum.iter_mut().zip(picture.colour_at(x, y)) {
                    *total += channel;
                }
            }
        }
        sum.map(|total| total / 9.0)
    });
    std::array::from_fn(|channel| {
        let mut values = corners.map(|corner| corner[channel]);
        values.sort_by(f32::total_cmp);
        (values[1] + values[2]) / 2.0
    })
}

fn median(values: &mut [f32]) -> f32 {
    values.sort_by(f32::total_cmp);
    values[values.len() / 2]
}

/// The two tinted squares (picture order: top row first) of a last-move
/// highlight, the empty one first, where there are exactly two and just
/// one holds a piece.
pub fn last_move(picture: &Gray, board: BoardBox, occupied: &[bool]) -> Option<(usize, usize)> {
    let grounds: Vec<[f32; 3]> = (0..64)
        .map(|i| ground(picture, board, i / 8, i % 8))
        .collect();
    // Each square against the squares of its colour around it (two rows
    // and files either way), so that a picture lit unevenly does not look
    // tinted.
    let distances: Vec<f32> = (0..64)
        .map(|i: usize| {
            let (row, column) = (i / 8, i % 8);
            let around: Vec<usize> = (0..64)
                .filter(|&j: &usize| {
                    j != i
                        && (j / 8 + j % 8) % 2 == (row + column) % 2
                        && (j / 8).abs_diff(row) <= 2
                        && (j % 8).abs_diff(column) <= 2
                })
                .collect();
            (0..3)
                .map(|channel| {
                    let mut values: Vec<f32> =
                        around.iter().map(|&j| grounds[j][channel]).collect();
                    (grounds[i][channel] - median(&mut values)).powi(2)
                })
                .sum::<f32>()
                .sqrt()
        })
        .collect();
    let spread = median(&mut distances.clone());
    let least = LEAST_TINT.max(DEVIATIONS * spread);
    // The two squares standing furthest off, where both stand off and a
    // third, if any, well under them: a piece reaching into a corner
    // stands off a little, a tint far.
    let mut order: Vec<usize> = (0..64).collect();
    order.sort_by(|a, b| distances[*b].total_cmp(&distances[*a]));
    let (second, third) = (distances[order[1]], distances[order[2]]);
    let tinted = if second > least && third < second * 0.6 {
        &order[..2]
    } else {
        &order[..0]
    };
    match *tinted {
        [a, b] if occupied[a] != occupied[b] => Some(if occupied[a] { (b, a) } else { (a, b) }),
        _ => None,
    }
}

/// Whether `piece`, now on `to`, could have come from `from` in one move
/// (the board's other pieces aside): a highlight between two squares it
/// could not have joined is no last move.
pub(crate) fn could_have_moved(piece: Piece, from: Square, to: Square) -> bool {
    let forward = piece.color.fold_wb(1, -1);
    let ranks = i32::from(to.rank()) - i32::from(from.rank());
    let files = i32::from(to.file()) - i32::from(from.file());
    let home = piece.color.fold_wb(Rank::First, Rank::Eighth);
    // A pawn's step, double step or capture, which a promoted piece on
    // the last rank made too.
    let pawn_move = (files == 0
        && (ranks == forward
            || (ranks == 2 * forward
                && from.rank() == piece.color.fold_wb(Rank::Second, Rank::Seventh))))
        || (files.abs() == 1 && ranks == forward);
    match piece.role {
        Role::Pawn => pawn_move,
        // Castling: the king two files along its home rank (or onto its
        // rook, as some sites draw it).
        Role::King if from.rank() == home && to.rank() == home && files.abs() >= 2 => true,
        role => {
            let promoted = to.rank() == piece.color.fold_wb(Rank::Eighth, Rank::First) && pawn_move;
            promoted
                || shakmaty::attacks::attacks(
                    to,
                    Piece {
                        color: piece.color,
                        role,
                    },
                    Bitboard::EMPTY,
                )
                .contains(from)
        }
    }
}
