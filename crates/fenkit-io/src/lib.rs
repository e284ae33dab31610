//! What fenkit's front ends read and write, kept out of the library
//! (which does no I/O): inputs compressed or not, told apart by their
//! first bytes whatever their names ([`open`], [`decompress`]), and values
//! as fields of CSV/TSV rows ([`write_field`]). PGN is cut into games by
//! the library's one splitter, `fenkit::games::pgn::GameTexts`. The
//! opening explorer's index on disk is [`explorer`]'s: built, merged and
//! read by the command, the service and Python alike; a Polyglot book
//! larger than memory is made by [`book_make`].

pub mod book_make;
mod compression;
pub mod explorer;
mod fields;

pub use compression::{Compression, binary_kind, decompress, open, sniff};
pub use fields::write_field;
