//! PGN games read from one input with their places: the line each game
//! starts on, and the line and column of a move or tag that failed, for
//! `fen pgn` and `fen history`.
//!
//! pgn-reader reads ahead and hands its visitor no places, so the text of
//! the current game is kept as it streams by (from the start of its first
//! line; earlier games are dropped), and a failed move is found in it
//! again by [`fenkit::games::pgn::mainline_move`].

use std::{
    cell::RefCell,
    io::{self, Read},
    path::PathBuf,
    rc::Rc,
};

use fenkit::games::{
    MovetextDialect, MovetextDialects,
    pgn::{GameEnd, GameError, GameWarning, Plies, Ply, Reader, mainline_move},
};

use crate::{
    output::Output,
    run::{self, Status},
};

/// The text read so far that may still matter.
#[derive(Default)]
struct Seen {
    /// From the start of the current game's first line to what was read.
    text: Vec<u8>,
    /// The line number of `text[0]`.
    first_line: u64,
    /// Bytes read in all.
    total: u64,
    /// The movetext dialects rewritten, by their offset in the input.
    dialects: Vec<(u64, MovetextDialect)>,
}

/// Keeps what is read in `Seen`; unless reading strictly, rewrites the
/// movetext dialects of each whole line first (`0-0`, `e.p.`, `++`,
/// glyphs), each to a standard form of the same length, so that every
/// place in the text stays where it was.
struct Tee<R> {
    inner: R,
    seen: Rc<RefCell<Seen>>,
    dialects: Option<MovetextDialects>,
    /// Read but not yet handed on: the rewritten lines, then a line not
    /// yet whole.
    ready: std::collections::VecDeque<u8>,
    partial: Vec<u8>,
    ended: bool,
}

impl<R: Read> Tee<R> {
    /// Reads on until whole lines are ready (or the input ends).
    fn fill(&mut self, dialects: &mut MovetextDialects) -> io::Result<()> {
        let mut chunk = [0; 1 << 16];
        while self.ready.is_empty() && !self.ended {
            let n = self.inner.read(&mut chunk)?;
            self.ended = n == 0;
            self.partial.extend_from_slice(&chunk[..n]);
            let whole = match self.ended {
                true => self.partial.len(),
                false => memchr::memrchr(b'\n', &self.partial).map_or(0, |nl| nl + 1),
            };
            // The whole lines become what is ready, the rest stays.
            let rest = self.partial.split_off(whole);
            let mut lines = std::mem::replace(&mut self.partial, rest);
            let mut seen = self.seen.borrow_mut();
            let base = seen.total + self.ready.len() as u64;
            let mut start = 0;
            while start < lines.len() {
                let end =
                    memchr::memchr(b'\n', &lines[start..]).map_or(lines.len(), |nl| start + nl + 1);
                for found in dialects.rewrite(&mut lines[start..end]) {
                    let at = base + (start + found.at) as u64;
                    seen.dialects.push((at, found));
                }
                start = end;
            }
            self.ready.extend(lines);
        }
        Ok(())
    }
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = match self.dialects.take() {
            None => self.inner.read(buf)?,
            Some(mut dialects) => {
                let filled = self.fill(&mut dialects);
                self.dialects = Some(dialects);
                filled?;
                let n = buf.len().min(self.ready.len());
                for (slot, byte) in buf.iter_mut().zip(self.ready.drain(..n)) {
                    *slot = byte;
                }
                n
            }
        };
        let mut seen = self.seen.borrow_mut();
        seen.text.extend_from_slice(&buf[..n]);
        seen.total += n as u64;
        Ok(n)
    }
}

/// The games of one input.
struct Games<R> {
    reader: Reader<Tee<R>>,
    seen: Rc<RefCell<Seen>>,
    /// Where the current game starts in `seen.text`.
    game: usize,
}

/// A place in the input: 1-based line and column.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: u64,
    pub column: usize,
}

