//! Standard output and standard error, through buffers: written out when
//! they fill (or at once, when both streams share a terminal), or handed
//! over whole by the workers of a parallel run. `--max-errors` is kept
//! here, where diagnostics reach standard error: a worker marks where each
//! of its diagnostics ends, and the writer prints as many as are left.

use std::{
    io::{self, IsTerminal, Write},
    sync::Arc,
};

use fenkit::{Diagnostic, Record};

use crate::{progress, report};

/// Written to the real streams at this size.
const FLUSH_AT: usize = 64 * 1024;

pub struct Output {
    out: Vec<u8>,
    err: Vec<u8>,
    /// Where each diagnostic or hint in `err` ends, a worker's only.
    units: Vec<Unit>,
    /// How many diagnostics may still be printed.
    budget: Budget,
    /// Show the line and a caret under each diagnostic.
    snippets: bool,
    /// Items of output separated by an empty line (boards, move lists).
    items: Items,
    mode: Mode,
    /// The long flags of the subcommand that runs (`lenient`, `variant`,
    /// …), so that a hint names only flags it has; `None`: any flag.
    flags: Option<Arc<[String]>>,
}

/// Where items stand: whether one came before, and in a worker's
/// output, where its first one since it was last taken starts.
#[derive(Copy, Clone, Debug, Default)]
struct Items {
    started: bool,
    first_at: Option<usize>,
}

/// Where the buffers go when they are written out.
enum Mode {
    /// To the real streams.
    Streams {
        /// Both streams go to the same terminal: keep them in step.
        interleave: bool,
        /// Standard output is a terminal.
        terminal: bool,
    },
    /// Standard error only, to the real stream: a subcommand whose games
    /// are gathered (`fen book make`), not printed.
    Notes,
    /// Nowhere: a worker's output, which the writer writes, or a test's.
    Memory,
}

impl Default for Output {
    fn default() -> Output {
        Output::new()
    }
}

impl Output {
    pub fn new() -> Output {
        let snippets = io::stderr().is_terminal();
        let terminal = io::stdout().is_terminal();
        Output {
            out: Vec::with_capacity(FLUSH_AT * 2),
            err: Vec::new(),
            units: Vec::new(),
            budget: Budget::default(),
            snippets,
            items: Items::default(),
            mode: Mode::Streams {
                interleave: snippets && terminal,
                terminal,
            },
            flags: None,
        }
    }

    /// This output for a subcommand whose long flags are `flags` (without
    /// their dashes): hints name no other ([`Output::offers`]).
    pub fn offering(self, flags: Vec<String>) -> Output {
        Output {
            flags: Some(flags.into()),
            ..self
        }
    }

    /// Whether the subcommand that runs has the long flag `--flag`, as a
    /// hint that names it must know.
    pub fn offers(&self, flag: &str) -> bool {
        self.flags
            .as_ref()
            .is_none_or(|flags| flags.iter().any(|f| f == flag))
    }

    /// This output with nothing on standard output (what the games give
    /// is gathered, not printed); standard error as before.
    pub fn notes_only(self) -> Output {
        Output {
            mode: Mode::Notes,
            ..self
        }
    }

    /// An output that only collects, for tests and fuzzing: no snippets.
    pub fn memory() -> Output {
        Output {
            out: Vec::new(),
            err: Vec::new(),
            units: Vec::new(),
            budget: Budget::default(),
            snippets: false,
            items: Items::default(),
            mode: Mode::Memory,
            flags: None,
        }
    }

    /// An output for a worker thread: it collects, the writer writes.
    pub fn collector(&self) -> Output {
        Output {
            out: Vec::with_capacity(FLUSH_AT * 2),
            err: Vec::new(),
            units: Vec::new(),
            budget: Budget::default(),
            snippets: self.snippets,
            items: Items::default(),
            mode: Mode::Memory,
            flags: self.flags.clone(),
        }
    }

    /// What goes to standard output: written out between records, as it
    /// fills.
    pub fn stdout(&mut self) -> &mut Vec<u8> {
        &mut self.out
    }

    /// Starts an item of standard output (a board, a move list): an empty
    /// line goes before every item but the run's first. A worker's output
    /// cannot know whether items came before its block: it marks where
    /// the block's first item starts, and the writer puts the separator
    /// there when one is due ([`Output::write_collected`]).
    pub fn next_item(&mut self) {
        if self.items.started {
            self.out.push(b'\n');
        } else {
            self.items.started = true;
            self.items.first_at = Some(self.out.len());
        }
    }

