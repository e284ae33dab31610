//! `fen perft DEPTH --against ENGINE`: the engine's perft divide compared
//! with fenkit's, descending into the first move whose count differs
//! until the moves themselves differ. fenkit's moves are shakmaty's, so
//! fenkit is the reference: no second engine is needed beside the one
//! being debugged.

use fenkit_uci::{
    Engine, EngineCommand, EngineError,
    compare::{Verdict, descend},
};
use shakmaty::CastlingMode;

use super::{Args, gathered};
use crate::commands::prelude::*;

pub fn run(command: EngineCommand, mut args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let mut engine = match Engine::start(&command, &args.engine.settings(&read)) {
        Ok(engine) => engine,
        Err(error) => return failed(&error, out),
    };
    let mode = read.castling;
    if !args.suite.is_empty() {
        args.inputs.files.splice(0..0, args.suite.drain(..));
        let (gather, mut status) = gathered(&mut args, out)?;
        let mut compared = 0;
        for entry in &gather.entries {
            let Some(&(depth, ..)) = entry.counts.iter().max_by_key(|(depth, ..)| *depth) else {
                continue;
            };
            compared += 1;
            let agree = match compare(&mut engine, &entry.position, depth, mode, out) {
                Ok(agree) => agree?,
                Err(error) => return failed(&error, out),
            };
            if !agree {
                status = status.max(Status::BadRecords);
                break;
            }
        }
        let records = gather.entries.len();
        out.note(&format!(
            "fen: {compared} of {records} records compared with the engine{}",
            match status {
                Status::Ok => ", every count agrees",
                _ => "",
            }
        ))?;
        return Ok(status);
    }
    let Some(depth @ 1..) = args.depth else {
        out.note("fen: --against needs a depth of 1 or more")?;
        return Ok(Status::Failed);
    };
    // `startpos`, as UCI names it, for the start position of the variant.
    let start = fenkit::Fen::from_position(&VariantPosition::new(read.variant)).to_string();
    for file in &mut args.inputs.files {
        if file.as_os_str() == "startpos" {
            *file = start.clone().into();
        }
    }
    let mut job = Against {
        engine,
        read,
        depth,
        failed: None,
    };
    let status = run::sequential(&mut job, args.inputs.config(), out)?;
    match job.failed {
        Some(error) => failed(&error, out),
        None => Ok(status),
    }
}

/// The engine could not be started, or started again: status 2.
fn failed(error: &EngineError, out: &mut Output) -> io::Result<Status> {
    out.note(&format!("fen: {error}"))?;
    Ok(Status::Failed)
}

/// Each record compared with the engine in turn.
struct Against {
    engine: Engine,
    read: ReadOptions,
    depth: u32,
    /// Set when the engine cannot go on; later records are left alone.
    failed: Option<EngineError>,
}

impl Job for Against {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        if self.failed.is_some() {
            return Ok(false);
        }
        let Some(position) = legal_variant_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        match compare(
            &mut self.engine,
            &position,
            self.depth,
            self.read.castling,
            out,
        ) {
            Ok(written) => written,
            Err(error) => {
                let place = format!(
                    "{}:{}:1",
                    fenkit::printable(record.source),
                    record.line_number
                );
                let code = crate::codes::ENGINE;
                out.note(&format!("{place}: error[{code}]: {error}"))?;
                if error.needs_restart()
                    && let Err(again) = self.engine.restart()
                {
                    self.failed = Some(again);
                }
                Ok(false)
            }
        }
    }
}

/// Compares the engine's counts with fenkit's from `start` to `depth`,
/// writing each step down; whether they agree.
pub fn compare(
    engine: &mut Engine,
    start: &VariantPosition,
    depth: u32,
    mode: CastlingMode,
    out: &mut Output,
) -> Result<io::Result<bool>, EngineError> {
    let fen = fenkit::Fen::from_position(start).to_string();
    let mut lines = vec![fen];
    let verdict = descend(engine, start, depth, mode, &mut lines)?;
    let written = (|| {
        let stdout = out.stdout();
        match verdict {
            Verdict::Agree(total) => {
                writeln!(stdout, "{}", lines[0])?;
                writeln!(stdout, "  perft {depth}: {total}, the engine agrees")?;
                Ok(true)
            }
            Verdict::Differ => {
                for line in &lines {
                    writeln!(stdout, "{line}")?;
                }
                Ok(false)
            }
        }
    })();
    Ok(written)
}
