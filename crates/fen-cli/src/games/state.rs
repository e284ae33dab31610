//! A player that is nothing but its visitor: the game's state is the
//! visitor's handler, filled ply by ply ([`PlyHandler`]) and emptied when
//! the game is done (`book make`, `explorer build`, `history`), as
//! pgn-reader's visitors keep theirs. No cell is shared, no closure boxed.

use std::io;

use fenkit_games::pgn::{Plies, PlyHandler};

use super::{GamePlayer, Played};
use crate::output::Output;

/// A game's state, as its plies fill it: what becomes of it when the
/// game is done.
pub trait GameState: PlyHandler + Send {
    /// What a game hands on (see [`GamePlayer::Item`]).
    type Item: Send;

    /// After a game: what it hands on, its output written; the state is
    /// ready for the next game.
    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<Self::Item>>;
}

impl<S: GameState> GamePlayer for Plies<S> {
    type OnPly = S;
    type Item = S::Item;

    fn plies(&mut self) -> &mut Plies<S> {
        self
    }

    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<S::Item>> {
        self.handler_mut().game_done(game, out)
    }
}
