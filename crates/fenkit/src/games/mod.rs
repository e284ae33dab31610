//! Moves and games: reading moves in SAN or UCI with reasons for the ones
//! that do not fit, the history of a game (repetitions, move-count rules,
//! insufficient material), opening names, Polyglot books, and PGN games
//! (feature `pgn`).
//!
//! The rules of chess are shakmaty's; these modules read and explain.

mod annotations;
pub mod book;
pub mod book_make;
pub mod book_merge;
mod dialects;
mod epd;
pub mod explorer;
mod first_plies;
mod history;
#[cfg(feature = "pgn")]
mod mainline;
mod moves;
mod openings;
#[cfg(feature = "pgn")]
pub mod pgn;
#[cfg(feature = "pgn")]
mod ply_of_game;
pub mod result;
pub mod tag_filter;
mod tags;
#[cfg(feature = "pgn")]
mod texts;

pub use annotations::{Annotations, Drawn, Eval};
pub use dialects::{MovetextDialect, MovetextDialects, rewrite_dialects};
pub use epd::{BadEpdMove, epd_moves};
pub use first_plies::{FirstPlies, book_key};
pub use history::{Event, History};
pub use moves::{MoveError, legal_sans, move_number, move_words, read_move, read_variant_move};
pub use openings::{Opening, opening, openings};
#[cfg(feature = "pgn")]
pub use ply_of_game::{GamePly, NoPly, game_clocks, game_plies, ply_of_game};
pub use tags::{TagValue, UTC_MOMENT, tag_value, utc_moment};