    /// Whether standard output and standard error share a terminal.
    pub fn interleaves(&self) -> bool {
        matches!(
            self.mode,
            Mode::Streams {
                interleave: true,
                ..
            }
        )
    }

    /// Whether what is written here stays in memory (a worker's output).
    fn collects(&self) -> bool {
        matches!(self.mode, Mode::Memory)
    }

    /// Prints at most `most` diagnostics from now on (`--max-errors`);
    /// the rest are counted.
    pub fn limit_diagnostics(&mut self, most: Option<u64>) {
        self.budget.most = most;
    }

    /// Says how many diagnostics `--max-errors` left out, if any.
    pub fn note_left_out(&mut self) -> io::Result<()> {
        let Budget {
            most: Some(most),
            left_out,
            ..
        } = self.budget
        else {
            return Ok(());
        };
        if left_out == 0 {
            return Ok(());
        }
        let noun = if left_out == 1 {
            "diagnostic"
        } else {
            "diagnostics"
        };
        self.note(&format!(
            "fen: {left_out} more {noun} not printed (--max-errors {most})"
        ))
    }

    /// Writes diagnostics for people on standard error.
    pub fn diagnostics(&mut self, record: &Record, diagnostics: &[Diagnostic]) -> io::Result<()> {
        let interleave = self.interleaves();
        if interleave {
            self.flush_out()?;
        }
        for diagnostic in diagnostics {
            if self.collects() {
                report::human(&mut self.err, record, diagnostic, self.snippets)?;
                self.units.push(Unit::diagnostic(self.err.len()));
            } else if self.budget.admit(1) {
                report::human(&mut self.err, record, diagnostic, self.snippets)?;
            }
        }
        if interleave {
            self.flush_err()?;
        }
        Ok(())
    }

    /// Writes a hint about `record` for people on standard error, after its
    /// diagnostics: `SOURCE:LINE:COL: hint: …`.
    pub fn hint(&mut self, record: &Record, text: &str) -> io::Result<()> {
        let interleave = self.interleaves();
        if interleave {
            self.flush_out()?;
        }
        if !self.collects() && !self.budget.admit(0) {
            return Ok(());
        }
        let source = fenkit::printable(record.source);
        let (line, column) = (record.line_number, record.column(0));
        writeln!(
            self.err,
            "{source}:{line}:{column}: hint: {}",
            fenkit::printable(text)
        )?;
        if self.collects() {
            self.units.push(Unit::hint(self.err.len()));
        }
        if interleave {
            self.flush_err()?;
        }
        Ok(())
    }

    /// Writes a line for people on standard error, after what standard
    /// output has so far.
    pub fn note(&mut self, text: &str) -> io::Result<()> {
        self.flush_out()?;
        for line in text.split('\n') {
            writeln!(self.err, "{}", fenkit::printable(line))?;
        }
        self.flush_err()
    }

    /// Writes the buffers out when they are full; called between records.
    pub fn tick(&mut self) -> io::Result<()> {
        if self.out.len() >= FLUSH_AT {
            self.flush_out()?;
        }
        if self.err.len() >= FLUSH_AT {
            self.flush_err()?;
        }
        Ok(())
    }

    /// Both buffers, emptied (what a worker hands to the writer); the next
    /// ones start as large, so that a worker's output does not grow again
    /// batch after batch.
    pub fn take(&mut self) -> Collected {
        let out = Vec::with_capacity(self.out.capacity());
        let first_item = std::mem::take(&mut self.items).first_at;
        Collected {
            out: std::mem::replace(&mut self.out, out),
            err: std::mem::take(&mut self.err),
            units: std::mem::take(&mut self.units),
            first_item,
        }
    }

    /// Writes what a worker collected: standard output, with the separator
    /// before its first item when an item came before, then what the
    /// budget of diagnostics lets through of standard error.
    pub fn write_collected(&mut self, collected: &Collected) -> io::Result<()> {
        let units = &collected.units;
        let separated = collected.first_item.filter(|_| self.items.started);
        self.items.started |= collected.first_item.is_some();
        let out = match separated {
            Some(at) => {
                self.out.extend_from_slice(&collected.out[..at]);
                self.out.push(b'\n');
                &collected.out[at..]
            }
            None => &collected.out[..],
        };
        let mut start = 0;
        let err = match self.budget.most {
            None => std::borrow::Cow::Borrowed(&collected.err[..]),
            Some(_) => {
                let mut err = Vec::new();
                for unit in units {
                    if self.budget.admit(unit.diagnostics) {
                        err.extend_from_slice(&collected.err[start..unit.end]);
                    }
                    start = unit.end;
                }
                std::borrow::Cow::Owned(err)
            }
        };
        let streams = matches!(self.mode, Mode::Streams { .. });
        if streams && self.out.is_empty() && out.len() >= FLUSH_AT {
            // A whole batch goes out as it is, not through the buffer.
            io::stdout().lock().write_all(out)?;
        } else {
            self.out.extend_from_slice(out);
        }
        if !err.is_empty() {
            self.flush_out()?;
            self.err.extend_from_slice(&err);
            self.flush_err()?;
        }
        self.tick()
    }

