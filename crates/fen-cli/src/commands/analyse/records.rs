//! EPD in, EPD out: each record searched after `ucinewgame` on one of the
//! engines, and written back with the operations engines write.

use fenkit::{Operand, Operation, WriteOptions};
use fenkit_uci::{Engine, EngineError, Score, Search};
use shakmaty::{Setup, san::SanPlus};

use super::{Args, DEFAULT_DEPTH, from_tables, line_moves};
use crate::commands::prelude::*;

/// The operations this writes, replaced where a record has them.
const WRITTEN: [&str; 6] = ["acd", "acn", "bm", "ce", "dm", "pv"];

/// The longest main line written as `pv`.
const LINE_PLIES: usize = 20;

/// A record that can be searched.
struct Entry {
    place: String,
    setup: Setup,
    operations: Vec<Operation>,
    position: VariantPosition,
}

struct Gather {
    read: ReadOptions,
    entries: Vec<Entry>,
}

impl Job for Gather {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let checked = checked_reported(&self.read, record, out)?;
        let position = checked.variant_position(self.read.castling);
        let (Some(position), Some(setup)) = (position, checked.setup.clone()) else {
            return Ok(false);
        };
        self.entries.push(Entry {
            place: format!(
                "{}:{}:1",
                fenkit::printable(record.source),
                record.line_number
            ),
            setup,
            operations: checked.operations,
            position,
        });
        Ok(true)
    }
}

pub fn run(
    args: &Args,
    tables: Option<&fenkit_tb::Tables>,
    out: &mut Output,
) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let mut gather = Gather {
        read,
        entries: Vec::new(),
    };
    let mut status = run::sequential(&mut gather, args.inputs.config(), out)?;
    let limit = args.limit.limit(DEFAULT_DEPTH);
    let (threads, _) = args.inputs.threads();
    let pooled = crate::engines::in_order(
        &args.engine,
        &args.setup.settings(&read),
        threads,
        &gather.entries,
        |engine: &mut Engine, entry: &Entry| {
            if let Some(search) = from_tables(tables, &entry.position, LINE_PLIES) {
                return Ok(search);
            }
            engine.new_game()?;
            engine.go(&entry.position, &[], limit)
        },
        |entry, search: Result<Search, EngineError>| match search {
            Ok(search) => {
                crate::engines::say_complaints(&search, &entry.place, out)?;
                let mut operations: Vec<Operation> = entry
                    .operations
                    .iter()
                    .filter(|operation| !WRITTEN.contains(&operation.opcode.as_str()))
                    .cloned()
                    .collect();
                operations.extend(engine_operations(&entry.position, &search));
                let mut line = Vec::new();
                WriteOptions::default().write_epd(&entry.setup, &operations, &mut line);
                line.push(b'\n');
                out.stdout().extend_from_slice(&line);
                out.tick()
            }
            Err(error) => {
                status = status.max(Status::BadRecords);
                let code = crate::codes::ENGINE;
                out.note(&format!("{}: error[{code}]: {error}", entry.place))
            }
        },
    )?;
    if let Err(error) = pooled {
        out.note(&format!("fen: {error}"))?;
        return Ok(Status::Failed);
    }
    Ok(status)
}

/// `acd`, `acn`, `bm`, `ce`, `dm` and `pv` for what the engine said.
fn engine_operations(position: &VariantPosition, search: &Search) -> Vec<Operation> {
    let mut operations = Vec::new();
    if let Some(depth) = search.depth {
        operations.push(Operation::token("acd", depth.to_string()));
    }
    if let Some(nodes) = search.nodes {
        operations.push(Operation::token("acn", nodes.to_string()));
    }
    let sans = |moves: &[shakmaty::Move]| -> Vec<Operand> {
        let mut at = position.clone();
        moves
            .iter()
            .map(|&played| {
                let san = SanPlus::from_move_and_play_unchecked(&mut at, played);
                Operand::Token(san.to_string())
            })
            .collect()
    };
    if let Some(best) = search
        .best
        .as_ref()
        .and_then(|uci| uci.to_move(position).ok())
    {
        operations.push(Operation {
            opcode: "bm".into(),
            operands: sans(&[best]),
        });
    }
    match search.score {
        Some(Score::Centipawns(cp)) => operations.push(Operation::token("ce", cp.to_string())),
        // Mate in N moves: 32767 less N (python-chess's convention), and
        // `dm N`; mated in N: its negation.
        Some(Score::Mate(moves)) => {
            let ce = (32767 - moves.abs()) * moves.signum();
            operations.push(Operation::token("ce", ce.to_string()));
            if moves > 0 {
                operations.push(Operation::token("dm", moves.to_string()));
            }
        }
        None => {}
    }
    let line = line_moves(position, &search.pv, LINE_PLIES);
    if !line.is_empty() {
        operations.push(Operation {
            opcode: "pv".into(),
            operands: sans(&line),
        });
    }
    operations
}