impl<R: Read> Games<R> {
    /// The games of `input`; with `strict`, movetext dialects are not read.
    fn new(input: R, strict: bool) -> Games<R> {
        let seen = Rc::new(RefCell::new(Seen {
            first_line: 1,
            ..Seen::default()
        }));
        let tee = Tee {
            inner: input,
            seen: Rc::clone(&seen),
            dialects: (!strict).then(MovetextDialects::default),
            ready: Default::default(),
            partial: Vec::new(),
            ended: false,
        };
        Games {
            reader: Reader::new(tee),
            seen,
            game: 0,
        }
    }

    /// Plays the next game with `plies`: the line it starts on, and how
    /// it ended (at a word that is no move, when it has one); `None` after
    /// the last.
    fn next_game<F: FnMut(Ply<'_>)>(
        &mut self,
        plies: &mut Plies<F>,
    ) -> io::Result<Option<(u64, Result<GameEnd, GameError>)>> {
        let line = self.start_game();
        let Some(played) = self.reader.read_game(plies)? else {
            return Ok(None);
        };
        let seen = self.seen.borrow();
        let waiting = self.reader.buffer().len();
        let end = seen.text.len().saturating_sub(waiting).max(self.game);
        Ok(Some((
            line,
            plies.check_words(&seen.text[self.game..end], played),
        )))
    }

    /// Drops the text of the games before the next one, and says on which
    /// line the next one starts.
    fn start_game(&mut self) -> u64 {
        let mut seen = self.seen.borrow_mut();
        let waiting = self.reader.buffer().len() as u64;
        let consumed = (seen.text.len() as u64).saturating_sub(waiting) as usize;
        // Keep the whole first line of the game, for its columns.
        let cut = memchr::memrchr(b'\n', &seen.text[..consumed]).map_or(0, |at| at + 1);
        let dropped = memchr::memchr_iter(b'\n', &seen.text[..cut]).count() as u64;
        seen.first_line += dropped;
        seen.text.drain(..cut);
        self.game = consumed - cut;
        let blank = seen.text[self.game..]
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .filter(|&&b| b == b'\n')
            .count() as u64;
        seen.first_line + blank
    }

    /// Where `error` of the current game stands: the move that could not
    /// be played, or the `[FEN]` tag's value; `None` when it cannot be
    /// found.
    fn place_of(&self, error: &GameError) -> Option<Place> {
        let seen = self.seen.borrow();
        let game = &seen.text[self.game..];
        let at = match error.ply {
            Some(ply) => mainline_move(game, ply)?.start,
            None => memchr::memmem::find(game, b"[FEN \"")? + 6,
        } + self.game;
        Some(place_in(&seen, at))
    }

    /// The dialects rewritten in the game just read (up to what the reader
    /// has consumed), one line per kind: the first place, how many.
    fn dialect_warnings(&self, source: &str, game: u64) -> Vec<String> {
        let mut seen = self.seen.borrow_mut();
        let consumed = seen.total - self.reader.buffer().len() as u64;
        let split = seen.dialects.partition_point(|(at, _)| *at < consumed);
        let found: Vec<(u64, MovetextDialect)> = seen.dialects.drain(..split).collect();
        let text_start = seen.total - seen.text.len() as u64;
        let mut lines = Vec::new();
        let mut kinds: Vec<&'static str> = Vec::new();
        for (_, dialect) in &found {
            if !kinds.contains(&dialect.what) {
                kinds.push(dialect.what);
            }
        }
        for what in kinds {
            let mut same = found.iter().filter(|(_, d)| d.what == what);
            let Some((at, first)) = same.next() else {
                continue;
            };
            let more = same.count();
            let place = match at.checked_sub(text_start) {
                Some(index) if (index as usize) < seen.text.len() => {
                    place_in(&seen, index as usize)
                }
                _ => Place {
                    line: seen.first_line,
                    column: 1,
                },
            };
            let places = match more {
                0 => String::new(),
                n => format!(" ({} places)", n + 1),
            };
            let read = match first.standard.as_str() {
                "nothing" => "left out".to_string(),
                standard => format!("read as '{}'", fenkit::printable(standard)),
            };
            lines.push(format!(
                "{}:{}:{}: warning[pgn-dialect]: game {game}: {what}, '{}'{places}; {read} (--strict-pgn refuses it)",
                fenkit::printable(source),
                place.line,
                place.column,
                fenkit::printable(&first.written),
            ));
        }
        lines
    }
}

