//! `fen lsp`: the language server for FEN, EPD and PGN files, on
//! standard input and output (the server is `fen-lsp`).

use std::io;

use crate::{output::Output, run::Status};

/// Speak the Language Server Protocol on standard input and output, for
/// an editor: diagnostics as squiggles, repairs as quick fixes, the board
/// on hover, canonical records on format, records and games as symbols.
#[derive(clap::Args)]
pub struct Args {
    /// Accepted and ignored: editors pass it to say the transport, and
    /// standard input and output is the only one.
    #[arg(long, hide = true)]
    pub stdio: bool,
}

pub fn run(_args: Args, out: &mut Output) -> io::Result<Status> {
    match fen_lsp::run_stdio() {
        Ok(()) => Ok(Status::Ok),
        Err(err) => {
            out.note(&format!("fen lsp: {err}"))?;
            Ok(Status::Failed)
        }
    }
}
