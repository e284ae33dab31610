//! `fen opening`: the ECO code and name of each legal position, looked up
//! by position, so that transpositions count.

use super::prelude::*;
use crate::rows::{self, Column, Need};

/// Print the ECO code and name of each position ('-' for none), found
/// by position, so that transpositions count.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub rows: rows::Args,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let defaults = rows::Defaults {
        columns: &[Column::Eco, Column::Opening, Column::Errors],
        need: Need::Playable,
    };
    let write = fenkit::WriteOptions::default();
    if let Some(status) = rows::run(&args.rows, &args.inputs, read, write, defaults, out) {
        return status;
    }
    let mut opening = Opening::new(read);
    run::stream(&mut opening, args.inputs.config(), out)
}

#[derive(Clone)]
struct Opening {
    read: ReadOptions,
}

impl Opening {
    fn new(read: ReadOptions) -> Opening {
        Opening { read }
    }
}

impl Job for Opening {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(position) = legal_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        match fenkit_games::opening(&position) {
            Some(opening) => writeln!(out.stdout(), "{}\t{}", opening.eco, opening.name)?,
            None => writeln!(out.stdout(), "-")?,
        }
        Ok(true)
    }
}

impl Parallel for Opening {
    type Handed = ();

    fn fork(&self) -> Self {
        self.clone()
    }
}
