//! The one line reader: input in blocks of whole lines.
//!
//! Input is read in blocks of about [`BLOCK`] bytes, each cut after its
//! last line break, so that a block holds whole lines (LF or CRLF; the last
//! line of the input with or without one). The single-thread driver splits
//! a block into lines at once; the parallel driver hands blocks to workers,
//! so that the reading thread only reads. Memory stays bounded: a line
//! longer than the reader's limit is measured as it streams by, never
//! held, and comes as [`Block::TooLong`]. The buffer starts small and
//! grows only for a line that needs it, so a table with long rows (up to
//! [`MAX_ROW`]) costs memory only where its rows are long.

use std::io::{self, Read};

use crate::progress::Progress;

/// The longest record read by default, in bytes: a FEN record has under
/// 100, and an EPD record with operations a few hundred. For FEN and EPD
/// files the record is the line; `--max-line-bytes` sets it.
pub const MAX_LINE: usize = 4096;

/// The longest row of a table (CSV, TSV, JSON lines) kept whole: the
/// columns around the record (a game's moves, a comment) may be long.
pub const MAX_ROW: usize = 64 << 20;

/// About this much input per block.
const BLOCK: usize = 128 * 1024;

/// Input as the reader hands it out.
pub enum Block {
    /// Whole lines as read (line breaks and all), the first of them
    /// numbered `first_line`.
    Lines { first_line: u64, text: Vec<u8> },
    /// A line too long to keep, measured.
    TooLong { line: u64, length: u64 },
}

/// One line of input, or what stands for it when it could not be kept.
pub enum Line<'a> {
    Text(&'a [u8]),
    TooLong { length: u64 },
}

/// The buffer's first size: a block's worth of reading after a line too
/// short to skip.
const CAPACITY: usize = BLOCK + MAX_LINE + 2;

/// Reads `R` in blocks of whole lines.
pub struct Blocks<R> {
    reader: R,
    /// The longest line kept, in bytes.
    max_line: usize,
    /// At least `CAPACITY` long, longer after a long line (so that reading
    /// into it zeroes nothing); `filled` bytes of it are input.
    buf: Vec<u8>,
    filled: usize,
    /// The number of the next line.
    line: u64,
    /// The length so far of an overlong line being skipped.
    skipped: Option<u64>,
    eof: bool,
    /// Handled blocks, for the next ones.
    spare: Vec<Vec<u8>>,
}

impl<R: Read> Blocks<R> {
    /// A reader of lines of at most `max_line` bytes.
    pub fn new(reader: R, max_line: usize) -> Blocks<R> {
        Blocks {
            reader,
            max_line,
            buf: vec![0; CAPACITY.min(BLOCK + max_line + 2)],
            filled: 0,
            line: 1,
            skipped: None,
            eof: false,
            spare: Vec::new(),
        }
    }

    /// Gives back a block's text once handled, so that the next block
    /// needs no new allocation.
    pub fn recycle(&mut self, text: Vec<u8>) {
        self.spare.push(text);
    }

    /// The next block; `None` at the end of the input.
    pub fn next_block(&mut self, progress: &mut Progress) -> io::Result<Option<Block>> {
        loop {
            let read = self.fill()?;
            let filled = self.filled;
            if let Some(before) = self.skipped {
                let Some(end) = memchr::memchr(b'\n', &self.buf[..filled]) else {
                    if read == 0 {
                        let length = before + without_cr(&self.buf[..filled]).len() as u64;
                        progress.line(before + filled as u64);
                        self.filled = 0;
                        self.skipped = None;
                        return Ok(Some(Block::TooLong {
                            line: self.line,
                            length,
                        }));
                    }
                    // Keep the last byte: it may be the '\r' of a CRLF.
                    self.skipped = Some(before + filled as u64 - 1);
                    self.keep_from(filled - 1);
                    continue;
                };
                let length = before + without_cr(&self.buf[..end]).len() as u64;
                progress.line(before + end as u64 + 1);
                self.keep_from(end + 1);
                self.skipped = None;
                let line = self.line;
                self.line += 1;
                return Ok(Some(Block::TooLong { line, length }));
            }
            if read == 0 {
                if filled == 0 {
                    return Ok(None);
                }
                // What an overlong line left may hold several lines.
                return Ok(Some(self.take(filled, filled, progress)));
            }
            match memchr::memrchr(b'\n', &self.buf[..filled]) {
                Some(last) => return Ok(Some(self.take(last + 1, filled, progress))),
                None if filled > self.max_line + 1 => {
                    // Keep the last byte: it may be the '\r' of a CRLF.
                    self.skipped = Some(filled as u64 - 1);
                    self.keep_from(filled - 1);
                }
                // A line longer than the buffer but within the limit: room
                // for it (the limit is above what is filled, so this grows).
                None if filled == self.buf.len() => {
                    let size = (2 * filled).min(BLOCK + self.max_line + 2);
                    self.buf.resize(size, 0);
                }
                None => {}
            }
        }
    }

