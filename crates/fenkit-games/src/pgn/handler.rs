//! What a game's plies are handed to: [`PlyHandler`], implemented by a
//! closure that always plays on, by [`Until`] around one that can stop,
//! and by the states of the command's and libraries' jobs.

use std::ops::ControlFlow;

use super::Ply;

/// What a [`Plies`](super::Plies) visitor hands each position to: a closure, or a value
/// that holds what a game's plies fill, read between games through
/// [`Plies::handler_mut`](super::Plies::handler_mut) (so that a game's state lives in the visitor,
/// as pgn-reader's visitors keep theirs, and needs no shared cell).
///
/// A handler says whether to go on: [`ControlFlow::Break`] ends the game
/// there ([`GameEnd::stopped`](super::GameEnd::stopped)), unplayed past that ply, as a search
/// stops at its first match. A closure always goes on; [`Until`] wraps
/// one that can stop.
pub trait PlyHandler {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()>;

    /// Whether to play the game whose kept tags ([`Plies::keeping_tags`](super::Plies::keeping_tags))
    /// are `tags`: a game its tags leave out ends before its movetext is
    /// read ([`GameEnd::skipped`](super::GameEnd::skipped)), which spares a search by tags the
    /// cost of playing every game.
    fn wants_game(&mut self, _tags: &[Option<String>]) -> bool {
        true
    }
}

impl<F: FnMut(Ply<'_>)> PlyHandler for F {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        self(ply);
        ControlFlow::Continue(())
    }
}

/// A closure that says, at each ply, whether to play on: the game ends
/// at the first [`ControlFlow::Break`].
///
/// ```
/// use std::ops::ControlFlow;
/// use fenkit_games::pgn::{Plies, Until};
///
/// let mut seen = 0;
/// let mut plies = Plies::with_handler(Until(|ply: fenkit_games::pgn::Ply<'_>| {
///     seen += 1;
///     if ply.ply == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// }));
/// let end = plies.play(&mut b"1. e4 e5 2. Nf3 Nc6 *".to_vec()).unwrap().outcome.unwrap();
/// assert!(end.stopped);
/// assert_eq!(end.plies, 2);
/// drop(plies);
/// assert_eq!(seen, 3); // the start, e4, e5
/// ```
pub struct Until<F>(pub F);

impl<F: FnMut(Ply<'_>) -> ControlFlow<()>> PlyHandler for Until<F> {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        (self.0)(ply)
    }
}
