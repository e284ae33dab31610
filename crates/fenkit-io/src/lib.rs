//! What fenkit's front ends read, kept out of the library (which does no
//! I/O): inputs compressed or not, told apart by their first bytes
//! whatever their names ([`open`], [`decompress`]), and PGN text cut into
//! games ([`PgnGames`]).

mod compression;
mod pgn;

pub use compression::{Compression, binary_kind, decompress, open, sniff};
pub use pgn::{PgnGame, PgnGames};
