//! Every game of the inputs, played by a subcommand's [`GamePlayer`]: on
//! this thread, or on several, each game then played by one worker and
//! the output put back in input order, as the record runner does for
//! lines. Games are numbered as the splitter cuts them, so a game is
//! played under the same number on any thread, and `-j N` writes the
//! bytes of `-j 1`.

use std::{
    collections::BTreeMap,
    io,
    ops::ControlFlow,
    path::PathBuf,
    sync::{
        Arc, Mutex,
        mpsc::{Receiver, sync_channel},
    },
    thread,
};

use fenkit_games::pgn::{GameError, GameText, GameTexts, Plies, PlyHandler, Reader};

use super::{Played, diagnostic, dialect_warnings, warning};
use crate::{
    output::{Collected, Output},
    run::{self, Status},
};

/// What a subcommand does with games (`fen pgn`, `fen history`, `book
/// make`), in this order: its visitor ([`GamePlayer::plies`]) plays a
/// game; then [`GamePlayer::game_done`] writes what the game gave, and
/// hands on what it counted; after the last game of a run, or of a
/// worker's batch, [`GamePlayer::finish`] writes what it still holds.
pub trait GamePlayer {
    /// What the visitor hands each ply to: the state a game fills.
    type OnPly: PlyHandler;
    /// What a game hands on, in input order, to the one place that
    /// gathers it ([`each_game_gathered`]): `book make`'s counted moves,
    /// `explorer build`'s game; `()` for a player that only writes.
    type Item: Send;

    /// The visitor that plays each game.
    fn plies(&mut self) -> &mut Plies<Self::OnPly>;

    /// After a game, with how it ended ([`Played::end`]); its error is
    /// said after this.
    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<Self::Item>>;

    /// Writes what is still held; nothing, unless a player holds output.
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

/// Cuts every input (standard input when there are none) into games for
/// `take`, in order; what is said about an input goes to `notes` first.
fn cut_games(
    files: &[PathBuf],
    notes: &mut Output,
    mut take: impl FnMut(Cut, &mut Output) -> io::Result<ControlFlow<()>>,
) -> io::Result<()> {
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

/// What a game or a cut gave: its status, and what its player handed on.
type Taken<I> = (Status, Option<I>);

/// Plays game `number` of `source` with `player`, and says what there is
/// to say about it: the movetext dialects read, the moves written against
/// the standard, and its error at its place, after what it printed.
fn play<P: GamePlayer>(
    player: &mut P,
    strict: bool,
    (source, mut game, number): (&str, GameText, u64),
    out: &mut Output,
) -> io::Result<Taken<P::Item>> {
    let found = match strict {
        true => Vec::new(),
        false => fenkit_games::rewrite_dialects(&mut game.text),
    };
    let plies = player.plies();
    plies.number_next(number);
    let result = match Reader::new(&game.text[..]).read_game(plies) {
        Ok(Some(played)) => plies.check_words(&game.text, played),
        Ok(None) => return Ok((Status::Ok, None)),
        // pgn-reader's one error inside a game read from memory: a comment
        // never closed. The game is bad, said where its `{` stands.
        Err(_) => Err(GameError::unterminated_comment(number)),
    };
    for line in dialect_warnings(source, &game, number, &found) {
        out.note(&line)?;
    }
    // Moves in long algebraic notation: the first, and how many.
    let warnings = plies.warnings();
    let moves = warnings.iter().filter(|w| w.ply.is_some()).count();
    let mut first_move = true;
    for each in &warnings {
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
        end: &result,
    };
    let item = player.game_done(&played, out)?;
    match &result {
        Ok(_) => Ok((Status::Ok, item)),
        Err(error) => {
            out.note(&diagnostic(source, &game, error))?;
            Ok((Status::BadRecords, item))
        }
    }
}

/// Plays a game the splitter cut, or writes what it said (`said`, when it
/// was said elsewhere); the status either gives.
fn take<P: GamePlayer>(
    player: &mut P,
    strict: bool,
    cut: Cut,
    said: Option<Collected>,
    out: &mut Output,
) -> io::Result<Taken<P::Item>> {
    match cut {
        Cut::Game {
            source,
            game,
            number,
        } => play(player, strict, (&source, game, number), out),
        Cut::Said(status) => {
            if let Some(said) = said {
                out.write_collected(&said)?;
            }
            Ok((status, None))
        }
    }
}

/// Plays every game of the inputs (standard input when there are none)
/// with players made by `make`, one per thread, `threads` of them; games
/// that fail are said where they failed, after what they printed; an input
/// that cannot be read is said, and the run goes on with the next. The
/// run's status.
pub fn each_game<P: GamePlayer>(
    files: &[PathBuf],
    strict: bool,
    threads: usize,
    out: &mut Output,
    make: impl Fn() -> P + Sync,
) -> io::Result<Status> {
    let run = Run {
        files,
        strict,
        threads,
    };
    run.play(out, make, &mut |_| {})
}

/// [`each_game`] whose games' items all go to `gather`, in input order,
/// on whatever thread played them: `book make` counts each game's moves
/// into one book (whose halving makes order matter), `explorer build`
/// numbers and counts each game in one index. Diagnostics go to standard
/// error as they come; the run's status.
pub fn each_game_gathered<P: GamePlayer>(
    files: &[PathBuf],
    threads: usize,
    make: impl Fn() -> P + Sync,
    mut gather: impl FnMut(P::Item) + Send,
) -> io::Result<Status> {
    let run = Run {
        files,
        strict: false,
        threads,
    };
    let mut notes = Output::new().notes_only();
    let status = run.play(&mut notes, make, &mut gather)?;
    notes.flush()?;
    Ok(status)
}

/// A run over the inputs: which, how strictly, on how many threads.
#[derive(Copy, Clone)]
struct Run<'a> {
    files: &'a [PathBuf],
    strict: bool,
    threads: usize,
}

impl Run<'_> {
    fn play<P: GamePlayer>(
        self,
        out: &mut Output,
        make: impl Fn() -> P + Sync,
        gather: &mut (impl FnMut(P::Item) + Send),
    ) -> io::Result<Status> {
        if self.threads > 1 && !out.interleaves() {
            return in_parallel(self, out, make, gather);
        }
        let mut player = make();
        let mut status = Status::Ok;
        cut_games(self.files, out, |cut, out| {
            // What was said is on `out` already.
            let (said, item) = take(&mut player, self.strict, cut, None, out)?;
            status = status.max(said);
            if let Some(item) = item {
                gather(item);
            }
            out.tick()?;
            Ok(ControlFlow::Continue(()))
        })?;
        player.finish(out)?;
        Ok(status)
    }
}

