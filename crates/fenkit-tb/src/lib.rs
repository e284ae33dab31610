//! Endgame tables: what best play makes of a position, from Syzygy tables
//! read by shakmaty-syzygy.
//!
//! - [`Tables`]: the tables of some folders, each file checked when
//!   opened (a cut-short or foreign file is named then, not at the probe
//!   that needs it).
//! - [`Answer`]: a position's verdict (WDL for the side to move as the
//!   tables give it, DTZ, lichess's [`Category`], mate, stalemate,
//!   insufficient material) and each legal move's, best first as lichess
//!   orders them; [`NotInTables`] when the tables cannot answer, naming
//!   the file a missing material needs.
//! - [`Tables::best_line`]: the line of best play, DTZ-optimal, to the
//!   game's end (as Fathom's principal variation).
//!
//! Why lichess's shape: it is the answer players and programs already
//! read (`tablebase.lichess.ovh`), and its categories say what the raw
//! numbers hide, that the fifty-move rule can save a lost position
//! (`blessed-loss`) or spoil a won one (`cursed-win`), and where DTZ's
//! rounding leaves that open (`maybe-win`).
//!
//! The crate reads the tables' files and nothing else; it keeps no global
//! state.
//!
//! ```no_run
//! use fenkit_tb::{Category, Tables};
//! use shakmaty::{CastlingMode, Chess, fen::Fen};
//!
//! let tables = Tables::open(&["syzygy/regular".into()])?;
//! let fen: Fen = "8/8/8/8/8/8/2K5/k1Q5 b - - 0 1".parse()?;
//! let position: Chess = fen.into_position(CastlingMode::Standard)?;
//! let answer = tables.answer(&position)?;
//! assert_eq!(answer.category, Category::Loss);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod answer;
mod category;
mod line;
mod tables;

pub use answer::{Answer, MoveAnswer, NotInTables};
pub use category::Category;
pub use tables::{BadTables, Tables};

/// The problem code of a position the tables cannot answer for, in every
/// front end's diagnostics (`fen tb`, the column functions' reasons).
pub const NOT_IN_TABLES: fenkit::Code = fenkit::Code::Input("not-in-tables");