    /// The first `end` bytes as a block of lines; the rest up to `filled`
    /// stays for the next.
    fn take(&mut self, end: usize, filled: usize, progress: &mut Progress) -> Block {
        let mut rest = self.spare.pop().unwrap_or_default();
        // A handled block is nearly full: this zeroes only its tail. What
        // stays may be the start of a long line: room to read after it.
        rest.resize(CAPACITY.max(filled - end + BLOCK), 0);
        rest[..filled - end].copy_from_slice(&self.buf[end..filled]);
        let mut text = std::mem::replace(&mut self.buf, rest);
        text.truncate(end);
        self.filled = filled - end;
        let breaks = memchr::memchr_iter(b'\n', &text).count() as u64;
        let lines = breaks + u64::from(text.last() != Some(&b'\n'));
        progress.lines(lines, end as u64);
        let first_line = self.line;
        self.line += lines;
        Block::Lines { first_line, text }
    }

    /// Drops the bytes before `start`.
    fn keep_from(&mut self, start: usize) {
        self.buf.copy_within(start..self.filled, 0);
        self.filled -= start;
    }

    /// Reads more after what the buffer holds; how much (0 at the end).
    fn fill(&mut self) -> io::Result<usize> {
        if self.eof {
            return Ok(0);
        }
        let read = loop {
            match self.reader.read(&mut self.buf[self.filled..]) {
                Ok(n) => break n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            }
        };
        self.filled += read;
        self.eof = read == 0;
        Ok(read)
    }
}

fn without_cr(text: &[u8]) -> &[u8] {
    text.strip_suffix(b"\r").unwrap_or(text)
}

/// The lines of a block's text with their numbers, the first numbered
/// `first_line`; a line longer than `max_line` comes measured, not kept.
pub fn lines(
    first_line: u64,
    text: &[u8],
    max_line: usize,
) -> impl Iterator<Item = (u64, Line<'_>)> {
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    let ends = memchr::memchr_iter(b'\n', text).chain(std::iter::once(text.len()));
    let mut start = 0;
    ends.zip(first_line..).map(move |(end, number)| {
        let line = without_cr(&text[start..end]);
        start = end + 1;
        let line = match line.len() > max_line {
            true => Line::TooLong {
                length: line.len() as u64,
            },
            false => Line::Text(line),
        };
        (number, line)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::When;

    /// Every line of `input`, read in blocks from a reader that hands out
    /// `step` bytes at a time.
    fn read_lines(input: &[u8], step: usize) -> Vec<String> {
        read_lines_of(input, step, MAX_LINE)
    }

    fn read_lines_of(input: &[u8], step: usize, max_line: usize) -> Vec<String> {
        let mut blocks = Blocks::new(Trickle { input, step }, max_line);
        let mut progress = Progress::new(When::Never, None);
        let mut out = Vec::new();
        while let Some(block) = blocks.next_block(&mut progress).expect("memory") {
            match block {
                Block::Lines { first_line, text } => {
                    for (number, line) in lines(first_line, &text, max_line) {
                        out.push(match line {
                            Line::Text(text) => {
                                format!("{number}:{}", String::from_utf8_lossy(text))
                            }
                            Line::TooLong { length } => format!("{number}:too long ({length})"),
                        });
                    }
                    blocks.recycle(text);
                }
                Block::TooLong { line, length } => out.push(format!("{line}:too long ({length})")),
            }
        }
        out
    }

    struct Trickle<'a> {
        input: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.input.len());
            buf[..n].copy_from_slice(&self.input[..n]);
            self.input = &self.input[n..];
            Ok(n)
        }
    }

    #[test]
    fn lines_end_in_lf_crlf_or_nothing() {
        for step in [1, 3, BLOCK] {
            assert_eq!(
                read_lines(b"a\nb\r\n\nc", step),
                ["1:a", "2:b", "3:", "4:c"]
            );
            assert_eq!(read_lines(b"a\n", step), ["1:a"]);
            assert!(read_lines(b"", step).is_empty());
        }
    }

    #[test]
    fn overlong_lines_are_measured_not_kept() {
        let mut input = vec![b'x'; MAX_LINE];
        input.extend_from_slice(b"\r\n");
        input.extend(vec![b'y'; 3 * BLOCK + 5]);
        input.extend_from_slice(b"\r\nshort\n");
        input.extend(vec![b'w'; MAX_LINE + 7]);
        input.extend_from_slice(b"\n");
        input.extend(vec![b'z'; MAX_LINE + 1]);
        let expected = [
            format!("1:{}", "x".repeat(MAX_LINE)),
            format!("2:too long ({})", 3 * BLOCK + 5),
            "3:short".to_string(),
            format!("4:too long ({})", MAX_LINE + 7),
            format!("5:too long ({})", MAX_LINE + 1),
        ];
        for step in [7, 4096, BLOCK] {
            assert_eq!(read_lines(&input, step), expected, "step {step}");
        }
    }

    #[test]
    fn long_lines_within_a_larger_limit_are_kept_whole() {
        let long = "x".repeat(5 * BLOCK + 3);
        let input = format!("a\n{long}\r\nb\n{long}y");
        let expected = [
            "1:a".to_string(),
            format!("2:{long}"),
            "3:b".to_string(),
            format!("4:too long ({})", 5 * BLOCK + 4),
        ];
        for step in [7, 4096, BLOCK, 3 * BLOCK] {
            let read = read_lines_of(input.as_bytes(), step, 5 * BLOCK + 3);
            assert_eq!(read, expected, "step {step}");
        }
    }
}
