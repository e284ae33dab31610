//! fenkit's sorted-block store: what the explorer's index, the search
//! index and a Polyglot book made past memory keep on disk, written once
//! here rather than once a feature.
//!
//! - [`Record`]: what a store holds, as bytes, sorted by a 64-bit key.
//! - [`sorted`]: a file of records sorted by key, in zstd blocks that
//!   never split a record, then each block's first key and place, then a
//!   footer ending in the file's magic bytes. Opening it checks that it is
//!   whole and of this version ([`BadIndex`]), so a query never answers
//!   from part of a file; a lookup reads one or two blocks with positional
//!   reads that many threads make at once.
//! - [`runs`]: records sorted in memory and spilled to disk as runs, so a
//!   build holds no more than the memory it is given; [`merge`]: sorted
//!   sources in one sorted pass, records of one order combined.
//! - [`blocks`]: a stream of zstd blocks, each framed by its lengths: the
//!   runs' format, and the book's spill's.
//!
//! Why sorted files and not an embedded database: each file is written in
//! one go by a build (every byte once, in order) and then only read; two
//! indexes merge by one sorted pass. A key-value store would add a
//! write-ahead log, compaction and a copy of each key for nothing these
//! tables need. DESIGN.md has the measurements.
//!
//! ```
//! use fenkit_store::{Record, sorted::{Format, SortedFile, SortedWriter}};
//!
//! /// A key and a count.
//! #[derive(Debug, PartialEq)]
//! struct Seen(u64, u32);
//!
//! impl Record for Seen {
//!     type Order = u64;
//!     fn key(&self) -> u64 { self.0 }
//!     fn order(&self) -> u64 { self.0 }
//!     fn combine(&mut self, other: &Seen) { self.1 += other.1 }
//!     fn write(&self, out: &mut Vec<u8>) {
//!         out.extend_from_slice(&self.0.to_le_bytes());
//!         out.extend_from_slice(&self.1.to_le_bytes());
//!     }
//!     fn read(bytes: &[u8]) -> Option<(Seen, usize)> {
//!         let key = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
//!         let count = u32::from_le_bytes(bytes.get(8..12)?.try_into().ok()?);
//!         Some((Seen(key, count), 12))
//!     }
//! }
//!
//! const SEEN: Format = Format { magic: *b"SEENDOC\x01", name: "table of seen keys", rebuild: "seen build", numbers: 1 };
//! let path = std::env::temp_dir().join(format!("fenkit-store-doc-{}", std::process::id()));
//! let sources = vec![
//!     fenkit_store::merge::in_memory(vec![Seen(3, 1), Seen(9, 1)]),
//!     fenkit_store::merge::in_memory(vec![Seen(3, 2)]),
//! ];
//! let mut file = SortedWriter::create(&path, &SEEN)?;
//! fenkit_store::merge::merge(sources, |seen| file.push(seen))?;
//! file.finish(&[42])?;
//! let table = SortedFile::open(&path, &SEEN)?;
//! assert_eq!((table.rows(), table.numbers()), (2, &[42][..]));
//! assert_eq!(table.find::<Seen>(3)?, [Seen(3, 3)]);
//! # std::fs::remove_file(&path)?;
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod bad_index;
pub mod blocks;
pub mod merge;
mod read_at;
mod record;
pub mod runs;
pub mod sorted;

pub use bad_index::{BadIndex, io_error};
pub use read_at::read_at;
pub use record::Record;
