//! What fenkit's front ends read and write, kept out of the library
//! (which does no I/O): inputs compressed or not, told apart by their
//! first bytes whatever their names ([`open`], [`decompress`]), PGN text
//! cut into games ([`PgnGames`]), and values as fields of CSV/TSV rows
//! ([`write_field`]).

mod compression;
mod fields;
mod pgn;

pub use compression::{Compression, binary_kind, decompress, open, sniff};
pub use fields::write_field;
pub use pgn::{PgnGame, PgnGames};
