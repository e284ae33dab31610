//! Making a Polyglot book from more games than memory holds, with the
//! bytes `polyglot make-book` would write.
//!
//! Polyglot halves a position's counts when one of its moves reaches
//! 16,384 games, as the games come, so counts made apart cannot simply be
//! added: the order of a position's games is part of the result. But only
//! the order *within* a position matters. So a build counts in memory
//! while the counts fit; past that, it writes those counts, then every
//! further move as it comes, to one of 256 files chosen by the position
//! key's first byte, keeping input order within each. At the end each file
//! is counted alone (its counts first, then its moves, replayed in order)
//! and its entries written: the files cover key ranges in order, so the
//! book comes out sorted. A file still too big for memory is split again
//! by the key's next byte.

use std::{
    fs::{self, File},
    io::{self, BufReader, BufWriter, Write},
    path::{Path, PathBuf},
};

use fenkit_games::result::book_score;
use fenkit_store::blocks::{BlockCompressor, BlockReader};
use shakmaty::Color;

use super::{BookMaker, BookOptions, MoveCount};
use crate::book::Entry;

/// Files a spill (or a file split again) is cut into: one a value of a
/// key byte.
const PARTS: usize = 256;
/// A record: the key (u64), the move (u16), then a tag whose low bits
/// are 0, 1 or 2 for one game's move with that score, or [`COUNTS`] for
/// counts carried from memory, followed by games (u16) and score (u16);
/// [`BLACK`] set when Black played the move.
const MOVE_RECORD: usize = 11;
const COUNTS: u8 = 3;
const BLACK: u8 = 4;
const COUNTS_RECORD: usize = 15;

/// A book being made.
///
/// ```
/// use fenkit_books::make::BookOptions;
/// use fenkit_books::make::BookBuilder;
/// use shakmaty::Color;
///
/// let spill = std::env::temp_dir().join(format!("fenkit-book-doc-{}", std::process::id()));
/// // No memory for counts: the moves go to disk at once.
/// let mut builder = BookBuilder::new(&spill, 0);
/// for _ in 0..3 {
///     builder.add_game(&[(7, 796, Color::White), (9, 1, Color::Black)], Some(Color::White))?;
/// }
/// let mut book = Vec::new();
/// let made = builder.finish(&BookOptions::default(), |entries| {
///     book.extend_from_slice(entries);
///     Ok(())
/// })?;
/// assert!(made.spilled > 0);
/// // Black's move scored nothing: left out, as Polyglot leaves it.
/// assert_eq!((made.games, book.len(), book[0].weight), (3, 1, 6));
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct BookBuilder {
    maker: BookMaker,
    /// Bytes the counts may take.
    memory: usize,
    /// Where spilled moves go (made when first needed, removed after).
    dir: PathBuf,
    spill: Option<Parts>,
    games: u64,
}

/// What a build did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMade {
    pub games: u64,
    /// Entries written.
    pub entries: u64,
    /// Bytes written to disk on the way (compressed), 0 for a build in
    /// memory.
    pub spilled: u64,
}

impl BookBuilder {
    /// A build that counts in about `memory` bytes, spilling to files in
    /// `dir` (a folder of its own, made if need be and removed at the end).
    pub fn new(dir: &Path, memory: usize) -> BookBuilder {
        BookBuilder {
            maker: BookMaker::new(),
            memory,
            dir: dir.to_path_buf(),
            spill: None,
            games: 0,
        }
    }

    /// Counts a game's moves ([`BookMaker::add_game`]).
    pub fn add_game(
        &mut self,
        moves: &[(u64, u16, Color)],
        winner: Option<Color>,
    ) -> io::Result<()> {
        self.games += 1;
        if self.spill.is_none() && !self.maker.fits(moves.len(), self.memory) {
            self.start_spilling()?;
        }
        let Some(spill) = &mut self.spill else {
            self.maker.add_game(moves.iter().copied(), winner);
            return Ok(());
        };
        for &(key, raw_move, turn) in moves {
            let score = book_score(winner, turn);
            let mut record = [0; MOVE_RECORD];
            record[..8].copy_from_slice(&key.to_le_bytes());
            record[8..10].copy_from_slice(&raw_move.to_le_bytes());
            record[10] = score | side_bit(turn);
            spill.push(key, &record)?;
        }
        Ok(())
    }

    /// The counts so far go to disk, and every move after them.
    fn start_spilling(&mut self) -> io::Result<()> {
        let mut parts = Parts::new(self.dir.clone(), 0, self.memory)?;
        for count in std::mem::take(&mut self.maker).counts() {
            parts.push(count.key, &counts_record(&count))?;
        }
        self.spill = Some(parts);
        Ok(())
    }

