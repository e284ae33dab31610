//! `fen book lint BOOK…`: each record of an EPD or PGN book as match
//! runners read it, its problems and the faults that make runners
//! disagree (`fenkit_books::positions::lint`); `--fix` writes the book
//! every runner reads alike.

use std::{io, path::PathBuf, sync::Arc};

use fenkit::{Diagnostic, Field, Span, WriteOptions};
use fenkit_books::positions::{BookFault, Faults, lint::is_clock};
use fenkit_games::export::Export;
use fenkit_tb::Tables;
use shakmaty::{EnPassantMode, Position};

use super::positions::is_pgn;
use crate::commands::prelude::*;
use crate::games::Mainlines;

/// Check opening books as match runners read them: every record's
/// problems, and the faults that make runners disagree: an en passant
/// square with no legal capture, clock operations (hmvc, fmvn), a
/// position an earlier record holds, a position with no game left
/// (mate, stalemate, bare material; with --syzygy, one the endgame tables
/// decide). EPD records, or PGN lines for files named .pgn (the position a
/// line ends in). Status 1 when any record has a problem or a fault.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    /// Write the book every runner reads alike to OUT: four fields as the
    /// standard writes them with the en passant square only where a
    /// capture is legal, no clock operations, each position once, no
    /// position without a game left, bad records dropped; what was
    /// changed is counted on standard error.
    #[arg(long, value_name = "OUT")]
    pub fix: Option<PathBuf>,
    #[command(flatten)]
    pub syzygy: crate::options::Syzygy,
}

/// The lint of one book, record by record.
struct Lint {
    read: ReadOptions,
    faults: Faults,
    tables: Option<Arc<Tables>>,
    /// The mended book, with --fix.
    fixed: Option<Vec<u8>>,
    /// How many records --fix dropped, and mended.
    dropped: u64,
    mended: u64,
}

impl Lint {
    /// Says the book faults of a record as warnings at their place; with
    /// the tables, a position they decide counts as one with no game left.
    fn said(
        &self,
        found: &[BookFault],
        record: &Record,
        decided: Option<String>,
        out: &mut Output,
    ) -> io::Result<()> {
        let mut diagnostics: Vec<Diagnostic> = (found.iter())
            .map(|fault| {
                let span = fault.span(record.bytes);
                Diagnostic::new(fault.code(), Field::Record, span, fault.message()).into_warning()
            })
            .collect();
        if let Some(verdict) = decided {
            let message = format!("the endgame tables decide it: {verdict}");
            let span = Span::at(0, record.bytes.len());
            let code = fenkit_books::positions::lint::OVER;
            diagnostics.push(Diagnostic::new(code, Field::Record, span, message).into_warning());
        }
        out.diagnostics(record, &diagnostics)
    }

    /// The tables' verdict where they hold a position (a book's position
    /// should leave the game open).
    fn decided(&self, position: &shakmaty::Chess) -> Option<String> {
        let answer = self.tables.as_ref()?.answer(position).ok()?;
        Some(answer.verdict(position.turn()))
    }
}

impl Job for Lint {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let checked = checked_reported(&self.read, record, out)?;
        let position = checked.position(self.read.castling);
        let found = match &position {
            Some(position) => self.faults.of(&checked, position, record.line_number),
            None => Vec::new(),
        };
        let decided = position
            .as_ref()
            .and_then(|position| self.decided(position));
        self.said(&found, record, decided.clone(), out)?;
        if let Some(fixed) = &mut self.fixed {
            match (&checked.setup, position) {
                (Some(setup), Some(_))
                    if decided.is_none() && !found.iter().any(BookFault::drops) =>
                {
                    self.mended += u64::from(!found.is_empty());
                    let operations: Vec<_> = checked
                        .operations
                        .iter()
                        .filter(|op| !is_clock(op))
                        .cloned()
                        .collect();
                    let write = WriteOptions::default().with_ep(EnPassantMode::Legal);
                    write.write_epd(setup, &operations, fixed);
                    fixed.push(b'\n');
                }
                _ => self.dropped += 1,
            }
        }
        Ok(checked.is_valid() && found.is_empty() && decided.is_none())
    }
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let tables = match args.syzygy.given() {
        Ok(tables) => tables,
        Err(why) => {
            out.note(&format!("fen: book lint: {why}"))?;
            return Ok(Status::Failed);
        }
    };
    let mut lint = Lint {
        read: args.inputs.read_options(),
        faults: Faults::default(),
        tables,
        fixed: args.fix.as_ref().map(|_| Vec::new()),
        dropped: 0,
        mended: 0,
    };
    let status = match args.inputs.files.iter().any(|path| is_pgn(path)) {
        true => lint_lines(&args, &mut lint, out)?,
        false => run::sequential(&mut lint, args.inputs.config(), out)?,
    };
    if let (Some(path), Some(fixed)) = (&args.fix, &lint.fixed) {
        if let Err(err) = std::fs::write(path, fixed) {
            super::said_io(path, &err, out)?;
            return Ok(Status::Failed);
        }
        let (mended, dropped) = (lint.mended, lint.dropped);
        out.note(&format!(
            "fen: book lint --fix: {mended} mended, {dropped} dropped, written to {}",
            path.display()
        ))?;
    }
    Ok(status)
}

/// The lint of PGN lines: each line's end position, as the runner starts
/// from it; `--fix` writes each kept line again from its start.
fn lint_lines(args: &Args, lint: &mut Lint, out: &mut Output) -> io::Result<Status> {
    let mut lines = Vec::new();
    let make = || fenkit_games::pgn::Plies::with_handler(Mainlines::default());
    let mut status =
        crate::games::each_game_gathered(&args.inputs.files, 1, make, |line| lines.push(line))?;
    for line in &lines {
        let (Some(start), Some(end)) = (&line.start, &line.end) else {
            lint.dropped += u64::from(lint.fixed.is_some());
            status = status.max(Status::BadRecords);
            continue;
        };
        let found = lint.faults.of_position(end, line.line);
        let decided = lint.decided(end);
        let mut words: Vec<String> = found
            .iter()
            .map(|f| format!("warning[{}]: {}", f.code(), f.message()))
            .collect();
        words.extend(
            decided
                .iter()
                .map(|v| format!("warning[book-over]: the endgame tables decide it: {v}")),
        );
        for said in &words {
            out.note(&format!("{}:1: {said}", line.place))?;
        }
        if !words.is_empty() {
            status = status.max(Status::BadRecords);
        }
        if let Some(fixed) = &mut lint.fixed {
            match words.is_empty() {
                true => {
                    let start = fenkit::variants::VariantPosition::Chess(start.clone());
                    Export::default().write_line(&start, &line.moves, "*", fixed);
                }
                false => lint.dropped += 1,
            }
        }
    }
    Ok(status)
}
