//! What a sequence of positions tells that one position cannot: repeated
//! positions, and the points where the move-count rules and insufficient
//! material allow or force a draw.

use std::collections::HashMap;

use shakmaty::{EnPassantMode, Position, zobrist::Zobrist64};

/// Something that happens at a position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The position stands for the third or fifth time (`times`): the same
    /// pieces, side to move, castling rights and legal en passant capture.
    /// `plies` are the indexes of every occurrence so far.
    Repetition { times: usize, plies: Vec<usize> },
    /// The halfmove clock reached 100: either side may claim a draw.
    FiftyMoveRule,
    /// The halfmove clock reached 150: the game is drawn.
    SeventyFiveMoveRule,
    /// Neither side has the material left to mate.
    InsufficientMaterial,
}

/// Positions of one game, fed in order; each push reports what happens
/// there.
///
/// ```
/// use shakmaty::{Chess, Position, san::San};
/// use fenkit_games::{Event, History};
///
/// let mut position = Chess::default();
/// let mut history = History::new();
/// history.push(&position);
/// let mut events = Vec::new();
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
///     let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
///     position.play_unchecked(m);
///     events.extend(history.push(&position));
/// }
/// assert_eq!(events, [Event::Repetition { times: 3, plies: vec![0, 4, 8] }]);
/// ```
#[derive(Default)]
#[non_exhaustive]
pub struct History {
    seen: HashMap<u64, Vec<usize>>,
    plies: usize,
    halfmoves: Option<u32>,
    insufficient: bool,
}

impl History {
    pub fn new() -> History {
        History::default()
    }

    /// How many positions were pushed.
    pub fn len(&self) -> usize {
        self.plies
    }

    pub fn is_empty(&self) -> bool {
        self.plies == 0
    }

    /// Records `position` as the next one (index [`History::len`] before the
    /// push) and returns what happens there.
    pub fn push(&mut self, position: &impl Position) -> Vec<Event> {
        let ply = self.plies;
        self.plies += 1;
        let mut events = Vec::new();
        let key = position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        let plies = self.seen.entry(key).or_default();
        plies.push(ply);
        if matches!(plies.len(), 3 | 5) {
            events.push(Event::Repetition {
                times: plies.len(),
                plies: plies.clone(),
            });
        }
        let halfmoves = position.halfmoves();
        let before = self.halfmoves.replace(halfmoves);
        let crossed = |limit: u32| halfmoves >= limit && before.is_none_or(|b| b < limit);
        if crossed(100) {
            events.push(Event::FiftyMoveRule);
        }
        if crossed(150) {
            events.push(Event::SeventyFiveMoveRule);
        }
        let insufficient = position.is_insufficient_material();
        if insufficient && !self.insufficient {
            events.push(Event::InsufficientMaterial);
        }
        self.insufficient = insufficient;
        events
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, FromSetup};

    use super::*;

    fn position(fen: &str) -> Chess {
        let setup = fenkit::parse(fen.as_bytes()).expect("well-formed").setup;
        Chess::from_setup(setup, CastlingMode::Standard).expect("legal")
    }

    /// The events of each position of `fens`, pushed in order.
    fn events(fens: &[&str]) -> Vec<Vec<Event>> {
        let mut history = History::new();
        fens.iter()
            .map(|fen| history.push(&position(fen)))
            .collect()
    }

    #[test]
    fn move_rules_fire_once_when_the_clock_crosses_them() {
        let fens = [
            "4k3/8/8/8/8/8/4P3/4K3 w - - 99 80",
            "4k3/8/8/8/8/8/4P3/3K4 b - - 100 80",
            "3k4/8/8/8/8/8/4P3/3K4 w - - 101 81",
        ];
        assert_eq!(events(&fens), [vec![], vec![Event::FiftyMoveRule], vec![]]);
        let both = vec![Event::FiftyMoveRule, Event::SeventyFiveMoveRule];
        assert_eq!(events(&["4k3/8/8/8/8/8/4P3/4K3 w - - 150 100"]), [both]);
    }

    #[test]
    fn insufficient_material_is_reported_when_it_begins() {
        let fens = [
            "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
            "3k4/8/8/8/8/8/8/4K3 w - - 1 2",
        ];
        let begins = vec![Event::InsufficientMaterial];
        assert_eq!(events(&fens), [vec![], begins, vec![]]);
    }
}
