//! A stream of zstd blocks, each framed by its lengths (raw, then
//! compressed, as little-endian u32s): how runs spilled to disk are
//! written, and a book's spilled moves. Compressed because a month of
//! lichess's games spills a hundred gigabytes of rows raw; in blocks so
//! that a reader holds one block, however many readers a merge opens.

use std::io::{self, Read, Write};

/// No block is larger: a longer length is damage, not a block.
const MAX_BLOCK: usize = 64 << 20;

/// Writes blocks, one compressor for any number of streams.
pub struct BlockCompressor(zstd::bulk::Compressor<'static>);

impl BlockCompressor {
    /// zstd's fastest level: spilled bytes are read once.
    pub fn new() -> io::Result<BlockCompressor> {
        Ok(BlockCompressor(zstd::bulk::Compressor::new(1)?))
    }

    /// Writes `raw` to `out` as one block; the bytes written.
    pub fn write(&mut self, out: &mut impl Write, raw: &[u8]) -> io::Result<u64> {
        let compressed = self.0.compress(raw)?;
        out.write_all(&(raw.len() as u32).to_le_bytes())?;
        out.write_all(&(compressed.len() as u32).to_le_bytes())?;
        out.write_all(&compressed)?;
        Ok(8 + compressed.len() as u64)
    }
}

/// Reads the blocks of a stream, one at a time.
pub struct BlockReader<R> {
    input: R,
    compressed: Vec<u8>,
}

impl<R: Read> BlockReader<R> {
    pub fn new(input: R) -> BlockReader<R> {
        BlockReader {
            input,
            compressed: Vec::new(),
        }
    }

    /// The next block's bytes, `None` at the end of the stream.
    pub fn next_block(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut head = [0; 8];
        match self.input.read_exact(&mut head) {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(err) => return Err(err),
        }
        let raw = u32::from_le_bytes(head[..4].try_into().expect("4 bytes")) as usize;
        let length = u32::from_le_bytes(head[4..].try_into().expect("4 bytes")) as usize;
        if raw > MAX_BLOCK || length > MAX_BLOCK {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "a spilled block is damaged",
            ));
        }
        self.compressed.resize(length, 0);
        self.input.read_exact(&mut self.compressed)?;
        zstd::bulk::decompress(&self.compressed, raw).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_come_back_as_written_and_a_damaged_length_is_an_error() {
        let mut stream = Vec::new();
        let mut compressor = BlockCompressor::new().unwrap();
        let written = compressor.write(&mut stream, b"abcabcabc").unwrap()
            + compressor.write(&mut stream, b"").unwrap();
        assert_eq!(written, stream.len() as u64);
        let mut reader = BlockReader::new(&stream[..]);
        assert_eq!(reader.next_block().unwrap().unwrap(), b"abcabcabc");
        assert_eq!(reader.next_block().unwrap().unwrap(), b"");
        assert!(reader.next_block().unwrap().is_none());
        stream[3] = 0xff;
        assert!(BlockReader::new(&stream[..]).next_block().is_err());
    }
}
