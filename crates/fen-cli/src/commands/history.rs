//! `fen history`: repetitions, move-count rules and insufficient material
//! along one game given as FEN records in order, or along each game of a
//! PGN file.

use std::ops::ControlFlow;
use std::path::PathBuf;

use fenkit::{Code, Diagnostic, Field, Span};
use fenkit_games::Event;
use fenkit_games::History as Tracker;
use fenkit_games::pgn::{Plies, Ply, PlyHandler};
use shakmaty::{Chess, EnPassantMode, Position, zobrist::Zobrist64};

use super::prelude::*;
use crate::games::{self, GameState, Played};

/// Report repetitions, the fifty- and seventy-five-move rules and
/// insufficient material along a game: FEN records in order (one game), or
/// the games of a PGN file (--pgn, or files named *.pgn).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    /// Read the files as PGN games.
    #[arg(long)]
    pub pgn: bool,
    /// Refuse movetext that PGN's standard does not allow (0-0, e.p., ++,
    /// glyphs in text) instead of reading it with a warning.
    #[arg(long)]
    pub strict_pgn: bool,
}

/// Words for an event; positions are named `unit` (plies, lines) with the
/// number `at` gives for an index.
fn describe(event: &Event, unit: &str, at: impl Fn(usize) -> u64) -> String {
    match event {
        Event::Repetition { times, plies } => {
            let numbers: Vec<String> = plies.iter().map(|&ply| at(ply).to_string()).collect();
            let places = format!("{unit} {}", join(&numbers));
            let (count, outcome) = match times {
                3 => ("threefold", "either side may claim a draw"),
                _ => ("fivefold", "the game is drawn"),
            };
            format!(
                "{count} repetition: the same position at {places}; {outcome}"
            )
        }
        Event::FiftyMoveRule => {
            "fifty-move rule: 50 moves without a capture or a pawn move; either side may claim a draw".into()
        }
        Event::SeventyFiveMoveRule => {
            "seventy-five-move rule: 75 moves without a capture or a pawn move; the game is drawn".into()
        }
        Event::InsufficientMaterial => {
            "insufficient material: neither side can mate; the game is drawn".into()
        }
    }
}

fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn key(position: &Chess) -> u64 {
    position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// One game as FEN records, one per position, in order.
struct Sequence {
    read: ReadOptions,
    tracker: Tracker,
    /// The line of each position pushed, to name positions by line.
    lines: Vec<u64>,
    previous: Option<Chess>,
    events: usize,
}

impl Sequence {
    fn new(read: ReadOptions) -> Sequence {
        Sequence {
            read,
            tracker: Tracker::new(),
            lines: Vec::new(),
            previous: None,
            events: 0,
        }
    }
}

impl Job for Sequence {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(position) = legal_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        let mut fine = true;
        if let Some(previous) = &self.previous {
            let next = key(&position);
            let follows = previous.legal_moves().into_iter().any(|m| {
                let mut after = previous.clone();
                after.play_unchecked(m);
                key(&after) == next
            });
            if !follows {
                let line = self.lines.last().copied().unwrap_or(0);
                let diagnostic = Diagnostic::new(
                    Code::NotOneMove,
                    Field::Placement,
                    Span::default(),
                    format!("no legal move leads here from the position on line {line}"),
                );
                out.diagnostics(record, &[diagnostic])?;
                fine = false;
            }
        }
        self.lines.push(record.line_number);
        let lines = &self.lines;
        for event in self.tracker.push(&position) {
            let text = describe(&event, "lines", |i| lines[i]);
            writeln!(
                out.stdout(),
                "{}:{}: {text}",
                record.source,
                record.line_number
            )?;
            self.events += 1;
        }
        self.previous = Some(position);
        Ok(fine)
    }

    fn finish(&mut self, out: &mut Output) -> io::Result<()> {
        out.note(&format!(
            "{} positions: {} {}",
            self.tracker.len(),
            self.events,
            if self.events == 1 { "event" } else { "events" }
        ))
    }
}

/// Reads PGN games when asked (`pgn`) or when every file is named
/// `*.pgn`, else FEN records as one game.
pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let Args {
        inputs,
        pgn,
        strict_pgn,
    } = args;
    let named_pgn = |path: &PathBuf| {
        path.extension()
            .is_some_and(|extension| extension.eq_ignore_ascii_case("pgn"))
    };
    if pgn || !inputs.files.is_empty() && inputs.files.iter().all(named_pgn) {
        return games(&inputs.files, strict_pgn, inputs.jobs, out);
    }
    run::sequential(
        &mut Sequence::new(inputs.read_options()),
        inputs.config(),
        out,
    )
}

/// The current game as it is played: the tracker, its events (ply,
/// words), and each ply's move in words.
#[derive(Default)]
struct Found {
    tracker: Tracker,
    events: Vec<(usize, String)>,
    moves: Vec<String>,
}

/// `fen history`'s way with games: each ply to the tracker, then the
/// game's events.
fn player(strict: bool) -> Plies<Found> {
    let plies = Plies::with_handler(Found::default());
    match strict {
        true => plies.strictly(),
        false => plies,
    }
}

impl PlyHandler for Found {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        let Found {
            tracker,
            events,
            moves,
        } = self;
        if ply.ply == 0 {
            *tracker = Tracker::new();
            moves.clear();
        }
        let number = ply.position.fullmoves().get() - u32::from(ply.position.turn().is_white());
        let dots = if ply.position.turn().is_white() {
            "..."
        } else {
            "."
        };
        moves.push(match ply.san {
            Some(san) => format!("ply {} ({number}{dots} {san})", ply.ply),
            None => "ply 0 (the start)".into(),
        });
        for event in tracker.push(ply.position) {
            let text = describe(&event, "plies", |i| i as u64);
            events.push((ply.ply, text));
        }
        ControlFlow::Continue(())
    }
}

impl GameState for Found {
    type Item = ();

    fn game_done(&mut self, game: &Played<'_>, out: &mut Output) -> io::Result<Option<()>> {
        let Found { events, moves, .. } = self;
        let number = match game.end() {
            Ok(end) => end.game,
            Err(err) => err.game,
        };
        for (ply, text) in events.drain(..) {
            writeln!(out.stdout(), "game {number}, {}: {text}", moves[ply])?;
        }
        Ok(None)
    }
}

/// Each game of PGN files, on `jobs` threads.
fn games(files: &[PathBuf], strict: bool, jobs: usize, out: &mut Output) -> io::Result<Status> {
    let (threads, _) = crate::options::threads(jobs);
    games::each_game(files, threads, out, || player(strict))
}
