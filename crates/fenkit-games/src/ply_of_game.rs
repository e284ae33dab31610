//! One ply of a game, as a diagram shows it: the position after it, the
//! move that led there, and what its comments say (arrows and circled
//! squares among them).

use std::time::Duration;

use shakmaty::{ByColor, Move, Position, Setup};

use super::{
    Annotations,
    pgn::{GameError, Plies},
};

/// A ply of a game: its number (0 for the start), the position, the move
/// that led there, and its annotations.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GamePly {
    pub ply: usize,
    pub setup: Setup,
    pub last_move: Option<Move>,
    pub annotations: Annotations,
}

impl GamePly {
    /// What a diagram of this ply shows besides the position: the move
    /// that led there, its glyphs, its evaluation, the game's arrows and
    /// circled squares.
    ///
    /// ```
    /// let ply = fenkit_games::ply_of_game(b"1. e4 { [%eval 0.3] [%cal Gd2d4] } *", None).unwrap();
    /// let marks = ply.marks();
    /// assert_eq!((marks.arrows.len(), marks.eval.is_some()), (1, true));
    /// ```
    pub fn marks(&self) -> fenkit::marks::PlyMarks<'_> {
        fenkit::marks::PlyMarks {
            last_move: self.last_move,
            nags: &self.annotations.nags,
            eval: self.annotations.eval,
            arrows: &self.annotations.arrows,
            circles: &self.annotations.circles,
        }
    }
}

/// Why a game has no such ply to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoPly {
    /// The game stops before it: a move that cannot be played, a word that
    /// is no move, a `[FEN]` tag that cannot be played from.
    /// Where it stops is the error's ply (a move) or none (the `[FEN]`
    /// tag, a comment never closed).
    Unplayable(GameError),
    /// The game is shorter.
    Beyond { plies: usize },
}

impl std::fmt::Display for NoPly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoPly::Unplayable(error) => f.write_str(&error.message),
            NoPly::Beyond { plies } => write!(f, "the game has {plies} plies"),
        }
    }
}

/// Every ply of the game in `text` (one game, as the game splitter cuts
/// it), read as `fen pgn` reads it (movetext dialects rewritten first),
/// up to where it stops; and why it stops early, if it does (the plies
/// before stay: a diagram of them is still right).
///
/// ```
/// let (plies, stop) = fenkit_games::game_plies(b"1. e4 e5 2. Ke3 Nc6 *");
/// assert_eq!(plies.len(), 3); // the start, e4, e5
/// assert!(stop.is_some());
/// ```
pub fn game_plies(text: &[u8]) -> (Vec<GamePly>, Option<NoPly>) {
    let mut text = text.to_vec();
    let mut plies = Vec::new();
    let mut visitor = Plies::new(|each| {
        plies.push(GamePly {
            ply: each.ply,
            setup: each
                .position
                .clone()
                .to_setup(shakmaty::EnPassantMode::Always),
            last_move: each.played,
            annotations: each.annotations.clone(),
        });
    })
    .keeping_annotations();
    let stop = match visitor.play(&mut text) {
        None => Some(NoPly::Beyond { plies: 0 }),
        Some(played) => played.outcome.err().map(NoPly::Unplayable),
    };
    drop(visitor);
    (plies, stop)
}

/// The `ply`-th ply of the game in `text` (`None` for its last ply), as
/// [`game_plies`] reads it; why not when the game stops before it or is
/// shorter.
///
/// ```
/// let game = b"1. e4 { [%cal Gg1f3] } e5 2. Nf3 *";
/// let first = fenkit_games::ply_of_game(game, Some(1)).unwrap();
/// assert_eq!(first.annotations.arrows.len(), 1);
/// let last = fenkit_games::ply_of_game(game, None).unwrap();
/// assert_eq!(last.ply, 3);
/// assert_eq!(fenkit_games::ply_of_game(game, Some(9)).unwrap_err().to_string(), "the game has 3 plies");
/// assert!(fenkit_games::ply_of_game(b"1. e4 Zz9 2. Nf3 *", Some(3)).is_err());
/// ```
pub fn ply_of_game(text: &[u8], ply: Option<usize>) -> Result<GamePly, NoPly> {
    let (mut plies, stop) = game_plies(text);
    let count = plies.len().saturating_sub(1);
    match (ply, stop) {
        (Some(wanted), _) if wanted < plies.len() => Ok(plies.swap_remove(wanted)),
        (_, Some(stop)) => Err(stop),
        (Some(_), None) => Err(NoPly::Beyond { plies: count }),
        (None, None) => plies.pop().ok_or(NoPly::Beyond { plies: 0 }),
    }
}

/// The clocks a diagram of each ply shows, as a chess clock stood after
/// that move: the mover's from its `[%clk]`, the other side's as it last
/// stood; `start` (the time control's base) before a side's first clock.
///
/// ```
/// use std::time::Duration;
///
/// let (plies, _) = fenkit_games::game_plies(b"1. e4 { [%clk 0:02:58] } e5 { [%clk 0:02:59] } 2. Nf3 *");
/// let clocks = fenkit_games::game_clocks(&plies, Some(Duration::from_secs(180)));
/// let seconds: Vec<_> = clocks.iter().map(|c| (c.white.unwrap().as_secs(), c.black.unwrap().as_secs())).collect();
/// // Nf3 has no clock: White's stays as it last stood.
/// assert_eq!(seconds, [(180, 180), (178, 180), (178, 179), (178, 179)]);
/// ```
pub fn game_clocks(plies: &[GamePly], start: Option<Duration>) -> Vec<ByColor<Option<Duration>>> {
    let mut clocks = ByColor {
        white: start,
        black: start,
    };
    plies
        .iter()
        .map(|ply| {
            let read = ply
                .annotations
                .clock
                .and_then(|s| Duration::try_from_secs_f64(s).ok());
            if let (true, Some(time)) = (ply.ply > 0, read) {
                // The side that moved into this ply: not the one to move.
                *clocks.get_mut(!ply.setup.turn) = Some(time);
            }
            clocks
        })
        .collect()
}
