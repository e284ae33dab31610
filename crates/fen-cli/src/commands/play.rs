//! `fen play FEN MOVE...`: the FEN after each move, in SAN or UCI.

use std::io::{self, Write};

use fenkit::{Diagnostic, Field, ReadOptions, Record, Span, WriteOptions};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use crate::{options::castling_notation, output::Output, run::Status};

/// Play moves (SAN or UCI, mixed) from a position and print the FEN after
/// each: `fen play startpos e4 c5 Nf3`.
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
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let (fen, moves) = split(&args.arguments);
    let read = ReadOptions {
        castling: match args.chess960 {
            true => CastlingMode::Chess960,
            false => CastlingMode::Standard,
        },
        format: fenkit::Format::Auto,
        ..ReadOptions::default()
    };
    play(&fen, &moves, &read, args.final_only, out)
}

/// Splits the arguments into the FEN and the moves: `startpos`, a FEN in
/// one argument, or a FEN spread over six unquoted arguments. Moves may
/// also share an argument, separated by spaces.
pub fn split(arguments: &[String]) -> (String, Vec<String>) {
    let first = arguments.first().map_or("", String::as_str);
    let fields = if first == "startpos" || first.contains(' ') {
        1
    } else {
        arguments.len().min(6)
    };
    let fen = arguments[..fields].join(" ");
    let moves = arguments[fields..]
        .iter()
        .flat_map(|m| m.split_whitespace())
        .map(str::to_string)
        .collect();
    (fen, moves)
}

/// Plays `moves` from `fen`; prints the FEN after each move (or after the
/// last only), and stops at the first move that cannot be played.
fn play(
    fen: &str,
    moves: &[String],
    read: &ReadOptions,
    last_only: bool,
    out: &mut Output,
) -> io::Result<Status> {
    let Some(mut position) = start(fen, read, out)? else {
        return Ok(Status::BadRecords);
    };
    let mut text = Vec::with_capacity(100);
    let mut status = Status::Ok;
    // The moves as one line, so that a diagnostic names its move's column.
    let line = moves.join(" ");
    let mut offset = 0;
    for text_move in moves {
        match fenkit::games::read_move(&position, text_move) {
            Ok(m) => position.play_unchecked(m),
            Err(err) => {
                let number = fenkit::games::move_number(&position);
                let message = format!("move {number} {}", err.message);
                let span = Span::at(0, text_move.len());
                let diagnostic = Diagnostic::new(err.code, Field::Record, span, message);
                let record = Record {
                    source: "<moves>",
                    line_number: 1,
                    line: line.as_bytes(),
                    offset,
                    bytes: text_move.as_bytes(),
                };
                out.diagnostics(&record, &[diagnostic])?;
                let legal = fenkit::games::legal_sans(&position);
                out.note(&format!("  legal moves here: {}", legal.join(" ")))?;
                status = Status::BadRecords;
                break;
            }
        }
        offset += text_move.len() + 1;
        if !last_only {
            write_position(&position, &mut text);
        }
    }
    if last_only && status == Status::Ok {
        write_position(&position, &mut text);
    }
    out.stdout().write_all(&text)?;
    Ok(status)
}

fn write_position(position: &Chess, text: &mut Vec<u8>) {
    // The standard records the en passant square after every double push.
    let write = WriteOptions {
        castling: castling_notation(None, position.castles().mode()),
        ..WriteOptions::default()
    };
    write.write_fen(&position.to_setup(EnPassantMode::Always), text);
    text.push(b'\n');
}

/// The start position, or its problems reported against the argument.
fn start(fen: &str, read: &ReadOptions, out: &mut Output) -> io::Result<Option<Chess>> {
    if fen == "startpos" {
        return Ok(Some(Chess::default()));
    }
    let record = Record {
        source: "<argument>",
        line_number: 1,
        line: fen.as_bytes(),
        offset: 0,
        bytes: fen.as_bytes(),
    };
    super::legal_reported(read, &record, out)
}

#[cfg(test)]
mod tests {
    use super::split;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_fen_may_come_in_one_argument_or_six() {
        let one = strings(&["8/8/8/8/8/8/8/K6k w - - 0 1", "Kb1", "Kg2"]);
        assert_eq!(split(&one).0, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(split(&one).1, ["Kb1", "Kg2"]);
        let six = strings(&["8/8/8/8/8/8/8/K6k", "w", "-", "-", "0", "1", "Kb1 Kg2"]);
        assert_eq!(split(&six), split(&one));
        let start = strings(&["startpos", "e4", "e5"]);
        assert_eq!(
            split(&start),
            ("startpos".to_string(), strings(&["e4", "e5"]))
        );
    }
}