    /// Hands the book's entries, sorted, to `write` (in pieces when the
    /// build spilled), and removes the spilled files.
    pub fn finish(
        self,
        options: &BookOptions,
        mut write: impl FnMut(&[Entry]) -> io::Result<()>,
    ) -> io::Result<BookMade> {
        let mut made = BookMade {
            games: self.games,
            entries: 0,
            spilled: 0,
        };
        let mut write_counted = |entries: &[Entry]| {
            made.entries += entries.len() as u64;
            write(entries)
        };
        match self.spill {
            None => write_counted(&self.maker.entries(options))?,
            Some(parts) => {
                let dir = parts.dir.clone();
                let done = (|| -> io::Result<()> {
                    let files = parts.finish()?;
                    for file in &files {
                        made.spilled += file.bytes;
                    }
                    for file in files {
                        made.spilled += count_file(file, options, self.memory, &mut write_counted)?;
                    }
                    Ok(())
                })();
                fs::remove_dir_all(&dir).ok();
                done?;
            }
        }
        Ok(made)
    }
}

fn side_bit(turn: Color) -> u8 {
    if turn.is_white() { 0 } else { BLACK }
}

fn counts_record(count: &MoveCount) -> [u8; COUNTS_RECORD] {
    let mut record = [0; COUNTS_RECORD];
    record[..8].copy_from_slice(&count.key.to_le_bytes());
    record[8..10].copy_from_slice(&count.raw_move.to_le_bytes());
    record[10] = COUNTS | side_bit(count.turn);
    record[11..13].copy_from_slice(&count.games.to_le_bytes());
    record[13..15].copy_from_slice(&count.score.to_le_bytes());
    record
}

/// The records of a block, in order.
fn records(block: &[u8]) -> impl Iterator<Item = (MoveCount, &[u8])> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let head = block.get(at..at + MOVE_RECORD)?;
        let key = u64::from_le_bytes(head[..8].try_into().expect("8 bytes"));
        let raw_move = u16::from_le_bytes([head[8], head[9]]);
        let (games, score, length) = match head[10] & !BLACK {
            COUNTS => {
                let tail = block.get(at + MOVE_RECORD..at + COUNTS_RECORD)?;
                let games = u16::from_le_bytes([tail[0], tail[1]]);
                (games, u16::from_le_bytes([tail[2], tail[3]]), COUNTS_RECORD)
            }
            score => (1, u16::from(score), MOVE_RECORD),
        };
        let record = &block[at..at + length];
        at += length;
        let count = MoveCount {
            key,
            raw_move,
            turn: Color::from_white(head[10] & BLACK == 0),
            games,
            score,
        };
        Some((count, record))
    })
}

/// Counts a spilled file alone and writes its entries, or, when its
/// counts outgrow the memory, splits it by the key's next byte and counts
/// each piece; the bytes written to disk by such splits.
fn count_file(
    file: PartFile,
    options: &BookOptions,
    memory: usize,
    write: &mut impl FnMut(&[Entry]) -> io::Result<()>,
) -> io::Result<u64> {
    let mut maker = BookMaker::new();
    let mut blocks = open_blocks(&file.path)?;
    let mut fits = true;
    while let Some(block) = blocks.next_block()? {
        // The last byte of the key cannot split a file further.
        if !maker.fits(block.len() / MOVE_RECORD, memory) && !maker.is_empty() && file.depth < 7 {
            fits = false;
            break;
        }
        for (count, _) in records(&block) {
            maker.add_count(count);
        }
    }
    if fits {
        write(&maker.entries(options))?;
        fs::remove_file(&file.path)?;
        return Ok(0);
    }
    drop(maker);
    let mut parts = Parts::new(file.path.with_extension("split"), file.depth + 1, memory)?;
    let mut blocks = open_blocks(&file.path)?;
    while let Some(block) = blocks.next_block()? {
        for (count, record) in records(&block) {
            parts.push(count.key, record)?;
        }
    }
    fs::remove_file(&file.path)?;
    let dir = parts.dir.clone();
    let files = parts.finish()?;
    let mut spilled: u64 = files.iter().map(|f| f.bytes).sum();
    for piece in files {
        spilled += count_file(piece, options, memory, write)?;
    }
    fs::remove_dir(&dir).ok();
    Ok(spilled)
}

/// Records cut into files by one byte of their key, each file a stream
/// of the store's blocks ([`fenkit_store::blocks`]).
struct Parts {
    dir: PathBuf,
    /// Which byte of the key (0 the first) picks the file.
    depth: u32,
    files: Vec<Option<BufWriter<File>>>,
    buffers: Vec<Vec<u8>>,
    bytes: Vec<u64>,
    block: usize,
    compressor: BlockCompressor,
}

/// A file of [`Parts`], finished.
struct PartFile {
    path: PathBuf,
    depth: u32,
    bytes: u64,
}

impl Parts {
    fn new(dir: PathBuf, depth: u32, memory: usize) -> io::Result<Parts> {
        fs::create_dir_all(&dir)?;
        // A quarter of the memory for the buffers, each 4 to 64 KiB.
        let block = (memory / 4 / PARTS).clamp(4 << 10, 64 << 10);
        Ok(Parts {
            dir,
            depth,
            files: (0..PARTS).map(|_| None).collect(),
            buffers: vec![Vec::new(); PARTS],
            bytes: vec![0; PARTS],
            block,
            compressor: BlockCompressor::new()?,
        })
    }

