//! `fen play FEN MOVE...`: the FEN after each move, in SAN or UCI.

use std::io::{self, Write};

use fenkit::{ReadOptions, Record, WriteOptions, variants::VariantPosition};
use shakmaty::{CastlingMode, EnPassantMode, Position};

use crate::{options::Style, output::Output, run::Status};

/// Play moves (SAN or UCI, mixed) from a position and print the FEN after
/// each: `fen play startpos e4 c5 Nf3`; in a variant with `--variant`
/// (drops as `N@f3`).
#[derive(clap::Args)]
pub struct Args {
    /// The position (`startpos`, or a FEN in one argument or six), then
    /// the moves.
    #[arg(required = true, num_args = 1.., value_name = "FEN MOVE")]
    pub arguments: Vec<String>,
    /// Print only the position after the last move.
    #[arg(long = "final", alias = "last")]
    pub final_only: bool,
    /// Read castling rights of the FEN as Chess960.
    #[arg(long)]
    pub chess960: bool,
    /// Play by a variant's rules from its position (`startpos` is the
    /// variant's start).
    #[command(flatten)]
    pub variant: crate::options::VariantChoice,
    #[command(flatten)]
    pub style: Style,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let (fen, moves) = fenkit::play::split(&args.arguments);
    let read = args.variant.apply(
        ReadOptions::default()
            .with_castling(match args.chess960 {
                true => CastlingMode::Chess960,
                false => CastlingMode::Standard,
            })
            .with_format(fenkit::Format::Auto),
    );
    let write = args.style.write_options(&read);
    play(&fen, &moves, &read, write, args.final_only, out)
}

/// Plays `moves` from `fen`; prints the FEN after each move (or after the
/// last only), and stops at the first move that cannot be played.
fn play(
    fen: &str,
    moves: &[String],
    read: &ReadOptions,
    write: WriteOptions,
    last_only: bool,
    out: &mut Output,
) -> io::Result<Status> {
    let Some(mut position) = start("<argument>", fen, read, out)? else {
        return Ok(Status::BadRecords);
    };
    let mut text = Vec::with_capacity(100);
    let status = play_moves(&mut position, moves, out, |position| {
        if !last_only {
            write_position(position, write, &mut text);
        }
    })?;
    if last_only && status == Status::Ok {
        write_position(&position, write, &mut text);
    }
    out.stdout().write_all(&text)?;
    if let Some(over) = fenkit::play::game_over(&position).filter(|_| status == Status::Ok) {
        out.note(&format!("the game is over after the last move: {over}"))?;
    }
    Ok(status)
}

/// Plays `moves` on `position`, calling `each` with the position after
/// each; stops at the first move that cannot be played, said as a
/// diagnostic against the moves as one line (`<moves>`), with the legal
/// moves of the position where it stopped.
pub fn play_moves(
    position: &mut VariantPosition,
    moves: &[String],
    out: &mut Output,
    each: impl FnMut(&VariantPosition),
) -> io::Result<Status> {
    let Err(stopped) = fenkit::play::play_moves(position, moves, each) else {
        return Ok(Status::Ok);
    };
    // The moves as one line, so that a diagnostic names its move's column.
    let line = moves.join(" ");
    let record = Record {
        source: "<moves>",
        line_number: 1,
        line: line.as_bytes(),
        offset: stopped.offset,
        bytes: moves[stopped.index].as_bytes(),
    };
    out.diagnostics(&record, &[stopped.diagnostic])?;
    if let Some(legal) = stopped.legal {
        out.note(&format!("  legal moves here: {}", legal.join(" ")))?;
    }
    Ok(Status::BadRecords)
}

fn write_position(position: &VariantPosition, write: WriteOptions, text: &mut Vec<u8>) {
    // The standard records the en passant square after every double push;
    // `--ep` may say otherwise.
    write.write_fen(&position.to_setup(EnPassantMode::Always), text);
    text.push(b'\n');
}

/// A position given as an argument or option (`fen play`'s start, `fen
/// search --fen`, `fen pgn --fen`, `fen explorer query`), read alike
/// everywhere: `startpos`, a FEN, or its four-field key; or its problems
/// reported against `source` (the argument or option that gave it).
pub fn start(
    source: &str,
    fen: &str,
    read: &ReadOptions,
    out: &mut Output,
) -> io::Result<Option<VariantPosition>> {
    if fen == "startpos" {
        return Ok(Some(VariantPosition::new(read.variant)));
    }
    // A FEN, or the four-field key people paste (`… w KQkq -`), read by
    // its shape as every subcommand reads a record.
    let read = &read.with_format(fenkit::Format::Auto);
    let record = Record {
        source,
        line_number: 1,
        line: fen.as_bytes(),
        offset: 0,
        bytes: fen.as_bytes(),
    };
    crate::reported::legal_variant_reported(read, &record, out)
}
