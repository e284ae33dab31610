//! fenkit's games library: PGN games read as people write them (the
//! standard first, then the dialects real files use, each named), a
//! move's annotations (clocks, evaluations, arrows), the history of a game
//! (repetitions, move-count rules, insufficient material), opening names
//! and what tags mean.
//!
//! Moves themselves are read by the FEN library (`fenkit::moves`), which
//! EPD's `bm`, `am` and `pv` need too; the rules of chess are shakmaty's;
//! these modules read and explain. Like the FEN library, it does no I/O.

pub mod advice;
mod annotations;
mod dialects;
pub mod export;
mod history;
mod mainline;
mod movetext;
mod openings;
pub mod pgn;
mod play;
mod ply_of_game;
pub mod result;
pub mod search;
mod start;
pub mod tag_filter;
mod tags;
mod texts;

pub use annotations::{Annotations, Brush, Eval, Shape};
pub use dialects::{MovetextDialect, MovetextDialects, rewrite_dialects};
pub use history::{Event, History};
pub use openings::{Opening, opening, openings};
pub use play::PlayedGame;
pub use ply_of_game::{GamePly, NoPly, game_clocks, game_plies, ply_of_game};
pub use tags::{TagValue, UTC_MOMENT, game_tags, tag_value, utc_moment};
