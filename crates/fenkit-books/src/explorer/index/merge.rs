//! Sorted rows in and out: runs spilled to disk and read back, the merge
//! of sorted sources (rows of one key added up), and the writer of the
//! positions file's blocks.

use std::{
    cmp::Reverse,
    collections::BinaryHeap,
    fs::File,
    io::{self, BufReader, BufWriter, Read, Write},
    path::Path,
};

use crate::explorer::{Row, TOP_GAMES};

use super::{BLOCK_BYTES, Footer, POSITIONS_MAGIC};

/// A source of rows in key order.
pub(super) type Rows<'a> = Box<dyn Iterator<Item = io::Result<Row>> + 'a>;

/// Where merged rows go: a run, or the positions file.
pub(super) trait RowSink {
    fn push(&mut self, row: &Row) -> io::Result<()>;
}

/// Writes rows, sorted, to a run file, compressed as a zstd stream (a
/// month of games spills a hundred gigabytes of rows uncompressed).
pub(super) struct RunWriter {
    file: zstd::stream::Encoder<'static, BufWriter<File>>,
    bytes: Vec<u8>,
}

impl RunWriter {
    pub(super) fn create(path: &Path) -> io::Result<RunWriter> {
        let file = BufWriter::with_capacity(1 << 20, File::create(path)?);
        let mut file = zstd::stream::Encoder::new(file, 1)?;
        // A small window keeps each reader of a merge small (64 at once).
        file.window_log(16)?;
        Ok(RunWriter {
            file,
            bytes: Vec::with_capacity(128),
        })
    }

    pub(super) fn finish(self) -> io::Result<()> {
        self.file
            .finish()?
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()
    }
}

impl RowSink for RunWriter {
    fn push(&mut self, row: &Row) -> io::Result<()> {
        self.bytes.clear();
        row.write(&mut self.bytes);
        self.file.write_all(&self.bytes)
    }
}

/// Writes `rows` (sorted) to a new run file at `path`.
pub(super) fn write_run(path: &Path, rows: &[Row]) -> io::Result<()> {
    let mut run = RunWriter::create(path)?;
    for row in rows {
        run.push(row)?;
    }
    run.finish()
}

/// The rows of a run file, in order.
pub(super) fn read_run(path: &Path) -> io::Result<Rows<'static>> {
    let file = BufReader::with_capacity(1 << 16, File::open(path)?);
    let mut file = zstd::stream::Decoder::with_buffer(file)?;
    const HEAD: usize = Row::HEAD_BYTES;
    let mut bytes = [0; HEAD + TOP_GAMES * 10];
    Ok(Box::new(std::iter::from_fn(move || {
        match file.read_exact(&mut bytes[..HEAD]) {
            Err(err) if err.kind() == io::ErrorKind::UnexpectedEof => return None,
            Err(err) => return Some(Err(err)),
            Ok(()) => {}
        }
        let length = Row::length(&bytes[..HEAD]);
        if let Err(err) = file.read_exact(&mut bytes[HEAD..length]) {
            return Some(Err(err));
        }
        Some(
            Row::read(&bytes[..length])
                .map(|(row, _)| row)
                .ok_or_else(|| {
                    io::Error::new(io::ErrorKind::InvalidData, "a spilled run does not read")
                }),
        )
    })))
}

/// Merges sorted `sources` into `out`, adding up the rows of one key.
pub(super) fn merge(sources: Vec<Rows<'_>>, out: &mut impl RowSink) -> io::Result<()> {
    let mut sources = sources;
    let mut heads: Vec<Option<Row>> = Vec::with_capacity(sources.len());
    let mut heap = BinaryHeap::with_capacity(sources.len());
    for (i, source) in sources.iter_mut().enumerate() {
        let head = source.next().transpose()?;
        if let Some(row) = &head {
            heap.push(Reverse((row.key, i)));
        }
        heads.push(head);
    }
    let mut pending: Option<Row> = None;
    while let Some(Reverse((_, i))) = heap.pop() {
        let row = heads[i].take().expect("a source in the heap has a head");
        if let Some(next) = sources[i].next().transpose()? {
            heap.push(Reverse((next.key, i)));
            heads[i] = Some(next);
        }
        match &mut pending {
            Some(held) if held.key == row.key => held.merge(&row),
            _ => {
                if let Some(done) = pending.replace(row) {
                    out.push(&done)?;
                }
            }
        }
    }
    if let Some(done) = pending {
        out.push(&done)?;
    }
    Ok(())
}

/// Writes the positions file: the magic, blocks of rows, the block list,
/// the footer.
pub(super) struct BlockWriter {
    file: BufWriter<File>,
    at: u64,
    block: Vec<u8>,
    block_key: u64,
    blocks: Vec<(u64, u64)>,
    rows: u64,
    row: Vec<u8>,
}

impl BlockWriter {
    pub(super) fn create(path: &Path) -> io::Result<BlockWriter> {
        let mut file = BufWriter::with_capacity(1 << 20, File::create(path)?);
        file.write_all(POSITIONS_MAGIC)?;
        Ok(BlockWriter {
            file,
            at: POSITIONS_MAGIC.len() as u64,
            block: Vec::with_capacity(BLOCK_BYTES + 128),
            block_key: 0,
            blocks: Vec::new(),
            rows: 0,
            row: Vec::with_capacity(128),
        })
    }

    /// Writes the block, compressed: zstd's fastest level takes an
    /// index to 40% of its size (rows of small counts and few distinct
    /// bytes), and a lookup decompresses 16 KiB.
    fn end_block(&mut self) -> io::Result<()> {
        let compressed = zstd::bulk::compress(&self.block, 1)?;
        self.blocks.push((self.block_key, self.at));
        self.file.write_all(&compressed)?;
        self.at += compressed.len() as u64;
        self.block.clear();
        Ok(())
    }

    /// Writes the rest, the block list and the footer; the footer.
    pub(super) fn finish(mut self, games: u64, games_bytes: u64) -> io::Result<Footer> {
        if !self.block.is_empty() {
            self.end_block()?;
        }
        for &(key, at) in &self.blocks {
            self.file.write_all(&key.to_le_bytes())?;
            self.file.write_all(&at.to_le_bytes())?;
        }
        let footer = Footer {
            index_at: self.at,
            blocks: self.blocks.len() as u64,
            rows: self.rows,
            games,
            games_bytes,
        };
        self.file.write_all(&footer.to_bytes())?;
        self.file
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()?;
        Ok(footer)
    }
}

impl RowSink for BlockWriter {
    fn push(&mut self, row: &Row) -> io::Result<()> {
        self.row.clear();
        row.write(&mut self.row);
        if !self.block.is_empty() && self.block.len() + self.row.len() > BLOCK_BYTES {
            self.end_block()?;
        }
        if self.block.is_empty() {
            self.block_key = row.key.position;
        }
        self.block.extend_from_slice(&self.row);
        self.rows += 1;
        Ok(())
    }
}
