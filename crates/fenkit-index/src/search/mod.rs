//! The index of `fen search`: a folder of two files, written once by a
//! build and read in place, that says which games reach a position
//! without playing them, and holds the games themselves.
//!
//! - `positions.fxs`: one row a position a game reaches (its key, the
//!   game, the first ply there), in a sorted file of the store
//!   ([`fenkit_store::sorted`]) whose footer also carries how many games
//!   the index holds.
//! - `games.fxs`: each game's record ([`IndexedGame`]: where it was read,
//!   its text compressed by zstd, its material signatures with the first
//!   ply of each); then
//!   where each record starts; then a footer (where that list starts, how
//!   many games) and the magic bytes.
//!
//! A position's key is `fenkit_games::search::zobrist_key` (its Zobrist
//! key, the en passant square only where a capture is legal, as `fen
//! search` compares positions); a key
//! narrows the games to play, and playing them (the caller's job) gives
//! the exact answer, so a collision costs time, never a wrong game.
//! A truncated or foreign file is refused when opened ([`BadIndex`]).

mod build;

use std::{
    fs::File,
    io,
    path::{Path, PathBuf},
};

use fenkit_games::{
    pgn::Plies,
    search::{FirstMatch, Query, Signature},
    tag_filter::TagCondition,
};
use fenkit_store::{
    Record, io_error,
    merge::Records,
    read_at,
    sorted::{Format, SortedFile},
};

pub use crate::Built;
pub use build::SearchIndexBuilder;
pub use fenkit_store::BadIndex;

const POSITIONS: &str = "positions.fxs";
const GAMES: &str = "games.fxs";
/// The positions file (the magic's last byte is the format's version);
/// its footer carries how many games the index holds.
const POSITIONS_FORMAT: Format = Format {
    magic: *b"FENKITS\x01",
    name: "search index",
    rebuild: "fen index",
    numbers: 1,
};
/// The games file (2: each game's text compressed); its footer: where
/// the list of records starts, how many games.
const GAMES_FORMAT: Format = Format {
    magic: *b"FENKITT\x02",
    numbers: 2,
    ..POSITIONS_FORMAT
};
/// A row: key, game, ply.
const ROW: usize = 8 + 4 + 2;
/// The longest game text a record holds (a record says its length).
const MAX_TEXT: usize = 64 << 20;

/// One row: a game reaches the position of `key` first at `ply`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Row {
    pub key: u64,
    pub game: u32,
    pub ply: u16,
}

impl Row {
    /// The row's 14 bytes, little-endian.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key.to_le_bytes());
        out.extend_from_slice(&self.game.to_le_bytes());
        out.extend_from_slice(&self.ply.to_le_bytes());
    }

    /// The row at the start of `bytes`, `None` when they are fewer than
    /// 14.
    pub fn read(bytes: &[u8]) -> Option<Row> {
        let bytes = bytes.get(..ROW)?;
        Some(Row {
            key: u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")),
            game: u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")),
            ply: u16::from_le_bytes(bytes[12..14].try_into().expect("2 bytes")),
        })
    }
}

/// Rows sort by key, game and ply: a game's rows are distinct, so none
/// combine.
impl Record for Row {
    type Order = Row;

    fn key(&self) -> u64 {
        self.key
    }

    fn order(&self) -> Row {
        *self
    }

    fn combine(&mut self, _same: &Row) {}

    fn write(&self, out: &mut Vec<u8>) {
        Row::write(self, out)
    }

    fn read(bytes: &[u8]) -> Option<(Row, usize)> {
        Some((Row::read(bytes)?, ROW))
    }
}

/// A game as the index holds it: where it was read (the input's name and
/// the line it starts on), its text, and each material signature its
/// mainline shows with the first ply that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedGame {
    pub source: String,
    pub line: u64,
    pub text: Vec<u8>,
    pub signatures: Vec<(Signature, u16)>,
}

impl IndexedGame {
    /// The game's record, as the games file holds it.
    pub fn write(&self, out: &mut Vec<u8>) {
        let source = &self.source.as_bytes()[..self.source.len().min(u16::MAX as usize)];
        out.extend_from_slice(&(source.len() as u16).to_le_bytes());
        out.extend_from_slice(source);
        out.extend_from_slice(&self.line.to_le_bytes());
        // Compressed one by one (a game is read alone): a third of its
        // size, for lichess's games.
        let text = zstd::bulk::compress(&self.text, 1).expect("zstd compresses memory");
        out.extend_from_slice(&(self.text.len() as u32).to_le_bytes());
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(&text);
        out.extend_from_slice(&(self.signatures.len() as u32).to_le_bytes());
        for (signature, ply) in &self.signatures {
            out.extend_from_slice(&signature.to_bits().to_le_bytes());
            out.extend_from_slice(&ply.to_le_bytes());
        }
    }

