//! What the records of a document say, line by line: each record's
//! problems, its repair (what lenient reading makes of a malformed one)
//! and its canonical text. A line's findings depend on its text alone, so
//! an edit rechecks only the lines it changed ([`Analysis::update`]).
//!
//! Memory grows with the document, by a small factor: a record with
//! nothing to say (the common case, well-formed and canonical) is two
//! offsets, and the lines are remembered by a hash of their text, not a
//! copy (a 100 MB suite is held in about three times its size).

use std::hash::BuildHasher;

use fenkit::{Diagnostic, ReadOptions};

use crate::document::{Document, Kind};

/// One record of a line, with what fenkit found in it.
#[derive(Debug)]
pub struct Found {
    /// Where the record stands in its line, in bytes.
    pub start: usize,
    pub end: usize,
    /// What there is to say of it; none for a canonical record without
    /// problems.
    notes: Option<Box<Notes>>,
}

/// The most problems kept of one record: a record with more is seldom
/// FEN at all (a line of junk has a problem a character), and these are
/// what to mend first.
const KEPT: usize = 3;

#[derive(Debug, Default)]
struct Notes {
    problems: Vec<Diagnostic>,
    /// How many problems past the first [`KEPT`] there were.
    unlisted: usize,
    rewritten: Option<String>,
    repair: Option<Repair>,
}

impl Found {
    /// Its problems, their spans in the record.
    pub fn problems(&self) -> &[Diagnostic] {
        self.notes.as_ref().map_or(&[], |notes| &notes.problems)
    }

    /// How many of its problems are not kept (past the first few).
    pub fn unlisted(&self) -> usize {
        self.notes.as_ref().map_or(0, |notes| notes.unlisted)
    }

    /// The record written canonically, when it is well-formed and written
    /// otherwise.
    pub fn rewritten(&self) -> Option<&str> {
        self.notes.as_ref()?.rewritten.as_deref()
    }

    /// What lenient reading makes of it, when it is malformed and lenient
    /// reading repairs it.
    pub fn repair(&self) -> Option<&Repair> {
        self.notes.as_ref()?.repair.as_ref()
    }
}

#[derive(Debug)]
pub struct Repair {
    /// The record as repaired, written canonically.
    pub text: String,
    /// What was repaired, in words.
    pub repairs: Vec<String>,
}

/// The findings of every line of one document, with the text of each
/// line they are of.
#[derive(Default)]
pub struct Analysis {
    pub lines: Vec<Vec<Found>>,
    /// A hash of each line's text: a changed line hashes otherwise (but
    /// for one chance in 2^64).
    texts: Vec<u64>,
    /// A PGN document's games, played.
    pub played: crate::games::Played,
}

impl Analysis {
    /// The findings of `document`: the lines before and after those an
    /// edit changed keep theirs (found by comparing the texts from both
    /// ends, which costs no allocation); the rest are checked anew.
    pub fn update(&mut self, document: &Document) {
        let count = document.line_count();
        // A PGN [FEN] tag reads by its game's [Variant] tag: the hash is
        // of both, so that changing the variant checks the record again.
        let hash = |number: usize| {
            let line = document.line(number);
            match document.kind == Kind::Pgn && fen_tag(line).is_some() {
                true => line_hash(&(line, document.read_options_at(number).variant)),
                false => line_hash(&line),
            }
        };
        let head = (0..count.min(self.texts.len()))
            .take_while(|&number| self.texts[number] == hash(number))
            .count();
        let most_tail = count.min(self.texts.len()) - head;
        let tail = (0..most_tail)
            .take_while(|&back| self.texts[self.texts.len() - 1 - back] == hash(count - 1 - back))
            .count();
        let changed = head..count - tail;
        let checked: Vec<Vec<Found>> = changed
            .clone()
            .map(|number| {
                let read = document.read_options_at(number);
                records_of_line(document.line(number), document.kind, &read)
            })
            .collect();
        let texts: Vec<u64> = changed.map(hash).collect();
        let replaced = head..self.texts.len() - tail;
        self.lines.splice(replaced.clone(), checked);
        self.texts.splice(replaced, texts);
    }

    /// The record of line `number` that byte `at` of the line falls in
    /// (or touches at its end).
    pub fn record_at(&self, number: usize, at: usize) -> Option<&Found> {
        let line = self.lines.get(number)?;
        line.iter()
            .find(|found| found.start <= at && at <= found.end)
    }
}

fn line_hash(line: &impl std::hash::Hash) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(line)
}

/// The records of one line of a document of `kind`, read as `read` says,
/// with their findings.
pub fn records_of_line(line: &str, kind: Kind, read: &ReadOptions) -> Vec<Found> {
    if kind == Kind::Pgn {
        return fen_tag(line)
            .map(|(start, record)| vec![find(read, start, record)])
            .unwrap_or_default();
    }
    fenkit::records_in(line.as_bytes(), read.format)
        .map(|(start, record)| find(read, start, &line[start..start + record.len()]))
        .collect()
}

/// The value of a PGN `[FEN "…"]` tag and where it starts in its line.
fn fen_tag(line: &str) -> Option<(usize, &str)> {
    let indent = line.len() - line.trim_start().len();
    let rest = line[indent..].strip_prefix("[FEN")?.trim_start();
    let value = rest.strip_prefix('"')?;
    let close = value.find('"')?;
    let start = line.len() - value.len();
    Some((start, &value[..close]))
}

fn find(read: &ReadOptions, start: usize, record: &str) -> Found {
    let checked = read.check(record.as_bytes());
    // The check read the record already: its canonical text comes from
    // there, and is the record itself when the quick path says so.
    let rewritten = match checked.canonical && !checked.is_epd {
        true => None,
        false => checked.to_record_text().filter(|text| text != record),
    };
    let malformed = checked.setup.is_none();
    let repair = malformed.then(|| repair(read, record)).flatten();
    let mut problems = checked.diagnostics;
    let unlisted = problems.len().saturating_sub(KEPT);
    problems.truncate(KEPT);
    problems.shrink_to_fit();
    let nothing = problems.is_empty() && rewritten.is_none() && repair.is_none();
    Found {
        start,
        end: start + record.len(),
        notes: (!nothing).then(|| {
            Box::new(Notes {
                problems,
                unlisted,
                rewritten,
                repair,
            })
        }),
    }
}

fn repair(read: &ReadOptions, record: &str) -> Option<Repair> {
    let lenient = read.with_lenient(true);
    let parsed = lenient.parse(record.as_bytes()).ok()?;
    let repairs = parsed.warnings.iter().map(|w| w.message.clone()).collect();
    Some(Repair {
        text: parsed.to_record_text(),
        repairs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pgn_fen_tag_is_a_record_at_its_place() {
        let line = r#"[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]"#;
        let found = records_of_line(line, Kind::Pgn, &Kind::Pgn.read_options());
        assert_eq!(found.len(), 1);
        assert_eq!(
            &line[found[0].start..found[0].end],
            "8/8/8/8/8/8/8/K6k w - - 0 1"
        );
        assert!(records_of_line("1. e4 e5", Kind::Pgn, &Kind::Pgn.read_options()).is_empty());
    }

    #[test]
    fn a_malformed_record_has_its_repair() {
        let found = records_of_line(
            "4k3/8/8/8/8/8/8/4K3 w – – 0 1",
            Kind::Fen,
            &Kind::Fen.read_options(),
        );
        let repair = found[0].repair().expect("lenient reading repairs it");
        assert_eq!(repair.text, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(found[0].rewritten().is_none());
    }
}
