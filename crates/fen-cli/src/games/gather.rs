//! Games played on every core whose results all go to one place, in
//! input order: `book make` counts each game's moves into one book (whose
//! halving makes order matter), `explorer build` numbers and counts each
//! game in one index. Each player writes a game's result as bytes to its
//! output; the output's sink hands them, whole records at a time, to the
//! one [`Gather`].

use std::{
    io,
    path::PathBuf,
    sync::{Arc, Mutex, PoisonError},
};

use super::{GamePlayer, each_game};
use crate::{output::Output, run::Status};

/// What takes the games' results, one record at a time.
pub trait Gather: Send + 'static {
    /// Takes the record at the start of `bytes`; the bytes it took, or
    /// `None` when the record has not all come.
    fn take_record(&mut self, bytes: &[u8]) -> Option<usize>;
}

/// A gatherer and the start of a record whose bytes have not all come.
struct Carried<G> {
    gather: G,
    carry: Vec<u8>,
}

impl<G: Gather> Carried<G> {
    /// Takes the whole records of `bytes` (after what an earlier call left
    /// over) and keeps the rest for the next. Batches hold whole games,
    /// so the bytes are read where they stand, not copied.
    fn take(&mut self, bytes: &[u8]) {
        let joined;
        let data = match self.carry.is_empty() {
            true => bytes,
            false => {
                self.carry.extend_from_slice(bytes);
                joined = std::mem::take(&mut self.carry);
                &joined[..]
            }
        };
        let mut at = 0;
        while let Some(used) = self.gather.take_record(&data[at..]) {
            at += used;
        }
        self.carry = data[at..].to_vec();
    }
}

/// Plays every game of `files` on `threads` threads with players made by
/// `make`, each game's result handed in input order to `gather`; the
/// run's status (diagnostics said on standard error as they come) and the
/// gatherer.
pub fn each_game_gathered<P: GamePlayer, G: Gather>(
    files: &[PathBuf],
    threads: usize,
    gather: G,
    make: impl Fn() -> P + Sync,
) -> io::Result<(Status, G)> {
    let carried = Arc::new(Mutex::new(Carried {
        gather,
        carry: Vec::new(),
    }));
    let sink = Arc::clone(&carried);
    let mut results = Output::new().with_sink(move |bytes| {
        sink.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take(bytes)
    });
    let status = each_game(files, false, threads, &mut results, make)?;
    results.flush()?;
    drop(results);
    let carried = Arc::into_inner(carried)
        .expect("the sink is gone with its output")
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    Ok((status, carried.gather))
}
