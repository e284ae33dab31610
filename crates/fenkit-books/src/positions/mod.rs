//! Books of positions that engine matches start from: EPD records and PGN
//! lines, as fastchess, cutechess and OpenBench read them. Made from games
//! ([`cut`]: each game's position at a ply, its first plies as a line),
//! checked for what makes runners read a book differently ([`lint`]),
//! counted ([`stats`]) and sampled by a seed ([`sample`]).
//!
//! Why a book needs care: runners disagree where the standard leaves room.
//! An en passant square with no legal capture is kept by one and dropped
//! by another, so the same book gives different games (fastchess #559);
//! clocks in operations (`hmvc`, `fmvn`) crash some (#586). A book written
//! here is four-field EPD as the standard writes it, the en passant square
//! after every double push unless asked only where a capture is legal.

pub mod cut;
pub mod lint;
pub mod sample;
pub mod stats;

pub use cut::{Cut, CutFate, Cutter, PlyChoice, both_queens};
pub use lint::{BookFault, Faults};
pub use sample::Seeded;
pub use stats::BookStats;
