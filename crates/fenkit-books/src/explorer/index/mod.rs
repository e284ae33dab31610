//! The opening explorer's index on disk: a folder of two files written
//! once and read in place.
//!
//! - `positions.fxe`: the rows of [`crate::explorer::Row`] sorted
//!   by key, in blocks of about 16 KiB that never split a row, each
//!   compressed by zstd; then the
//!   first position key and offset of each block; then a footer (where
//!   the block list starts, how many blocks, rows and games, how long the
//!   games file is) ending in the magic bytes again.
//! - `games.fxe`: each counted game's tags ([`ExplorerGame::write`]); a
//!   game's number is where it starts in this file.
//!
//! Why a sorted file and not an embedded database: the table is written
//! in one go by a build (sorted runs merged, every byte written once, in
//! order) and then only read; a query reads the block list (16 bytes a
//! block, in memory) and the one or two blocks that hold a position,
//! with positional reads that many threads can make at once; two indexes
//! merge by one sorted pass. A key-value store would add a write-ahead
//! log, compaction and a copy of each key for nothing this table needs.
//! DESIGN.md has the measurements.
//!
//! A truncated or foreign file is refused when opened ([`BadIndex`]), so a
//! query never answers from part of an index.

mod build;
mod merge;

use std::{
    fs::File,
    io,
    path::{Path, PathBuf},
};

use fenkit_games::Opening;
use shakmaty::Chess;

use crate::{
    bad_index::io_error,
    explorer::{ExplorerAnswer, ExplorerGame, ExplorerQuery, Row, answer},
    read_at::read_at,
};

pub use crate::bad_index::BadIndex;
pub use build::{Built, ExplorerBuilder};

const POSITIONS: &str = "positions.fxe";
const GAMES: &str = "games.fxe";
/// The last byte is the format's version: 2 compresses blocks.
const POSITIONS_MAGIC: &[u8; 8] = b"FENKITX\x02";
const GAMES_MAGIC: &[u8; 8] = b"FENKITG\x01";
/// A block's rows take about this many bytes.
const BLOCK_BYTES: usize = 16 * 1024;
/// The footer: five numbers and the magic.
const FOOTER: usize = 6 * 8;

/// What the footer says of an index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footer {
    index_at: u64,
    blocks: u64,
    pub rows: u64,
    pub games: u64,
    games_bytes: u64,
}

