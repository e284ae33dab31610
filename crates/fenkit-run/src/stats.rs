//! `fen stats`'s counts: what a collection of records holds (valid and
//! invalid by code with an example, side to move, castling, en passant,
//! pieces, checks, mates, duplicates), counted on every core and written
//! as three tables or one JSON object.

use std::{
    collections::{HashMap, HashSet},
    io::{self, Write},
};

use fenkit::{Code, Diagnostic, ReadOptions, Record, Severity};
use serde_json::json;
use shakmaty::{Color, EnPassantMode, Position, zobrist::Zobrist64};

use crate::{
    output::Output,
    run::{Job, Parallel, RecordCounts},
};

/// Codes shown with an example each.
const TOP_CODES: usize = 10;

/// What a collection of records holds, counted record by record (a
/// [`Job`] on every core; its forks joined), then written as three tables
/// or one JSON object.
pub struct Stats {
    read: ReadOptions,
    /// One JSON object at the end instead of the tables.
    json: bool,
    counts: RecordCounts,
    /// Per code: how many records, and an example: the one on the lowest
    /// line (the first, in one file), as its line and `source:line: text`.
    codes: HashMap<Code, (u64, (u64, String))>,
    well_formed: u64,
    black_to_move: u64,
    /// Well-formed records read as EPD (the rest as FEN).
    epd: u64,
    castling_any: u64,
    /// K, Q, k, q.
    castling: [u64; 4],
    en_passant: u64,
    /// Records by the number of pieces on the board, 0 to 64.
    pieces: [u64; 65],
    legal: u64,
    checks: u64,
    mates: u64,
    stalemates: u64,
    positions: HashSet<u64>,
}

impl Stats {
    pub fn new(read: ReadOptions, json: bool) -> Stats {
        Stats {
            read,
            json,
            counts: RecordCounts::default(),
            codes: HashMap::new(),
            well_formed: 0,
            black_to_move: 0,
            epd: 0,
            castling_any: 0,
            castling: [0; 4],
            en_passant: 0,
            pieces: [0; 65],
            legal: 0,
            checks: 0,
            mates: 0,
            stalemates: 0,
            positions: HashSet::new(),
        }
    }

    fn problems(&mut self, record: &Record, diagnostics: &[Diagnostic]) {
        let mut seen = Vec::new();
        for diagnostic in diagnostics.iter().filter(|d| d.severity == Severity::Error) {
            if seen.contains(&diagnostic.code) {
                continue;
            }
            seen.push(diagnostic.code);
            let entry = self.codes.entry(diagnostic.code).or_insert_with(|| {
                let text = fenkit::printable(&String::from_utf8_lossy(record.bytes)).into_owned();
                let example = format!("{}:{}: {text}", record.source, record.line_number);
                (0, (record.line_number, example))
            });
            entry.0 += 1;
        }
    }

    /// Codes by how many records they hit, most first.
    fn sorted_codes(&self) -> Vec<(Code, u64, &str)> {
        let mut codes: Vec<(Code, u64, &str)> = self
            .codes
            .iter()
            .map(|(&code, (n, (_, example)))| (code, *n, example.as_str()))
            .collect();
        codes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        codes
    }

    fn summary(&self) -> serde_json::Value {
        let codes = self.sorted_codes();
        let pieces: serde_json::Map<String, serde_json::Value> = self
            .pieces
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(count, &n)| (count.to_string(), json!(n)))
            .collect();
        json!({
            "records": self.counts.records,
            "valid": self.counts.valid,
            "invalid": self.counts.invalid(),
            "codes": codes.iter().map(|(code, n, example)| json!({
                "code": code.as_str(), "records": n, "example": example,
            })).collect::<Vec<_>>(),
            "well_formed": self.well_formed,
            "white_to_move": self.well_formed - self.black_to_move,
            "black_to_move": self.black_to_move,
            "read_as_fen": self.well_formed - self.epd,
            "read_as_epd": self.epd,
            "castling_any": self.castling_any,
            "castling": {"K": self.castling[0], "Q": self.castling[1], "k": self.castling[2], "q": self.castling[3]},
            "en_passant": self.en_passant,
            "pieces": pieces,
            "legal": self.legal,
            "checks": self.checks,
            "checkmates": self.mates,
            "stalemates": self.stalemates,
            "distinct_positions": self.positions.len(),
            "duplicates": self.legal - self.positions.len() as u64,
        })
    }
}

fn share(part: u64, whole: u64) -> String {
    match whole {
        0 => "-".into(),
        _ => format!("{:.1}%", 100.0 * part as f64 / whole as f64),
    }
}

impl Job for Stats {
    fn record(&mut self, record: &Record, _out: &mut Output) -> io::Result<bool> {
        let checked = self.read.check(record.bytes);
        let valid = checked.is_valid();
        self.counts.count(valid);
        if !valid {
            self.problems(record, &checked.diagnostics);
        }
        let Some(setup) = &checked.setup else {
            return Ok(valid);
        };
        self.well_formed += 1;
        self.black_to_move += u64::from(setup.turn == Color::Black);
        self.epd += u64::from(checked.is_epd);
        let rights = setup.castling_rights;
        self.castling_any += u64::from(rights.any());
        for (count, rook) in self.castling.iter_mut().zip([
            shakmaty::Square::H1,
            shakmaty::Square::A1,
            shakmaty::Square::H8,
            shakmaty::Square::A8,
        ]) {
            *count += u64::from(rights.contains(rook));
        }
        self.en_passant += u64::from(setup.ep_square.is_some());
        self.pieces[setup.board.occupied().count()] += 1;
        if let Some(position) = checked.variant_position(self.read.castling) {
            self.legal += 1;
            let status = fenkit::CheckStatus::of_variant(&position);
            self.checks += u64::from(status.is_check());
            self.mates += u64::from(status == fenkit::CheckStatus::Checkmate);
            self.stalemates += u64::from(status == fenkit::CheckStatus::Stalemate);
            self.positions
                .insert(position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0);
        }
        Ok(valid)
    }

