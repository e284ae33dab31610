//! fenkit's books library: Polyglot opening books (read, made from games
//! as `polyglot make-book` makes them, merged as `polyglot merge-book`
//! merges them) and the opening explorer (each position's moves counted
//! over games, answered in the shape of lichess's explorer). Each
//! feature's model and its storage live here together: a book larger than
//! memory spills to disk while it is made ([`make::BookBuilder`]), and the
//! explorer keeps its index in a folder ([`explorer::Explorer`]), as
//! `fen search` keeps its own ([`search_index::SearchIndex`]). This
//! crate's job is storage, so it does I/O; the counting itself takes
//! games as values and writes nothing.

mod bad_index;
pub mod book;
pub mod explorer;
mod first_plies;
pub mod make;
pub mod merge;
mod read_at;
pub mod search_index;

pub use bad_index::BadIndex;
pub use first_plies::{FirstPlies, book_key, mirrored, mirrored_book_key};