impl Footer {
    fn to_bytes(self) -> Vec<u8> {
        let numbers = [
            self.index_at,
            self.blocks,
            self.rows,
            self.games,
            self.games_bytes,
        ];
        let mut bytes: Vec<u8> = numbers.iter().flat_map(|n| n.to_le_bytes()).collect();
        bytes.extend_from_slice(POSITIONS_MAGIC);
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Option<Footer> {
        if bytes.len() != FOOTER || &bytes[40..] != POSITIONS_MAGIC {
            return None;
        }
        let n = |i: usize| u64::from_le_bytes(bytes[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        Some(Footer {
            index_at: n(0),
            blocks: n(1),
            rows: n(2),
            games: n(3),
            games_bytes: n(4),
        })
    }
}

/// The command that builds this index again, for [`BadIndex`].
const REBUILD: &str = "fen explorer build";

/// `path` is no explorer index that can be read: cut short, foreign or of another version.
fn damaged(path: &Path, why: &'static str) -> BadIndex {
    BadIndex::Damaged {
        path: path.to_path_buf(),
        why,
        rebuild: REBUILD,
    }
}

/// An index opened for queries; shared by threads as it is.
pub struct Explorer {
    positions: File,
    games: File,
    dir: PathBuf,
    footer: Footer,
    /// Each block's first position key and where it starts.
    blocks: Vec<(u64, u64)>,
}

impl Explorer {
    /// Opens the index in `dir`, checking that both files are whole.
    pub fn open(dir: &Path) -> Result<Explorer, BadIndex> {
        let path = dir.join(POSITIONS);
        let positions = File::open(&path).map_err(io_error(&path))?;
        let length = positions.metadata().map_err(io_error(&path))?.len();
        if length < (POSITIONS_MAGIC.len() + FOOTER) as u64 {
            return Err(damaged(&path, "too short to be an explorer index"));
        }
        let mut head = [0; 8];
        read_at(&positions, &mut head, 0).map_err(io_error(&path))?;
        if &head != POSITIONS_MAGIC {
            return Err(damaged(&path, "not an explorer index"));
        }
        let mut end = [0; FOOTER];
        read_at(&positions, &mut end, length - FOOTER as u64).map_err(io_error(&path))?;
        let footer =
            Footer::from_bytes(&end).ok_or(damaged(&path, "cut short (its footer is missing)"))?;
        let index_bytes = footer.blocks.checked_mul(16);
        if index_bytes.and_then(|bytes| footer.index_at.checked_add(bytes))
            != Some(length - FOOTER as u64)
        {
            return Err(damaged(
                &path,
                "cut short or damaged (its block list does not end at its footer)",
            ));
        }
        let mut index = vec![0; footer.blocks as usize * 16];
        read_at(&positions, &mut index, footer.index_at).map_err(io_error(&path))?;
        let blocks: Vec<(u64, u64)> = index
            .chunks_exact(16)
            .map(|pair| {
                let n =
                    |at: usize| u64::from_le_bytes(pair[at..at + 8].try_into().expect("8 bytes"));
                (n(0), n(8))
            })
            .collect();
        let in_order = blocks.windows(2).all(|w| w[0] <= w[1] && w[0].1 < w[1].1);
        let inside = blocks
            .iter()
            .all(|&(_, at)| at >= 8 && at < footer.index_at);
        if !in_order || !inside {
            return Err(damaged(&path, "damaged (its block list is out of order)"));
        }
        let games_path = dir.join(GAMES);
        let games = File::open(&games_path).map_err(io_error(&games_path))?;
        let games_length = games.metadata().map_err(io_error(&games_path))?.len();
        read_at(&games, &mut head, 0).map_err(io_error(&games_path))?;
        if &head != GAMES_MAGIC {
            return Err(damaged(&games_path, "not an explorer index's games"));
        }
        if games_length < footer.games_bytes {
            return Err(damaged(&games_path, "cut short"));
        }
        Ok(Explorer {
            positions,
            games,
            dir: dir.to_path_buf(),
            footer,
            blocks,
        })
    }

    /// The rows and games the index holds.
    pub fn footer(&self) -> Footer {
        self.footer
    }

    /// The rows stored under the position `key`
    /// ([`fenkit::transposition_key`]), in key order.
    pub fn rows(&self, key: u64) -> io::Result<Vec<Row>> {
        // The rows of `key` can start in the block before the first block
        // that starts with `key` (or with a greater one).
        let first = self
            .blocks
            .partition_point(|&(start, _)| start < key)
            .saturating_sub(1);
        let mut rows = Vec::new();
        for block in first..self.blocks.len() {
            if block > first && self.blocks[block].0 > key {
                break;
            }
            let bytes = self.block(block)?;
            let mut at = 0;
            while at < bytes.len() {
                let (row, used) =
                    Row::read(&bytes[at..]).ok_or_else(|| self.damaged("a block does not read"))?;
                at += used;
                match row.key.position.cmp(&key) {
                    std::cmp::Ordering::Less => {}
                    std::cmp::Ordering::Equal => rows.push(row),
                    std::cmp::Ordering::Greater => return Ok(rows),
                }
            }
        }
        Ok(rows)
    }

    /// The answer to `query` for `position` (named `opening`): its rows,
    /// and the top games read; a top game that does not read is damage,
    /// an error.
    pub fn answer(
        &self,
        position: &Chess,
        opening: Option<&Opening>,
        query: &ExplorerQuery,
    ) -> io::Result<ExplorerAnswer> {
        let rows = self.rows(fenkit::transposition_key(position))?;
        let mut damage = None;
        let answer = answer(position, opening, rows, query, |number| {
            self.game(number).map_err(|err| damage = Some(err)).ok()
        });
        match damage {
            Some(err) => Err(err),
            None => Ok(answer),
        }
    }

    /// Block `block`'s bytes.
    fn block(&self, block: usize) -> io::Result<Vec<u8>> {
        let start = self.blocks[block].1;
        let end = self
            .blocks
            .get(block + 1)
            .map_or(self.footer.index_at, |&(_, at)| at);
        let mut bytes = vec![0; (end - start) as usize];
        read_at(&self.positions, &mut bytes, start)?;
        zstd::bulk::decompress(&bytes, BLOCK_BYTES)
            .map_err(|_| self.damaged("a block does not decompress"))
    }

    /// Every row, in key order, a block at a time (for merging).
    fn all_rows(&self) -> impl Iterator<Item = io::Result<Row>> + '_ {
        (0..self.blocks.len()).flat_map(move |block| {
            let rows: Vec<io::Result<Row>> = match self.block(block) {
                Err(err) => vec![Err(err)],
                Ok(bytes) => {
                    let mut rows = Vec::new();
                    let mut at = 0;
                    while at < bytes.len() {
                        match Row::read(&bytes[at..]) {
                            Some((row, used)) => {
                                rows.push(Ok(row));
                                at += used;
                            }
                            None => {
                                rows.push(Err(self.damaged("a block does not read")));
                                break;
                            }
                        }
                    }
                    rows
                }
            };
            rows
        })
    }

    /// The game numbered `number` (where it starts in the games file).
    pub fn game(&self, number: u64) -> io::Result<ExplorerGame> {
        // A game takes at most 8 + 3 * 256 + 8 bytes.
        let end = self.footer.games_bytes.min(number.saturating_add(784));
        if number < 8 || number >= end {
            return Err(self.damaged("a top game is not in the games file"));
        }
        let mut bytes = vec![0; (end - number) as usize];
        read_at(&self.games, &mut bytes, number)?;
        match ExplorerGame::read(&bytes) {
            Some((game, _)) if game.number == number => Ok(game),
            _ => Err(self.damaged("a top game does not read")),
        }
    }

    fn damaged(&self, why: &'static str) -> io::Error {
        damaged(&self.dir.join(POSITIONS), why).into()
    }
}
