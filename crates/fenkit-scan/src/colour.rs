//! A piece's side told by the board's own pieces. The network names a
//! square's piece from that square alone, and a piece set it never saw
//! (chess.com's black queen, shaded grey; a diagram's heavily inked white
//! queen) can read as the other side's piece. But every set fills its two
//! sides' pieces with two tones, the same all over the board: the tone
//! at the heart of each piece the network was sure of shows the set's own
//! white and black, and a piece whose heart has the other side's tone
//! changes sides, its shape kept.
//!
//! Where the sure pieces do not part cleanly by tone (hatched diagrams,
//! pieces told apart by outline only) nothing is changed.

use shakmaty::{Color, Piece};

use crate::SquareReading;
use crate::network;
use crate::squares::SIDE;

/// A reading at least this sure shows the set's tones.
const SURE_AT_LEAST: f32 = 0.9;
/// The sure pieces of each side needed, so that one odd piece does not
/// set a side's tone.
const SURE_PIECES: usize = 2;
/// At most one sure piece in this many may have the other side's tone
/// for the tones to part cleanly.
const MOST_ASTRAY: usize = 8;
/// The two sides' tones must lie at least this far apart (levels 0 to 1)
/// for tone to tell them: a set filled with two tones lies far apart, one
/// told by outline and hatching does not.
const LEAST_GAP: f32 = 0.3;
/// A piece changes sides only where its heart lies within this share of
/// the gap of the other side's tone (the gap's outer quarter), and its
/// heart tells ([`heart`]): a heart of middling tone, or one that may be
/// the square behind a thin piece, is left as the network read it.
const WITHIN: f32 = 0.25;
/// The most levels the middle half of a heart of one tone may span.
const ONE_TONE: f32 = 0.25;
/// How far a telling heart's tone stands from its square's.
const FROM_SQUARE: f32 = 0.2;

/// The tone at the heart of a square's piece: the median level of the
/// square's middle (a third of its width, from 45% to 75% of its height:
/// inside the body of every piece, below a pawn's head and a bishop's
/// slit), and whether that tone tells the piece's side: the heart is of
/// one tone (half its levels within [`ONE_TONE`] of each other: a piece's
/// fill, not a thin outline and the paper beside it) and stands apart
/// from the square's own tone at its edge (by [`FROM_SQUARE`]: else the
/// heart may be the square seen past a thin piece, a small pawn printed
/// on a hatched square).
pub(crate) fn heart(square: &[f32; SIDE * SIDE]) -> (f32, bool) {
    let sorted = |mut levels: Vec<f32>| {
        levels.sort_by(f32::total_cmp);
        levels
    };
    let (left, right) = (SIDE / 3, SIDE - SIDE / 3);
    let (top, bottom) = (SIDE * 45 / 100, SIDE * 75 / 100);
    let heart = sorted(
        (top..bottom)
            .flat_map(|y| (left..right).map(move |x| square[y * SIDE + x]))
            .collect(),
    );
    let quartile = |share: usize| heart[heart.len() * share / 4];
    // The square's edge: its outermost ring of pixels.
    let edge = sorted(
        (0..SIDE * SIDE)
            .filter(|i| {
                let (x, y) = (i % SIDE, i / SIDE);
                x == 0 || y == 0 || x == SIDE - 1 || y == SIDE - 1
            })
            .map(|i| square[i])
            .collect(),
    );
    let tone = quartile(2);
    let one_tone = quartile(3) - quartile(1) <= ONE_TONE;
    let apart = (tone - edge[edge.len() / 2]).abs() > FROM_SQUARE;
    (tone, one_tone && apart)
}

/// What the network read on one square, as the colour rule needs it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Seen {
    /// `Some(true)` for a white piece, `Some(false)` for a black one.
    pub white: Option<bool>,
    pub confidence: f32,
    /// [`heart`]'s tone of the square, and whether it tells the side.
    pub tone: f32,
    pub telling: bool,
}

/// The squares (indices into `seen`) whose piece belongs to the other
/// side by the board's own tones.
pub(crate) fn other_side(seen: &[Seen]) -> Vec<usize> {
    let median_tone = |white: bool| {
        let mut tones: Vec<f32> = seen
            .iter()
            .filter(|s| s.white == Some(white) && s.confidence >= SURE_AT_LEAST)
            .map(|s| s.tone)
            .collect();
        tones.sort_by(f32::total_cmp);
        (tones.len() >= SURE_PIECES).then(|| (tones[tones.len() / 2], tones))
    };
    let (Some((white, white_tones)), Some((black, black_tones))) =
        (median_tone(true), median_tone(false))
    else {
        return Vec::new();
    };
    let gap = white - black;
    // The sure pieces must part cleanly, the two tones far apart and
    // nearly every sure piece on its own side's half of the gap. Nearly:
    // the piece read as the wrong side may itself be read surely (a
    // black queen taken for White's at 0.92), and it must not stop the
    // rule that is there to turn it.
    let middle = (white + black) / 2.0;
    let astray = white_tones.iter().filter(|&&tone| tone <= middle).count()
        + black_tones.iter().filter(|&&tone| tone >= middle).count();
    let cleanly = astray * MOST_ASTRAY <= white_tones.len() + black_tones.len();
    if gap.abs() < LEAST_GAP || !cleanly {
        return Vec::new();
    }
    seen.iter()
        .enumerate()
        .filter(|(_, s)| s.telling)
        .filter(|(_, s)| match s.white {
            Some(true) => s.tone <= black + WITHIN * gap,
            Some(false) => s.tone >= white - WITHIN * gap,
            None => false,
        })
        .map(|(index, _)| index)
        .collect()
}