    fn push(&mut self, key: u64, record: &[u8]) -> io::Result<()> {
        let part = (key >> (56 - 8 * self.depth)) as u8 as usize;
        self.buffers[part].extend_from_slice(record);
        if self.buffers[part].len() >= self.block {
            self.flush(part)?;
        }
        Ok(())
    }

    fn flush(&mut self, part: usize) -> io::Result<()> {
        let raw = std::mem::take(&mut self.buffers[part]);
        if raw.is_empty() {
            return Ok(());
        }
        let file = match &mut self.files[part] {
            Some(file) => file,
            empty => empty.insert(BufWriter::with_capacity(
                16 << 10,
                File::create(self.dir.join(format!("{part:03}")))?,
            )),
        };
        self.bytes[part] += self.compressor.write(file, &raw)?;
        // The buffer's room is kept for the next records.
        self.buffers[part] = raw;
        self.buffers[part].clear();
        Ok(())
    }

    /// The files written, in key order.
    fn finish(mut self) -> io::Result<Vec<PartFile>> {
        let mut finished = Vec::new();
        for part in 0..PARTS {
            self.flush(part)?;
            if let Some(mut file) = self.files[part].take() {
                file.flush()?;
                finished.push(PartFile {
                    path: self.dir.join(format!("{part:03}")),
                    depth: self.depth,
                    bytes: self.bytes[part],
                });
            }
        }
        Ok(finished)
    }
}

/// The blocks of a [`Parts`] file, decompressed one at a time.
fn open_blocks(path: &Path) -> io::Result<BlockReader<BufReader<File>>> {
    Ok(BlockReader::new(BufReader::with_capacity(
        64 << 10,
        File::open(path)?,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's moves and winner.
    type Game = (Vec<(u64, u16, Color)>, Option<Color>);

    /// Games whose moves spread over many keys, and three hot positions
    /// where one move passes 16,384 games, so that it and its position's
    /// other moves are halved.
    fn games() -> Vec<Game> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let hot = [next(), next(), next()];
        (0..24_000)
            .map(|game| {
                let moves = (0..12)
                    .map(|ply| {
                        let turn = Color::from_white(ply % 2 == 0);
                        match ply {
                            0..3 => (hot[ply], 1 + u16::from(next() % 10 >= 8), turn),
                            _ => {
                                let key = (next() % 200_000).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                                (key, (next() % 3) as u16 + 1, turn)
                            }
                        }
                    })
                    .collect();
                (
                    moves,
                    [Some(Color::White), None, Some(Color::Black)][game % 3],
                )
            })
            .collect()
    }

    fn book(memory: usize, options: &BookOptions, name: &str) -> (Vec<Entry>, BookMade) {
        let dir = std::env::temp_dir().join(format!("fenkit-books-{name}-{}", std::process::id()));
        let mut builder = BookBuilder::new(&dir, memory);
        for (moves, winner) in games() {
            builder.add_game(&moves, winner).unwrap();
        }
        let mut entries = Vec::new();
        let made = builder
            .finish(options, |some| {
                entries.extend_from_slice(some);
                Ok(())
            })
            .unwrap();
        assert!(!dir.exists(), "the spilled files are removed");
        (entries, made)
    }

    #[test]
    fn a_spilled_build_writes_the_book_of_one_in_memory() {
        let options = BookOptions {
            min_game: 1,
            ..BookOptions::default()
        };
        let (in_memory, made) = book(1 << 30, &options, "memory");
        assert_eq!(made.spilled, 0);
        assert!(in_memory.len() > 10_000, "{}", in_memory.len());
        // The hot moves' weights are what is left of their halvings.
        let hot = (games()[0].0[0].0, 1, Color::White);
        let played: Vec<Option<Color>> = games()
            .into_iter()
            .filter(|(moves, _)| moves[0] == hot)
            .map(|(_, winner)| winner)
            .collect();
        let score = |winner: &Option<Color>| match winner {
            Some(Color::White) => 2,
            None => 1,
            Some(Color::Black) => 0,
        };
        let unhalved: u32 = played.iter().map(score).sum();
        let entry = in_memory
            .iter()
            .find(|e| (e.key, e.raw_move) == (hot.0, hot.1));
        assert!(played.len() > 16_384 && u32::from(entry.unwrap().weight) < unhalved * 3 / 4);
        let mut written = Vec::new();
        for memory in [1 << 20, 64 << 10] {
            let (spilled, made) = book(memory, &options, "spilled");
            assert_eq!(spilled.len(), in_memory.len(), "{memory}");
            assert!(spilled == in_memory, "{memory}: the same entries");
            written.push(made.spilled);
        }
        assert!(
            written[0] > 0 && written[1] > written[0],
            "split again: {written:?}"
        );
    }
}
