//! Building an index: games counted in memory until the rows pass the
//! memory given, then spilled to disk as a sorted run; at the end the
//! runs, the rows still in memory and the index already in the folder (a
//! build adds to it) are merged into a new positions file in one pass.

use std::{
    fs::{self, File, OpenOptions},
    io::{self, BufWriter, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
};

use crate::Built;
use fenkit_store::{
    io_error,
    merge::{Records, in_memory, merge},
    runs::Runs,
    sorted::SortedWriter,
};

use crate::explorer::{ExplorerGame, Row, Tally};

use super::{BadIndex, Explorer, GAMES, GAMES_MAGIC, POSITIONS, POSITIONS_FORMAT};

/// A build under way.
///
/// ```
/// use fenkit_index::explorer::ExplorerGame;
/// use fenkit_index::explorer::{Explorer, ExplorerBuilder};
///
/// let dir = std::env::temp_dir().join(format!("fenkit-doc-{}", std::process::id()));
/// let mut builder = ExplorerBuilder::new(&dir, 64 << 20)?;
/// let tags = [Some("1-0"), None, Some("a"), Some("b"), None, None, None, None, None];
/// let mut game = ExplorerGame::from_tags(0, &tags).unwrap();
/// builder.add_game(&mut game, &[(5, 796)])?;
/// let built = builder.finish()?;
/// assert_eq!((built.games, built.rows), (1, 1));
/// let explorer = Explorer::open(&dir)?;
/// let rows = explorer.rows(5)?;
/// assert_eq!(rows[0].counts.white, 1);
/// assert_eq!(explorer.game(rows[0].top.as_slice()[0].game)?.white.name, "a");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct ExplorerBuilder {
    dir: PathBuf,
    tally: Tally,
    /// Bytes the tally may take before it spills.
    memory: usize,
    runs: Runs,
    games: BufWriter<File>,
    games_bytes: u64,
    games_before: u64,
    games_added: u64,
    existing: Option<Explorer>,
    game_bytes: Vec<u8>,
}

impl ExplorerBuilder {
    /// Starts a build into `dir` (made if need be) that holds about
    /// `memory` bytes of rows before it spills them. An index already in
    /// `dir` is added to: its rows are merged with the new ones.
    pub fn new(dir: &Path, memory: usize) -> Result<ExplorerBuilder, BadIndex> {
        fs::create_dir_all(dir).map_err(io_error(dir))?;
        let existing = match dir.join(POSITIONS).exists() {
            true => Some(Explorer::open(dir)?),
            false => None,
        };
        let games_path = dir.join(GAMES);
        let mut games = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&games_path)
            .map_err(io_error(&games_path))?;
        // Bytes past what the index counts are a failed build's: dropped.
        let (games_bytes, games_before) = match &existing {
            Some(explorer) => (explorer.footer.games_bytes, explorer.footer.games),
            None => {
                games.set_len(0).map_err(io_error(&games_path))?;
                games
                    .write_all(GAMES_MAGIC)
                    .map_err(io_error(&games_path))?;
                (GAMES_MAGIC.len() as u64, 0)
            }
        };
        games.set_len(games_bytes).map_err(io_error(&games_path))?;
        games
            .seek(SeekFrom::Start(games_bytes))
            .map_err(io_error(&games_path))?;
        let spill_dir = dir.join(format!(".spill-{}", std::process::id()));
        Ok(ExplorerBuilder {
            dir: dir.to_path_buf(),
            tally: Tally::default(),
            memory,
            runs: Runs::new(spill_dir, memory),
            games: BufWriter::with_capacity(1 << 20, games),
            games_bytes,
            games_before,
            games_added: 0,
            existing,
            game_bytes: Vec::with_capacity(256),
        })
    }

    /// Counts `game`, which played `moves` (loops removed); its number is
    /// set to where the index keeps it.
    pub fn add_game(&mut self, game: &mut ExplorerGame, moves: &[(u64, u16)]) -> io::Result<()> {
        game.number = self.keep_game(game)?;
        // A game adds at most `moves.len()` rows: room is made first.
        if !self.tally.fits(moves.len(), self.memory) && !self.tally.is_empty() {
            self.spill()?;
        }
        self.tally.add_game(game, moves);
        Ok(())
    }

    /// Stores `game`'s tags (for the top games); its number.
    pub fn keep_game(&mut self, game: &ExplorerGame) -> io::Result<u64> {
        let number = self.games_bytes;
        self.game_bytes.clear();
        ExplorerGame {
            number,
            ..game.clone()
        }
        .write(&mut self.game_bytes);
        self.games.write_all(&self.game_bytes)?;
        self.games_bytes += self.game_bytes.len() as u64;
        self.games_added += 1;
        Ok(number)
    }

    /// Adds a row counted elsewhere (its top games kept already, by
    /// [`ExplorerBuilder::keep_game`]).
    pub fn add_row(&mut self, row: &Row) -> io::Result<()> {
        if !self.tally.fits(1, self.memory) && !self.tally.is_empty() {
            self.spill()?;
        }
        self.tally.add_row(row);
        Ok(())
    }

    /// Games added so far by this build.
    pub fn added(&self) -> u64 {
        self.games_added
    }

    fn spill(&mut self) -> io::Result<()> {
        self.runs.spill(&self.tally.take_sorted())?;
        // The map's table goes too: it grows again as rows come.
        self.tally = Tally::default();
        Ok(())
    }

    /// Merges everything into the index and writes it.
    pub fn finish(mut self) -> io::Result<Built> {
        self.games.flush()?;
        self.games.get_ref().sync_all()?;
        let in_memory_rows = self.tally.take_sorted();
        let mut sources: Vec<Records<'_, Row>> = Vec::new();
        if let Some(existing) = &self.existing {
            sources.push(existing.positions.all());
        }
        sources.extend(self.runs.sources()?);
        sources.push(in_memory(in_memory_rows));
        let written = self.dir.join(format!("{POSITIONS}.new"));
        let mut out = SortedWriter::create(&written, &POSITIONS_FORMAT)?;
        merge(sources, |row| out.push(row))?;
        let games = self.games_before + self.games_added;
        let rows = out.finish(&[games, self.games_bytes])?;
        fs::rename(&written, self.dir.join(POSITIONS))?;
        let bytes = fs::metadata(self.dir.join(POSITIONS))?.len() + self.games_bytes;
        Ok(Built {
            added: self.games_added,
            games,
            rows,
            runs: self.runs.spilled(),
            bytes,
        })
    }
}