/// Changes the side of each piece in `shown` whose tone is the other
/// side's on this board ([`other_side`]), its probabilities in
/// `probabilities` and its square's levels in `levels` (picture order);
/// says which changed (index, what was read, how sure).
pub(crate) fn recolour(
    shown: &mut [SquareReading],
    probabilities: &[[f32; network::CLASSES]],
    levels: &[[f32; SIDE * SIDE]],
) -> Vec<(usize, Option<Piece>, f32)> {
    let seen: Vec<Seen> = shown
        .iter()
        .zip(levels)
        .map(|(reading, levels)| {
            // An empty square has no side to tell: its heart is not looked at.
            let (tone, telling) = match reading.piece {
                Some(_) => heart(levels),
                None => (0.0, false),
            };
            Seen {
                white: reading.piece.map(|piece| piece.color == Color::White),
                confidence: reading.confidence,
                tone,
                telling,
            }
        })
        .collect();
    other_side(&seen)
        .into_iter()
        .filter_map(|index| {
            let reading = &mut shown[index];
            let read = reading.piece?;
            let other = Piece {
                color: !read.color,
                role: read.role,
            };
            let class = network::class_of(other);
            let was = (index, reading.piece, reading.confidence);
            *reading = SquareReading {
                piece: Some(other),
                confidence: probabilities[index][class],
                second: Some(read),
                second_confidence: reading.confidence,
            };
            Some(was)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(white: Option<bool>, confidence: f32, tone: f32) -> Seen {
        Seen {
            white,
            confidence,
            tone,
            telling: true,
        }
    }

    #[test]
    fn a_piece_with_the_other_side_s_tone_changes_sides() {
        let board = [
            seen(Some(true), 0.99, 0.95),
            seen(Some(true), 0.97, 0.9),
            seen(Some(false), 0.99, 0.1),
            seen(Some(false), 0.95, 0.15),
            // Read as White's, its heart as dark as Black's pieces.
            seen(Some(true), 0.6, 0.2),
            // Read as Black's, of middling tone: left as read.
            seen(Some(false), 0.6, 0.5),
            seen(None, 0.99, 0.9),
            // As dark as Black's, but its heart may be the square behind:
            // left as read.
            Seen {
                telling: false,
                ..seen(Some(true), 0.6, 0.1)
            },
        ];
        assert_eq!(other_side(&board), vec![4]);
    }

    #[test]
    fn a_piece_read_surely_as_the_wrong_side_still_changes_sides() {
        let mut board: Vec<Seen> = (0..8)
            .map(|i| seen(Some(true), 0.99, 0.9 + 0.01 * i as f32))
            .chain((0..8).map(|i| seen(Some(false), 0.99, 0.05 + 0.01 * i as f32)))
            .collect();
        // A black queen read as White's, and surely: one astray in 17.
        board.push(seen(Some(true), 0.92, 0.1));
        assert_eq!(other_side(&board), vec![16]);
        // Three astray in 19: the tones do not part cleanly.
        board.push(seen(Some(false), 0.95, 0.9));
        board.push(seen(Some(false), 0.95, 0.92));
        assert!(other_side(&board).is_empty());
    }

    #[test]
    fn sure_pieces_that_do_not_part_by_tone_change_nothing() {
        let board = [
            seen(Some(true), 0.99, 0.95),
            seen(Some(true), 0.97, 0.9),
            seen(Some(true), 0.93, 0.92),
            seen(Some(false), 0.99, 0.1),
            seen(Some(false), 0.95, 0.15),
            seen(Some(false), 0.92, 0.93),
        ];
        // The sure black piece as light as White's: the tones do not part
        // cleanly, and nothing is changed.
        assert!(other_side(&board).is_empty());
    }

    #[test]
    fn tones_close_together_or_too_few_sure_pieces_change_nothing() {
        let close = [
            seen(Some(true), 0.99, 0.6),
            seen(Some(true), 0.99, 0.62),
            seen(Some(false), 0.99, 0.4),
            seen(Some(false), 0.99, 0.42),
            seen(Some(true), 0.5, 0.4),
        ];
        assert!(other_side(&close).is_empty());
        let few = [
            seen(Some(true), 0.99, 0.9),
            seen(Some(false), 0.99, 0.1),
            seen(Some(false), 0.99, 0.1),
            seen(Some(true), 0.5, 0.1),
        ];
        assert!(other_side(&few).is_empty());
    }

    #[test]
    fn the_heart_is_the_middle_of_the_piece() {
        let mut square = [1.0; SIDE * SIDE];
        for y in SIDE * 4 / 10..SIDE * 8 / 10 {
            for x in SIDE / 4..SIDE * 3 / 4 {
                square[y * SIDE + x] = 0.1;
            }
        }
        assert_eq!(heart(&square), (0.1, true));
        // The square's own tone: it may be the square seen past a thin
        // piece.
        assert_eq!(heart(&[0.7; SIDE * SIDE]), (0.7, false));
        // Stripes of ink and paper: no one tone.
        let striped: [f32; SIDE * SIDE] = std::array::from_fn(|i| (i % 2) as f32);
        assert!(!heart(&striped).1);
    }
}
