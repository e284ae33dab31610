//! Engines on every core: one engine per worker thread, results in the
//! items' order.
//!
//! The call order: every worker starts its engine; items are taken in
//! turn from one queue, each handed to a worker's engine; an item whose
//! engine exited or stopped answering is answered with that error and the
//! engine started again; results are handed over on the calling thread in
//! the items' order (one writer), as fenkit's records' runner writes.

use std::{
    collections::BTreeMap,
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
        mpsc::channel,
    },
};

use crate::{Engine, EngineCommand, EngineError, Settings};

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
