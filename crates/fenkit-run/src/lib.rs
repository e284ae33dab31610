//! The runner behind the `fen` command, as a library beside its binary
//! (as ripgrep keeps its searcher and printer): every record of the
//! inputs handed to a job (`run`), every game played by a job's state
//! through the games library's one door (`games`), on one thread or on
//! every core with the output in input order (`ordered`), diagnostics and
//! output written through one `Output` (`output`, `report`), where records
//! stand in a line (`extract`), and a progress bar (`progress`).
//!
//! It knows no command-line flag: a run is configured by `run::Config`,
//! which the command fills from its flags. It does I/O (files, standard
//! streams); the FEN, games and books libraries below it do none.

pub mod codes;
pub mod extract;
pub mod games;
pub mod ordered;
pub mod output;
pub mod progress;
pub mod report;
pub mod reported;
pub mod rows;
pub mod run;
pub mod stats;
pub mod uniq;
