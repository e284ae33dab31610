//! FEN column functions over Apache Arrow: each takes a column of records
//! (any Arrow string or binary layout) and returns a column of the same
//! length, row for row, null in and null out. Large columns are cut into
//! slices that every core works on; the order of rows is kept.
//!
//! The names are the SQL names: the Python package and the SQL engines
//! call these same functions. Options are arguments: how records are read
//! ([`ReadOptions`]: lenient, Chess960, strictness) and, for functions
//! that write FEN, how it is written ([`WriteOptions`]).
//!
//! Value functions answer null for a record they cannot answer for:
//! [`fen_canonical`], [`fen_board`], [`fen_side`] and [`fen_material`]
//! need a well-formed record; [`fen_key`], [`fen_polyglot_key`],
//! [`fen_check_status`], [`fen_opening`] and [`fen_play`] a valid one
//! (a position a game can be played from). [`fen_valid`] and
//! [`fen_errors`] say why.
//!
//! ```
//! use arrow_array::{Array, StringArray, cast::AsArray};
//!
//! let fens = StringArray::from(vec![
//!     Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
//!     Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"),
//!     None,
//! ]);
//! let keys = fenkit_arrow::fen_key(&fens, &Default::default())?;
//! let keys = keys.as_string::<i32>();
//! assert_eq!(keys.value(0), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
//! assert!(keys.is_null(1) && keys.is_null(2));
//! # Ok::<_, arrow_schema::ArrowError>(())
//! ```
#![forbid(unsafe_code)]

mod annotations;
mod book;
mod check;
mod explorer;
mod functions;
mod games;
mod keys;
mod map;
mod play;
mod plies;
mod position;
mod read_pgn;
mod search;
mod strings;
mod tablebase;
mod write;

pub use annotations::{annotations_type, pgn_annotations};
pub use book::{book_rows, book_rows_schema, read_book_rows};
pub use check::{errors_type, fen_errors, fen_valid};
pub use explorer::{ReadRow, explorer_rows, explorer_rows_schema, index_row, read_explorer_rows};
pub use fenkit::{CastlingNotation, Options, ReadOptions, Strictness, WriteOptions};
pub use functions::{Beside, ColumnFunction, Example, FUNCTIONS, Kernel};
pub use keys::{fen_key, fen_polyglot_key, fen_polyglot_key_i64};
pub use play::{fen_play, pgn_positions, positions_type};
pub use position::{
    fen_check_status, fen_chess960_number, fen_describe, fen_material, fen_opening, fen_side,
    material_type, opening_type,
};
pub use read_pgn::{
    PgnBatches, PgnColumns, TAGS, pgn_schema, pgn_schema_with, read_pgn, read_pgn_with,
};
pub use search::{fen_matches, fen_signature, pgn_reaches};
pub use shakmaty::{CastlingMode, EnPassantMode};
pub use strings::{ACCEPTED, Strings};
pub use tablebase::{fen_dtz, fen_tb_best, fen_tb_category, fen_tb_errors, fen_wdl};
pub use write::{fen_board, fen_canonical};
