//! `fen mirror`: each position with its colours swapped and the board
//! flipped, as python-chess's `Board.mirror()` makes it: the same
//! position for the other side, which engine testers and training sets
//! use to balance colours.

use fenkit::WriteOptions;

use super::prelude::*;
use crate::options::Style;

/// Print each well-formed record mirrored: the board flipped top to
/// bottom, every piece's colour swapped, the other side to move, castling
/// rights and the en passant square mirrored, the clocks kept (shakmaty's
/// `Setup::mirror`, python-chess's `Board.mirror()`). Written as FEN: an
/// EPD record's operations are left out, since their moves and scores
/// would need mirroring too.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
    #[command(flatten)]
    pub style: Style,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let mut mirror = Mirror {
        read,
        write: args.style.write_options(&read),
    };
    run::stream(&mut mirror, args.inputs.config(), out)
}

#[derive(Clone)]
struct Mirror {
    read: ReadOptions,
    write: WriteOptions,
}

impl Job for Mirror {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(parsed) = parse_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        let mirrored = parsed.setup.into_mirrored();
        let text = out.stdout();
        self.write.write_fen(&mirrored, text);
        text.push(b'\n');
        Ok(true)
    }
}

impl Parallel for Mirror {
    type Handed = ();

    fn fork(&self) -> Self {
        self.clone()
    }
}