/// A batch of the splitter's output for one worker: games, and what was
/// said about an input between them.
type Batch = Vec<(Cut, Option<Collected>)>;

/// A batch's output and items, by its place in the input.
struct Done<I> {
    index: u64,
    collected: Collected,
    items: Vec<I>,
    status: Status,
}

/// Games a batch holds at most, and game text it holds at most: enough
/// for a worker to work a while on, few enough to keep memory bounded.
const BATCH_GAMES: usize = 256;
const BATCH_BYTES: usize = 1 << 20;

/// The run's games played by `threads` workers, each with a player of
/// its own, and written in input order.
fn in_parallel<P: GamePlayer>(
    run: Run<'_>,
    out: &mut Output,
    make: impl Fn() -> P + Sync,
    gather: &mut (impl FnMut(P::Item) + Send),
) -> io::Result<Status> {
    let Run {
        files,
        strict,
        threads,
    } = run;
    let in_flight = 4 * threads;
    let (to_workers, from_reader) = sync_channel::<(u64, Batch)>(in_flight);
    // The workers share the receiver; the first to find the writer gone
    // drops it, so that the reader's next send fails and it stops too.
    let from_reader = Mutex::new(Some(from_reader));
    let (to_writer, from_workers) = sync_channel::<Done<P::Item>>(in_flight);
    let mut notes = out.collector();
    let (written, status) = thread::scope(|scope| {
        for _ in 0..threads {
            let (from_reader, to_writer, make) = (&from_reader, to_writer.clone(), &make);
            let mut collected = out.collector();
            scope.spawn(move || {
                let mut player = make();
                loop {
                    let next = match from_reader.lock() {
                        Ok(receiver) => receiver.as_ref().map(Receiver::recv),
                        Err(_) => None,
                    };
                    let Some(Ok((index, batch))) = next else {
                        return;
                    };
                    // Writing to memory does not fail.
                    let mut items = Vec::new();
                    let status = work(&mut player, strict, batch, &mut collected, &mut items)
                        .unwrap_or(Status::Failed);
                    let done = Done {
                        index,
                        collected: collected.take(),
                        items,
                        status,
                    };
                    if to_writer.send(done).is_err() {
                        if let Ok(mut receiver) = from_reader.lock() {
                            receiver.take();
                        }
                        return;
                    }
                }
            });
        }
        drop(to_writer);
        let writer = scope.spawn(|| write_in_order(from_workers, out, gather));
        let mut batch = Batch::new();
        let mut bytes = 0;
        let mut index = 0;
        let cut = cut_games(files, &mut notes, |cut, notes| {
            if let Cut::Game { game, .. } = &cut {
                bytes += game.text.len();
            }
            let said = matches!(cut, Cut::Said(_)).then(|| notes.take());
            batch.push((cut, said));
            if batch.len() < BATCH_GAMES && bytes < BATCH_BYTES {
                return Ok(ControlFlow::Continue(()));
            }
            bytes = 0;
            index += 1;
            // A closed channel means the writer stopped (a closed pipe),
            // and a worker then dropped the receiver.
            match to_workers.send((index - 1, std::mem::take(&mut batch))) {
                Ok(()) => Ok(ControlFlow::Continue(())),
                Err(_) => Ok(ControlFlow::Break(())),
            }
        });
        if !batch.is_empty() {
            let _ = to_workers.send((index, batch));
        }
        drop(to_workers);
        let (written, status) = writer.join().expect("the writer does not panic");
        (written.and(cut), status)
    });
    written?;
    Ok(status)
}

/// Plays a batch's games and writes what was said between them, in order;
/// what the games hand on goes to `items`.
fn work<P: GamePlayer>(
    player: &mut P,
    strict: bool,
    batch: Batch,
    out: &mut Output,
    items: &mut Vec<P::Item>,
) -> io::Result<Status> {
    let mut status = Status::Ok;
    for (cut, said) in batch {
        let (said, item) = take(player, strict, cut, said, out)?;
        status = status.max(said);
        items.extend(item);
    }
    player.finish(out)?;
    Ok(status)
}

/// Writes the batches' output in input order, and hands their items to
/// `gather` in the same order; the first write error, and the run's
/// status.
fn write_in_order<I>(
    from_workers: Receiver<Done<I>>,
    out: &mut Output,
    gather: &mut impl FnMut(I),
) -> (io::Result<()>, Status) {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let mut status = Status::Ok;
    for done in from_workers {
        waiting.insert(done.index, done);
        while let Some(done) = waiting.remove(&next) {
            next += 1;
            status = status.max(done.status);
            // Dropping the receiver stops the workers and the reader.
            if let Err(err) = out.write_collected(&done.collected) {
                return (Err(err), status);
            }
            done.items.into_iter().for_each(&mut *gather);
        }
    }
    (Ok(()), status)
}
