//! Every game of the inputs, played by a subcommand's visitor and its
//! [`GameState`]: on this thread, or on several, each game then played by
//! one worker and the output put back in input order, as the record
//! runner does for lines. Games are numbered as the splitter cuts them, so a game is
//! played under the same number on any thread, and `-j N` writes the
//! bytes of `-j 1`.

use std::{io, ops::ControlFlow, path::PathBuf, sync::Arc};

use fenkit_games::pgn::{GameText, GameTexts, Plies, PlyHandler};

use super::{Played, diagnostic, dialect_warnings, warning};
use crate::{
    ordered,
    output::{Collected, Output},
    run::{self, Status},
};

/// What a subcommand does with games (`fen pgn`, `fen history`, `fen
/// search`, `book make`, `explorer build`): the state a game fills, which pgn-reader's
/// visitor ([`Plies`]) holds as its handler, as pgn-reader's own visitors
/// keep theirs. In this order: the visitor plays a game, handing each ply
/// to [`PlyHandler::ply`]; then [`GameState::game_done`] writes what the
/// game gave and hands on what it counted; after the last game of a run,
/// or of a worker's batch, [`GameState::finish`] writes what it still
/// holds. A worker has a visitor of its own.
pub trait GameState: PlyHandler + Send {
    /// What a game hands on, in input order, to the one place that
    /// gathers it ([`each_game_gathered`]): `book make`'s counted moves,
    /// `explorer build`'s game; `()` for a state that only writes.
    type Item: Send;

    /// Whether the state writes a game back as the input wrote it
    /// ([`Played::as_written`]): its text is then copied before its
    /// dialects are rewritten, which the other states need not pay for.
    const AS_WRITTEN: bool = false;

    /// After a game, with how it ended ([`Played::end`]); its error is
    /// said after this. The state is then ready for the next game.
    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<Self::Item>>;

    /// Writes what is still held; nothing, unless a state holds output.
    fn finish(&mut self, _out: &mut Output) -> io::Result<()> {
        Ok(())
    }
}

/// What the splitter gives: a game of an input, numbered from 1 across
/// the inputs; or word that something was said about an input (it cannot
/// be read, it holds no game), with the status that gives.
enum Cut {
    Game {
        source: Arc<str>,
        game: GameText,
        number: u64,
    },
    Said(Status),
}

/// Reads game `number` of a store of games (an index): the name of the
/// input it came from, and its text.
pub type ReadGame<'a> = &'a (dyn Fn(u64) -> io::Result<(Arc<str>, GameText)> + Sync);

/// Where a run's games come from: files cut into games, or games kept
/// elsewhere, read by number.
#[derive(Copy, Clone)]
enum Inputs<'a> {
    Files(&'a [PathBuf]),
    Given(ReadGame<'a>, &'a [u64]),
}

