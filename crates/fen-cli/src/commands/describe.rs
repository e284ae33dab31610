//! `fen describe`: each position in words, for screen readers and braille
//! displays (`fenkit::description`).

use clap::ValueEnum;
use fenkit::description::{self as words, describe};

use super::prelude::*;

/// Print each position in words, as lichess's blind mode puts it: each
/// side's pieces by kind with their squares, the side to move (and check,
/// checkmate or stalemate), castling and en passant; one empty line
/// between positions. `--style list` gives a line per item, `spoken` one
/// paragraph for speech.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
    /// A line per item (list), or one paragraph with "on" before the
    /// squares (spoken).
    #[arg(long, value_enum, default_value_t)]
    pub style: Style,
}

/// `--style`.
#[derive(Copy, Clone, Debug, Default, ValueEnum)]
pub enum Style {
    #[default]
    List,
    Spoken,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let style = match args.style {
        Style::List => words::Style::List,
        Style::Spoken => words::Style::Spoken,
    };
    run::stream(&mut Describe { read, style }, args.inputs.config(), out)
}

#[derive(Clone, Copy)]
struct Describe {
    read: ReadOptions,
    style: words::Style,
}

impl Job for Describe {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let result = self.read.parse(record.bytes);
        let Some(parsed) = reported(&self.read, record, &result, out)? else {
            return Ok(false);
        };
        // Words for an illegal position too, saying that it is one.
        warn_if_illegal(&self.read, record, parsed, out)?;
        // Check and mate are said where the position can be played.
        let position = self
            .read
            .check(record.bytes)
            .variant_position(self.read.castling);
        out.next_item();
        let text = describe(&parsed.setup, position.as_ref(), self.style);
        out.stdout().extend_from_slice(text.as_bytes());
        Ok(true)
    }
}

impl Parallel for Describe {
    type Handed = ();

    fn fork(&self) -> Self {
        *self
    }
}
