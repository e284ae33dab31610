//! `fen perft DEPTH --against ENGINE`: the engine's perft divide compared
//! with fenkit's, descending into the first move whose count differs
//! until the moves themselves differ. fenkit's moves are shakmaty's, so
//! fenkit is the reference: no second engine is needed beside the one
//! being debugged.

use std::collections::BTreeMap;

use fenkit_uci::{Divide, Engine, EngineCommand, EngineError};
use shakmaty::{CastlingMode, uci::UciMove};

use super::{Args, divide, gathered};
use crate::commands::{legal_variant_reported, prelude::*};

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

/// Where an engine's counts first part from fenkit's, or that they agree.
enum Verdict {
    Agree(u64),
    Differ,
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

fn descend(
    engine: &mut Engine,
    start: &VariantPosition,
    depth: u32,
    mode: CastlingMode,
    lines: &mut Vec<String>,
) -> Result<Verdict, EngineError> {
    let mut path: Vec<UciMove> = Vec::new();
    let mut position = start.clone();
    let mut depth = depth;
    // What the engine counted under the move just taken, from the
    // position before it.
    let mut counted_before: Option<u64> = None;
    loop {
        let ours = divide(&position, depth, mode);
        let total: u64 = ours.iter().map(|(_, _, count)| count).sum();
        let theirs = engine.perft(start, &path, depth)?;
        let after = match path.is_empty() {
            true => String::new(),
            false => format!("after {}, ", words(&path)),
        };
        let their_total = theirs
            .total
            .map_or("no total".to_string(), |n| n.to_string());
        lines.push(format!(
            "  {after}perft {depth}: fen {total}, the engine {their_total}"
        ));
        let their_moves: BTreeMap<&str, u64> = theirs
            .moves
            .iter()
            .map(|(uci, count)| (uci.as_str(), *count))
            .collect();
        let our_moves: BTreeMap<String, (VariantPosition, u64)> = ours
            .into_iter()
            .map(|(uci, after, count)| (uci.to_string(), (after, count)))
            .collect();
        let missing: Vec<&str> = our_moves
            .keys()
            .map(String::as_str)
            .filter(|uci| !their_moves.contains_key(uci))
            .collect();
        let invented: Vec<&str> = their_moves
            .keys()
            .copied()
            .filter(|uci| !our_moves.contains_key(*uci))
            .collect();
        if theirs.moves.is_empty() && !our_moves.is_empty() {
            return Ok(match theirs.total == Some(total) {
                true if path.is_empty() => Verdict::Agree(total),
                _ => {
                    lines.push(no_divide(&theirs));
                    Verdict::Differ
                }
            });
        }
        if !missing.is_empty() || !invented.is_empty() || theirs.moves.len() != their_moves.len() {
            let fen = fenkit::Fen::from_position(&position).to_string();
            lines.push(format!("  the moves differ in {fen}"));
            lines.push(format!("  missing: {}", listed(&missing)));
            lines.push(format!("  invented: {}", listed(&invented)));
            if theirs.moves.len() != their_moves.len() {
                lines.push("  the engine counts some move twice".into());
            }
            return Ok(Verdict::Differ);
        }
        let first_apart = our_moves
            .iter()
            .find(|(uci, (_, count))| their_moves[uci.as_str()] != *count);
        let Some((uci, (after_move, count))) = first_apart else {
            if theirs.total.is_some_and(|n| n != total) {
                lines.push(format!(
                    "  the engine's total is not the sum of its moves' counts ({total})"
                ));
                return Ok(Verdict::Differ);
            }
            if let Some(before) = counted_before.filter(|&n| n != total) {
                lines.push(format!(
                    "  the engine counted {before} here when asked from the position before: its count depends on the moves that led here (undoing a move, or its hash?)"
                ));
                return Ok(Verdict::Differ);
            }
            return Ok(Verdict::Agree(total));
        };
        let theirs_under = their_moves[uci.as_str()];
        if depth == 1 {
            lines.push(format!(
                "  {uci}: fen counts {count}, the engine {theirs_under}: one move is one position"
            ));
            return Ok(Verdict::Differ);
        }
        path.push(uci.parse().expect("fenkit writes UCI it reads"));
        position = after_move.clone();
        depth -= 1;
        counted_before = Some(theirs_under);
    }
}

fn words(moves: &[UciMove]) -> String {
    let words: Vec<String> = moves.iter().map(UciMove::to_string).collect();
    words.join(" ")
}

fn listed(moves: &[&str]) -> String {
    match moves.is_empty() {
        true => "none".into(),
        // What an engine writes reaches the terminal escaped.
        false => moves
            .iter()
            .map(|uci| uci.escape_debug().to_string())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn no_divide(theirs: &Divide) -> String {
    match theirs.total {
        Some(_) => "  the engine gave a total but no count per move (its divide form is not one fen reads: see fen perft --help)".into(),
        None => "  the engine gave no count fen reads".into(),
    }
}
