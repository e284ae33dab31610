//! `fen`: read FEN and EPD records and print boards, check them, normalize
//! or convert them, print their keys, draw them, play moves and games from
//! them, count and dedupe them, or print Chess960 start positions.
//!
//! This file is the table of subcommands: each is one file under
//! `commands/` with its own arguments and `run`.

use std::{
    io::{self, IsTerminal},
    process::ExitCode,
};

use clap::{CommandFactory, Parser, Subcommand};

use fen_cli::{
    commands::*,
    output::Output,
    run::{Status, io_message},
};

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
    after_help = "Exit status: 0 when every record was fine; 1 when a record was malformed, or illegal for a subcommand whose result depends on legality (normalize, convert, uniq, svg and png write an illegal record as it is, with a warning); 2 for usage or I/O errors."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    Board(board::Args),
    Check(check::Args),
    Normalize(normalize::Args),
    Convert(convert::Args),
    Key(key::Args),
    Show(show::Args),
    /// Draw each record as an SVG diagram.
    Svg(image::Args),
    /// Draw each record as a PNG diagram.
    Png(image::Args),
    Gif(gif::Args),
    Play(play::Args),
    Moves(moves::Args),
    Perft(perft::Args),
    Pgn(pgn::Args),
    History(history::Args),
    Opening(opening::Args),
    Book(book::Args),
    Explorer(explorer::Args),
    Stats(stats::Args),
    Uniq(uniq::Args),
    #[cfg(feature = "serve")]
    Serve(serve::Args),
    Lsp(lsp::Args),
    Chess960(chess960::Args),
}

fn main() -> ExitCode {
    let command = match Cli::parse().command {
        Some(command) => command,
        None if !io::stdin().is_terminal() => Command::Board(board::Args::default()),
        None => {
            // Nothing to read and nothing asked: show how to use fen.
            let _ = Cli::command().print_help();
            return ExitCode::from(Status::Failed as u8);
        }
    };
    let mut out = Output::new();
    let result = match command {
        Command::Board(args) => board::run(args, &mut out),
        Command::Check(args) => check::run(args, &mut out),
        Command::Normalize(args) => normalize::run(args, &mut out),
        Command::Convert(args) => convert::run(args, &mut out),
        Command::Key(args) => key::run(args, &mut out),
        Command::Show(args) => show::run(args, &mut out),
        Command::Svg(args) => image::run(image::Kind::Svg, args, &mut out),
        Command::Png(args) => image::run(image::Kind::Png, args, &mut out),
        Command::Gif(args) => gif::run(args, &mut out),
        Command::Play(args) => play::run(args, &mut out),
        Command::Moves(args) => moves::run(args, &mut out),
        Command::Perft(args) => perft::run(args, &mut out),
        Command::Pgn(args) => pgn::run(args, &mut out),
        Command::History(args) => history::run(args, &mut out),
        Command::Opening(args) => opening::run(args, &mut out),
        Command::Book(args) => book::run(args, &mut out),
        Command::Explorer(args) => explorer::run(args, &mut out),
        Command::Stats(args) => stats::run(args, &mut out),
        Command::Uniq(args) => uniq::run(args, &mut out),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args, &mut out),
        Command::Lsp(args) => lsp::run(args, &mut out),
        Command::Chess960(args) => chess960::run(args, &mut out),
    };
    // Whatever a subcommand left in the buffers goes out now.
    let status = match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status,
        // A reader that went away (`fen board big.fen | head`) is no failure.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Status::Ok,
        Err(err) => {
            eprintln!("fen: cannot write output: {}", io_message(&err));
            Status::Failed
        }
    };
    ExitCode::from(status as u8)
}

#[cfg(test)]
mod tests {
    /// clap's own checks of the table: unique names, valid defaults.
    #[test]
    fn the_table_of_subcommands_is_well_formed() {
        <super::Cli as clap::CommandFactory>::command().debug_assert();
    }
}
