//! Sorted runs spilled to disk while a build outgrows its memory, read
//! back as sources of one merge.

use std::{
    fs::{self, File},
    io::{self, BufReader, BufWriter},
    path::{Path, PathBuf},
};

use crate::{
    Record,
    blocks::{BlockCompressor, BlockReader},
    merge::{Records, merge},
};

/// Records a run's block holds before it is compressed.
const RUN_BLOCK: usize = 64 << 10;
/// Runs merged into one when there are this many, so that a build holds
/// at most this many files open however many runs it spills; fewer when
/// the memory given is small (a run being read holds two blocks).
const MERGE_FAN: usize = 64;

/// The runs of one build, in a folder of their own that goes when they
/// do (when the build is over, or failed).
pub struct Runs {
    dir: PathBuf,
    runs: Vec<PathBuf>,
    /// Runs written so far (some since merged).
    spilled: usize,
    fan: usize,
    compressor: Option<BlockCompressor>,
}

impl Runs {
    /// Runs in `dir`, made when the first is spilled; a build given
    /// `memory` bytes merges its runs before they hold too many files
    /// open.
    pub fn new(dir: PathBuf, memory: usize) -> Runs {
        Runs {
            dir,
            runs: Vec::new(),
            spilled: 0,
            fan: (memory / (4 * RUN_BLOCK)).clamp(4, MERGE_FAN),
            compressor: None,
        }
    }

    /// Runs written so far, counting those since merged.
    pub fn spilled(&self) -> usize {
        self.spilled
    }

    /// Writes `sorted` (in order) as a run.
    pub fn spill<R: Record>(&mut self, sorted: &[R]) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let path = self.next_path();
        let mut run = RunWriter::create(&path, self.compressor()?)?;
        for record in sorted {
            run.push(record)?;
        }
        run.finish()?;
        self.runs.push(path);
        if self.runs.len() >= self.fan {
            self.merge_runs::<R>()?;
        }
        Ok(())
    }

    /// The runs merged into one.
    fn merge_runs<R: Record>(&mut self) -> io::Result<()> {
        let merged = self.next_path();
        let sources = self.sources::<R>()?;
        let compressor = self.compressor.take();
        let mut compressor = match compressor {
            Some(compressor) => compressor,
            None => BlockCompressor::new()?,
        };
        let mut out = RunWriter::create(&merged, &mut compressor)?;
        merge(sources, |record| out.push(record))?;
        out.finish()?;
        self.compressor = Some(compressor);
        for run in self.runs.drain(..) {
            fs::remove_file(run)?;
        }
        self.runs.push(merged);
        Ok(())
    }

    /// Each run's records, in order.
    pub fn sources<R: Record>(&self) -> io::Result<Vec<Records<'static, R>>> {
        self.runs.iter().map(|path| read_run(path)).collect()
    }

    fn next_path(&mut self) -> PathBuf {
        self.spilled += 1;
        self.dir.join(format!("run-{}", self.spilled - 1))
    }

    fn compressor(&mut self) -> io::Result<&mut BlockCompressor> {
        if self.compressor.is_none() {
            self.compressor = Some(BlockCompressor::new()?);
        }
        Ok(self.compressor.as_mut().expect("made above"))
    }
}

impl Drop for Runs {
    fn drop(&mut self) {
        if self.spilled > 0 {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

/// Writes records to a run, in blocks.
struct RunWriter<'c> {
    file: BufWriter<File>,
    compressor: &'c mut BlockCompressor,
    block: Vec<u8>,
}

impl<'c> RunWriter<'c> {
    fn create(path: &Path, compressor: &'c mut BlockCompressor) -> io::Result<RunWriter<'c>> {
        Ok(RunWriter {
            file: BufWriter::with_capacity(1 << 20, File::create(path)?),
            compressor,
            block: Vec::with_capacity(RUN_BLOCK + 128),
        })
    }

    fn push<R: Record>(&mut self, record: &R) -> io::Result<()> {
        record.write(&mut self.block);
        if self.block.len() >= RUN_BLOCK {
            self.compressor.write(&mut self.file, &self.block)?;
            self.block.clear();
        }
        Ok(())
    }

    fn finish(mut self) -> io::Result<()> {
        if !self.block.is_empty() {
            self.compressor.write(&mut self.file, &self.block)?;
        }
        self.file
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()
    }
}

/// The records of a run, in order.
fn read_run<R: Record>(path: &Path) -> io::Result<Records<'static, R>> {
    let mut blocks = BlockReader::new(BufReader::with_capacity(64 << 10, File::open(path)?));
    let mut block = Vec::new();
    let mut at = 0;
    Ok(Box::new(std::iter::from_fn(move || {
        if at == block.len() {
            match blocks.next_block() {
                Ok(Some(next)) => (block, at) = (next, 0),
                Ok(None) => return None,
                Err(err) => return Some(Err(err)),
            }
        }
        match R::read(&block[at..]) {
            Some((record, used)) => {
                at += used;
                Some(Ok(record))
            }
            None => {
                at = block.len();
                Some(Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a spilled run does not read",
                )))
            }
        }
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key and a count; records of one key add up.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Seen(u64, u32);

    impl Record for Seen {
        type Order = u64;
        fn key(&self) -> u64 {
            self.0
        }
        fn order(&self) -> u64 {
            self.0
        }
        fn combine(&mut self, other: &Seen) {
            self.1 += other.1
        }
        fn write(&self, out: &mut Vec<u8>) {
            out.extend_from_slice(&self.0.to_le_bytes());
            out.extend_from_slice(&self.1.to_le_bytes());
        }
        fn read(bytes: &[u8]) -> Option<(Seen, usize)> {
            let key = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
            let count = u32::from_le_bytes(bytes.get(8..12)?.try_into().ok()?);
            Some((Seen(key, count), 12))
        }
    }

    #[test]
    fn many_runs_merge_to_the_sums_and_their_folder_goes() {
        let dir = std::env::temp_dir().join(format!("fenkit-store-runs-{}", std::process::id()));
        // Little memory: runs are merged every four.
        let mut runs = Runs::new(dir.clone(), 0);
        for run in 0..10u64 {
            let sorted: Vec<Seen> = (0..20_000).map(|i| Seen(i * 3 + run % 2, 1)).collect();
            runs.spill(&sorted).unwrap();
        }
        assert_eq!(runs.spilled(), 10 + 3, "three merges of four runs");
        assert_eq!(runs.runs.len(), 1);
        let mut merged = Vec::new();
        merge(runs.sources::<Seen>().unwrap(), |seen| {
            merged.push(*seen);
            Ok(())
        })
        .unwrap();
        assert_eq!(merged.len(), 40_000);
        assert_eq!(merged[..2], [Seen(0, 5), Seen(1, 5)]);
        assert!(merged.windows(2).all(|w| w[0].0 < w[1].0));
        drop(runs);
        assert!(!dir.exists());
    }
}
