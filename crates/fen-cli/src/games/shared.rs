//! A player whose state the visitor's closure and the end of each game
//! share: each ply is counted into it as the game is played, and the
//! game's result taken from it when the game is done (`book make`,
//! `explorer build`, `history`).

use std::{cell::RefCell, io, rc::Rc};

use fenkit::games::pgn::{Plies, Ply};

use super::{GamePlayer, Played};
use crate::output::Output;

/// What each ply is handed to: a closure over the shared state.
pub type OnPly = Box<dyn FnMut(Ply<'_>)>;

/// A game's state as a [`Shared`] player keeps it: what becomes of it
/// when the game is done.
pub trait GameState: 'static {
    /// What a game hands on (see [`GamePlayer::Item`]).
    type Item: Send;

    /// After a game: what it hands on, its output written; the state is
    /// ready for the next game.
    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<Self::Item>>;
}

/// A [`GamePlayer`] over a [`GameState`] that its visitor's closure
/// fills ply by ply.
pub struct Shared<S> {
    state: Rc<RefCell<S>>,
    plies: Plies<OnPly>,
}

impl<S: GameState> Shared<S> {
    /// A player of `state`: each ply goes to `each_ply` with the state;
    /// `set_up` readies the visitor (the tags it keeps, strict reading).
    pub fn new(
        state: S,
        mut each_ply: impl FnMut(&mut S, Ply<'_>) + 'static,
        set_up: impl FnOnce(Plies<OnPly>) -> Plies<OnPly>,
    ) -> Shared<S> {
        let state = Rc::new(RefCell::new(state));
        let each = Rc::clone(&state);
        let on_ply: OnPly = Box::new(move |ply| each_ply(&mut each.borrow_mut(), ply));
        Shared {
            state,
            plies: set_up(Plies::new(on_ply)),
        }
    }
}

impl<S: GameState> GamePlayer for Shared<S> {
    type OnPly = OnPly;
    type Item = S::Item;

    fn plies(&mut self) -> &mut Plies<OnPly> {
        &mut self.plies
    }

    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<S::Item>> {
        self.state.borrow_mut().game_done(game, out)
    }
}
