//! What the subcommands that gather games share: games added to a
//! builder until a write fails, what was left out said, one game of a
//! file taken by its number, and each game's mainline gathered whole.

use std::{io, ops::ControlFlow, path::Path};

use fenkit::variants::VariantPosition;
use fenkit_games::pgn::{GameText, GameTexts, Ply, PlyHandler};
use shakmaty::{Chess, Move};

use crate::{
    games::{GameState, Played},
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

/// A game's mainline gathered: where it stands, its start and moves, and
/// the position it ends in (none where a move could not be played or the
/// game is a variant's): a PGN book's line, read back.
pub struct Mainline {
    pub place: String,
    /// The line its game starts on.
    pub line: u64,
    pub start: Option<Chess>,
    pub moves: Vec<Move>,
    pub end: Option<Chess>,
}

/// Gathers each game as a [`Mainline`] of standard chess.
#[derive(Default)]
pub struct Mainlines {
    start: Option<Chess>,
    moves: Vec<Move>,
}

impl PlyHandler for Mainlines {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        if ply.ply == 0 {
            self.moves.clear();
            self.start = match ply.position {
                VariantPosition::Chess(start) => Some(start.clone()),
                _ => None,
            };
        }
        self.moves.extend(ply.played);
        ControlFlow::Continue(())
    }
}

impl GameState for Mainlines {
    type Item = Mainline;

    fn game_done(&mut self, game: &Played<'_>, _: &mut Output) -> io::Result<Option<Mainline>> {
        let end = match game.end() {
            Ok(end) => match &end.position {
                VariantPosition::Chess(end) => Some(end.clone()),
                _ => None,
            },
            Err(_) => None,
        };
        let place = format!("{}:{}", fenkit::printable(game.source()), game.line());
        Ok(Some(Mainline {
            place,
            line: game.line(),
            start: self.start.take(),
            moves: std::mem::take(&mut self.moves),
            end,
        }))
    }
}
