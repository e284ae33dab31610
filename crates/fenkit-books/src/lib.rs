//! fenkit's books library: Polyglot opening books, read, made from games
//! as `polyglot make-book` makes them (spilling to disk past memory,
//! [`make::BookBuilder`]) and merged as `polyglot merge-book` merges them;
//! and the first plies of a game as a book counts them ([`FirstPlies`]),
//! which the explorer counts too. The indexes of games (the explorer's,
//! `fen search`'s) are `fenkit-index`'s.

pub mod book;
pub mod dump;
mod first_plies;
pub mod make;
pub mod merge;
pub mod positions;

pub use first_plies::{FirstPlies, book_key, mirrored, mirrored_book_key};
