//! A game counted by its first plies, as `book make` and `explorer
//! build` count games: the tags asked for kept; left out when a `--where`
//! condition fails or the game is a variant's; else each move of its
//! first plies with the key of the position it was played in.

use std::ops::ControlFlow;

use fenkit::variants::VariantPosition;
use fenkit_books::FirstPlies;
use fenkit_games::pgn::{Plies, Ply, PlyHandler};
use fenkit_games::tag_filter::TagCondition;
use shakmaty::Chess;

use crate::games::GameState;

/// What became of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Its first position was not set up (its error is said already).
    Unplayable,
    Counted,
    /// A `--where` condition left it out.
    Filtered,
    /// A variant's game: books and the explorer hold standard chess.
    Variant,
}

/// The game being played, as it is counted.
pub struct CountedGame<K> {
    /// The tags asked for, then the conditions' tags, as the game has them.
    pub tags: Vec<Option<String>>,
    pub moves: FirstPlies<K>,
    pub fate: Fate,
    /// What a game must meet to be counted, and where their tags start
    /// in `tags`.
    conditions: Vec<TagCondition>,
    conditions_from: usize,
}

impl<K: Copy + 'static> CountedGame<K> {
    /// A player of games counted so: `asked` tags kept, each move of the
    /// first `max_ply` plies of a game that meets every condition keyed
    /// by `key`.
    pub fn player(
        max_ply: usize,
        key: fn(&Chess) -> K,
        asked: &[&str],
        conditions: Vec<TagCondition>,
    ) -> Plies<CountedGame<K>>
    where
        CountedGame<K>: GameState,
    {
        let mut kept: Vec<String> = asked.iter().map(|tag| tag.to_string()).collect();
        kept.extend(conditions.iter().map(|c| c.tag.clone()));
        let kept: Vec<&str> = kept.iter().map(String::as_str).collect();
        let game = CountedGame {
            tags: Vec::new(),
            moves: FirstPlies::new(max_ply, key),
            fate: Fate::Unplayable,
            conditions_from: asked.len(),
            conditions,
        };
        Plies::with_handler(game).keeping_tags(&kept)
    }

    /// The moves counted and the game's fate; the next game starts
    /// afresh, even one that stops before its first position (a [FEN]
    /// tag that cannot be played).
    pub fn take(&mut self) -> (Vec<(K, u16)>, Fate) {
        self.tags.clear();
        let fate = std::mem::replace(&mut self.fate, Fate::Unplayable);
        (self.moves.take(), fate)
    }
}

impl<K: Copy> PlyHandler for CountedGame<K> {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        if ply.ply == 0 {
            self.tags = ply.tags.to_vec();
            let tags = ply.tags[self.conditions_from..].iter();
            let mut conditions = self.conditions.iter().zip(tags);
            let met = conditions.all(|(c, tag)| c.holds(tag.as_deref()));
            self.fate = if met { Fate::Counted } else { Fate::Filtered };
        }
        if self.fate != Fate::Counted {
            return ControlFlow::Continue(());
        }
        let VariantPosition::Chess(position) = ply.position else {
            self.fate = Fate::Variant;
            return ControlFlow::Continue(());
        };
        self.moves.ply(ply.ply, ply.played, position);
        ControlFlow::Continue(())
    }
}
