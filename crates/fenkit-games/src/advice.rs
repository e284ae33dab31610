//! What an evaluation means to players, as lichess computes it so that
//! fenkit's annotations read as lichess's do: winning chances from an
//! evaluation, the judgement of a move by the chances it gives away
//! (inaccuracy, mistake, blunder), and accuracy.
//!
//! - Winning chances: `2 / (1 + e^(-0.00368208 · cp)) − 1`, from −1 to 1,
//!   the centipawns held within ±1000; a mate counts as 1000 for the side
//!   that mates (lichess's `WinPercent`).
//! - A move's judgement (lichess's `Advice`): between two centipawn
//!   evaluations, the mover's chances before it less those after; 0.1 or
//!   more an inaccuracy (`?!`, `$6`), 0.2 a mistake (`?`, `$2`), 0.3 a
//!   blunder (`??`, `$4`). A move that lets a mate in: a blunder, unless
//!   the mover stood at −7 pawns or worse (a mistake) or −10 (an
//!   inaccuracy). A move that lets a mate of its own go: a blunder, unless
//!   it still stands at +7 (a mistake) or +10 (an inaccuracy); a blunder
//!   too where the mate turns against it.
//! - A move's accuracy: `103.1668 · e^(−0.04354 · d) − 3.1669 + 1`, where
//!   `d` is the mover's win percent (`50 + 50 · chances`) lost, within 0
//!   and 100; 100 for a move that loses nothing. A side's game accuracy is
//!   the mean of the volatility-weighted mean and the harmonic mean of its
//!   moves' accuracies, the weights the standard deviations of the win
//!   percents in windows of a tenth of the game (2 to 8 plies), within 0.5
//!   and 12 (lichess's `AccuracyPercent`).

use shakmaty::Color;

use crate::Eval;

pub use fenkit::marks::winning_chances;

/// How bad a move was, by the winning chances it gave away.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The judgement of a move by `mover` from a position evaluated
    /// `before` to one evaluated `after` (both from White's view).
    ///
    /// ```
    /// use fenkit_games::{Eval, advice::Judgement};
    /// use shakmaty::Color;
    ///
    /// let cp = |cp| Eval::Centipawns { cp, depth: None };
    /// assert_eq!(Judgement::of_move(Color::White, cp(30), cp(-250)), Some(Judgement::Blunder));
    /// assert_eq!(Judgement::of_move(Color::Black, cp(30), cp(-250)), None);
    /// assert_eq!(Judgement::of_move(Color::White, cp(30), cp(0)), None);
    /// // Black lets a mate in from -4.41: a blunder, however close the chances.
    /// let white_mates = Eval::Mate { moves: 2, depth: None };
    /// assert_eq!(Judgement::of_move(Color::Black, cp(441), white_mates), Some(Judgement::Blunder));
    /// assert_eq!(Judgement::of_move(Color::Black, cp(800), white_mates), Some(Judgement::Mistake));
    /// ```
    pub fn of_move(mover: Color, before: Eval, after: Eval) -> Option<Judgement> {
        let side = mover.fold_wb(1, -1);
        // Centipawns or mates from the mover's side.
        let view = |eval: Eval| match eval {
            Eval::Centipawns { cp, .. } => (Some(cp * side), None),
            Eval::Mate { moves, .. } => (None, Some(moves * side)),
        };
        // Judged by how the mover stands in centipawns.
        let by_standing = |inaccuracy: bool, mistake: bool| match (inaccuracy, mistake) {
            (true, _) => Some(Judgement::Inaccuracy),
            (_, true) => Some(Judgement::Mistake),
            _ => Some(Judgement::Blunder),
        };
        match (view(before), view(after)) {
            ((Some(_), _), (Some(_), _)) => {
                let lost = (winning_chances(before) - winning_chances(after)) * f64::from(side);
                match lost {
                    lost if lost >= 0.3 => Some(Judgement::Blunder),
                    lost if lost >= 0.2 => Some(Judgement::Mistake),
                    lost if lost >= 0.1 => Some(Judgement::Inaccuracy),
                    _ => None,
                }
            }
            // A mate let in.
            ((Some(cp), _), (_, Some(mate))) if mate < 0 => by_standing(cp < -999, cp < -700),
            // A mate let go.
            ((_, Some(mate)), (Some(cp), _)) if mate > 0 => by_standing(cp > 999, cp > 700),
            ((_, Some(was)), (_, Some(is))) if was > 0 && is < 0 => Some(Judgement::Blunder),
            _ => None,
        }
    }

    /// Its numeric annotation glyph: `$6` (`?!`), `$2` (`?`), `$4` (`??`).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }
}

