//! `fen serve`: the page, the JSON API and diagram images over HTTP (the
//! `serve` feature, on by default; the service is `fen-server`).

use std::{
    io,
    net::{Ipv4Addr, SocketAddr},
};

use crate::{
    output::Output,
    run::{Status, io_message},
};

/// Serve the page, the JSON API and diagram images over HTTP until
/// SIGINT or SIGTERM: /, /api/check, /board.svg, /board.png, /api/play,
/// /api/opening, /api/explorer (with --explorer), /api/search (with
/// --index), /api/tablebase/standard (with --syzygy), /healthz,
/// /openapi.json.
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on: ADDRESS:PORT, localhost:PORT, :PORT or
    /// PORT (the last three on loopback). Port 0 picks a free port, named
    /// on standard error.
    #[arg(long, default_value = "127.0.0.1:8080", value_parser = address)]
    pub bind: SocketAddr,
    /// No log line per request.
    #[arg(long, short)]
    pub quiet: bool,
    /// Answer /api/explorer (lichess's opening explorer's queries and
    /// answers) from this index (`fen explorer build`).
    #[arg(long, value_name = "DIR")]
    pub explorer: Option<std::path::PathBuf>,
    /// Answer /api/search (the games that reach a position, a material
    /// balance or a pattern), and list them on the page, from this index
    /// (`fen index`).
    #[arg(long, value_name = "DIR")]
    pub index: Option<std::path::PathBuf>,
    /// Answer /api/tablebase/standard (lichess's tablebase shape), and
    /// show each move's result on the page, from this folder of Syzygy
    /// tables (repeatable).
    #[arg(long = "syzygy", value_name = "DIR")]
    pub tables: Vec<std::path::PathBuf>,
}

/// An address to listen on, as people write one.
fn address(text: &str) -> Result<SocketAddr, String> {
    let port = text
        .strip_prefix("localhost:")
        .or_else(|| text.strip_prefix(':'))
        .unwrap_or(text);
    if let Ok(port) = port.parse::<u16>() {
        return Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    }
    text.parse().map_err(|_| {
        format!("'{text}' is not an address to listen on; write ADDRESS:PORT (127.0.0.1:8080), localhost:PORT, :PORT or PORT")
    })
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let explorer = match args
        .explorer
        .as_deref()
        .map(fenkit_index::explorer::Explorer::open)
    {
        None => None,
        Some(Ok(explorer)) => Some(explorer),
        Some(Err(bad)) => {
            out.note(&format!("fen serve: {bad}"))?;
            return Ok(Status::Failed);
        }
    };
    let search = match args
        .index
        .as_deref()
        .map(fenkit_index::search::SearchIndex::open)
    {
        None => None,
        Some(Ok(index)) => Some(index),
        Some(Err(bad)) => {
            out.note(&format!("fen serve: {bad}"))?;
            return Ok(Status::Failed);
        }
    };
    let tables = match args.tables.is_empty() {
        true => None,
        false => match fenkit_tb::Tables::open(&args.tables) {
            Ok(tables) => Some(tables),
            Err(bad) => {
                out.note(&format!(
                    "fen serve: {}",
                    fenkit::printable(&bad.to_string())
                ))?;
                return Ok(Status::Failed);
            }
        },
    };
    let indexes = fen_server::Indexes {
        explorer: explorer.map(Into::into),
        search: search.map(Into::into),
        tables: tables.map(Into::into),
    };
    match fen_server::serve_blocking(args.bind, !args.quiet, indexes) {
        Ok(()) => Ok(Status::Ok),
        Err(err) => {
            out.note(&format!("fen serve: {}: {}", args.bind, io_message(&err)))?;
            Ok(Status::Failed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::address;

    #[test]
    fn addresses_as_people_write_them() {
        for text in ["8080", ":8080", "localhost:8080", "127.0.0.1:8080"] {
            assert_eq!(
                address(text).unwrap().to_string(),
                "127.0.0.1:8080",
                "{text}"
            );
        }
        assert_eq!(address("0.0.0.0:80").unwrap().to_string(), "0.0.0.0:80");
        assert!(address("here").unwrap_err().contains("localhost:PORT"));
    }
}