    fn unreadable(&mut self, at: &Record, why: &Diagnostic, _out: &mut Output) -> io::Result<bool> {
        self.counts.count(false);
        self.problems(at, std::slice::from_ref(why));
        Ok(false)
    }

    fn finish(&mut self, out: &mut Output) -> io::Result<()> {
        if self.json {
            writeln!(out.stdout(), "{}", self.summary())?;
            return Ok(());
        }
        let (records, formed, legal) = (self.counts.records, self.well_formed, self.legal);
        let invalid = self.counts.invalid();
        // Three tables, each with its denominator named in its heading:
        // every share in a table is of that many.
        let mut text = String::new();
        let heading = |text: &mut String, count: u64, what: &str| {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&format!("{count} {what}\n"));
        };
        let row = |text: &mut String, name: &str, n: u64, whole: u64, note: &str| {
            text.push_str(&format!(
                "  {name:<22}{n:>9} {:>7}{note}\n",
                share(n, whole)
            ));
        };
        heading(
            &mut text,
            records,
            if records == 1 { "record" } else { "records" },
        );
        row(
            &mut text,
            "valid",
            self.counts.valid,
            records,
            "  well-formed and legal",
        );
        row(
            &mut text,
            "invalid",
            invalid,
            records,
            "  malformed or illegal; by problem (a record may have several):",
        );
        let codes = self.sorted_codes();
        for (code, n, example) in codes.iter().take(TOP_CODES) {
            text.push_str(&format!(
                "    {:<20}{n:>9}  e.g. {example}\n",
                code.as_str()
            ));
        }
        if codes.len() > TOP_CODES {
            text.push_str(&format!(
                "    … and {} more codes (--format json lists all)\n",
                codes.len() - TOP_CODES
            ));
        }
        row(
            &mut text,
            "well-formed",
            formed,
            records,
            "  every field read, legal or not",
        );
        row(
            &mut text,
            "  read as FEN",
            formed - self.epd,
            records,
            "  six fields",
        );
        row(
            &mut text,
            "  read as EPD",
            self.epd,
            records,
            "  four fields, then operations if any",
        );
        row(
            &mut text,
            "legal",
            legal,
            records,
            "  a game can be played from them",
        );

        heading(&mut text, formed, "well-formed records");
        row(
            &mut text,
            "white to move",
            formed - self.black_to_move,
            formed,
            "",
        );
        row(&mut text, "black to move", self.black_to_move, formed, "");
        row(
            &mut text,
            "any castling right",
            self.castling_any,
            formed,
            "",
        );
        for (letter, n) in ["K", "Q", "k", "q"].iter().zip(self.castling) {
            row(&mut text, &format!("  castling {letter}"), n, formed, "");
        }
        row(&mut text, "en passant square", self.en_passant, formed, "");
        for (count, &n) in self.pieces.iter().enumerate().filter(|&(_, &n)| n > 0) {
            let name = format!(
                "{count} {} on the board",
                if count == 1 { "piece" } else { "pieces" }
            );
            row(&mut text, &name, n, formed, "");
        }

        heading(&mut text, legal, "legal positions");
        row(
            &mut text,
            "in check",
            self.checks,
            legal,
            "  checkmates included",
        );
        row(&mut text, "checkmate", self.mates, legal, "");
        row(&mut text, "stalemate", self.stalemates, legal, "");
        let distinct = self.positions.len() as u64;
        row(
            &mut text,
            "distinct",
            distinct,
            legal,
            "  by the four-field key",
        );
        row(
            &mut text,
            "repeats",
            legal - distinct,
            legal,
            "  the key of an earlier position",
        );
        out.stdout().write_all(text.as_bytes())
    }
}

impl Parallel for Stats {
    type Handed = ();

    fn fork(&self) -> Stats {
        Stats::new(self.read, self.json)
    }

    fn join(&mut self, fork: Stats) {
        self.counts += fork.counts;
        for (code, (n, example)) in fork.codes {
            let entry = self.codes.entry(code).or_insert((0, example.clone()));
            entry.0 += n;
            // Forks see records out of order: keep the lowest line's.
            if example.0 < entry.1.0 {
                entry.1 = example;
            }
        }
        self.well_formed += fork.well_formed;
        self.black_to_move += fork.black_to_move;
        self.epd += fork.epd;
        self.castling_any += fork.castling_any;
        for (mine, theirs) in self.castling.iter_mut().zip(fork.castling) {
            *mine += theirs;
        }
        self.en_passant += fork.en_passant;
        for (mine, theirs) in self.pieces.iter_mut().zip(fork.pieces) {
            *mine += theirs;
        }
        self.legal += fork.legal;
        self.checks += fork.checks;
        self.mates += fork.mates;
        self.stalemates += fork.stalemates;
        self.positions.extend(fork.positions);
    }
}