/// The line and column of byte `at` of the kept text.
fn place_in(seen: &Seen, at: usize) -> Place {
    {
        let line_start = memchr::memrchr(b'\n', &seen.text[..at]).map_or(0, |nl| nl + 1);
        let line_end =
            memchr::memchr(b'\n', &seen.text[at..]).map_or(seen.text.len(), |nl| at + nl);
        let breaks = memchr::memchr_iter(b'\n', &seen.text[..line_start]).count() as u64;
        Place {
            line: seen.first_line + breaks,
            column: fenkit::column(&seen.text[line_start..line_end], at - line_start),
        }
    }
}

impl<R: Read> Games<R> {
    /// `error` of the current game (which starts on `line`) as a diagnostic
    /// line: `SOURCE:LINE:COL: error[code]: game N: …`, at the failed move
    /// or tag where it can be found, else at the game's first line.
    fn diagnostic(&self, source: &str, line: u64, error: &GameError) -> String {
        let place = self.place_of(error).unwrap_or(Place { line, column: 1 });
        let diagnostic = fenkit::Diagnostic::new(
            error.code,
            fenkit::Field::Record,
            fenkit::Span::default(),
            format!("game {}: {}", error.game, error.message),
        );
        format!("{source}:{}:{}: {diagnostic}", place.line, place.column)
    }

    /// A warning of the current game, at its move or tag, as a line like
    /// a diagnostic's.
    fn warning(&self, source: &str, line: u64, warning: &GameWarning) -> String {
        let at = GameError {
            game: warning.game,
            ply: warning.ply,
            code: fenkit::Code::BadMove,
            message: String::new(),
        };
        let place = self.place_of(&at).unwrap_or(Place { line, column: 1 });
        format!(
            "{source}:{}:{}: warning[pgn-dialect]: game {}: {} (--strict-pgn refuses it)",
            place.line,
            place.column,
            warning.game,
            fenkit::printable(&warning.message)
        )
    }
}

/// Plays every game of the inputs (standard input when there are none)
/// with `plies`, and calls `on_game` after each with how it ended. A game
/// that failed is then reported where it failed, so that what it printed
/// comes first; an input that cannot be read is reported, and the run goes
/// on with the next. The run's status.
pub fn each_game<F: FnMut(Ply<'_>)>(
    files: &[PathBuf],
    strict: bool,
    plies: &mut Plies<F>,
    out: &mut Output,
    mut on_game: impl FnMut(&Result<GameEnd, GameError>, &mut Output) -> io::Result<()>,
) -> io::Result<Status> {
    let mut status = Status::Ok;
    for path in run::files_or_stdin(files) {
        let Some((source, input)) = run::open(&path, out)? else {
            status = Status::Failed;
            continue;
        };
        let mut games = Games::new(input, strict);
        let mut count = 0u64;
        loop {
            let (line, game) = match games.next_game(plies) {
                Ok(Some(game)) => game,
                Ok(None) => break,
                Err(err) => {
                    out.note(&format!("fen: {source}: {}", run::io_message(&err)))?;
                    status = Status::Failed;
                    break;
                }
            };
            count += 1;
            let game_number = match &game {
                Ok(end) => end.game,
                Err(error) => error.game,
            };
            for warning in games.dialect_warnings(&source, game_number) {
                out.note(&warning)?;
            }
            // Moves in long algebraic notation: the first, and how many.
            let warnings = plies.warnings();
            let moves = warnings.iter().filter(|w| w.ply.is_some()).count();
            let mut first_move = true;
            for warning in &warnings {
                let mut text = games.warning(&source, line, warning);
                if warning.ply.is_some() {
                    if !std::mem::take(&mut first_move) {
                        continue;
                    }
                    if moves > 1 {
                        text.push_str(&format!("; {} moves of the game are written so", moves));
                    }
                }
                out.note(&text)?;
            }
            on_game(&game, out)?;
            if let Err(error) = &game {
                out.note(&games.diagnostic(&source, line, error))?;
                status = status.max(Status::BadRecords);
            }
        }
        if count == 0 {
            out.note(&format!("fen: {source}: no PGN game in it"))?;
            status = status.max(Status::BadRecords);
        }
    }
    Ok(status)
}
