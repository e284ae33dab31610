//! `fen uniq`: each position once, in the order of first occurrence, by
//! canonical FEN, by the four-field key, or by Polyglot key.

use std::{
    collections::{HashMap, HashSet},
    hash::{DefaultHasher, Hash, Hasher},
};

use clap::ValueEnum;

use super::prelude::*;

/// Print each position once, in the order of first occurrence.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    /// What makes two records the same position.
    #[arg(long, value_enum, default_value_t)]
    pub key: KeyKind,
    /// Print each distinct record once at the end, after its count.
    #[arg(long)]
    pub count: bool,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let mut uniq = Uniq::new(args.inputs.read_options(), args.key, args.count);
    // First occurrences are kept in input order: one thread.
    run::sequential(&mut uniq, &args.inputs, out)
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum KeyKind {
    /// The canonical FEN: the same position with other clocks is another.
    #[default]
    Fen,
    /// The four fields of EPD, en passant only when a legal capture
    /// exists: the same position whatever its clocks (legal positions only).
    Epd,
    /// The 64-bit Polyglot key (legal positions only): 8 bytes per key.
    Polyglot,
}

/// A key as kept: 128 bits of hash for text keys (two SipHash passes), so
/// that memory stays proportional to distinct keys; the Polyglot key as it
/// is.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Key {
    Text(u128),
    Polyglot(u64),
}

fn text_key(text: &[u8]) -> Key {
    let half = |seed: u8| {
        let mut hasher = DefaultHasher::new();
        seed.hash(&mut hasher);
        text.hash(&mut hasher);
        hasher.finish()
    };
    Key::Text(u128::from(half(0)) << 64 | u128::from(half(1)))
}

struct Uniq {
    read: ReadOptions,
    kind: KeyKind,
    /// Print counts at the end instead of records as they come.
    count: bool,
    seen: HashSet<Key>,
    /// With counts: each key's place among the distinct records.
    places: HashMap<Key, usize>,
    distinct: Vec<(u64, Vec<u8>)>,
    text: Vec<u8>,
}

impl Uniq {
    fn new(read: ReadOptions, kind: KeyKind, count: bool) -> Uniq {
        Uniq {
            read,
            kind,
            count,
            seen: HashSet::new(),
            places: HashMap::new(),
            distinct: Vec::new(),
            text: Vec::with_capacity(100),
        }
    }

    fn key(&mut self, record: &Record, out: &mut Output) -> io::Result<Option<Key>> {
        self.text.clear();
        Ok(match self.kind {
            KeyKind::Fen => match parse_reported(&self.read, record, out)? {
                Some(parsed) => {
                    warn_if_illegal(&self.read, record, &parsed, out)?;
                    fenkit::write_fen(&parsed.setup, &mut self.text);
                    Some(text_key(&self.text))
                }
                None => None,
            },
            KeyKind::Epd => legal_reported(&self.read, record, out)?.map(|position| {
                fenkit::write_opening_key(&position, &mut self.text);
                text_key(&self.text)
            }),
            KeyKind::Polyglot => legal_reported(&self.read, record, out)?
                .map(|position| Key::Polyglot(fenkit::polyglot_key(&position))),
        })
    }
}

impl Job for Uniq {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(key) = self.key(record, out)? else {
            return Ok(false);
        };
        if self.count {
            let next = self.distinct.len();
            let place = *self.places.entry(key).or_insert(next);
            if place == next {
                self.distinct.push((0, record.bytes.to_vec()));
            }
            self.distinct[place].0 += 1;
        } else if self.seen.insert(key) {
            out.stdout().write_all(record.bytes)?;
            out.stdout().push(b'\n');
        }
        Ok(true)
    }

    fn finish(&mut self, out: &mut Output) -> io::Result<()> {
        for (count, record) in &self.distinct {
            write!(out.stdout(), "{count}\t")?;
            out.stdout().write_all(record)?;
            out.stdout().push(b'\n');
            out.tick()?;
        }
        Ok(())
    }
}