/// Cuts every input (standard input when there are none) into games for
/// `take`, in order; what is said about an input goes to `notes` first.
fn cut_games(
    inputs: Inputs<'_>,
    notes: &mut Output,
    mut take: impl FnMut(Cut, &mut Output) -> io::Result<ControlFlow<()>>,
) -> io::Result<()> {
    let files = match inputs {
        Inputs::Files(files) => files,
        Inputs::Given(read, numbers) => {
            for &number in numbers {
                let cut = match read(number) {
                    Ok((source, game)) => Cut::Game {
                        source,
                        game,
                        number,
                    },
                    Err(err) => {
                        notes.note(&format!("fen: {}", run::io_message(&err)))?;
                        // The index is damaged: nothing after it is read.
                        let _ = take(Cut::Said(Status::Failed), notes)?;
                        return Ok(());
                    }
                };
                if take(cut, notes)?.is_break() {
                    break;
                }
            }
            return Ok(());
        }
    };
    let mut number = 0;
    for path in run::files_or_stdin(files) {
        let Some((source, input)) = run::open(&path, notes)? else {
            if take(Cut::Said(Status::Failed), notes)?.is_break() {
                return Ok(());
            }
            continue;
        };
        let source: Arc<str> = source.into();
        let first = number;
        for game in GameTexts::new(input) {
            let cut = match game {
                Ok(game) => {
                    number += 1;
                    Cut::Game {
                        source: source.clone(),
                        game,
                        number,
                    }
                }
                Err(err) => {
                    notes.note(&format!("fen: {source}: {}", run::io_message(&err)))?;
                    Cut::Said(Status::Failed)
                }
            };
            let said = matches!(cut, Cut::Said(_));
            if take(cut, notes)?.is_break() {
                return Ok(());
            }
            if said {
                break;
            }
        }
        if number == first {
            notes.note(&format!("fen: {source}: no PGN game in it"))?;
            if take(Cut::Said(Status::BadRecords), notes)?.is_break() {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// What a game or a cut gave: its status, and what its state handed on.
type Taken<I> = (Status, Option<I>);

/// Plays game `number` of `source` with `plies`, through the games
/// library's one door ([`Plies::play`]), and says what there is to say
/// about it: the movetext dialects read, the moves written against the
/// standard, and its error at its place, after what it printed.
fn play<S: GameState>(
    plies: &mut Plies<S>,
    (source, mut game, number): (&str, GameText, u64),
    out: &mut Output,
) -> io::Result<Taken<S::Item>> {
    plies.number_next(number);
    let Some(result) = plies.play(&mut game.text) else {
        return Ok((Status::Ok, None));
    };
    for line in dialect_warnings(source, &game, number, &result.dialects) {
        out.note(&line)?;
    }
    // Moves in long algebraic notation: the first, and how many.
    let warnings = &result.warnings;
    let moves = warnings.iter().filter(|w| w.ply.is_some()).count();
    let mut first_move = true;
    for each in warnings {
        let mut text = warning(source, &game, each);
        if each.ply.is_some() {
            if !std::mem::take(&mut first_move) {
                continue;
            }
            if moves > 1 {
                text.push_str(&format!("; {moves} moves of the game are written so"));
            }
        }
        out.note(&text)?;
    }
    let played = Played {
        source,
        game: &game,
        as_written: result.as_written.as_deref(),
        end: &result.outcome,
    };
    let item = plies.handler_mut().game_done(&played, out)?;
    match &result.outcome {
        Ok(_) => Ok((Status::Ok, item)),
        Err(error) => {
            out.note(&diagnostic(source, &game, error))?;
            Ok((Status::BadRecords, item))
        }
    }
}

/// Plays a game the splitter cut, or writes what it said (`said`, when it
/// was said elsewhere); the status either gives.
fn take<S: GameState>(
    plies: &mut Plies<S>,
    cut: Cut,
    said: Option<Collected>,
    out: &mut Output,
) -> io::Result<Taken<S::Item>> {
    match cut {
        Cut::Game {
            source,
            game,
            number,
        } => play(plies, (&source, game, number), out),
        Cut::Said(status) => {
            if let Some(said) = said {
                out.write_collected(&said)?;
            }
            Ok((status, None))
        }
    }
}

/// Plays every game of the inputs (standard input when there are none)
/// with visitors made by `make`, one per thread, `threads` of them; games
/// that fail are said where they failed, after what they printed; an input
/// that cannot be read is said, and the run goes on with the next. The
/// run's status.
pub fn each_game<S: GameState>(
    files: &[PathBuf],
    threads: usize,
    out: &mut Output,
    make: impl Fn() -> Plies<S> + Sync,
) -> io::Result<Status> {
    let run = Run {
        inputs: Inputs::Files(files),
        threads,
    };
    run.play(out, make, &mut |_| {})
}

/// [`each_game`] over games read by number (`read`, for each of
/// `numbers`, in that order) instead of files: `fen search --index`.
pub fn each_given_game<S: GameState>(
    (read, numbers): (ReadGame<'_>, &[u64]),
    threads: usize,
    out: &mut Output,
    make: impl Fn() -> Plies<S> + Sync,
) -> io::Result<Status> {
    let run = Run {
        inputs: Inputs::Given(read, numbers),
        threads,
    };
    run.play(out, make, &mut |_| {})
}

/// [`each_game`] whose games' items all go to `gather`, in input order,
/// on whatever thread played them: `book make` counts each game's moves
/// into one book (whose halving makes order matter), `explorer build`
/// numbers and counts each game in one index. Diagnostics go to standard
/// error as they come; the run's status.
pub fn each_game_gathered<S: GameState>(
    files: &[PathBuf],
    threads: usize,
    make: impl Fn() -> Plies<S> + Sync,
    mut gather: impl FnMut(S::Item) + Send,
) -> io::Result<Status> {
    let run = Run {
        inputs: Inputs::Files(files),
        threads,
    };
    let mut notes = Output::new().notes_only();
    let status = run.play(&mut notes, make, &mut gather)?;
    notes.flush()?;
    Ok(status)
}

/// A run over the inputs: which, on how many threads. How strictly a
/// game is read is its visitor's ([`Plies::strictly`]).
#[derive(Copy, Clone)]
struct Run<'a> {
    inputs: Inputs<'a>,
    threads: usize,
}

/// The visitor `make` makes, keeping a game's text as written for a state
/// that writes it back so ([`GameState::AS_WRITTEN`]).
fn visitor<S: GameState>(make: &impl Fn() -> Plies<S>) -> Plies<S> {
    match S::AS_WRITTEN {
        true => make().keeping_text_as_written(),
        false => make(),
    }
}

impl Run<'_> {
    fn play<S: GameState>(
        self,
        out: &mut Output,
        make: impl Fn() -> Plies<S> + Sync,
        gather: &mut (impl FnMut(S::Item) + Send),
    ) -> io::Result<Status> {
        if self.threads > 1 && !out.interleaves() {
            return in_parallel(self, out, make, gather);
        }
        let mut plies = visitor(&make);
        let mut status = Status::Ok;
        cut_games(self.inputs, out, |cut, out| {
            // What was said is on `out` already.
            let (said, item) = take(&mut plies, cut, None, out)?;
            status = status.max(said);
            if let Some(item) = item {
                gather(item);
            }
            out.tick()?;
            Ok(ControlFlow::Continue(()))
        })?;
        plies.handler_mut().finish(out)?;
        Ok(status)
    }
}

/// A batch of the splitter's output for one worker: games, and what was
/// said about an input between them.
type Batch = Vec<(Cut, Option<Collected>)>;

/// A batch's output and items.
struct Done<I> {
    collected: Collected,
    items: Vec<I>,
    status: Status,
}

/// Games a batch holds at most, and game text it holds at most: enough
/// for a worker to work a while on, few enough to keep memory bounded.
const BATCH_GAMES: usize = 256;
const BATCH_BYTES: usize = 1 << 20;

/// The run's games in batches, the units of the command's parallel engine
/// ([`crate::ordered`]): played by `threads` workers, each with a visitor
/// of its own, and written, their items gathered, in input order.
fn in_parallel<S: GameState>(
    run: Run<'_>,
    out: &mut Output,
    make: impl Fn() -> Plies<S> + Sync,
    gather: &mut (impl FnMut(S::Item) + Send),
) -> io::Result<Status> {
    let Run { inputs, threads } = run;
    let workers = (0..threads)
        .map(|_| (visitor(&make), out.collector()))
        .collect();
    let mut notes = out.collector();
    let mut status = Status::Ok;
    let (_, cut, written) = ordered::in_order(
        workers,
        |feed| {
            let mut batch = Batch::new();
            let mut bytes = 0;
            let cut = cut_games(inputs, &mut notes, |cut, notes| {
                if let Cut::Game { game, .. } = &cut {
                    bytes += game.text.len();
                }
                let said = matches!(cut, Cut::Said(_)).then(|| notes.take());
                batch.push((cut, said));
                if batch.len() < BATCH_GAMES && bytes < BATCH_BYTES {
                    return Ok(ControlFlow::Continue(()));
                }
                bytes = 0;
                match feed.send(std::mem::take(&mut batch)) {
                    true => Ok(ControlFlow::Continue(())),
                    // The writer stopped (a closed pipe).
                    false => Ok(ControlFlow::Break(())),
                }
            });
            if !batch.is_empty() {
                feed.send(batch);
            }
            cut
        },
        |(plies, collected), batch| {
            let mut items = Vec::new();
            // Writing to memory does not fail.
            let status = work(plies, batch, collected, &mut items).unwrap_or(Status::Failed);
            Done {
                collected: collected.take(),
                items,
                status,
            }
        },
        |done: Done<S::Item>| {
            status = status.max(done.status);
            out.write_collected(&done.collected)?;
            done.items.into_iter().for_each(&mut *gather);
            Ok(())
        },
    );
    written.and(cut)?;
    Ok(status)
}

/// Plays a batch's games and writes what was said between them, in order;
/// what the games hand on goes to `items`.
fn work<S: GameState>(
    plies: &mut Plies<S>,
    batch: Batch,
    out: &mut Output,
    items: &mut Vec<S::Item>,
) -> io::Result<Status> {
    let mut status = Status::Ok;
    for (cut, said) in batch {
        let (said, item) = take(plies, cut, said, out)?;
        status = status.max(said);
        items.extend(item);
    }
    plies.handler_mut().finish(out)?;
    Ok(status)
}
