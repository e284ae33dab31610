//! `fen uniq`'s job: each position once, in the order of first
//! occurrence, by canonical FEN, by the four-field key, or by Polyglot
//! key; with counts at the end.

use std::{
    collections::{HashMap, HashSet},
    hash::{BuildHasherDefault, DefaultHasher, Hash, Hasher},
    io::{self, Write},
};

use fenkit::{ReadOptions, Record};

use crate::{
    output::{self, Output},
    reported::{legal_reported, parse_reported, warn_if_illegal},
    run::{Job, Parallel},
};

/// What makes two records the same position.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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
pub enum Key {
    Text(u128),
    Polyglot(u64),
    /// A table's header line: the first input's is kept, before the rows.
    Header,
}

/// What a fork keeps of a block, for the writer's thread to judge: each
/// key with where its record ends in one buffer of records (a buffer
/// rather than a vector per record: an allocation a record made
/// `uniq -j 2` 25% slower).
#[derive(Default)]
pub struct Handed {
    keys: Vec<(Key, usize)>,
    kept: Vec<u8>,
}

impl Handed {
    fn push(&mut self, key: Key, kept: &[u8]) {
        self.kept.extend_from_slice(kept);
        self.keys.push((key, self.kept.len()));
    }

    fn iter(&self) -> impl Iterator<Item = (Key, &[u8])> {
        let starts = std::iter::once(0).chain(self.keys.iter().map(|&(_, end)| end));
        (self.keys.iter().zip(starts)).map(|(&(key, end), start)| (key, &self.kept[start..end]))
    }
}

/// Hashes keys that are hashes already (SipHash of the text, or a Zobrist
/// key) by taking their bits as they are: hashing them again was most of
/// the work left on the writer's thread.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only the enum's tag comes here, if anything does.
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 ^= value;
    }

    fn write_u128(&mut self, value: u128) {
        self.0 ^= value as u64 ^ (value >> 64) as u64;
    }
}

type Keys = BuildHasherDefault<KeyHasher>;

fn text_key(text: &[u8]) -> Key {
    let half = |seed: u8| {
        let mut hasher = DefaultHasher::new();
        seed.hash(&mut hasher);
        text.hash(&mut hasher);
        hasher.finish()
    };
    Key::Text(u128::from(half(0)) << 64 | u128::from(half(1)))
}

/// Each position once, in the order of first occurrence (a [`Job`] on
/// every core: the forks compute the keys, the writer's thread keeps the
/// first occurrences in input order).
pub struct Uniq {
    read: ReadOptions,
    kind: KeyKind,
    /// Print counts at the end instead of records as they come.
    count: bool,
    seen: HashSet<Key, Keys>,
    /// With counts: each key's place among the distinct records.
    places: HashMap<Key, usize, Keys>,
    distinct: Vec<(u64, Vec<u8>)>,
    text: Vec<u8>,
    /// A worker's copy: hands each key and what it keeps to the writer's
    /// thread to judge, instead of judging.
    forked: bool,
    handed: Handed,
    /// Whole rows of a table are kept, not the records inside them.
    pub rows: bool,
    header: Option<Vec<u8>>,
    /// Between a count and its record.
    pub count_separator: u8,
    /// Standard output is a terminal: rows escaped.
    pub escape: bool,
}

impl Uniq {
    pub fn new(read: ReadOptions, kind: KeyKind, count: bool) -> Uniq {
        Uniq {
            read,
            kind,
            count,
            seen: HashSet::default(),
            places: HashMap::default(),
            distinct: Vec::new(),
            text: Vec::with_capacity(100),
            forked: false,
            handed: Handed::default(),
            rows: false,
            header: None,
            count_separator: b'\t',
            escape: false,
        }
    }

    /// Keeps `record` when its key is new (or counts it), writing what is
    /// kept to `out`.
    fn accept(&mut self, key: Key, record: &[u8], out: &mut Vec<u8>) {
        if key == Key::Header {
            if self.header.is_none() {
                self.header = Some(record.to_vec());
                if !self.count {
                    output::input_text(out, record, self.escape);
                    out.push(b'\n');
                }
            }
            return;
        }
        if self.count {
            let next = self.distinct.len();
            let place = *self.places.entry(key).or_insert(next);
            if place == next {
                self.distinct.push((0, record.to_vec()));
            }
            self.distinct[place].0 += 1;
        } else if self.seen.insert(key) {
            output::input_text(out, record, self.escape);
            out.push(b'\n');
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
                fenkit::write_opening_key(
                    &position,
                    fenkit::CastlingNotation::Standard,
                    &mut self.text,
                );
                text_key(&self.text)
            }),
            KeyKind::Polyglot => legal_reported(&self.read, record, out)?
                .map(|position| Key::Polyglot(fenkit::polyglot_key(&position))),
        })
    }
}

impl Uniq {
    /// Keeps, or hands to the writer's thread, `kept` under `key`.
    fn keep(&mut self, key: Key, kept: &[u8], out: &mut Output) {
        if self.forked {
            self.handed.push(key, kept);
        } else {
            self.accept(key, kept, out.stdout());
        }
    }
}

impl Job for Uniq {
    fn header(&mut self, line: &[u8], out: &mut Output) -> io::Result<()> {
        if self.rows {
            self.keep(Key::Header, line, out);
        }
        Ok(())
    }

    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(key) = self.key(record, out)? else {
            return Ok(false);
        };
        let kept = if self.rows { record.line } else { record.bytes };
        self.keep(key, kept, out);
        Ok(true)
    }

    fn finish(&mut self, out: &mut Output) -> io::Result<()> {
        let separator = self.count_separator;
        if let Some(header) = self.header.as_ref().filter(|_| self.count) {
            out.stdout().extend_from_slice(b"count");
            out.stdout().push(separator);
            output::input_text(out.stdout(), header, self.escape);
            out.stdout().push(b'\n');
        }
        for (count, record) in &self.distinct {
            write!(out.stdout(), "{count}")?;
            out.stdout().push(separator);
            output::input_text(out.stdout(), record, self.escape);
            out.stdout().push(b'\n');
            out.tick()?;
        }
        Ok(())
    }
}

impl Parallel for Uniq {
    type Handed = Handed;

    fn fork(&self) -> Uniq {
        Uniq {
            forked: true,
            rows: self.rows,
            escape: self.escape,
            ..Uniq::new(self.read, self.kind, self.count)
        }
    }

    fn hand_over(&mut self) -> Handed {
        std::mem::take(&mut self.handed)
    }

    fn in_order(&mut self, handed: Handed, out: &mut Vec<u8>) -> io::Result<()> {
        for (key, kept) in handed.iter() {
            self.accept(key, kept, out);
        }
        Ok(())
    }
}
