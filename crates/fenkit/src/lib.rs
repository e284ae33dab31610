//! Strict Forsyth–Edwards Notation (FEN) for Rust: parse records exactly as
//! the standard defines them, say precisely what is wrong when they are not,
//! check the rules of chess, and write canonical FEN.
//!
//! Positions are shakmaty's [`Setup`](shakmaty::Setup), so anything built on
//! shakmaty can use fenkit's parser in place of shakmaty's relaxed one.
//! This is the FEN library: it reads a move ([`moves`]) because EPD's
//! operations hold moves, and leaves games, books and diagrams to the
//! libraries built on it (`fenkit-games`, `fenkit-books`,
//! `fenkit-diagrams`). It does no I/O and keeps no global state.
//!
//! ```
//! let record = b"rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
//! let checked = fenkit::check(record);
//! assert!(checked.is_valid());
//! let setup = checked.setup.clone().unwrap();
//! assert_eq!(fenkit::Fen::from(setup).to_string().as_bytes(), record);
//!
//! // A malformed record: every problem, each with a code and a byte span.
//! let checked = fenkit::check(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1");
//! let problem = &checked.diagnostics[0];
//! assert_eq!(problem.code.as_str(), "rank-too-short");
//! assert_eq!(problem.span, fenkit::Span::new(35, 42));
//! assert_eq!(problem.message, "rank 1 (the 8th group) has 7 squares; each rank has exactly 8");
//! ```
// The one `unsafe` block is the SSE2 call in `parse::squares`.
#![deny(unsafe_code)]

mod castling;
mod check;
mod chess960;
mod code;
pub mod description;
mod diagnostic;
mod en_passant;
pub mod epd;
mod fen;
pub mod fields;
mod found;
pub mod marks;
pub use found::{needs_escape, printable};
#[cfg(feature = "serde")]
pub mod json;
mod key;
pub mod legality;
pub mod moves;
mod options;
mod parse;
pub mod play;
mod problem;
mod records;
pub mod variants;
mod words;
mod write;

pub use check::{CheckStatus, Checked, can_move, check, king_steps};
pub use chess960::{chess960_number, chess960_start};
pub use diagnostic::{Class, Code, Diagnostic, Field, Record, Severity, Span, column, no_errors};
pub use en_passant::{ep_rank, ep_squares};
pub use epd::{Operand, Operation};
pub use fen::Fen;
pub use key::{opening_key, polyglot_key, transposition_key, write_opening_key};
pub use legality::playable;
pub use legality::{Violation, violations};
pub use options::{
    CastlingNotation, Choice, Format, OPTION_NAMES, OptionWord, Options, ReadOptions, Strictness,
    UnknownWord, WriteOptions,
};
pub use parse::{FieldSpans, ParseError, Parsed, parse, placement_span};
pub use problem::Problem;
pub use records::{Records, records, records_in};
pub use words::piece_name;
pub use write::{board_letters, fields_in_words, write_board_lines, write_board_text, write_fen};
