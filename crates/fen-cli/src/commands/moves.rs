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
    let read = args.inputs.read_options();
    let job = Moves {
        mode: read.castling,
    };
    run::stream(&mut Positions { read, job }, args.inputs.config(), out)
}

#[derive(Copy, Clone)]
struct Moves {
    /// How UCI writes castling: the king to its square, or taking its
    /// rook (Chess960).
    mode: CastlingMode,
}

impl PositionJob for Moves {
    fn position(&mut self, position: VariantPosition, out: &mut Output) -> io::Result<bool> {
        out.next_item();
        let legal = position.legal_moves();
        if legal.is_empty() {
            writeln!(out.stdout(), "-")?;
        }
        for m in legal {
            let san = San::from_move(&position, m);
            writeln!(out.stdout(), "{san}\t{}", UciMove::from_move(m, self.mode))?;
        }
        Ok(true)
    }
}
