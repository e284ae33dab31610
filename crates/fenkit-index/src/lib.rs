//! fenkit's indexes of games on disk, each a folder written by a build
//! and read in place, both on fenkit's sorted-block store
//! ([`fenkit_store`]):
//!
//! - [`explorer`]: the opening explorer, each position's moves counted
//!   over games (by speed, month and rating) and answered in the shape of
//!   lichess's explorer ([`explorer::Explorer`], built by
//!   [`explorer::ExplorerBuilder`]);
//! - [`search`]: which games reach a position, and the games themselves,
//!   for `fen search --index` and the service ([`search::SearchIndex`],
//!   built by [`search::SearchIndexBuilder`]).
//!
//! The counting and the answers take games and rows as values; this
//! crate's I/O is its indexes' files.

pub mod explorer;
pub mod search;

pub use fenkit_store::BadIndex;

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