/// White's win percent, from 0 to 100.
fn win_percent(eval: Eval) -> f64 {
    50.0 + 50.0 * winning_chances(eval)
}

/// The accuracy of a move that took its mover's win percent from
/// `before` to `after`, from 0 to 100.
fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp()
        - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// What lichess takes the position before a game's first move to be
/// worth: +0.15, whatever the position.
pub const START: Eval = Eval::Centipawns {
    cp: 15,
    depth: None,
};

/// The accuracy, from 0 to 100, of the move by `mover` that reached ply
/// `ply` (1 for the first move) from a position evaluated `before` to one
/// evaluated `after` (from White's view); the first move's `before` is
/// [`START`] when the game does not say. `None` without both evaluations.
///
/// ```
/// use fenkit_games::{Eval, advice::ply_accuracy};
/// use shakmaty::Color;
///
/// let cp = |cp| Some(Eval::Centipawns { cp, depth: None });
/// assert_eq!(ply_accuracy(1, Color::White, None, cp(30)), Some(100.0));
/// let blunder = ply_accuracy(2, Color::Black, cp(30), cp(400)).unwrap();
/// assert!(blunder < 40.0, "{blunder}");
/// assert_eq!(ply_accuracy(3, Color::White, None, cp(30)), None);
/// ```
pub fn ply_accuracy(
    ply: usize,
    mover: Color,
    before: Option<Eval>,
    after: Option<Eval>,
) -> Option<f64> {
    let before = match (ply, before) {
        (_, Some(before)) => before,
        (1, None) => START,
        _ => return None,
    };
    let (before, after) = (win_percent(before), win_percent(after?));
    Some(match mover {
        Color::White => move_accuracy(before, after),
        Color::Black => move_accuracy(100.0 - before, 100.0 - after),
    })
}

/// Each side's accuracy over a game, from the evaluations of its
/// positions in order (the start first, each from White's view), `first`
/// moving first; `None` for a side with no move between two evaluations.
///
/// ```
/// use fenkit_games::{Eval, advice::accuracy};
/// use shakmaty::Color;
///
/// let cp = |cp| Eval::Centipawns { cp, depth: None };
/// // White keeps the balance; Black throws three pawns away at once.
/// let evals = [cp(20), cp(25), cp(20), cp(30), cp(330), cp(320)];
/// let (white, black) = accuracy(Color::White, &evals);
/// assert!(white.unwrap() > 90.0, "{white:?}");
/// assert!(black.unwrap() < white.unwrap(), "{black:?}");
/// ```
pub fn accuracy(first: Color, evals: &[Eval]) -> (Option<f64>, Option<f64>) {
    if evals.len() < 2 {
        return (None, None);
    }
    let wins: Vec<f64> = evals.iter().map(|&eval| win_percent(eval)).collect();
    let window = (evals.len() / 10).clamp(2, 8);
    // The first windows are all the first `window` positions.
    let windows = (0..window.saturating_sub(2).min(wins.len()))
        .map(|_| &wins[..window.min(wins.len())])
        .chain(wins.windows(window.min(wins.len())));
    let weights: Vec<f64> = windows
        .map(|w| standard_deviation(w).clamp(0.5, 12.0))
        .collect();
    let mut sides: [(Vec<f64>, Vec<f64>); 2] = Default::default();
    for (ply, pair) in wins.windows(2).enumerate() {
        let mover = if ply % 2 == 0 { first } else { !first };
        // Win percents from the mover's side.
        let (before, after) = match mover {
            Color::White => (pair[0], pair[1]),
            Color::Black => (100.0 - pair[0], 100.0 - pair[1]),
        };
        let weight = weights.get(ply).copied().unwrap_or(0.5);
        let side = &mut sides[usize::from(mover == Color::Black)];
        side.0.push(move_accuracy(before, after));
        side.1.push(weight);
    }
    let game = |(accuracies, weights): &(Vec<f64>, Vec<f64>)| {
        if accuracies.is_empty() {
            return None;
        }
        let total: f64 = weights.iter().sum();
        let weighted = accuracies
            .iter()
            .zip(weights)
            .map(|(a, w)| a * w)
            .sum::<f64>()
            / total;
        let harmonic =
            accuracies.len() as f64 / accuracies.iter().map(|a| 1.0 / a.max(0.001)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    };
    (game(&sides[0]), game(&sides[1]))
}

fn standard_deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}
