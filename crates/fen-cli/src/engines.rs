//! What the engine subcommands share: the flags that set an engine up
//! (`--option`, `--hash`, `--engine-threads`, `--timeout`) and the pool
//! that runs one engine per worker thread.
//!
//! The pool's call order: every worker starts its engine; items are taken
//! in turn from one queue, each handed to a worker's engine; an item whose
//! engine exited or stopped answering is answered with that error and the
//! engine started again; results are written on the calling thread in the
//! items' order (one writer), as the records' runner writes.

use std::{
    collections::BTreeMap,
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
        mpsc::channel,
    },
    time::Duration,
};

use fenkit::ReadOptions;
use fenkit_uci::{Engine, EngineCommand, EngineError, Limit, Search, Settings};

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

/// Runs `work` on each item with one engine per thread, `threads` engines
/// in all, and hands each result to `write` in the items' order. An item
/// whose engine failed gets the error, and its engine is started again.
/// `Err` when an engine cannot be started (at first, or again): nothing
/// more can be done then.
pub fn in_order<T: Sync, R: Send>(
    command: &EngineCommand,
    settings: &Settings,
    threads: usize,
    items: &[T],
    work: impl Fn(&mut Engine, &T) -> Result<R, EngineError> + Sync,
    mut write: impl FnMut(&T, Result<R, EngineError>) -> std::io::Result<()>,
) -> std::io::Result<Result<(), EngineError>> {
    let threads = threads.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let fatal: Mutex<Option<EngineError>> = Mutex::new(None);
    let (sender, results) = channel::<(usize, Result<R, EngineError>)>();
    let written = std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, fatal, work) = (&next, &fatal, &work);
            scope.spawn(move || {
                let stop = |error: EngineError| {
                    let mut fatal = fatal.lock().unwrap_or_else(|p| p.into_inner());
                    fatal.get_or_insert(error);
                    // No more items are taken by anyone.
                    next.store(usize::MAX / 2, Ordering::SeqCst);
                };
                let mut engine = match Engine::start(command, settings) {
                    Ok(engine) => engine,
                    Err(error) => return stop(error),
                };
                loop {
                    let at = next.fetch_add(1, Ordering::SeqCst);
                    let Some(item) = items.get(at) else { return };
                    let result = work(&mut engine, item);
                    let restart = matches!(&result, Err(error) if error.needs_restart());
                    if sender.send((at, result)).is_err() {
                        return;
                    }
                    if restart && let Err(error) = engine.restart() {
                        return stop(error);
                    }
                }
            });
        }
        drop(sender);
        // The one writer: results in the items' order.
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        let mut failed = None;
        for (at, result) in results {
            waiting.insert(at, result);
            while let Some(result) = waiting.remove(&due) {
                if failed.is_none()
                    && let Err(err) = write(&items[due], result)
                {
                    failed = Some(err);
                    next.store(usize::MAX / 2, Ordering::SeqCst);
                }
                due += 1;
            }
        }
        failed
    });
    if let Some(err) = written {
        return Err(err);
    }
    match fatal.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(error) => Ok(Err(error)),
        None => Ok(Ok(())),
    }
}

/// Says, as warnings at `place`, what the engine wrote against a position
/// in its `info string` lines: those that speak of an error, or of
/// something illegal or invalid (engines reject a position so, and go on).
pub fn say_complaints(search: &Search, place: &str, out: &mut Output) -> std::io::Result<()> {
    let code = crate::codes::ENGINE;
    for message in &search.messages {
        let lower = message.to_ascii_lowercase();
        if ["error", "illegal", "invalid"]
            .iter()
            .any(|word| lower.contains(word))
        {
            let said = fenkit::printable(message);
            out.note(&format!(
                "{place}: warning[{code}]: the engine said: {said}"
            ))?;
        }
    }
    Ok(())
}
