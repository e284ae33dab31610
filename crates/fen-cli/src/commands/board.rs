//! `fen board`: the classic exercise. Each well-formed record as 8 lines of
//! 8 characters, one empty line between boards; an illegal position is
//! printed too, with a warning.

use super::prelude::*;

/// Print each record as 8 lines of 8 characters, '.' for an empty square,
/// one empty line between boards.
#[derive(clap::Args, Default)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    run::stream(&mut Board { read }, args.inputs.config(), out)
}

#[derive(Clone, Copy)]
struct Board {
    read: ReadOptions,
}

impl Job for Board {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        // The letters come from the placement's one expansion, not back
        // from the bitboards (which only the rules need).
        let mut letters = [0; 64];
        let result = self.read.parse_with_letters(record.bytes, &mut letters);
        let Some(parsed) = reported(&self.read, record, &result, out)? else {
            return Ok(false);
        };
        // A board printed as is says when its position breaks the rules.
        warn_if_illegal(&self.read, record, parsed, out)?;
        out.next_item();
        fenkit::write_board_lines(&letters, out.stdout());
        Ok(true)
    }
}

impl Parallel for Board {
    type Handed = ();

    fn fork(&self) -> Self {
        *self
    }
}
