//! Standard output and standard error, through buffers: written out when
//! they fill (or at once, when both streams share a terminal), or handed
//! over whole by the workers of a parallel run.

use std::io::{self, IsTerminal, Write};

use fenkit::{Diagnostic, Record};

use crate::{progress, report};

/// Written to the real streams at this size.
const FLUSH_AT: usize = 64 * 1024;

pub struct Output {
    out: Vec<u8>,
    err: Vec<u8>,
    /// Show the line and a caret under each diagnostic.
    snippets: bool,
    /// Both streams go to the same terminal: keep them in step.
    interleave: bool,
    /// Write to the real streams; a worker's output only collects.
    direct: bool,
    /// Standard output is a terminal.
    terminal: bool,
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
            snippets,
            interleave: snippets && terminal,
            direct: true,
            terminal,
        }
    }

    /// An output that only collects, for tests and fuzzing: no snippets.
    pub fn memory() -> Output {
        Output {
            out: Vec::new(),
            err: Vec::new(),
            snippets: false,
            interleave: false,
            direct: false,
            terminal: false,
        }
    }

    /// An output for a worker thread: it collects, the writer writes.
    pub fn collector(&self) -> Output {
        Output {
            out: Vec::with_capacity(FLUSH_AT * 2),
            err: Vec::new(),
            snippets: self.snippets,
            interleave: false,
            direct: false,
            terminal: false,
        }
    }

    /// What goes to standard output: written out between records, as it
    /// fills.
    pub fn stdout(&mut self) -> &mut Vec<u8> {
        &mut self.out
    }

    /// Whether standard output and standard error share a terminal.
    pub fn interleaves(&self) -> bool {
        self.interleave
    }

    /// Writes diagnostics for people on standard error.
    pub fn diagnostics(&mut self, record: &Record, diagnostics: &[Diagnostic]) -> io::Result<()> {
        if self.interleave {
            self.flush_out()?;
        }
        for diagnostic in diagnostics {
            report::human(&mut self.err, record, diagnostic, self.snippets)?;
        }
        if self.interleave {
            self.flush_err()?;
        }
        Ok(())
    }

    /// Writes a hint about `record` for people on standard error, after its
    /// diagnostics: `SOURCE:LINE:COL: hint: …`.
    pub fn hint(&mut self, record: &Record, text: &str) -> io::Result<()> {
        if self.interleave {
            self.flush_out()?;
        }
        let source = fenkit::printable(record.source);
        let (line, column) = (record.line_number, record.column(0));
        writeln!(
            self.err,
            "{source}:{line}:{column}: hint: {}",
            fenkit::printable(text)
        )?;
        if self.interleave {
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
    pub fn take(&mut self) -> (Vec<u8>, Vec<u8>) {
        let out = Vec::with_capacity(self.out.capacity());
        (
            std::mem::replace(&mut self.out, out),
            std::mem::take(&mut self.err),
        )
    }

    /// Writes `out` and `err`, in that order, as collected by a worker.
    pub fn write_collected(&mut self, out: &[u8], err: &[u8]) -> io::Result<()> {
        if self.direct && self.out.is_empty() && out.len() >= FLUSH_AT {
            // A whole batch goes out as it is, not through the buffer.
            io::stdout().lock().write_all(out)?;
        } else {
            self.out.extend_from_slice(out);
        }
        if !err.is_empty() {
            self.flush_out()?;
            self.err.extend_from_slice(err);
            self.flush_err()?;
        }
        self.tick()
    }

    fn flush_out(&mut self) -> io::Result<()> {
        if self.direct && !self.out.is_empty() {
            // The bar is on standard error: only a terminal that shows both
            // needs it moved aside.
            let write = || io::stdout().lock().write_all(&self.out);
            if self.terminal {
                progress::around_bar(write)?;
            } else {
                write()?;
            }
            self.out.clear();
        }
        Ok(())
    }

    fn flush_err(&mut self) -> io::Result<()> {
        if self.direct && !self.err.is_empty() {
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
