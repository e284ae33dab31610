//! The opening explorer's index on disk: a folder of two files written
//! once and read in place.
//!
//! - `positions.fxe`: the rows of [`crate::explorer::Row`] in a sorted
//!   file of the store ([`fenkit_store::sorted`]), sorted by position,
//!   move, speed and month; its footer also carries how many games the
//!   index counted and how long the games file is.
//! - `games.fxe`: each counted game's tags ([`ExplorerGame::write`]); a
//!   game's number is where it starts in this file.
//!
//! A query reads the block list (in memory) and the one or two blocks
//! that hold a position; two indexes merge by one sorted pass. A
//! truncated or foreign file is refused when opened ([`BadIndex`]), so a
//! query never answers from part of an index.

mod build;

use std::{
    fs::File,
    io,
    path::{Path, PathBuf},
};

use fenkit_games::Opening;
use fenkit_store::{
    Record, io_error, read_at,
    sorted::{Format, SortedFile},
};
use shakmaty::Chess;

use crate::explorer::{ExplorerAnswer, ExplorerGame, ExplorerQuery, Row, RowKey, answer};

pub use crate::Built;
pub use build::ExplorerBuilder;
pub use fenkit_store::BadIndex;

const POSITIONS: &str = "positions.fxe";
const GAMES: &str = "games.fxe";
/// The positions file: the last byte of the magic is the format's
/// version (2 compresses blocks); the footer carries the games counted
/// and the games file's length.
const POSITIONS_FORMAT: Format = Format {
    magic: *b"FENKITX\x02",
    name: "explorer index",
    rebuild: "fen explorer build",
    numbers: 2,
};
const GAMES_MAGIC: &[u8; 8] = b"FENKITG\x01";

impl Record for Row {
    type Order = RowKey;

    fn key(&self) -> u64 {
        self.key.position
    }

    fn order(&self) -> RowKey {
        self.key
    }

    fn combine(&mut self, other: &Row) {
        self.merge(other)
    }

    fn write(&self, out: &mut Vec<u8>) {
        Row::write(self, out)
    }

    fn read(bytes: &[u8]) -> Option<(Row, usize)> {
        Row::read(bytes)
    }
}

/// What the footer says of an index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footer {
    pub rows: u64,
    pub games: u64,
    games_bytes: u64,
}

/// An index opened for queries; shared by threads as it is.
pub struct Explorer {
    positions: SortedFile,
    games: File,
    dir: PathBuf,
    footer: Footer,
}

impl Explorer {
    /// Opens the index in `dir`, checking that both files are whole.
    pub fn open(dir: &Path) -> Result<Explorer, BadIndex> {
        let positions = SortedFile::open(&dir.join(POSITIONS), &POSITIONS_FORMAT)?;
        let footer = Footer {
            rows: positions.rows(),
            games: positions.numbers()[0],
            games_bytes: positions.numbers()[1],
        };
        let games_path = dir.join(GAMES);
        let games = File::open(&games_path).map_err(io_error(&games_path))?;
        let games_length = games.metadata().map_err(io_error(&games_path))?.len();
        let mut head = [0; 8];
        let read = read_at(&games, &mut head, 0);
        if read.is_err() || &head != GAMES_MAGIC {
            return Err(POSITIONS_FORMAT.damaged(&games_path, "not an explorer index's games"));
        }
        if games_length < footer.games_bytes {
            return Err(POSITIONS_FORMAT.damaged(&games_path, "cut short"));
        }
        Ok(Explorer {
            positions,
            games,
            dir: dir.to_path_buf(),
            footer,
        })
    }

    /// The rows and games the index holds.
    pub fn footer(&self) -> Footer {
        self.footer
    }

    /// The rows stored under the position `key`
    /// ([`fenkit::transposition_key`]), in key order.
    pub fn rows(&self, key: u64) -> io::Result<Vec<Row>> {
        self.positions.find(key)
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

    /// The game numbered `number` (where it starts in the games file).
    pub fn game(&self, number: u64) -> io::Result<ExplorerGame> {
        // A game takes at most 8 + 3 * 256 + 8 bytes.
        let end = self.footer.games_bytes.min(number.saturating_add(784));
        if number < 8 || number >= end {
            return Err(self.damaged_games("a top game is not in the games file"));
        }
        let mut bytes = vec![0; (end - number) as usize];
        read_at(&self.games, &mut bytes, number)?;
        match ExplorerGame::read(&bytes) {
            Some((game, _)) if game.number == number => Ok(game),
            _ => Err(self.damaged_games("a top game does not read")),
        }
    }

    fn damaged_games(&self, why: &'static str) -> io::Error {
        POSITIONS_FORMAT.damaged(&self.dir.join(GAMES), why).into()
    }
}
