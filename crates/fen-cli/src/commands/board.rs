//! `fen board`: the classic exercise. Each well-formed record as 8 lines of
//! 8 characters, one empty line between boards.

use super::prelude::*;

/// Print each record as 8 lines of 8 characters, '.' for an empty square,
/// one empty line between boards.
#[derive(clap::Args, Default)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let mut board = Board::new(args.inputs.read_options());
    run::stream(&mut board, &args.inputs, out)
}

struct Board {
    read: ReadOptions,
    printed: bool,
}

impl Board {
    fn new(read: ReadOptions) -> Board {
        Board {
            read,
            printed: false,
        }
    }
}

impl Job for Board {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(parsed) = parse_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        if self.printed {
            out.stdout().push(b'\n');
        }
        fenkit::write_board_text(&parsed.setup.board, out.stdout());
        self.printed = true;
        Ok(true)
    }
}

impl Parallel for Board {
    fn fork(&self) -> Board {
        // Every board of a fork gets its separator; the writer drops the
        // run's first.
        Board {
            read: self.read,
            printed: true,
        }
    }

    fn first_separator(&self) -> usize {
        usize::from(!self.printed)
    }
}
