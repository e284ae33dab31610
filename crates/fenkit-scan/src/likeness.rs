//! A piece told by the board's own drawings. A program draws every piece
//! of a kind with one picture: two squares showing the same drawing hold
//! the same piece, and two showing different drawings hold different
//! pieces. The network reads each square alone, and on a set it never
//! saw it may read a king and a rook both as rooks (lichess's celtic), or
//! knights as rooks beside the rooks (lichess's governor); the rules
//! mend a king missing, but not two rooks too many drawn two ways.
//!
//! So where the board shows its pieces of one kind drawn alike (a
//! screenshot: its empty squares flat, the pieces read surely as one
//! piece twins), a drawing read as a piece that a different drawing
//! holds, read less likely so and unsurely everywhere, takes its
//! likeliest other piece of its side that no different drawing holds
//! (of two drawings each seen twice, the one whose change leaves both
//! likelier, however unlikely its new piece: lichess's pixel queens,
//! read as kings beside the kings); twins of one side read as two
//! pieces are read as the likelier of the two, on squares read unsurely;
//! and the rules' mend leaves twins read as one piece as they are. A
//! photo or a scanned page, whose twins differ by noise and light, is
//! left as read.

use shakmaty::{Color, Piece, Role};

use crate::squares::SIDE;
use crate::{SquareReading, mend, network};

/// The margin of a square left out of the comparison: coordinates,
/// highlight frames and the next square's edge stand there.
const MARGIN: usize = 3;
/// How far (in levels, 0 to 1) a pixel's difference between two squares
/// may lie outside what their backgrounds explain and still match.
const TOLERANCE: f32 = 0.2;
/// Two squares whose drawings lie at most this far apart ([`distance`])
/// show the same drawing: on lichess's editor pieces of one kind lie
/// within 0.041, pieces of two kinds read as one 0.072 and further.
const SAME: f32 = 0.05;
/// Two drawings read as one piece are different where some pair of
/// their squares lies further apart than this.
const DIFFERENT: f32 = 0.1;
/// A board shows its drawings alike only where nine in ten pairs of
/// pieces read surely as one piece lie at most this far apart (chess.com's
/// shaded pieces 0.043 to 0.062, lichess's editor 0.041 and under) ...
const SURE_PAIRS_WITHIN: f32 = 0.045;
/// ... and its empty squares are flat: the middle one of each colour
/// spans at most this standard deviation of levels (a screenshot's
/// 0.001, a photo of a screen's or a book's page's 0.005 and more).
const FLAT: f32 = 0.002;

/// A square's reading changed: its index (picture order), what was read
/// there and how surely.
pub(crate) type Changed = (usize, Option<Piece>, f32);

/// What the board's drawings told.
pub(crate) struct Told {
    /// The readings changed.
    pub changed: Vec<Changed>,
    /// The squares (picture order) whose drawing another square of its
    /// side shares, read as the same piece: the rules' mend leaves them
    /// as read, for a mend of one twin alone would read one drawing as
    /// two pieces (lichess's editor's two kings a side).
    pub twinned: [bool; 64],
}