    fn flush_out(&mut self) -> io::Result<()> {
        if self.out.is_empty() {
            return Ok(());
        }
        match &mut self.mode {
            Mode::Notes => {}
            // The bar is on standard error: only a terminal that shows both
            // needs it moved aside.
            Mode::Streams { terminal, .. } => {
                let write = || io::stdout().lock().write_all(&self.out);
                match terminal {
                    true => progress::around_bar(write)?,
                    false => write()?,
                }
            }
            Mode::Memory => return Ok(()),
        }
        self.out.clear();
        Ok(())
    }

    fn flush_err(&mut self) -> io::Result<()> {
        if !self.collects() && !self.err.is_empty() {
            progress::around_bar(|| io::stderr().lock().write_all(&self.err))?;
            self.err.clear();
        }
        Ok(())
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.flush_out()?;
        self.flush_err()?;
        io::stdout().lock().flush()
    }
}

/// Appends `line` of the input (a table's row, kept whole) to `out`: as it
/// is, or with `escape` (standard output is a terminal) with what a
/// terminal would act on escaped, the tabs between TSV columns kept.
pub fn input_text(out: &mut Vec<u8>, line: &[u8], escape: bool) {
    if !escape {
        out.extend_from_slice(line);
        return;
    }
    let text = String::from_utf8_lossy(line);
    for (index, part) in text.split('\t').enumerate() {
        if index > 0 {
            out.push(b'\t');
        }
        out.extend_from_slice(fenkit::printable(part).as_bytes());
    }
}

/// What a worker hands to the writer.
pub struct Collected {
    pub out: Vec<u8>,
    pub err: Vec<u8>,
    units: Vec<Unit>,
    /// Where the first item of `out` starts, when it holds one: the
    /// separator before it is the writer's to put.
    first_item: Option<usize>,
}

/// A diagnostic, or a hint about the diagnostics before it, ending at
/// `end` in a worker's standard error.
#[derive(Copy, Clone, Debug)]
struct Unit {
    end: usize,
    diagnostics: u64,
}

impl Unit {
    fn diagnostic(end: usize) -> Unit {
        Unit {
            end,
            diagnostics: 1,
        }
    }

    fn hint(end: usize) -> Unit {
        Unit {
            end,
            diagnostics: 0,
        }
    }
}

/// How many diagnostics may be printed (`--max-errors`), and how many were
/// not.
#[derive(Copy, Clone, Debug, Default)]
struct Budget {
    most: Option<u64>,
    shown: u64,
    left_out: u64,
    /// The last diagnostic was left out, and so are hints about it.
    spent: bool,
}

impl Budget {
    /// Whether to print `diagnostics` more (0 for a hint, printed when
    /// the diagnostics before it were).
    fn admit(&mut self, diagnostics: u64) -> bool {
        let Some(most) = self.most else {
            return true;
        };
        if diagnostics == 0 {
            return !self.spent;
        }
        self.spent = self.shown + diagnostics > most;
        match self.spent {
            true => self.left_out += diagnostics,
            false => self.shown += diagnostics,
        }
        !self.spent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_text_is_escaped_for_a_terminal_only() {
        let mut out = Vec::new();
        input_text(&mut out, b"a\x1b[2J\tb", true);
        assert_eq!(out, b"a\\x1b[2J\tb");
        out.clear();
        input_text(&mut out, b"a\x1b[2J\tb", false);
        assert_eq!(out, b"a\x1b[2J\tb");
    }

    #[test]
    fn the_budget_prints_so_many_and_counts_the_rest() {
        let mut budget = Budget {
            most: Some(2),
            ..Budget::default()
        };
        let admitted: Vec<bool> = [1, 0, 1, 1, 0, 1].map(|n| budget.admit(n)).to_vec();
        assert_eq!(admitted, [true, true, true, false, false, false]);
        assert_eq!((budget.shown, budget.left_out), (2, 2));
        let mut unlimited = Budget::default();
        assert!((0..100).all(|_| unlimited.admit(1)));
    }
}
