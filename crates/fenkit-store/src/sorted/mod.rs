//! A file of records sorted by key, written once and read in place:
//!
//! - the format's magic bytes (8, the last the format's version);
//! - the records in blocks of about 16 KiB that never split a record,
//!   each compressed by zstd (the fastest level takes an index to 40% of
//!   its size, and a lookup decompresses 16 KiB);
//! - each block's first key and where it starts (16 bytes a block, held in
//!   memory by a reader);
//! - a footer: where the block list starts, how many blocks and records,
//!   the numbers of the file's owner ([`Format::numbers`]), and the magic
//!   bytes again.

mod write;

use std::{
    fs::File,
    io,
    path::{Path, PathBuf},
};

use crate::{BadIndex, Record, io_error, merge::Records, read_at};

pub use write::SortedWriter;

/// A block's records take at most this many bytes; a record must be
/// far smaller.
pub const BLOCK_BYTES: usize = 16 * 1024;

/// What a file of a store is: its magic bytes, what it is called in
/// messages, the command that builds it again, and how many numbers of
/// its own its footer carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub magic: [u8; 8],
    /// As a message names it: "explorer index".
    pub name: &'static str,
    pub rebuild: &'static str,
    pub numbers: usize,
}

impl Format {
    /// `path` is no file of this format that can be read.
    pub fn damaged(&self, path: &Path, why: impl Into<String>) -> BadIndex {
        BadIndex::Damaged {
            path: path.to_path_buf(),
            why: why.into(),
            rebuild: self.rebuild,
        }
    }

    /// The file at `path`, checked to start with the magic and to end in
    /// a footer of `numbers` numbers and the magic; the file, its length
    /// and the footer's numbers. Any file that ends so can be checked:
    /// the sorted file's, and a games file of the owner's.
    pub fn open_checked(
        &self,
        path: &Path,
        numbers: usize,
    ) -> Result<(File, u64, Vec<u64>), BadIndex> {
        let footer = numbers * 8 + 8;
        let file = File::open(path).map_err(io_error(path))?;
        let length = file.metadata().map_err(io_error(path))?.len();
        if length < (self.magic.len() + footer) as u64 {
            return Err(self.damaged(path, format!("too short to be a {}", self.name)));
        }
        let mut head = [0; 8];
        read_at(&file, &mut head, 0).map_err(io_error(path))?;
        if head[..7] != self.magic[..7] {
            return Err(self.damaged(path, format!("not a {}", self.name)));
        }
        if head[7] != self.magic[7] {
            return Err(self.damaged(path, "written by another version of fenkit"));
        }
        let mut end = vec![0; footer];
        read_at(&file, &mut end, length - footer as u64).map_err(io_error(path))?;
        if end[footer - 8..] != self.magic {
            return Err(self.damaged(path, "cut short (its footer is missing)"));
        }
        let numbers = end[..footer - 8]
            .chunks_exact(8)
            .map(|n| u64::from_le_bytes(n.try_into().expect("8 bytes")))
            .collect();
        Ok((file, length, numbers))
    }
}

/// A sorted file opened for lookups; shared by threads as it is.
pub struct SortedFile {
    file: File,
    path: PathBuf,
    format: Format,
    /// Each block's first key and where it starts.
    blocks: Vec<(u64, u64)>,
    /// Where the block list starts: where the last block ends.
    list_at: u64,
    rows: u64,
    numbers: Vec<u64>,
}

impl SortedFile {
    /// Opens the file at `path`, checking that it is whole and of
    /// `format`.
    pub fn open(path: &Path, format: &Format) -> Result<SortedFile, BadIndex> {
        let (file, length, footer) = format.open_checked(path, 3 + format.numbers)?;
        let (list_at, blocks, rows) = (footer[0], footer[1], footer[2]);
        if blocks
            .checked_mul(16)
            .and_then(|bytes| list_at.checked_add(bytes))
            != Some(length - (footer.len() as u64 + 1) * 8)
        {
            return Err(format.damaged(
                path,
                "cut short or damaged (its block list does not end at its footer)",
            ));
        }
        let mut list = vec![0; blocks as usize * 16];
        read_at(&file, &mut list, list_at).map_err(io_error(path))?;
        let blocks: Vec<(u64, u64)> = list
            .chunks_exact(16)
            .map(|pair| {
                let n =
                    |at: usize| u64::from_le_bytes(pair[at..at + 8].try_into().expect("8 bytes"));
                (n(0), n(8))
            })
            .collect();
        let in_order = blocks
            .windows(2)
            .all(|w| w[0].0 <= w[1].0 && w[0].1 < w[1].1);
        let inside = blocks.iter().all(|&(_, at)| at >= 8 && at < list_at);
        if !in_order || !inside {
            return Err(format.damaged(path, "damaged (its block list is out of order)"));
        }
        Ok(SortedFile {
            file,
            path: path.to_path_buf(),
            format: *format,
            blocks,
            list_at,
            rows,
            numbers: footer[3..].to_vec(),
        })
    }

    /// The records the file holds.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// The owner's numbers, as [`SortedWriter::finish`] was given them.
    pub fn numbers(&self) -> &[u64] {
        &self.numbers
    }

    /// The records of `key`, in order.
    pub fn find<R: Record>(&self, key: u64) -> io::Result<Vec<R>> {
        // The records of `key` can start in the block before the first
        // block that starts with `key` (or with a greater one).
        let first = self
            .blocks
            .partition_point(|&(start, _)| start < key)
            .saturating_sub(1);
        let mut found = Vec::new();
        for block in first..self.blocks.len() {
            if block > first && self.blocks[block].0 > key {
                break;
            }
            for record in self.records_of::<R>(block)? {
                match record.key().cmp(&key) {
                    std::cmp::Ordering::Less => {}
                    std::cmp::Ordering::Equal => found.push(record),
                    std::cmp::Ordering::Greater => return Ok(found),
                }
            }
        }
        Ok(found)
    }

    /// Every record, in order, a block at a time (for a build that adds
    /// to the file).
    pub fn all<R: Record + 'static>(&self) -> Records<'_, R> {
        Box::new(
            (0..self.blocks.len()).flat_map(move |block| match self.records_of(block) {
                Ok(records) => records.into_iter().map(Ok).collect(),
                Err(err) => vec![Err(err)],
            }),
        )
    }

    /// The records of block `block`.
    fn records_of<R: Record>(&self, block: usize) -> io::Result<Vec<R>> {
        let start = self.blocks[block].1;
        let end = self
            .blocks
            .get(block + 1)
            .map_or(self.list_at, |&(_, at)| at);
        let mut bytes = vec![0; (end - start) as usize];
        read_at(&self.file, &mut bytes, start)?;
        let bytes = zstd::bulk::decompress(&bytes, BLOCK_BYTES)
            .map_err(|_| self.damaged("a block does not decompress"))?;
        let mut records = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            let (record, used) =
                R::read(&bytes[at..]).ok_or_else(|| self.damaged("a block does not read"))?;
            records.push(record);
            at += used;
        }
        Ok(records)
    }

    /// The error of a file found damaged while read.
    pub fn damaged(&self, why: &'static str) -> io::Error {
        self.format.damaged(&self.path, why).into()
    }
}
