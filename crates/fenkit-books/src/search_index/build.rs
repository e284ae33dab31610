//! Building a search index: rows kept in memory until they pass the
//! memory given, then sorted and spilled to disk as a run (zstd, as the
//! explorer's runs); at the end the runs, the rows in memory and the rows
//! of the index already in the folder (a build may add to it) are merged
//! into the new positions file in one pass. Both files are written under
//! other names and put in place last, so a build that fails leaves the
//! index that was there.

use std::{
    cmp::Reverse,
    collections::BinaryHeap,
    fs::{self, File},
    io::{self, BufReader, BufWriter, Read, Write},
    path::{Path, PathBuf},
};

use super::{
    BLOCK_BYTES, GAMES, GAMES_MAGIC, IndexedGame, POSITIONS, POSITIONS_MAGIC, ROW, Row, SearchIndex,
};

/// What a build wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Built {
    /// Games this build added, and in the index now.
    pub added: u64,
    pub games: u64,
    /// Rows in the index now.
    pub rows: u64,
    /// Sorted runs spilled to disk on the way.
    pub runs: usize,
    /// Bytes of the index's two files.
    pub bytes: u64,
}

/// A build under way.
///
/// ```
/// use fenkit_books::search_index::{IndexedGame, SearchIndex, SearchIndexBuilder};
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
    runs: Vec<PathBuf>,
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
        games.write_all(GAMES_MAGIC)?;
        let mut builder = SearchIndexBuilder {
            dir: dir.to_path_buf(),
            memory: memory.max(1 << 20),
            rows: Vec::new(),
            runs: Vec::new(),
            games,
            records: Vec::new(),
            games_bytes: GAMES_MAGIC.len() as u64,
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

    /// The rows in memory, sorted, to a run file.
    fn spill(&mut self) -> io::Result<()> {
        self.rows.sort_unstable();
        let path = self.dir.join(format!("run-{}.part", self.runs.len()));
        let file = BufWriter::with_capacity(1 << 20, File::create(&path)?);
        let mut run = zstd::stream::Encoder::new(file, 1)?;
        let mut bytes = Vec::with_capacity(ROW);
        for row in self.rows.drain(..) {
            bytes.clear();
            row.write(&mut bytes);
            run.write_all(&bytes)?;
        }
        run.finish()?.flush()?;
        self.runs.push(path);
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
        self.games.write_all(GAMES_MAGIC)?;
        self.games.flush()?;
        self.rows.sort_unstable();
        let in_memory = std::mem::take(&mut self.rows);
        let mut sources: Vec<Box<dyn Iterator<Item = io::Result<Row>> + '_>> = Vec::new();
        sources.push(Box::new(in_memory.into_iter().map(Ok)));
        for path in &self.runs {
            sources.push(Box::new(read_run(path)?));
        }
        if let Some(index) = &self.existing {
            sources.push(Box::new(index.all_rows()));
        }
        let mut blocks = BlockWriter::create(&part(&self.dir, POSITIONS))?;
        merge(sources, |row| blocks.push(row))?;
        let rows = blocks.finish(games)?;
        let runs = self.runs.len();
        for path in &self.runs {
            let _ = fs::remove_file(path);
        }
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

/// The rows of a run file, in order.
fn read_run(path: &Path) -> io::Result<impl Iterator<Item = io::Result<Row>>> {
    let file = BufReader::new(File::open(path)?);
    let mut run = zstd::stream::Decoder::with_buffer(file)?;
    let mut bytes = [0; ROW];
    Ok(std::iter::from_fn(move || {
        match run.read_exact(&mut bytes) {
            Ok(()) => Some(Ok(Row::read(&bytes))),
            Err(err) if err.kind() == io::ErrorKind::UnexpectedEof => None,
            Err(err) => Some(Err(err)),
        }
    }))
}

/// Every row of sorted `sources`, in order, to `push`.
fn merge<'a>(
    mut sources: Vec<Box<dyn Iterator<Item = io::Result<Row>> + 'a>>,
    mut push: impl FnMut(Row) -> io::Result<()>,
) -> io::Result<()> {
    let mut heads = BinaryHeap::new();
    for (source, rows) in sources.iter_mut().enumerate() {
        if let Some(row) = rows.next().transpose()? {
            heads.push(Reverse((row, source)));
        }
    }
    while let Some(Reverse((row, source))) = heads.pop() {
        push(row)?;
        if let Some(next) = sources[source].next().transpose()? {
            heads.push(Reverse((next, source)));
        }
    }
    Ok(())
}

/// The positions file written block by block.
struct BlockWriter {
    file: BufWriter<File>,
    at: u64,
    block: Vec<u8>,
    first_key: u64,
    blocks: Vec<(u64, u64)>,
    rows: u64,
}

impl BlockWriter {
    fn create(path: &Path) -> io::Result<BlockWriter> {
        let mut file = BufWriter::with_capacity(1 << 20, File::create(path)?);
        file.write_all(POSITIONS_MAGIC)?;
        Ok(BlockWriter {
            file,
            at: POSITIONS_MAGIC.len() as u64,
            block: Vec::with_capacity(BLOCK_BYTES),
            first_key: 0,
            blocks: Vec::new(),
            rows: 0,
        })
    }

    fn push(&mut self, row: Row) -> io::Result<()> {
        if self.block.len() + ROW > BLOCK_BYTES {
            self.write_block()?;
        }
        if self.block.is_empty() {
            self.first_key = row.key;
        }
        row.write(&mut self.block);
        self.rows += 1;
        Ok(())
    }

    fn write_block(&mut self) -> io::Result<()> {
        let compressed = zstd::bulk::compress(&self.block, 1)?;
        self.file.write_all(&compressed)?;
        self.blocks.push((self.first_key, self.at));
        self.at += compressed.len() as u64;
        self.block.clear();
        Ok(())
    }

    /// The block list and the footer; the rows written.
    fn finish(mut self, games: u64) -> io::Result<u64> {
        if !self.block.is_empty() {
            self.write_block()?;
        }
        let index_at = self.at;
        for (key, at) in &self.blocks {
            self.file.write_all(&key.to_le_bytes())?;
            self.file.write_all(&at.to_le_bytes())?;
        }
        let footer = [index_at, self.blocks.len() as u64, self.rows, games];
        for number in footer {
            self.file.write_all(&number.to_le_bytes())?;
        }
        self.file.write_all(POSITIONS_MAGIC)?;
        self.file.flush()?;
        Ok(self.rows)
    }
}
