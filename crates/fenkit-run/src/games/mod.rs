//! PGN games read from one input with their places: the line each game
//! starts on, and the line and column of a move or tag that failed, for
//! `fen pgn` and `fen history`.
//!
//! Games are cut by the library's one splitter (`GameTexts`, as
//! `read_pgn` cuts them for Python, SQL and Spark), so each game's text is
//! at hand when it is played: a failed move is found in it again by
//! [`fenkit_games::pgn::mainline_move`]. Unless reading strictly, the
//! movetext dialects of each line (`0-0`, `e.p.`, `++`, glyphs) are first
//! rewritten to a standard form of the same length, so that every place in
//! the text stays where it was.

mod each;
mod gathered;
pub mod sink;

use std::io;

use fenkit_games::{
    MovetextDialect, NoPly,
    pgn::{GameEnd, GameError, GameText, GameWarning, annotation_problem_at, mainline_move},
};

pub use each::{GameState, ReadGame, each_game, each_game_gathered, each_given_game};
pub use gathered::{Adding, Mainline, Mainlines, nth_game, say_left_out};

use crate::{output::Output, run::Status};

/// A place in the input: 1-based line and column.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: u64,
    pub column: usize,
}

/// The line and column of byte `at` of a game's text.
fn place_in(game: &GameText, at: usize) -> Place {
    let text = &game.text;
    let at = at.min(text.len());
    let line_start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |nl| nl + 1);
    let line_end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |nl| at + nl);
    let breaks = memchr::memchr_iter(b'\n', &text[..line_start]).count() as u64;
    Place {
        line: game.line + breaks,
        column: fenkit::column(&text[line_start..line_end], at - line_start),
    }
}

/// Where a problem of `game` stands: at ply `ply`, the move that could not
/// be played; without one, by its `code`, the comment never closed or the
/// value of the tag at fault (`[Variant]`, `[FEN]`); `None` when it cannot
/// be found.
fn place_of(game: &GameText, ply: Option<usize>, code: fenkit::Code) -> Option<Place> {
    let at = match ply {
        Some(ply) => mainline_move(&game.text, ply)?.start,
        None if code == fenkit::Code::UnterminatedComment => unclosed_brace(&game.text)?,
        None if code == fenkit::Code::UnknownVariant => {
            memchr::memmem::find(&game.text, b"[Variant \"")? + 10
        }
        None => memchr::memmem::find(&game.text, b"[FEN \"")? + 6,
    };
    Some(place_in(game, at))
}

/// Where the comment that is never closed opens.
fn unclosed_brace(text: &[u8]) -> Option<usize> {
    let mut open = None;
    for (at, &byte) in text.iter().enumerate() {
        match (byte, open) {
            (b'{', None) => open = Some(at),
            (b'}', Some(_)) => open = None,
            _ => {}
        }
    }
    open
}

/// The dialects rewritten in a game, one line per kind: the first place,
/// how many.
fn dialect_warnings(
    source: &str,
    game: &GameText,
    number: u64,
    found: &[(usize, MovetextDialect)],
) -> Vec<String> {
    let mut kinds: Vec<&'static str> = Vec::new();
    for (_, dialect) in found {
        if !kinds.contains(&dialect.what) {
            kinds.push(dialect.what);
        }
    }
    let mut lines = Vec::new();
    for what in kinds {
        let mut same = found.iter().filter(|(_, d)| d.what == what);
        let Some((at, first)) = same.next() else {
            continue;
        };
        let more = same.count();
        let place = place_in(game, *at);
        let places = match more {
            0 => String::new(),
            n => format!(" ({} places)", n + 1),
        };
        let read = match first.standard.as_str() {
            "nothing" => "left out".to_string(),
            standard => format!("read as '{}'", fenkit::printable(standard)),
        };
        lines.push(format!(
            "{}:{}:{}: warning[pgn-dialect]: game {number}: {what}, '{}'{places}; {read} (--strict-pgn refuses it)",
            fenkit::printable(source),
            place.line,
            place.column,
            fenkit::printable(&first.written),
        ));
    }
    lines
}

