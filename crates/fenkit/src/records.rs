//! The record splitter: where FEN records stand in a line of text.
//!
//! The classic exercise's input may put several records on one line, and
//! pasted text puts blanks around them. Every front end (the command's
//! readers, the service's `POST /api/check`) cuts lines into records here,
//! so that the same text gives the same records everywhere.

use crate::Format;

/// The blanks that separate records (and fields): space, tab, CR, VT, FF.
const fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// Whether `token` is a label people paste before a record: `FEN:`,
/// `fen=`, `[FEN` (any case).
/// Where the first blank of `text` is. Three of the five blanks are found
/// by memchr's vector search (the placement field, 40 to 70 bytes, is
/// where the search runs, on every record); the form feed and vertical tab,
/// which no one types, only before the first of those.
fn first_blank(text: &[u8]) -> Option<usize> {
    let common = memchr::memchr3(b' ', b'\t', b'\r', text);
    let before = &text[..common.unwrap_or(text.len())];
    // Looked for without stopping early, which compiles to vector
    // instructions; placed only when there.
    let rare = before
        .iter()
        .fold(false, |found, &b| found | (b == b'\x0b') | (b == b'\x0c'));
    match rare {
        true => before.iter().position(|&b| b == b'\x0b' || b == b'\x0c'),
        false => common,
    }
}

/// Where `byte` first is in `text`: memchr for a long text, a plain loop
/// for the dozen bytes after a usual record's placement, where memchr's
/// dispatch costs more than the search.
fn find(byte: u8, text: &[u8]) -> Option<usize> {
    match text.len() < 32 {
        true => text.iter().position(|&b| b == byte),
        false => memchr::memchr(byte, text),
    }
}

fn is_paste_prefix(token: &[u8]) -> bool {
    [&b"fen:"[..], b"fen=", b"fen", b"[fen"]
        .iter()
        .any(|label| token.eq_ignore_ascii_case(label))
}

/// The FEN records of a line as `(offset in the line, bytes)`: blanks
/// around records are dropped, and a new record starts at each token
/// holding `/` after the first token (only a piece placement holds `/`).
///
/// ```
/// let line = b"8/8/8/8/8/8/8/K6k w - - 0 1 8/8/8/8/8/8/8/K5k1 b - - 1 1";
/// let records: Vec<_> = fenkit::records(line).map(|(at, _)| at).collect();
/// assert_eq!(records, [0, 28]);
/// ```
pub fn records(line: &[u8]) -> Records<'_> {
    Records {
        line,
        pos: 0,
        whole: false,
    }
}

/// The records of a line in `format`: FEN records as [`records`] finds
/// them; one EPD record per line (its operations may hold `/` and blanks),
/// none on a comment line (`#` first); with [`Format::Auto`], a line
/// holding `;` is one EPD record.
///
/// ```
/// use fenkit::Format;
///
/// let line = br#"  8/8/8/8/8/8/8/K6k w - - id "a/b c/d";"#;
/// let records: Vec<_> = fenkit::records_in(line, Format::Auto).collect();
/// assert_eq!(records, [(2, &line[2..])]);
/// assert_eq!(fenkit::records_in(b"8/8 w 8/8 b", Format::Auto).count(), 2);
/// ```
pub fn records_in(line: &[u8], format: Format) -> Records<'_> {
    let whole = match format {
        Format::Fen => false,
        // A comment line of an EPD file holds no record.
        Format::Epd if line.trim_ascii_start().starts_with(b"#") => {
            return Records {
                line,
                pos: line.len(),
                whole: true,
            };
        }
        Format::Epd => true,
        // A whole-line search without early exit: vector instructions.
        Format::Auto => line.iter().fold(false, |found, &b| found | (b == b';')),
    };
    Records {
        line,
        pos: 0,
        whole,
    }
}

/// The iterator of [`records`] and [`records_in`].
pub struct Records<'a> {
    line: &'a [u8],
    pos: usize,
    /// The whole line is one record.
    whole: bool,
}

impl<'a> Iterator for Records<'a> {
    type Item = (usize, &'a [u8]);

    fn next(&mut self) -> Option<(usize, &'a [u8])> {
        let line = self.line;
        if self.whole {
            let start = self.pos
                + line[self.pos..]
                    .iter()
                    .position(|b| !b.is_ascii_whitespace())?;
            let end = line.iter().rposition(|b| !b.is_ascii_whitespace())? + 1;
            self.pos = line.len();
            return Some((start, &line[start..end]));
        }
        let start = self.pos + line[self.pos..].iter().position(|&b| !is_blank(b))?;
        let first_end = start + first_blank(&line[start..]).unwrap_or(line.len() - start);
        // The next '/' after the first token is inside the token that
        // starts the next record, unless the first token is what people
        // put before a record they paste (`FEN:`, `[FEN`).
        // (A FEN's first token is its placement: it holds '/', and no
        // label does.)
        let first = &line[start..first_end];
        let split_from = match is_paste_prefix(first) {
            // Past the end of the token holding the label's placement.
            true => line[first_end..]
                .iter()
                .position(|&b| b == b'/')
                .and_then(|slash| {
                    let token = first_end + slash;
                    line[token..]
                        .iter()
                        .position(|&b| is_blank(b))
                        .map(|end| token + end)
                })
                .unwrap_or(line.len()),
            false => first_end,
        };
        let end = match find(b'/', &line[split_from..]) {
            Some(at) => {
                let slash = split_from + at;
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
    use proptest::prelude::*;

    use super::{find, first_blank, is_blank, records};

    proptest! {
        #[test]
        fn the_first_blank_is_found_by_vector_search_as_byte_by_byte(
            text in prop::collection::vec(prop::sample::select(b"ab/8 \t\r\x0b\x0c\n\x00".to_vec()), 0..90),
        ) {
            prop_assert_eq!(first_blank(&text), text.iter().position(|&b| is_blank(b)));
            prop_assert_eq!(find(b'/', &text), text.iter().position(|&b| b == b'/'));
        }
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
        // Text before the first placement is a record of its own…
        assert_eq!(split("x 8/8 w"), [(0, "x"), (2, "8/8 w")]);
        // … but a label pasted before a record stays with it.
        assert_eq!(
            split("FEN: 8/8 w 8/7K b"),
            [(0, "FEN: 8/8 w"), (11, "8/7K b")]
        );
        assert_eq!(split("[FEN \"8/8 w\"]"), [(0, "[FEN \"8/8 w\"]")]);
        assert!(split(" \t ").is_empty());
    }
}
