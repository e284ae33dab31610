//! `fen moves`: the legal moves of each position, in SAN and UCI.

use shakmaty::{CastlingMode, Position, san::San, uci::UciMove};

use super::prelude::*;

/// Print the legal moves of each position, one per line as SAN and UCI,
/// an empty line between positions ('-' for none: checkmate, stalemate, or
/// a variant's game over); drops (Crazyhouse) as N@f3.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let mut moves = Moves {
        read: args.inputs.read_options(),
        items: Separated::default(),
    };
    run::stream(&mut moves, &args.inputs, out)
}

#[derive(Copy, Clone)]
struct Moves {
    read: ReadOptions,
    items: Separated,
}

impl PositionJob for Moves {
    fn read(&self) -> &ReadOptions {
        &self.read
    }

    fn position(&mut self, position: VariantPosition, out: &mut Output) -> io::Result<bool> {
        self.items.next_item(out);
        let legal = position.legal_moves();
        if legal.is_empty() {
            writeln!(out.stdout(), "-")?;
        }
        let mode: CastlingMode = self.read.castling;
        for m in legal {
            let san = San::from_move(&position, m);
            writeln!(out.stdout(), "{san}\t{}", UciMove::from_move(m, mode))?;
        }
        Ok(true)
    }
}

impl ClonedJob for Moves {
    fn items(&mut self) -> Option<&mut Separated> {
        Some(&mut self.items)
    }
}
