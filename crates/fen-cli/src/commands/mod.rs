//! The subcommands, one file each: its arguments (`Args`) and its `run`.
//! Per-record subcommands are jobs for the runner (`crate::run`); `pgn`
//! and `history` read games, `play` and `chess960` their arguments.
//!
//! Most jobs start a record the same way, named once in the runner
//! library (`crate::reported`): read it and report its problems, or check
//! it and take the position to play from.

pub mod analyse;
pub mod board;
pub mod book;
pub mod check;
pub mod chess960;
pub mod convert;
pub mod describe;
pub mod explorer;
pub mod filters;
pub mod gif;
pub mod guard;
pub mod history;
pub mod image;
pub mod index;
pub mod key;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod mirror;
pub mod moves;
pub mod normalize;
pub mod opening;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod scan;
pub mod search;
#[cfg(feature = "serve")]
pub mod serve;
pub mod sheet;
pub mod show;
pub mod stats;
pub mod suite;
pub mod tb;
pub mod uniq;

/// What the file of a per-record subcommand uses, so that it starts with
/// `use super::prelude::*;` and names only what is its own.
mod prelude {
    pub use std::io::{self, Write};

    pub use fenkit::{ReadOptions, Record, variants::VariantPosition};

    pub use crate::{
        options::{Inputs, PositionInputs},
        output::Output,
        reported::{
            PositionJob, Positions, checked_reported, legal_reported, legal_variant_reported,
            parse_reported, report, reported, warn_if_illegal,
        },
        run::{self, Job, Parallel, RecordCounts, Status},
    };
}
