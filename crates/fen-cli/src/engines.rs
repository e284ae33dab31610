//! What the engine subcommands share: the flags that set an engine up
//! (`--option`, `--hash`, `--engine-threads`, `--timeout`), how long a
//! search runs, and what an engine said against a position. The pool that
//! runs one engine per worker thread is the UCI library's
//! (`fenkit_uci::pool::in_order`).

use std::time::Duration;

use fenkit::ReadOptions;
use fenkit_uci::{EngineCommand, Limit, Search, Settings};

pub use fenkit_uci::pool::in_order;

use crate::output::Output;

/// How to set an engine up.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct EngineSetup {
    /// An engine option, `NAME=VALUE`, sent as `setoption` after `uciok`
    /// (repeatable); refused when the engine does not offer it.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = option)]
    pub options: Vec<(String, String)>,
    /// The engine's hash table in MiB (its `Hash` option).
    #[arg(long, value_name = "MIB")]
    pub hash: Option<u32>,
    /// Threads each engine searches with (its `Threads` option); left to
    /// the engine when not given, which is one for the common engines.
    #[arg(long, value_name = "N")]
    pub engine_threads: Option<u32>,
    /// Seconds to wait for an answer to one search or count before the
    /// engine counts as hung: it is stopped and started again, the
    /// position named.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0, value_parser = seconds)]
    pub timeout: f64,
}

impl EngineSetup {
    /// The settings for positions read as `read` says.
    pub fn settings(&self, read: &ReadOptions) -> Settings {
        let mut options = self.options.clone();
        if let Some(hash) = self.hash {
            options.push(("Hash".into(), hash.to_string()));
        }
        if let Some(threads) = self.engine_threads {
            options.push(("Threads".into(), threads.to_string()));
        }
        Settings {
            options,
            variant: read.variant,
            chess960: read.castling.is_chess960(),
            timeout: Duration::from_secs_f64(self.timeout),
            ..Settings::default()
        }
    }
}

/// `--depth N | --nodes N | --movetime MS`: how long each search runs.
#[derive(clap::Args, Clone, Debug)]
#[group(multiple = false)]
pub struct SearchLimit {
    /// Search each position to this depth.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Search each position this many nodes.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Search each position this many milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
}

impl SearchLimit {
    /// The limit given, or depth `default_depth`.
    pub fn limit(&self, default_depth: u32) -> Limit {
        match (self.depth, self.nodes, self.movetime) {
            (_, Some(nodes), _) => Limit::Nodes(nodes),
            (_, _, Some(ms)) => Limit::MoveTime(Duration::from_millis(ms)),
            (depth, ..) => Limit::Depth(depth.unwrap_or(default_depth)),
        }
    }
}

fn option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err("is not NAME=VALUE".into()),
    }
}

fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds < 1e7 => Ok(seconds),
        _ => Err("is not a number of seconds above 0".into()),
    }
}

/// The engine command `text`, read as a shell reads words.
pub fn command(text: &str) -> Result<EngineCommand, String> {
    text.parse()
        .map_err(|err: fenkit_uci::BadCommand| err.to_string())
}

/// Says, as warnings at `place`, what the engine wrote against a position
/// in its `info string` lines: those that speak of an error, or of
/// something illegal or invalid (engines reject a position so, and go on).
pub fn say_complaints(search: &Search, place: &str, out: &mut Output) -> std::io::Result<()> {
    let code = crate::codes::ENGINE;
    for message in search.complaints() {
        let said = fenkit::printable(message);
        out.note(&format!(
            "{place}: warning[{code}]: the engine said: {said}"
        ))?;
    }
    Ok(())
}
