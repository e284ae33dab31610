//! `fen key`: the four-field key of each legal position, or its Polyglot
//! key.

use fenkit::{CastlingNotation, WriteOptions};

use super::prelude::*;
use crate::{
    options::{castling_notation, word},
    rows::{self, Column, Need},
};

/// Print the key of each legal position: the four fields that opening
/// classification uses (en passant only when a legal capture exists; a
/// variant's own fields too, its pocket or checks to give), or the
/// Polyglot book key.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
    /// Print the 64-bit Polyglot Zobrist key in hex instead.
    #[arg(long)]
    pub polyglot: bool,
    /// How to write castling rights in the four-field key: standard, xfen
    /// or shredder (the default is xfen with --chess960, standard
    /// otherwise).
    #[arg(long, value_parser = word::<CastlingNotation>(), conflicts_with = "polyglot")]
    pub castling: Option<CastlingNotation>,
    #[command(flatten)]
    pub rows: rows::Args,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    if read.variant != fenkit::variants::Variant::Chess && args.polyglot {
        let name = fenkit::variants::variant_name(read.variant);
        out.note(&format!("fen key --polyglot: Polyglot's keys are standard chess's, and {name} has none; without --polyglot, the key is the position's four fields and {name}'s own"))?;
        return Ok(Status::Failed);
    }
    let castling = castling_notation(args.castling, read.castling);
    let key = match args.polyglot {
        true => Column::Polyglot,
        false => Column::Key,
    };
    let defaults = rows::Defaults {
        columns: &[key, Column::Errors],
        need: Need::Playable,
    };
    let write = WriteOptions::default().with_castling(castling);
    if let Some(status) = rows::run(&args.rows, &args.inputs, read, write, defaults, out) {
        return status;
    }
    let job = Key {
        polyglot: args.polyglot,
        castling,
        text: Vec::new(),
    };
    run::stream(&mut Positions { read, job }, args.inputs.config(), out)
}

#[derive(Clone)]
struct Key {
    polyglot: bool,
    castling: CastlingNotation,
    text: Vec<u8>,
}

impl PositionJob for Key {
    fn position(&mut self, position: VariantPosition, out: &mut Output) -> io::Result<bool> {
        self.text.clear();
        if let (true, fenkit::variants::VariantPosition::Chess(position)) =
            (self.polyglot, &position)
        {
            write!(self.text, "{:016x}", fenkit::polyglot_key(position))?;
        } else {
            fenkit::write_opening_key(&position, self.castling, &mut self.text);
        }
        self.text.push(b'\n');
        out.stdout().write_all(&self.text)?;
        Ok(true)
    }
}
