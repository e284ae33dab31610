//! Building a search index: rows kept in memory until they pass the
//! memory given, then sorted and spilled to disk as a run (the store's
//! [`Runs`], as the explorer's); at the end the runs, the rows in memory and the rows
//! of the index already in the folder (a build may add to it) are merged
//! into the new positions file in one pass. Both files are written under
//! other names and put in place last, so a build that fails leaves the
//! index that was there.

use std::{
    fs::{self, File},
    io::{self, BufWriter, Write},
    path::{Path, PathBuf},
};

use crate::Built;
use fenkit_store::{
    merge::{Records, in_memory, merge},
    runs::Runs,
    sorted::SortedWriter,
};

use super::{GAMES, GAMES_FORMAT, IndexedGame, POSITIONS, POSITIONS_FORMAT, Row, SearchIndex};

/// A build under way.
///
/// ```
/// use fenkit_index::search::{IndexedGame, SearchIndex, SearchIndexBuilder};
///
/// let dir = std::env::temp_dir().join(format!("fenkit-search-doc-{}", std::process::id()));
/// let mut builder = SearchIndexBuilder::new(&dir, 64 << 20, false)?;
/// let game = IndexedGame { source: "a.pgn".into(), line: 1, text: b"1. e4 *".to_vec(), signatures: vec![] };
/// let number = builder.add_game(&game, &[(7, 0), (9, 1)])?;
/// let built = builder.finish()?;
/// assert_eq!((number, built.games, built.rows), (1, 1, 2));
/// let index = SearchIndex::open(&dir)?;
/// assert_eq!(index.reaching(9)?, [(1, 1)]);
/// assert_eq!(index.game(1)?.text, b"1. e4 *");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct SearchIndexBuilder {
    dir: PathBuf,
    /// Bytes the rows in memory may take before they spill.
    memory: usize,
    rows: Vec<Row>,
    runs: Runs,
    games: BufWriter<File>,
    /// Where each game's record starts in the new games file.
    records: Vec<u64>,
    games_bytes: u64,
    games_before: u64,
    existing: Option<SearchIndex>,
}

/// The name a file is written under until the build is done.
fn part(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.part"))
}

impl SearchIndexBuilder {
    /// A build into `dir` (made if needed) whose rows take about `memory`
    /// bytes before they spill; `add` keeps the index already there (its
    /// games first), which must then read whole.
    pub fn new(dir: &Path, memory: usize, add: bool) -> io::Result<SearchIndexBuilder> {
        fs::create_dir_all(dir)?;
        let existing = match add && dir.join(POSITIONS).exists() {
            true => Some(SearchIndex::open(dir)?),
            false => None,
        };
        let mut games = BufWriter::with_capacity(1 << 20, File::create(part(dir, GAMES))?);
        games.write_all(&GAMES_FORMAT.magic)?;
        let memory = memory.max(1 << 20);
        let mut builder = SearchIndexBuilder {
            dir: dir.to_path_buf(),
            memory,
            rows: Vec::new(),
            runs: Runs::new(dir.join(format!(".spill-{}", std::process::id())), memory),
            games,
            records: Vec::new(),
            games_bytes: GAMES_FORMAT.magic.len() as u64,
            games_before: 0,
            existing: None,
        };
        // The games already indexed, copied record by record.
        if let Some(index) = &existing {
            for number in 1..=index.games() {
                let record = index.record(number)?;
                builder.write_record(&record)?;
            }
            builder.games_before = index.games();
        }
        builder.existing = existing;
        Ok(builder)
    }

    /// The number the next game added gets.
    pub fn next_number(&self) -> u64 {
        self.records.len() as u64 + 1
    }

    /// Adds `game`, which reaches the positions of `keys` (each key with
    /// the first ply there); its number in the index.
    pub fn add_game(&mut self, game: &IndexedGame, keys: &[(u64, u16)]) -> io::Result<u64> {
        let mut record = Vec::new();
        game.write(&mut record);
        self.add_record(&record, keys)
    }

    /// [`SearchIndexBuilder::add_game`] for a game already written as a
    /// record ([`IndexedGame::write`]): on the threads that play the
    /// games, which the one that builds then need not compress.
    pub fn add_record(&mut self, record: &[u8], keys: &[(u64, u16)]) -> io::Result<u64> {
        let number = self.next_number();
        let game_number = u32::try_from(number)
            .map_err(|_| io::Error::other("a search index holds at most 4,294,967,295 games"))?;
        self.write_record(record)?;
        self.rows.extend(keys.iter().map(|&(key, ply)| Row {
            key,
            game: game_number,
            ply,
        }));
        if self.rows.len() * std::mem::size_of::<Row>() >= self.memory {
            self.spill()?;
        }
        Ok(number)
    }

    fn write_record(&mut self, record: &[u8]) -> io::Result<()> {
        self.records.push(self.games_bytes);
        self.games.write_all(record)?;
        self.games_bytes += record.len() as u64;
        Ok(())
    }

    /// The rows in memory, sorted, to a run.
    fn spill(&mut self) -> io::Result<()> {
        self.rows.sort_unstable();
        self.runs.spill(&self.rows)?;
        self.rows.clear();
        Ok(())
    }

    /// Merges what was added (and the index that was there) into the
    /// folder's two files.
    pub fn finish(mut self) -> io::Result<Built> {
        // The games file: the list of records, its footer.
        let offsets_at = self.games_bytes;
        for at in &self.records {
            self.games.write_all(&at.to_le_bytes())?;
        }
        let games = self.records.len() as u64;
        self.games.write_all(&offsets_at.to_le_bytes())?;
        self.games.write_all(&games.to_le_bytes())?;
        self.games.write_all(&GAMES_FORMAT.magic)?;
        self.games.flush()?;
        self.rows.sort_unstable();
        let mut sources: Vec<Records<'_, Row>> = Vec::new();
        if let Some(index) = &self.existing {
            sources.push(index.all_rows());
        }
        sources.extend(self.runs.sources()?);
        sources.push(in_memory(std::mem::take(&mut self.rows)));
        let mut out = SortedWriter::create(&part(&self.dir, POSITIONS), &POSITIONS_FORMAT)?;
        merge(sources, |row| out.push(row))?;
        let rows = out.finish(&[games])?;
        let runs = self.runs.spilled();
        drop(self.existing.take());
        for name in [GAMES, POSITIONS] {
            fs::rename(part(&self.dir, name), self.dir.join(name))?;
        }
        let bytes = [GAMES, POSITIONS]
            .iter()
            .map(|name| fs::metadata(self.dir.join(name)).map_or(0, |m| m.len()))
            .sum();
        Ok(Built {
            added: games - self.games_before,
            games,
            rows,
            runs,
            bytes,
        })
    }
}
