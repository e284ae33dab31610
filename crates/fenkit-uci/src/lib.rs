//! A UCI client: fenkit drives chess engines that speak the Universal
//! Chess Interface.
//!
//! An [`Engine`] is a process started from an [`EngineCommand`]: the
//! handshake (`uci`, `uciok`), the options (`setoption`), `isready`, then
//! searches ([`Engine::go`]) and perft counts ([`Engine::perft`]). The
//! positions sent are shakmaty positions, so a position that breaks the
//! rules cannot be sent: a bad FEN is stopped where it is read, never at
//! the engine. Every wait has a time limit; an engine that exits or stops
//! answering is an [`EngineError`] naming what was awaited, with the tail
//! of what the engine wrote on stderr, and [`Engine::restart`] starts it
//! again.
//!
//! The order of a session is the protocol's: `uci` … `uciok`, `setoption`s,
//! `isready` … `readyok` ([`Engine::start`] does these), then per position
//! `position` and `go` … `bestmove` (or, for perft, the engine's divide
//! lines and its total). `ucinewgame` ([`Engine::new_game`]) between
//! unrelated positions.
//!
//! The client does I/O (it is a front end's tool, not the FEN library);
//! it keeps no global state.

mod command;
pub mod compare;
mod engine;
mod error;
mod options;
mod perft;
pub mod pool;
mod position;
mod search;

pub use command::{BadCommand, EngineCommand};
pub use engine::{Engine, Settings, position_command};
pub use error::EngineError;
pub use perft::{Divide, read_divide_line, read_total_line};
pub use position::{PositionCommand, Problem, read_position_command};
pub use search::{Info, Limit, Score, Search};
