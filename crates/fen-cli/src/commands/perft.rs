//! `fen perft`: the number of move sequences of a given length from each
//! position, the count engine authors check a move generator with. The
//! moves are shakmaty's; this counts them.

use shakmaty::{Position, uci::UciMove};

use super::prelude::*;

/// Count the leaf nodes of the move tree of each position to DEPTH plies
/// (perft), one number per line; with --divide, the count under each legal
/// move first.
#[derive(clap::Args)]
pub struct Args {
    /// How many plies deep to count.
    #[arg(value_parser = |text: &str| crate::options::number_in(text, 0..=20))]
    pub depth: u32,
    #[command(flatten)]
    pub inputs: Inputs,
    /// The count under each legal move (UCI), then the total.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let mut perft = Perft {
        read: args.inputs.read_options(),
        depth: args.depth,
        divide: args.divide,
    };
    run::stream(&mut perft, &args.inputs, out)
}

#[derive(Clone, Copy)]
struct Perft {
    read: ReadOptions,
    depth: u32,
    divide: bool,
}

impl Job for Perft {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(position) = legal_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        if !self.divide || self.depth == 0 {
            writeln!(out.stdout(), "{}", shakmaty::perft(&position, self.depth))?;
            return Ok(true);
        }
        let mut total = 0;
        for m in position.legal_moves() {
            let mut after = position.clone();
            after.play_unchecked(m);
            let count = shakmaty::perft(&after, self.depth - 1);
            total += count;
            let uci = UciMove::from_move(m, self.read.castling);
            writeln!(out.stdout(), "{uci}\t{count}")?;
        }
        writeln!(out.stdout(), "total\t{total}")?;
        Ok(true)
    }
}

impl Parallel for Perft {
    fn fork(&self) -> Perft {
        *self
    }
}
