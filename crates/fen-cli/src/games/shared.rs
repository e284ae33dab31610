//! A player whose state the visitor fills: each ply is counted into it
//! as the game is played, and the game's result taken from it when the
//! game is done (`book make`, `explorer build`, `history`). The state
//! lives in the visitor's handler, as pgn-reader's visitors keep theirs,
//! so no cell is shared.

use std::io;

use fenkit_games::pgn::{Plies, Ply, PlyHandler};

use super::{GamePlayer, Played};
use crate::output::Output;

/// A game's state as a [`Shared`] player keeps it: what becomes of it
/// when the game is done.
pub trait GameState: 'static {
    /// What a game hands on (see [`GamePlayer::Item`]).
    type Item: Send;

    /// After a game: what it hands on, its output written; the state is
    /// ready for the next game.
    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<Self::Item>>;
}

/// What each ply does to a game's state.
type EachPly<S> = Box<dyn FnMut(&mut S, Ply<'_>)>;

/// The state and what each ply does to it: the visitor's handler.
pub struct Filled<S> {
    state: S,
    each_ply: EachPly<S>,
}

impl<S> PlyHandler for Filled<S> {
    fn ply(&mut self, ply: Ply<'_>) {
        (self.each_ply)(&mut self.state, ply)
    }
}

/// A [`GamePlayer`] over a [`GameState`] that its visitor fills ply by
/// ply.
pub struct Shared<S> {
    plies: Plies<Filled<S>>,
}

impl<S: GameState> Shared<S> {
    /// A player of `state`: each ply goes to `each_ply` with the state;
    /// `set_up` readies the visitor (the tags it keeps, strict reading).
    pub fn new(
        state: S,
        each_ply: impl FnMut(&mut S, Ply<'_>) + 'static,
        set_up: impl FnOnce(Plies<Filled<S>>) -> Plies<Filled<S>>,
    ) -> Shared<S> {
        let filled = Filled {
            state,
            each_ply: Box::new(each_ply),
        };
        Shared {
            plies: set_up(Plies::with_handler(filled)),
        }
    }
}

impl<S: GameState> GamePlayer for Shared<S> {
    type OnPly = Filled<S>;
    type Item = S::Item;

    fn plies(&mut self) -> &mut Plies<Filled<S>> {
        &mut self.plies
    }

    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<S::Item>> {
        self.plies.handler_mut().state.game_done(game, out)
    }
}
