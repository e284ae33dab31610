//! `fen`: read FEN records and print boards, check them, or normalize them.

mod commands;
mod input;
mod report;

use std::{
    io::{self, IsTerminal},
    path::PathBuf,
    process::ExitCode,
};

use clap::{Args, CommandFactory, Parser, Subcommand};

use commands::{
    Output, Status,
    board::Board,
    check::{Check, Format},
    normalize::Normalize,
};

/// Read Forsyth–Edwards Notation (FEN) chess positions: print them as
/// boards, check them letter by letter against the standard and the rules
/// of chess, or write them in canonical form.
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
    },
    /// Print the canonical FEN of each well-formed record.
    Normalize(Inputs),
}

#[derive(Args)]
struct Inputs {
    /// Files of FEN records, one or more per line; standard input when none
    /// is given, or for '-'.
    files: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = match cli.command {
        Some(command) => command,
        None if !io::stdin().is_terminal() => Command::Board(Inputs { files: Vec::new() }),
        None => {
            // Nothing to read and nothing asked: show how to use fen.
            let _ = Cli::command().print_help();
            return ExitCode::from(Status::Trouble as u8);
        }
    };
    let mut out = Output::new();
    let result = match command {
        Command::Board(inputs) => commands::run(&mut Board::default(), &inputs.files, &mut out),
        Command::Check { inputs, format } => {
            commands::run(&mut Check::new(format), &inputs.files, &mut out)
        }
        Command::Normalize(inputs) => {
            commands::run(&mut Normalize::default(), &inputs.files, &mut out)
        }
    };
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
