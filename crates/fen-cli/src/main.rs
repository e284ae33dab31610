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

use clap::{CommandFactory, FromArgMatches, Parser};

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

fen_cli::subcommands! {
    Command;
    Board(board::Args) => board::run,
    Check(check::Args) => check::run,
    Normalize(normalize::Args) => normalize::run,
    Convert(convert::Args) => convert::run,
    Key(key::Args) => key::run,
    Mirror(mirror::Args) => mirror::run,
    Show(show::Args) => show::run,
    Describe(describe::Args) => describe::run,
    /// Draw each record as an SVG diagram.
    Svg(image::Args) => |args, out| image::run(image::Kind::Svg, args, out),
    /// Draw each record as a PNG diagram.
    Png(image::Args) => |args, out| image::run(image::Kind::Png, args, out),
    Gif(gif::Args) => gif::run,
    Sheet(sheet::Args) => sheet::run,
    Play(play::Args) => play::run,
    Moves(moves::Args) => moves::run,
    Perft(perft::Args) => perft::run,
    Analyse(analyse::Args) => analyse::run,
    Suite(suite::Args) => suite::run,
    Guard(guard::Args) => guard::run,
    Pgn(pgn::Args) => pgn::run,
    History(history::Args) => history::run,
    Search(search::Args) => search::run,
    Scan(scan::Args) => scan::run,
    Index(index::Args) => index::run,
    Opening(opening::Args) => opening::run,
    Book(book::Args) => book::run,
    Explorer(explorer::Args) => explorer::run,
    Tb(tb::Args) => tb::run,
    Stats(stats::Args) => stats::run,
    Uniq(uniq::Args) => uniq::run,
    [cfg(feature = "serve")] Serve(serve::Args) => serve::run,
    [cfg(feature = "lsp")] Lsp(lsp::Args) => lsp::run,
    Chess960(chess960::Args) => chess960::run,
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let parsed = Cli::from_arg_matches(&matches).unwrap_or_else(|err| err.exit());
    let command = match parsed.command {
        Some(command) => command,
        None if !io::stdin().is_terminal() => Command::Board(board::Args::default()),
        None => {
            // Nothing to read and nothing asked: show how to use fen.
            let _ = Cli::command().print_help();
            return ExitCode::from(Status::Failed as u8);
        }
    };
    let mut out = Output::new().offering(long_flags(&matches));
    let result = command.run(&mut out);
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

/// The long flags of the subcommand that runs (`book make`'s for `fen
/// book make`), so that a hint names only flags the user can give it.
fn long_flags(matches: &clap::ArgMatches) -> Vec<String> {
    let mut command = Cli::command();
    if matches.subcommand().is_none()
        && let Some(board) = command.find_subcommand("board")
    {
        // `fen` alone prints boards: the flags to name are `fen board`'s.
        command = board.clone();
    }
    let mut matches = matches;
    while let Some((name, sub)) = matches.subcommand() {
        let Some(found) = command.find_subcommand(name) else {
            break;
        };
        command = found.clone();
        matches = sub;
    }
    let longs = command.get_arguments().filter_map(|arg| arg.get_long());
    longs.map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    /// clap's own checks of the table: unique names, valid defaults.
    #[test]
    fn the_table_of_subcommands_is_well_formed() {
        <super::Cli as clap::CommandFactory>::command().debug_assert();
    }
}
