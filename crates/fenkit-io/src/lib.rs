//! What every front end reads and writes with, kept out of the libraries
//! (which do no I/O): inputs compressed or not, told apart by their first
//! bytes whatever their names ([`open`], [`decompress`]), and values as
//! fields of CSV/TSV rows ([`write_field`]). PGN is cut into games by the
//! games library's one splitter, `fenkit_games::pgn::GameTexts`; books and
//! the explorer's index keep their own storage, in `fenkit-books`.

mod compression;
mod fields;

pub use compression::{Compression, binary_kind, decompress, open, sniff};
pub use fields::write_field;
