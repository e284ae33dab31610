//! What the subcommands that gather games share: games added to a
//! builder until a write fails, what was left out said, and one game of a
//! file taken by its number.

use std::{io, path::Path};

use fenkit_games::pgn::{GameText, GameTexts};

use crate::{
    output::Output,
    run::{self, Status},
};

/// What games are added to (a book's builder, an index's) until a write
/// fails: the first error is kept, and no game is added after it.
pub struct Adding<B> {
    builder: B,
    error: Option<io::Error>,
}

impl<B> Adding<B> {
    pub fn new(builder: B) -> Adding<B> {
        Adding {
            builder,
            error: None,
        }
    }

    /// Adds by `add`, unless a write failed before.
    pub fn add(&mut self, add: impl FnOnce(&mut B) -> io::Result<()>) {
        if self.error.is_none()
            && let Err(err) = add(&mut self.builder)
        {
            self.error = Some(err);
        }
    }

    /// The builder, or the first error.
    pub fn finish(self) -> io::Result<B> {
        match self.error {
            Some(err) => Err(err),
            None => Ok(self.builder),
        }
    }
}

/// Says how many games were left out, a note for each reason that left
/// one out.
pub fn say_left_out(left_out: &[(u64, &str)], out: &mut Output) -> io::Result<()> {
    for &(count, why) in left_out.iter().filter(|&&(count, _)| count > 0) {
        let games = if count == 1 { "game" } else { "games" };
        out.note(&format!("fen: {count} {games} {why}"))?;
    }
    Ok(())
}

/// Game `number` (1 for the first) of the PGN file at `path`, with the
/// file's name as messages say it; the status when there is none, said.
pub fn nth_game(
    path: &Path,
    number: usize,
    out: &mut Output,
) -> io::Result<Result<(String, GameText), Status>> {
    let Some((source, input)) = run::open(path, out)? else {
        return Ok(Err(Status::Failed));
    };
    match GameTexts::new(input).nth(number - 1) {
        Some(Ok(text)) => Ok(Ok((source, text))),
        Some(Err(err)) => {
            out.note(&format!("fen: {source}: {}", run::io_message(&err)))?;
            Ok(Err(Status::Failed))
        }
        None => {
            out.note(&format!("fen: {source}: there is no game {number}"))?;
            Ok(Err(Status::BadRecords))
        }
    }
}