/// `error` of `game` as a diagnostic line: `SOURCE:LINE:COL: error[code]:
/// game N: …`, at the failed move or tag where it can be found, else at
/// the game's first line.
pub fn diagnostic(source: &str, game: &GameText, error: &GameError) -> String {
    let place = place_of(game, error.ply, error.code).unwrap_or(Place {
        line: game.line,
        column: 1,
    });
    let diagnostic = fenkit::Diagnostic::new(
        error.code,
        fenkit::Field::Record,
        fenkit::Span::default(),
        format!("game {}: {}", error.game, error.message),
    );
    format!("{source}:{}:{}: {diagnostic}", place.line, place.column)
}

/// Why game `number` has no ply (or no more plies) to draw, said as `fen
/// pgn` says a game's error, at its place: the ply `asked` for, if one
/// was, and what was drawn all the same (`then`); the status it gives.
pub fn say_stop(
    (source, game, number): (&str, &GameText, usize),
    stop: NoPly,
    asked: Option<usize>,
    then: &str,
    out: &mut Output,
) -> io::Result<Status> {
    match stop {
        NoPly::Beyond { plies } => {
            let not = asked.map(|ply| format!(", not {ply}")).unwrap_or_default();
            out.note(&format!(
                "fen: {source}: game {number} has {plies} plies{not}{then}"
            ))?;
        }
        NoPly::Unplayable(mut error) => {
            error.game = number as u64;
            error.message.push_str(then);
            out.note(&diagnostic(source, game, &error))?;
        }
    }
    Ok(Status::BadRecords)
}

/// A warning of `game`, at its move or tag, as a line like a diagnostic's.
fn warning(source: &str, game: &GameText, warning: &GameWarning) -> String {
    let place = place_of(game, warning.ply, fenkit::Code::BadMove).unwrap_or(Place {
        line: game.line,
        column: 1,
    });
    format!(
        "{source}:{}:{}: warning[pgn-dialect]: game {}: {} (--strict-pgn refuses it)",
        place.line,
        place.column,
        warning.game,
        fenkit::printable(&warning.message)
    )
}

/// The game just played, for messages about it that name their place.
pub struct Played<'a> {
    source: &'a str,
    game: &'a GameText,
    /// The text before its dialects were rewritten, where it had any.
    as_written: Option<&'a [u8]>,
    end: &'a Result<GameEnd, GameError>,
}

impl Played<'_> {
    /// How the game ended: its result, or the error that stopped it.
    pub fn end(&self) -> &Result<GameEnd, GameError> {
        self.end
    }

    /// The game's text, as read: its movetext dialects in the standard's
    /// form.
    pub fn text(&self) -> &[u8] {
        &self.game.text
    }

    /// The game's text as the input has it, dialects and all (for a
    /// state whose `GameState::AS_WRITTEN` is true; the text as read for
    /// the others).
    pub fn as_written(&self) -> &[u8] {
        self.as_written.unwrap_or(&self.game.text)
    }

    /// The name of the input the game was read from.
    pub fn source(&self) -> &str {
        self.source
    }

    /// The line of the input the game starts on.
    pub fn line(&self) -> u64 {
        self.game.line
    }

    /// The game's number in the run, counted from 1 across the inputs.
    pub fn number(&self) -> u64 {
        match self.end {
            Ok(end) => end.game,
            Err(error) => error.game,
        }
    }

    /// `SOURCE:LINE:COL` of a problem of the `ply`-th move's annotations
    /// (its command, after the move), or of the game's first line when
    /// the command is not found as quoted.
    pub fn place_of_annotation(&self, problem: &str, ply: usize) -> String {
        let place = annotation_problem_at(&self.game.text, ply, problem).map_or(
            Place {
                line: self.game.line,
                column: 1,
            },
            |at| place_in(self.game, at.start),
        );
        // Notes escape what they quote; the name is written as it is.
        format!("{}:{}:{}", self.source, place.line, place.column)
    }
}
