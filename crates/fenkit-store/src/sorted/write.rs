//! Writing a sorted file, a block at a time.

use std::{
    fs::File,
    io::{self, BufWriter, Write},
    path::Path,
};

use super::{BLOCK_BYTES, Format};
use crate::Record;

/// Writes a sorted file: the magic, blocks of records, the block list,
/// the footer. Records must come in key order.
pub struct SortedWriter {
    file: BufWriter<File>,
    format: Format,
    /// Bytes written so far: where the next block starts.
    at: u64,
    block: Vec<u8>,
    block_key: u64,
    blocks: Vec<(u64, u64)>,
    rows: u64,
    record: Vec<u8>,
}

impl SortedWriter {
    pub fn create(path: &Path, format: &Format) -> io::Result<SortedWriter> {
        let mut file = BufWriter::with_capacity(1 << 20, File::create(path)?);
        file.write_all(&format.magic)?;
        Ok(SortedWriter {
            file,
            format: *format,
            at: format.magic.len() as u64,
            block: Vec::with_capacity(BLOCK_BYTES + 128),
            block_key: 0,
            blocks: Vec::new(),
            rows: 0,
            record: Vec::with_capacity(128),
        })
    }

    pub fn push<R: Record>(&mut self, record: &R) -> io::Result<()> {
        self.record.clear();
        record.write(&mut self.record);
        if !self.block.is_empty() && self.block.len() + self.record.len() > BLOCK_BYTES {
            self.end_block()?;
        }
        if self.block.is_empty() {
            self.block_key = record.key();
        }
        self.block.extend_from_slice(&self.record);
        self.rows += 1;
        Ok(())
    }

    fn end_block(&mut self) -> io::Result<()> {
        let compressed = zstd::bulk::compress(&self.block, 1)?;
        self.blocks.push((self.block_key, self.at));
        self.file.write_all(&compressed)?;
        self.at += compressed.len() as u64;
        self.block.clear();
        Ok(())
    }

    /// Writes the last block, the block list and the footer, with the
    /// owner's `numbers` (as many as its format says), and puts the file
    /// on disk; the records written.
    pub fn finish(mut self, numbers: &[u64]) -> io::Result<u64> {
        assert_eq!(numbers.len(), self.format.numbers, "the format's numbers");
        if !self.block.is_empty() {
            self.end_block()?;
        }
        for &(key, at) in &self.blocks {
            self.file.write_all(&key.to_le_bytes())?;
            self.file.write_all(&at.to_le_bytes())?;
        }
        let footer = [self.at, self.blocks.len() as u64, self.rows];
        for number in footer.iter().chain(numbers) {
            self.file.write_all(&number.to_le_bytes())?;
        }
        self.file.write_all(&self.format.magic)?;
        self.file
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()?;
        Ok(self.rows)
    }
}