    /// The game a record holds, or `None` when the bytes are not one.
    pub fn read(bytes: &[u8]) -> Option<IndexedGame> {
        let mut rest = bytes;
        let mut take = |n: usize| {
            let (head, tail) = rest.split_at_checked(n)?;
            rest = tail;
            Some(head)
        };
        let source_len = u16::from_le_bytes(take(2)?.try_into().ok()?) as usize;
        let source = String::from_utf8_lossy(take(source_len)?).into_owned();
        let line = u64::from_le_bytes(take(8)?.try_into().ok()?);
        let text_len = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
        let compressed_len = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
        // A game's text is far below this; more is damage, not a game.
        if text_len > MAX_TEXT {
            return None;
        }
        let text = zstd::bulk::decompress(take(compressed_len)?, text_len).ok()?;
        if text.len() != text_len {
            return None;
        }
        let count = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
        let mut signatures = Vec::with_capacity(count.min(64));
        for _ in 0..count {
            let bits = u64::from_le_bytes(take(8)?.try_into().ok()?);
            let ply = u16::from_le_bytes(take(2)?.try_into().ok()?);
            signatures.push((Signature::from_bits(bits)?, ply));
        }
        Some(IndexedGame {
            source,
            line,
            text,
            signatures,
        })
    }
}

/// An index opened for queries.
pub struct SearchIndex {
    positions: SortedFile,
    games: File,
    dir: PathBuf,
    /// Where each game's record starts, and where the last one ends.
    records: Vec<u64>,
    pub rows: u64,
}

impl SearchIndex {
    /// Opens the index in `dir`, checking that both files are whole and
    /// agree.
    pub fn open(dir: &Path) -> Result<SearchIndex, BadIndex> {
        let positions = SortedFile::open(&dir.join(POSITIONS), &POSITIONS_FORMAT)?;
        let games_path = dir.join(GAMES);
        let damaged = |why| GAMES_FORMAT.damaged(&games_path, why);
        let (games_file, games_length, numbers) =
            GAMES_FORMAT.open_checked(&games_path, GAMES_FORMAT.numbers)?;
        let [offsets_at, game_count] = numbers[..] else {
            unreachable!("two numbers in the footer")
        };
        if game_count != positions.numbers()[0] {
            return Err(damaged("of another index (its count of games differs)"));
        }
        let footer = (GAMES_FORMAT.numbers as u64 + 1) * 8;
        if game_count
            .checked_mul(8)
            .and_then(|bytes| offsets_at.checked_add(bytes))
            != Some(games_length - footer)
        {
            return Err(damaged(
                "cut short or damaged (its list of games does not end at its footer)",
            ));
        }
        let mut list = vec![0; game_count as usize * 8];
        read_at(&games_file, &mut list, offsets_at).map_err(io_error(&games_path))?;
        let mut records: Vec<u64> = list
            .chunks_exact(8)
            .map(|n| u64::from_le_bytes(n.try_into().expect("8 bytes")))
            .collect();
        records.push(offsets_at);
        if records.first().is_some_and(|&at| at != 8) || records.windows(2).any(|w| w[0] > w[1]) {
            return Err(damaged("damaged (its list of games is out of order)"));
        }
        Ok(SearchIndex {
            rows: positions.rows(),
            positions,
            games: games_file,
            dir: dir.to_path_buf(),
            records,
        })
    }

    /// How many games the index holds; they are numbered from 1.
    pub fn games(&self) -> u64 {
        (self.records.len() - 1) as u64
    }

    /// The games that reach a position whose key is `key`, in order, each
    /// with the first ply there (a key shared by two positions gives both's
    /// games).
    pub fn reaching(&self, key: u64) -> io::Result<Vec<(u32, u16)>> {
        let rows = self.positions.find::<Row>(key)?;
        Ok(rows.into_iter().map(|row| (row.game, row.ply)).collect())
    }

    /// Game `number` (from 1).
    pub fn game(&self, number: u64) -> io::Result<IndexedGame> {
        let bytes = self.record(number)?;
        IndexedGame::read(&bytes).ok_or_else(|| self.damaged_games("a game does not read"))
    }