/// Mends `shown` (picture order; `probabilities` as the network read
/// each square, `levels` the squares as cut) where the board's own
/// drawings tell.
pub(crate) fn mend(
    shown: &mut [SquareReading],
    probabilities: &[[f32; network::CLASSES]],
    levels: &[[f32; SIDE * SIDE]],
) -> Told {
    let mut told = Told {
        changed: Vec::new(),
        twinned: [false; 64],
    };
    if !flat(shown, levels) {
        return told;
    }
    let occupied: Vec<usize> = (0..shown.len())
        .filter(|&i| shown[i].piece.is_some())
        .collect();
    let mut sure_pairs: Vec<f32> = Vec::new();
    for (n, &i) in occupied.iter().enumerate() {
        for &j in &occupied[n + 1..] {
            if shown[i].piece == shown[j].piece && sure(&shown[i]) && sure(&shown[j]) {
                sure_pairs.push(distance(&levels[i], &levels[j]));
            }
        }
    }
    sure_pairs.sort_by(f32::total_cmp);
    if sure_pairs.len() < 2 || sure_pairs[sure_pairs.len() * 9 / 10] > SURE_PAIRS_WITHIN {
        return told;
    }
    let mut apart = [[0.0; 64]; 64];
    for (n, &i) in occupied.iter().enumerate() {
        for &j in &occupied[n + 1..] {
            let d = distance(&levels[i], &levels[j]);
            apart[i][j] = d;
            apart[j][i] = d;
        }
    }
    let groups = twins(shown, &occupied, &apart);
    let mut change = |shown: &mut [SquareReading], i: usize, piece: Piece| {
        if shown[i].piece == Some(piece) {
            return;
        }
        if !told.changed.iter().any(|(at, _, _)| *at == i) {
            told.changed.push((i, shown[i].piece, shown[i].confidence));
        }
        shown[i] = SquareReading {
            piece: Some(piece),
            confidence: probabilities[i][network::class_of(piece)],
            second: shown[i].piece,
            second_confidence: shown[i].confidence,
        };
    };
    // A group's mean probability of a piece.
    let likely = |group: &[usize], piece: Piece| {
        let class = network::class_of(piece);
        group.iter().map(|&i| probabilities[i][class]).sum::<f32>() / group.len() as f32
    };
    // Twins read as two pieces: the likelier over them all, where each
    // twin to change was read unsurely and gave that piece a chance.
    for group in &groups {
        let first = shown[group[0]].piece;
        if group.iter().all(|&i| shown[i].piece == first) {
            continue;
        }
        let likeliest = group
            .iter()
            .filter_map(|&i| shown[i].piece)
            .max_by(|a, b| likely(group, *a).total_cmp(&likely(group, *b)));
        let Some(likeliest) = likeliest else { continue };
        let may_take = |i: usize| {
            shown[i].piece == Some(likeliest)
                || (!sure(&shown[i])
                    && probabilities[i][network::class_of(likeliest)] >= mend::SECOND_AT_LEAST)
        };
        if group.iter().all(|&i| may_take(i)) {
            for &i in group {
                change(shown, i, likeliest);
            }
        }
    }
    // Different drawings read as one piece: one of the two groups, read
    // unsurely throughout, yields, taking the likeliest piece of its side
    // that no drawing different from it holds. Where each drawing is seen
    // on two squares or more, no arrow or mark over one square made it
    // unlike its kind: the two are two pieces, and the yielder is the one
    // whose yielding leaves the reading likelier over both groups, however
    // unlikely its new piece (lichess's pixel set, whose queens the
    // network reads as kings). A drawing seen once may be a piece under an
    // arrow: the group less likely the piece yields, and only to a piece
    // the network gave a chance. One change at a time, each group's
    // pieces seen anew.
    let different = |a: &[usize], b: &[usize]| {
        a.iter()
            .any(|&i| b.iter().any(|&j| apart[i][j] > DIFFERENT))
    };
    let piece_of = |shown: &[SquareReading], group: &[usize]| {
        let piece = shown[group[0]].piece;
        group
            .iter()
            .all(|&i| shown[i].piece == piece)
            .then_some(piece)
            .flatten()
    };
    let unsure = |shown: &[SquareReading], group: &[usize]| group.iter().all(|&i| !sure(&shown[i]));
    let free = |shown: &[SquareReading], group: &[usize], color: Color| {
        let held: Vec<Piece> = groups
            .iter()
            .filter(|other| different(group, other))
            .filter_map(|other| piece_of(shown, other))
            .collect();
        Role::ALL
            .into_iter()
            .map(|role| Piece { color, role })
            .filter(|piece| !held.contains(piece))
            .max_by(|x, y| likely(group, *x).total_cmp(&likely(group, *y)))
    };
    // A group's log-likelihood of a piece; a probability of 0 still
    // compares.
    let log_likely = |group: &[usize], piece: Piece| {
        let class = network::class_of(piece);
        (group.iter())
            .map(|&i| probabilities[i][class].max(f32::MIN_POSITIVE).ln())
            .sum::<f32>()
    };
    for _ in 0..groups.len() {
        let mut moved = false;
        'pairs: for (a, first) in groups.iter().enumerate() {
            let Some(piece) = piece_of(shown, first) else {
                continue;
            };
            for second in &groups[a + 1..] {
                if piece_of(shown, second) != Some(piece) || !different(first, second) {
                    continue;
                }
                let yielding = if first.len() > 1 && second.len() > 1 {
                    // Each drawing seen twice: the reading likelier over
                    // both groups, however unlikely the yielder's piece.
                    [(first, second), (second, first)]
                        .into_iter()
                        .filter(|(yielder, _)| unsure(shown, yielder))
                        .filter_map(|(yielder, keeper)| {
                            let other = free(shown, yielder, piece.color)?;
                            let odds = log_likely(yielder, other) + log_likely(keeper, piece);
                            Some((odds, yielder, other))
                        })
                        .max_by(|a, b| a.0.total_cmp(&b.0))
                        .map(|(_, yielder, other)| (yielder, other))
                } else {
                    let weaker = if likely(first, piece) < likely(second, piece) {
                        first
                    } else {
                        second
                    };
                    free(shown, weaker, piece.color)
                        .filter(|other| {
                            unsure(shown, weaker) && likely(weaker, *other) >= mend::SECOND_AT_LEAST
                        })
                        .map(|other| (weaker, other))
                };
                if let Some((yielder, other)) = yielding {
                    for &i in yielder {
                        change(shown, i, other);
                    }
                    moved = true;
                    break 'pairs;
                }
            }
        }
        if !moved {
            break;
        }
    }
    // A square changed and changed back is as read.
    told.changed.retain(|(i, read, _)| shown[*i].piece != *read);
    // Twins read as one piece are left so by the rules' mend.
    for group in groups.iter().filter(|group| group.len() > 1) {
        let Some(piece) = piece_of(shown, group) else {
            continue;
        };
        for &i in group {
            told.twinned[i] = shown[i].piece == Some(piece);
        }
    }
    told
}

