//! `fen`: read FEN and EPD records and print boards, check them, normalize
//! or convert them, print their keys, draw them, play moves and games from
//! them, count and dedupe them, or print Chess960 start positions.

use std::{
    io::{self, IsTerminal},
    process::ExitCode,
};

use clap::{CommandFactory, Parser, Subcommand};

use fen_cli::{commands, options};

use commands::{
    Output, Status,
    board::Board,
    check::{Check, Format},
    convert::{Convert, Operations, Target},
    image::{Drawing, Image, Kind},
    key::Key,
    lookup::{BookMoves, Opening},
    pgn::PgnOptions,
    show::{Show, ShowOptions},
};
use options::{Inputs, Notation, Style};

/// Read Forsyth–Edwards Notation (FEN) chess positions: print them as
/// boards, check them letter by letter against the standard and the rules
/// of chess, write them in canonical form, draw them, play moves and games
/// from them, and count or dedupe collections of them.
///
/// With no subcommand and input piped in, fen prints boards (`fen board`).
#[derive(Parser)]
#[command(
    name = "fen",
    version,
    after_help = "Exit status: 0 when every record was fine, 1 when any record was bad, 2 for usage or I/O errors."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Print each record as 8 lines of 8 characters, '.' for an empty square,
    /// one empty line between boards.
    Board(Inputs),
    /// Check each record's form and legality; diagnostics on stderr, or JSON
    /// on stdout.
    Check {
        #[command(flatten)]
        inputs: Inputs,
        /// How to report: for people on stderr, or one JSON object per record on stdout.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
        /// Which rules make a record invalid: the rules of chess, or also
        /// what no game from the standard start reaches (such as a halfmove
        /// clock larger than the plies played).
        #[arg(long, value_enum, default_value_t)]
        strictness: options::Strictness,
    },
    /// Print the canonical form of each well-formed record: FEN for FEN, EPD
    /// (operations kept) for EPD.
    Normalize {
        #[command(flatten)]
        inputs: Inputs,
        #[command(flatten)]
        style: Style,
    },
    /// Convert each well-formed record to FEN or EPD.
    Convert {
        #[command(flatten)]
        inputs: Inputs,
        #[command(flatten)]
        style: Style,
        /// The format to write.
        #[arg(long, value_enum)]
        to: Target,
        /// EPD operations: keep them (FEN clocks become hmvc and fmvn), or drop them.
        #[arg(long, value_enum, default_value_t)]
        operations: Operations,
    },
    /// Print the key of each legal position: the four fields that opening
    /// classification uses (en passant only when a legal capture exists), or
    /// the Polyglot book key.
    Key {
        #[command(flatten)]
        inputs: Inputs,
        /// Print the 64-bit Polyglot Zobrist key in hex instead.
        #[arg(long)]
        polyglot: bool,
    },
    /// Show each record as a board for the terminal, with side to move,
    /// castling, en passant, clocks, check or mate, material, and every rule
    /// the position breaks.
    Show {
        #[command(flatten)]
        inputs: Inputs,
        #[command(flatten)]
        options: ShowOptions,
    },
    /// Draw each record as an SVG diagram.
    Svg(Drawing),
    /// Draw each record as a PNG diagram.
    Png(Drawing),
    /// Play moves (SAN or UCI, mixed) from a position and print the FEN
    /// after each: `fen play startpos e4 c5 Nf3`.
    Play {
        /// The position (`startpos`, or a FEN in one argument or six), then
        /// the moves.
        #[arg(required = true, num_args = 1.., value_name = "FEN MOVE")]
        arguments: Vec<String>,
        /// Print only the position after the last move.
        #[arg(long = "final", alias = "last")]
        final_only: bool,
        /// Read castling rights of the FEN as Chess960.
        #[arg(long)]
        chess960: bool,
    },
    /// Print the FEN after every ply of every game of PGN files, or each
    /// game's opening.
    Pgn(PgnOptions),
    /// Report repetitions, the fifty- and seventy-five-move rules and
    /// insufficient material along a game: FEN records in order (one game),
    /// or the games of a PGN file (--pgn, or files named *.pgn).
    History {
        #[command(flatten)]
        inputs: Inputs,
        /// Read the files as PGN games.
        #[arg(long)]
        pgn: bool,
    },
    /// Print the ECO code and name of each position ('-' for none), found
    /// by position, so that transpositions count.
    Opening(Inputs),
    /// Print the moves a Polyglot opening book gives for each position:
    /// SAN, UCI, weight and share.
    Book {
        /// The Polyglot book (.bin).
        book: std::path::PathBuf,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Count what the records hold: valid and invalid (by code, with an
    /// example), side to move, castling, en passant, pieces on the board,
    /// checks, mates and stalemates, duplicates.
    Stats {
        #[command(flatten)]
        inputs: Inputs,
        /// A table for people, or one JSON object.
        #[arg(long, value_enum, default_value_t)]
        format: commands::stats::Format,
    },
    /// Print each position once, in the order of first occurrence.
    Uniq {
        #[command(flatten)]
        inputs: Inputs,
        /// What makes two records the same position.
        #[arg(long, value_enum, default_value_t)]
        key: commands::uniq::KeyKind,
        /// Print each distinct record once at the end, after its count.
        #[arg(long)]
        count: bool,
    },
    /// Serve the page, the JSON API and diagram images over HTTP until
    /// SIGINT or SIGTERM: /, /api/check, /board.svg, /board.png,
    /// /api/play, /api/opening, /healthz, /openapi.json.
    Serve {
        /// The address to listen on (loopback by default; port 0 picks a
        /// free port, named on standard error).
        #[arg(long, default_value = "127.0.0.1:8080")]
        bind: std::net::SocketAddr,
        /// No log line per request.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Print Chess960 start position N (0-959; 518 is the classical start),
    /// or all 960.
    Chess960 {
        /// The start position's number, in the standard numbering.
        #[arg(value_parser = clap::value_parser!(u32).range(0..960), required_unless_present = "all")]
        number: Option<u32>,
        /// Print all 960, in order.
        #[arg(long, conflicts_with = "number")]
        all: bool,
        /// How to write castling rights.
        #[arg(long, value_enum, default_value_t = Notation::Xfen)]
        castling: Notation,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = match cli.command {
        Some(command) => command,
        None if !io::stdin().is_terminal() => Command::Board(Inputs::default()),
        None => {
            // Nothing to read and nothing asked: show how to use fen.
            let _ = Cli::command().print_help();
            return ExitCode::from(Status::Trouble as u8);
        }
    };
    let mut out = Output::new();
    let result = match command {
        Command::Board(inputs) => {
            commands::stream(&mut Board::new(inputs.read_options()), &inputs, &mut out)
        }
        Command::Check {
            inputs,
            format,
            strictness,
        } => {
            let mut read = inputs.read_options();
            read.strictness = strictness.into();
            commands::stream(&mut Check::new(read, format), &inputs, &mut out)
        }
        Command::Normalize { inputs, style } => commands::stream(
            &mut Convert::new(
                inputs.read_options(),
                style.write_options(),
                None,
                Operations::Keep,
            ),
            &inputs,
            &mut out,
        ),
        Command::Convert {
            inputs,
            style,
            to,
            operations,
        } => commands::stream(
            &mut Convert::new(
                inputs.read_options(),
                style.write_options(),
                Some(to),
                operations,
            ),
            &inputs,
            &mut out,
        ),
        Command::Key { inputs, polyglot } => commands::stream(
            &mut Key::new(inputs.read_options(), polyglot),
            &inputs,
            &mut out,
        ),
        Command::Show { inputs, options } => commands::stream(
            &mut Show::new(inputs.read_options(), &options),
            &inputs,
            &mut out,
        ),
        Command::Svg(drawing) => draw(Kind::Svg, drawing, &mut out),
        Command::Png(drawing) => draw(Kind::Png, drawing, &mut out),
        Command::Play {
            arguments,
            final_only,
            chess960,
        } => {
            let (fen, moves) = commands::play::split(&arguments);
            let inputs = Inputs {
                chess960,
                ..Inputs::default()
            };
            commands::play::run(&fen, &moves, &inputs.read_options(), final_only, &mut out)
        }
        Command::Pgn(options) => commands::pgn::run(&options, &mut out),
        Command::History { inputs, pgn } => commands::history::run(&inputs, pgn, &mut out),
        Command::Opening(inputs) => {
            commands::stream(&mut Opening::new(inputs.read_options()), &inputs, &mut out)
        }
        Command::Book { book, inputs } => match std::fs::read(&book) {
            Ok(bytes) => match fenkit::games::book::Book::new(&bytes) {
                Ok(book) => commands::stream(
                    &mut BookMoves::new(inputs.read_options(), book),
                    &inputs,
                    &mut out,
                ),
                Err(err) => {
                    eprintln!("fen: {}: {err}", book.display());
                    Ok(Status::Trouble)
                }
            },
            Err(err) => {
                eprintln!("fen: {}: {}", book.display(), commands::io_message(&err));
                Ok(Status::Trouble)
            }
        },
        Command::Stats { inputs, format } => commands::stream(
            &mut commands::stats::Stats::new(inputs.read_options(), format),
            &inputs,
            &mut out,
        ),
        // First occurrence order: one thread.
        Command::Uniq { inputs, key, count } => commands::run(
            &mut commands::uniq::Uniq::new(inputs.read_options(), key, count),
            &inputs,
            &mut out,
        ),
        Command::Serve { bind, quiet } => match fen_server::serve_blocking(bind, !quiet) {
            Ok(()) => Ok(Status::Ok),
            Err(err) => {
                eprintln!("fen serve: {bind}: {}", commands::io_message(&err));
                Ok(Status::Trouble)
            }
        },
        Command::Chess960 {
            number,
            all,
            castling,
        } => {
            let numbers = if all {
                0..960
            } else {
                number.map_or(0..0, |n| n..n + 1)
            };
            commands::chess960::print(numbers, castling.into(), &mut out)
        }
    };
    // Whatever a subcommand left in the buffers goes out now.
    let result = result.and_then(|status| out.flush().map(|()| status));
    let status = match result {
        Ok(status) => status,
        // A reader that went away (`fen board big.fen | head`) is no failure.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Status::Ok,
        Err(err) => {
            eprintln!("fen: cannot write output: {err}");
            Status::Trouble
        }
    };
    ExitCode::from(status as u8)
}

fn draw(kind: Kind, drawing: Drawing, out: &mut Output) -> io::Result<Status> {
    let Drawing {
        inputs,
        look,
        destination,
    } = drawing;
    let mut image = Image::new(inputs.read_options(), kind, &look, destination);
    if kind == Kind::Png && image.to_stdout() && io::stdout().is_terminal() {
        out.note("fen: a PNG image would garble the terminal; write it with -o FILE or redirect standard output")?;
        return Ok(Status::Trouble);
    }
    commands::run(&mut image, &inputs, out)
}