    /// The bytes of game `number`'s record, as [`IndexedGame::write`]
    /// wrote them.
    fn record(&self, number: u64) -> io::Result<Vec<u8>> {
        let at = number
            .checked_sub(1)
            .filter(|&at| at < self.games())
            .ok_or_else(|| self.damaged_games("a game is not in the games file"))?
            as usize;
        let (start, end) = (self.records[at], self.records[at + 1]);
        let mut bytes = vec![0; (end - start) as usize];
        read_at(&self.games, &mut bytes, start)?;
        Ok(bytes)
    }

    /// Every row, in key order (for a build that adds to the index).
    fn all_rows(&self) -> Records<'_, Row> {
        self.positions.all()
    }

    fn damaged_games(&self, why: &'static str) -> io::Error {
        GAMES_FORMAT.damaged(&self.dir.join(GAMES), why).into()
    }
}

/// A game found: its number, the first ply at which it shows all that
/// was asked, the move played into that position, the FEN there, the
/// values of the tags asked for, and the game's text as read (its
/// movetext dialects in the standard's form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub game: u64,
    pub ply: usize,
    pub san: Option<String>,
    pub fen: String,
    pub tags: Vec<Option<String>>,
    pub text: Vec<u8>,
}

impl SearchIndex {
    /// The games that may meet `query`, by number, in order: those that
    /// reach its position (by their positions' keys), of those (or of
    /// all) the ones with a material signature it asks for; every game
    /// when it asks neither. Each must be played to be sure: a key may be
    /// two positions', and every condition must hold at one ply.
    pub fn candidates(&self, query: &Query) -> io::Result<Vec<u64>> {
        let mut numbers: Vec<u64> = match &query.position {
            Some(key) => {
                let mut numbers: Vec<u64> = self
                    .reaching(key.zobrist())?
                    .into_iter()
                    .map(|(game, _)| u64::from(game))
                    .collect();
                numbers.sort_unstable();
                numbers.dedup();
                numbers
            }
            None => (1..=self.games()).collect(),
        };
        if !query.material.is_empty() {
            let mut kept = Vec::with_capacity(numbers.len());
            for number in numbers {
                let shows = |(signature, _): &(Signature, u16)| {
                    query.material.iter().any(|asked| asked.covers(signature))
                };
                if self.game(number)?.signatures.iter().any(shows) {
                    kept.push(number);
                }
            }
            numbers = kept;
        }
        Ok(numbers)
    }

    /// The first `limit` games (in index order) whose tags meet
    /// `conditions` and that show all `query` asks at one ply, each at
    /// its first such ply, with the values of the tags `shown`; and
    /// whether more games would have been found. A game is played as
    /// `fen search` plays it (its movetext dialects read), up to a move
    /// that cannot be played.
    pub fn search(
        &self,
        query: &Query,
        conditions: &[TagCondition],
        (shown, limit): (&[&str], usize),
    ) -> io::Result<(Vec<Hit>, bool)> {
        let candidates = self.candidates(query)?;
        self.search_among(&candidates, query, conditions, (shown, limit))
    }

    /// [`SearchIndex::search`] among the games numbered `candidates` (a
    /// number past the index's games is none).
    pub fn search_among(
        &self,
        candidates: &[u64],
        query: &Query,
        conditions: &[TagCondition],
        (shown, limit): (&[&str], usize),
    ) -> io::Result<(Vec<Hit>, bool)> {
        let mut names: Vec<&str> = shown.to_vec();
        names.extend(conditions.iter().map(|c| c.tag.as_str()));
        let mut plies = Plies::with_handler(FirstMatch::new(query, conditions, shown.len()))
            .keeping_tags(&names);
        let mut hits = Vec::new();
        let known = 1..=self.games();
        for &number in candidates.iter().filter(|n| known.contains(n)) {
            let mut text = self.game(number)?.text;
            // Played as `fen search` plays it, through the one door.
            plies.number_next(number);
            let _ = plies.play(&mut text);
            let Some(found) = plies.handler_mut().take() else {
                continue;
            };
            if hits.len() == limit {
                return Ok((hits, true));
            }
            hits.push(Hit {
                game: number,
                ply: found.ply,
                san: found.san.map(|san| san.to_string()),
                fen: fenkit::Fen::from_position(&found.position).to_string(),
                tags: found.tags,
                text,
            });
        }
        Ok((hits, false))
    }
}
