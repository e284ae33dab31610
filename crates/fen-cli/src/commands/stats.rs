//! `fen stats`: what a collection of records holds, counted.

use fenkit_run::stats::Stats;

use super::prelude::*;
use crate::options::{Report, ReportFormat};

/// Count what the records hold: valid and invalid (by code, with an
/// example), side to move, castling, en passant, pieces on the board,
/// checks, mates and stalemates, duplicates (a variant's records with its
/// pockets and counters read, by its rules).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
    #[command(flatten)]
    pub report: Report,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let mut stats = Stats::new(read, args.report.format == ReportFormat::Json);
    run::stream(&mut stats, args.inputs.config(), out)
}
