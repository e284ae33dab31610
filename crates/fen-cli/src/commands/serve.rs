//! `fen serve`: the page, the JSON API and diagram images over HTTP (the
//! `serve` feature, on by default; the service is `fen-server`).

use std::io;

use crate::{
    output::Output,
    run::{Status, io_message},
};

/// Serve the page, the JSON API and diagram images over HTTP until
/// SIGINT or SIGTERM: /, /api/check, /board.svg, /board.png, /api/play,
/// /api/opening, /healthz, /openapi.json.
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on (loopback by default; port 0 picks a free
    /// port, named on standard error).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: std::net::SocketAddr,
    /// No log line per request.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    match fen_server::serve_blocking(args.bind, !args.quiet) {
        Ok(()) => Ok(Status::Ok),
        Err(err) => {
            out.note(&format!("fen serve: {}: {}", args.bind, io_message(&err)))?;
            Ok(Status::Failed)
        }
    }
}