/// Whether a square was read surely: only squares read unsurely change.
fn sure(reading: &SquareReading) -> bool {
    reading.confidence >= mend::UNSURE_BELOW
}

/// The `occupied` squares in groups of twins: squares read as one
/// side's pieces lying within [`SAME`] of each other (`apart`), and twins
/// of twins. A piece's side is `colour.rs`'s to tell: a set whose two
/// sides differ only in a thin fill may match across them.
fn twins(shown: &[SquareReading], occupied: &[usize], apart: &[[f32; 64]; 64]) -> Vec<Vec<usize>> {
    let side = |i: usize| shown[i].piece.map(|piece| piece.color);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in occupied {
        let joined: Vec<usize> = (0..groups.len())
            .filter(|&g| {
                groups[g]
                    .iter()
                    .any(|&j| apart[i][j] <= SAME && side(i) == side(j))
            })
            .collect();
        let mut group = vec![i];
        // The groups it joins become one, kept in picture order.
        for &g in joined.iter().rev() {
            group.extend(groups.remove(g));
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups.sort_by_key(|group| group[0]);
    groups
}

/// Whether the board's empty squares are flat, as a program draws them:
/// the middle empty square of each colour spans at most [`FLAT`] (a
/// book's hatched dark squares do not, beside its white paper).
fn flat(shown: &[SquareReading], levels: &[[f32; SIDE * SIDE]]) -> bool {
    // No copy of the middle is kept: this runs on every board read.
    let spread = |i: usize| {
        let inner = || {
            (MARGIN..SIDE - MARGIN)
                .flat_map(|y| (MARGIN..SIDE - MARGIN).map(move |x| levels[i][y * SIDE + x]))
        };
        let count = ((SIDE - 2 * MARGIN) * (SIDE - 2 * MARGIN)) as f32;
        let mean = inner().sum::<f32>() / count;
        let variance = inner().map(|level| (level - mean).powi(2)).sum::<f32>() / count;
        variance.sqrt()
    };
    let mut seen = false;
    for colour in 0..2 {
        // Picture order: a square's colour is its row and column's parity.
        let mut spreads: Vec<f32> = (0..shown.len())
            .filter(|&i| shown[i].piece.is_none() && (i / 8 + i % 8) % 2 == colour)
            .map(spread)
            .collect();
        if spreads.is_empty() {
            continue;
        }
        seen = true;
        let middle = spreads.len() / 2;
        if *spreads.select_nth_unstable_by(middle, f32::total_cmp).1 > FLAT {
            return false;
        }
    }
    seen
}

/// The level of a square's background: the median of the ring two
/// pixels in (the outermost pixels may be the next square's, the box a
/// little off).
fn background(square: &[f32; SIDE * SIDE]) -> f32 {
    let (near, far) = (2, SIDE - 3);
    let mut ring: Vec<f32> = (near..=far)
        .flat_map(|i| {
            [
                square[near * SIDE + i],
                square[far * SIDE + i],
                square[i * SIDE + near],
                square[i * SIDE + far],
            ]
        })
        .collect();
    let middle = ring.len() / 2;
    *ring.select_nth_unstable_by(middle, f32::total_cmp).1
}

/// How far apart two squares' drawings lie: the share of the pixels of
/// their middles that no one drawing over the two squares' backgrounds
/// explains, at the best of nine shifts of a pixel. A drawing's pixel
/// over a background is `alpha * ink + (1 - alpha) * background`, so
/// where one drawing stands on both squares each pixel differs between
/// them by a share (`1 - alpha`, 0 to 1) of the backgrounds' difference:
/// a white piece on a light square and on a dark one match.
pub(crate) fn distance(a: &[f32; SIDE * SIDE], b: &[f32; SIDE * SIDE]) -> f32 {
    let between = background(a) - background(b);
    let (low, high) = (between.min(0.0), between.max(0.0));
    let inner = MARGIN..SIDE - MARGIN;
    let count = (inner.len() * inner.len()) as f32;
    let mut best = usize::MAX;
    for dy in [0, 1, -1isize] {
        for dx in [0, 1, -1isize] {
            let mut unexplained = 0;
            for y in inner.clone() {
                let (row_a, row_b) = (y * SIDE, y.wrapping_add_signed(dy) * SIDE);
                for x in inner.clone() {
                    let difference = a[row_a + x] - b[row_b + x.wrapping_add_signed(dx)];
                    if (low - difference).max(difference - high) > TOLERANCE {
                        unexplained += 1;
                    }
                }
            }
            best = best.min(unexplained);
        }
    }
    best as f32 / count
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square of `background` with a drawing: a dark outline and a
    /// white fill inside, from column `left` to its mirror.
    fn drawn(background: f32, left: usize) -> [f32; SIDE * SIDE] {
        let mut square = [background; SIDE * SIDE];
        let right = SIDE - 1 - left;
        for y in 8..26 {
            for x in left..=right {
                let edge = y == 8 || y == 25 || x == left || x == right;
                square[y * SIDE + x] = if edge { 0.0 } else { 1.0 };
            }
        }
        square
    }

    #[test]
    fn one_drawing_on_a_light_and_a_dark_square_is_one_drawing() {
        let (light, dark) = (drawn(0.95, 9), drawn(0.55, 9));
        assert_eq!(distance(&light, &dark), 0.0);
        assert_eq!(distance(&dark, &light), 0.0);
    }

    #[test]
    fn two_drawings_lie_apart_on_either_square() {
        for (back_a, back_b) in [(0.95, 0.95), (0.95, 0.55), (0.55, 0.95)] {
            let d = distance(&drawn(back_a, 9), &drawn(back_b, 13));
            assert!(d > SAME, "{back_a} {back_b}: {d}");
        }
    }

    /// A flat board with three drawings of Black's: the first on a8 and
    /// b8, read as kings; the second on e8 and, where `second_seen` is 2,
    /// f8, read as kings more likely, the network giving it a queen a
    /// few in a thousand; the third on a7 to d7, read surely as rooks.
    /// Returns the pieces of a8 to d7 as mended.
    fn kings_read_twice(second_seen: usize) -> String {
        let empty = |i: usize| {
            if (i / 8 + i % 8).is_multiple_of(2) {
                0.9
            } else {
                0.5
            }
        };
        let mut levels: Vec<[f32; SIDE * SIDE]> =
            (0..64).map(|i| [empty(i); SIDE * SIDE]).collect();
        let mut shown = vec![crate::mend::tests::read(None, 1.0, None); 64];
        let mut probabilities = vec![[0.0; network::CLASSES]; 64];
        for row in probabilities.iter_mut() {
            row[0] = 1.0;
        }
        let (king, queen, white_king, rook) = (12, 11, 6, 10);
        let mut put = |i: usize, left: usize, odds: &[(usize, f32)]| {
            levels[i] = drawn(empty(i), left);
            probabilities[i] = [0.0; network::CLASSES];
            for &(class, p) in odds {
                probabilities[i][class] = p;
            }
            let (class, p) = odds[0];
            shown[i] = SquareReading {
                piece: network::CLASS_PIECES[class],
                confidence: p,
                second: network::CLASS_PIECES[odds[1].0],
                second_confidence: odds[1].1,
            };
        };
        put(0, 5, &[(king, 0.64), (white_king, 0.36)]);
        put(1, 5, &[(king, 0.83), (white_king, 0.17)]);
        put(4, 9, &[(king, 0.84), (white_king, 0.157), (queen, 0.003)]);
        if second_seen > 1 {
            put(5, 9, &[(king, 0.89), (white_king, 0.106), (queen, 0.004)]);
        }
        for i in 8..12 {
            put(i, 13, &[(rook, 0.99), (king, 0.01)]);
        }
        for (i, j) in [(0, 4), (0, 8), (4, 8)] {
            assert!(distance(&levels[i], &levels[j]) > DIFFERENT, "{i} {j}");
        }
        mend(&mut shown, &probabilities, &levels);
        (0..12)
            .map(|i| shown[i].piece.map_or('.', |piece| piece.char()))
            .collect()
    }

    #[test]
    fn two_drawings_each_seen_twice_are_two_pieces_however_unlikely() {
        assert_eq!(kings_read_twice(2), "kk..qq..rrrr");
    }

    #[test]
    fn a_drawing_seen_once_yields_only_to_a_piece_given_a_chance() {
        assert_eq!(kings_read_twice(1), "kk..k...rrrr");
    }

    #[test]
    fn twins_of_twins_of_one_side_are_one_group() {
        let mut apart = [[1.0; 64]; 64];
        for (i, j) in [(3, 9), (9, 20), (20, 30)] {
            apart[i][j] = 0.0;
            apart[j][i] = 0.0;
        }
        let mut shown = [crate::mend::tests::read(None, 1.0, None); 64];
        for (i, piece) in [(3, 'P'), (5, 'P'), (9, 'B'), (20, 'P'), (30, 'p')] {
            shown[i] = crate::mend::tests::read(Some(piece), 1.0, None);
        }
        assert_eq!(
            twins(&shown, &[3, 5, 9, 20, 30], &apart),
            vec![vec![3, 9, 20], vec![5], vec![30]]
        );
    }
}
