//! The one record reader every subcommand uses.
//!
//! Input is read in large chunks and cut into lines (LF or CRLF, the last
//! line with or without a newline). A line holds one record, or several
//! separated by blanks: a new record starts at each token containing `/`.
//! Memory stays bounded: a line longer than [`MAX_LINE`] bytes is reported
//! by its length and skipped, never held.

use std::io::{self, Read};

/// The longest line the reader accepts, in bytes (without its line ending).
pub const MAX_LINE: usize = 4096;

const CHUNK: usize = 64 * 1024;

/// One line of input, or what stands for it when it could not be kept.
pub enum Line<'a> {
    Text(&'a [u8]),
    TooLong { length: u64 },
}

impl Line<'_> {
    /// The line's length in bytes, without its line break.
    pub fn length(&self) -> u64 {
        match self {
            Line::Text(text) => text.len() as u64,
            Line::TooLong { length } => *length,
        }
    }
}

/// Why reading stopped early.
pub enum Stop {
    /// Reading the input failed.
    Read(io::Error),
    /// The line handler failed (writing output).
    Handler(io::Error),
}

/// Calls `on_line` with each line's 1-based number and content.
pub fn for_each_line<R: Read>(
    mut reader: R,
    mut on_line: impl FnMut(u64, Line<'_>) -> io::Result<()>,
) -> Result<(), Stop> {
    let mut buf = vec![0u8; CHUNK];
    let (mut start, mut end) = (0, 0);
    let mut number = 0u64;
    // The length so far of an overlong line being skipped.
    let mut skipped: Option<u64> = None;
    let mut emit = |number: u64, text: &[u8], skipped: Option<u64>| {
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let line = match skipped {
            Some(before) => Line::TooLong {
                length: before + text.len() as u64,
            },
            None if text.len() > MAX_LINE => Line::TooLong {
                length: text.len() as u64,
            },
            None => Line::Text(text),
        };
        on_line(number, line).map_err(Stop::Handler)
    };
    loop {
        if let Some(newline) = memchr::memchr(b'\n', &buf[start..end]) {
            number += 1;
            emit(number, &buf[start..start + newline], skipped.take())?;
            start += newline + 1;
            continue;
        }
        let pending = end - start;
        if skipped.is_some() || pending > MAX_LINE + 1 {
            // Keep the last byte: it may be the '\r' of a CRLF.
            let keep = usize::from(pending > 0);
            *skipped.get_or_insert(0) += (pending - keep) as u64;
            buf.copy_within(end - keep..end, 0);
            (start, end) = (0, keep);
        } else if start > 0 {
            buf.copy_within(start..end, 0);
            (start, end) = (0, pending);
        }
        let read = loop {
            match reader.read(&mut buf[end..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Stop::Read(e)),
            }
        };
        if read == 0 {
            if end > start || skipped.is_some() {
                emit(number + 1, &buf[start..end], skipped)?;
            }
            return Ok(());
        }
        end += read;
    }
}

const fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// The records of a line as `(offset in the line, bytes)`: blanks around
/// records are dropped, and a new record starts at each token containing
/// `/` after the first token.
pub fn records(line: &[u8]) -> Records<'_> {
    Records { line, pos: 0 }
}

pub struct Records<'a> {
    line: &'a [u8],
    pos: usize,
}

impl<'a> Iterator for Records<'a> {
    type Item = (usize, &'a [u8]);

    fn next(&mut self) -> Option<(usize, &'a [u8])> {
        let line = self.line;
        let start = self.pos + line[self.pos..].iter().position(|&b| !is_blank(b))?;
        let first_end = start
            + line[start..]
                .iter()
                .position(|&b| is_blank(b))
                .unwrap_or(line.len() - start);
        // Only a placement holds '/': the next one after the first token
        // is inside the token that starts the next record.
        let end = match memchr::memchr(b'/', &line[first_end..]) {
            Some(at) => {
                let slash = first_end + at;
                // line[first_end] is blank, so this finds the token start.
                let next = line[..slash]
                    .iter()
                    .rposition(|&b| is_blank(b))
                    .map_or(slash, |blank| blank + 1);
                self.pos = next;
                next
            }
            None => {
                self.pos = line.len();
                line.len()
            }
        };
        let end = start
            + line[start..end]
                .iter()
                .rposition(|&b| !is_blank(b))
                .map_or(0, |last| last + 1);
        Some((start, &line[start..end]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        let result = for_each_line(input, |number, line| {
            out.push(match line {
                Line::Text(text) => format!("{number}:{}", String::from_utf8_lossy(text)),
                Line::TooLong { length } => format!("{number}:too long ({length})"),
            });
            Ok(())
        });
        assert!(result.is_ok());
        out
    }

    #[test]
    fn lines_end_in_lf_crlf_or_nothing() {
        assert_eq!(lines(b"a\nb\r\n\nc"), ["1:a", "2:b", "3:", "4:c"]);
        assert_eq!(lines(b"a\n"), ["1:a"]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn overlong_lines_are_measured_not_kept() {
        let mut input = vec![b'x'; MAX_LINE];
        input.extend_from_slice(b"\r\n");
        input.extend(vec![b'y'; 3 * CHUNK + 5]);
        input.extend_from_slice(b"\r\nshort\n");
        input.extend(vec![b'z'; MAX_LINE + 1]);
        assert_eq!(
            lines(&input),
            [
                format!("1:{}", "x".repeat(MAX_LINE)),
                format!("2:too long ({})", 3 * CHUNK + 5),
                "3:short".to_string(),
                format!("4:too long ({})", MAX_LINE + 1),
            ]
        );
    }

    fn split(line: &str) -> Vec<(usize, &str)> {
        records(line.as_bytes())
            .map(|(offset, bytes)| (offset, std::str::from_utf8(bytes).unwrap()))
            .collect()
    }

    #[test]
    fn several_records_share_a_line() {
        assert_eq!(
            split("8/8 w - - 0 1 8/7K b - - 0 2"),
            [(0, "8/8 w - - 0 1"), (14, "8/7K b - - 0 2")]
        );
        // Blanks inside a record stay for the parser to judge.
        assert_eq!(split("  8/8  w - - 0 1 \t"), [(2, "8/8  w - - 0 1")]);
        // Text before the first placement is a record of its own.
        assert_eq!(split("x 8/8 w"), [(0, "x"), (2, "8/8 w")]);
        assert!(split(" \t ").is_empty());
    }
}
