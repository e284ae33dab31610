//! `fen explorer`: an opening explorer over your own games. `build`
//! counts games into an index (a folder), `query` answers for a position
//! as lichess's opening explorer does; `fen serve --explorer DIR` serves
//! the same answers over HTTP.

mod build;
#[cfg(feature = "parquet")]
mod import;
mod query;

use std::io;

use crate::{output::Output, run::Status};

/// An opening explorer over PGN games: `fen explorer build GAMES... -o
/// DIR` counts them (each move of each position: White wins, draws, Black
/// wins, average rating, the best rated games; by speed and month);
/// `fen explorer query DIR [FEN] [MOVE...]` prints the moves played from
/// a position; `fen explorer import` builds an index from rows counted on
/// Spark (`fenkit.spark.explorer`).
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: ExplorerCommand,
}

crate::subcommands! {
    ExplorerCommand;
    Build(build::Args) => build::run,
    Query(query::Args) => query::run,
    [cfg(feature = "parquet")] Import(import::Args) => import::run,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    args.command.run(out)
}
