//! `fen suite --engine ENGINE SUITE.epd…`: a test suite (WAC, STS,
//! Arasan's, mate problems) run through a UCI engine, each record solved
//! or not by its `bm` (best moves), `am` (moves to avoid) and `dm` (a mate
//! that short), with the depth and time at which the engine first settled
//! on a solving move. The suites' dialects are read as `--lenient` reads
//! them (repairs counted, not printed).

use fenkit::{epd::Operand, moves::read_variant_move};
use fenkit_uci::{Engine, EngineCommand, EngineError, Info, Score, Search};
use shakmaty::{Move, san::SanPlus, uci::UciMove};

use super::prelude::*;
use crate::engines::{EngineSetup, SearchLimit};

/// Run a test suite through a UCI engine: per record, solved or not (bm:
/// the engine's move is one of them; am: none of them; dm: it announces a
/// mate that short or shorter), the move it played, and the depth and
/// time from which its main line's first move solved the record; then
/// `N of M solved` and the ids that failed. Each record is searched
/// after `ucinewgame`, on one engine per thread (-j).
#[derive(clap::Args)]
pub struct Args {
    /// The UCI engine: its command and arguments, in one word.
    #[arg(long, value_name = "ENGINE", value_parser = crate::engines::command)]
    pub engine: EngineCommand,
    #[command(flatten)]
    pub limit: SearchLimit,
    #[command(flatten)]
    pub setup: EngineSetup,
    #[command(flatten)]
    pub inputs: PositionInputs,
}

/// A record of a suite, ready to be searched.
struct Entry {
    /// `SOURCE:LINE:1`
    place: String,
    id: String,
    position: VariantPosition,
    best: Vec<Move>,
    avoid: Vec<Move>,
    mate: Option<u32>,
    /// What the record asks, as written back (`bm Qg6`).
    asked: String,
}

/// The records of the suite that can be searched.
struct Gather {
    read: ReadOptions,
    entries: Vec<Entry>,
    /// Records read in a suite dialect (`--lenient`'s repairs).
    repaired: usize,
}

impl Job for Gather {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let checked = self.read.check(record.bytes);
        let errors: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == fenkit::Severity::Error)
            .cloned()
            .collect();
        let position = checked.variant_position(self.read.castling);
        let Some(position) = position.filter(|_| errors.is_empty()) else {
            report(&self.read, record, &errors, out)?;
            return Ok(false);
        };
        self.repaired += usize::from(!checked.diagnostics.is_empty());
        let operands = |opcode: &str| -> Vec<String> {
            checked
                .operations
                .iter()
                .filter(|operation| operation.opcode == opcode)
                .flat_map(|operation| &operation.operands)
                .map(|operand| match operand {
                    Operand::Token(text) | Operand::Quoted(text) => text.clone(),
                })
                .collect()
        };
        // The library has read bm and am as legal moves (in SAN).
        let moves = |opcode: &str| -> Vec<Move> {
            operands(opcode)
                .iter()
                .filter_map(|text| read_variant_move(&position, text).ok())
                .collect()
        };
        let (best, avoid) = (moves("bm"), moves("am"));
        let mate = operands("dm").first().and_then(|n| n.parse().ok());
        let place = format!(
            "{}:{}:1",
            fenkit::printable(record.source),
            record.line_number
        );
        if best.is_empty() && avoid.is_empty() && mate.is_none() {
            let code = crate::codes::SUITE_NO_GOAL;
            out.note(&format!(
                "{place}: warning[{code}]: the record has no bm, am or dm to solve"
            ))?;
            return Ok(true);
        }
        let id = operands("id")
            .first()
            .cloned()
            .unwrap_or_else(|| format!("{}:{}", record.source, record.line_number));
        let asked: Vec<String> = checked
            .operations
            .iter()
            .filter(|operation| matches!(operation.opcode.as_str(), "bm" | "am" | "dm"))
            .map(|operation| operation.to_string().trim_end_matches(';').to_string())
            .collect();
        self.entries.push(Entry {
            place,
            id: fenkit::printable(&id).into_owned(),
            position,
            best,
            avoid,
            mate,
            asked: asked.join("; "),
        });
        Ok(true)
    }
}

impl Entry {
    /// Whether a search whose main line starts with `first` and scores
    /// `score` solves this record.
    fn solved_by(&self, first: Option<&UciMove>, score: Option<Score>) -> bool {
        let played = first.and_then(|uci| uci.to_move(&self.position).ok());
        let best = self.best.is_empty() || played.as_ref().is_some_and(|m| self.best.contains(m));
        let avoid = played.as_ref().is_some_and(|m| !self.avoid.contains(m));
        let avoid = self.avoid.is_empty() || avoid;
        let mate = match self.mate {
            None => true,
            Some(most) => {
                matches!(score, Some(Score::Mate(n)) if n > 0 && n.unsigned_abs() <= most)
            }
        };
        best && avoid && mate
    }

    /// The first line from which on every line solved the record.
    fn first_solved<'a>(&self, search: &'a Search) -> Option<&'a Info> {
        let mut found = None;
        for info in &search.lines {
            match self.solved_by(info.pv.first(), info.score.or(search.score)) {
                true => {
                    found.get_or_insert(info);
                }
                false => found = None,
            }
        }
        found
    }
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args
        .inputs
        .read_options()
        .with_format(fenkit::Format::Epd)
        .with_lenient(true);
    let mut gather = Gather {
        read,
        entries: Vec::new(),
        repaired: 0,
    };
    let mut status = run::sequential(&mut gather, args.inputs.config(), out)?;
    if gather.repaired > 0 {
        let repaired = gather.repaired;
        out.note(&format!(
            "fen: {repaired} records read in a suite dialect (--lenient's repairs)"
        ))?;
    }
    let settings = args.setup.settings(&read);
    let limit = args.limit.limit(10);
    let (threads, _) = args.inputs.threads();
    let mut solved = 0;
    let mut failed_ids = Vec::new();
    let mut engine_failed = 0;
    let pooled = crate::engines::in_order(
        &args.engine,
        &settings,
        threads,
        &gather.entries,
        |engine: &mut Engine, entry: &Entry| {
            engine.new_game()?;
            engine.go(&entry.position, &[], limit)
        },
        |entry, search: Result<Search, EngineError>| {
            let search = match search {
                Ok(search) => search,
                Err(error) => {
                    engine_failed += 1;
                    let code = crate::codes::ENGINE;
                    return out.note(&format!("{}: error[{code}]: {error}", entry.place));
                }
            };
            crate::engines::say_complaints(&search, &entry.place, out)?;
            let best = search.best.as_ref();
            let ok = entry.solved_by(best, search.score);
            let played = best
                .and_then(|uci| uci.to_move(&entry.position).ok())
                .map(|m| SanPlus::from_move(entry.position.clone(), m).to_string())
                .unwrap_or_else(|| "-".into());
            let (depth, time) = match entry.first_solved(&search).filter(|_| ok) {
                Some(info) => (
                    info.depth.map_or("-".into(), |d| d.to_string()),
                    info.time.map_or("-".into(), |t| format!("{t} ms")),
                ),
                None => ("-".into(), "-".into()),
            };
            if ok {
                solved += 1;
            } else {
                failed_ids.push(entry.id.clone());
            }
            let verdict = if ok { "solved" } else { "failed" };
            writeln!(
                out.stdout(),
                "{}\t{verdict}\t{played}\t{}\t{depth}\t{time}",
                entry.id,
                entry.asked
            )
        },
    )?;
    if let Err(error) = pooled {
        out.note(&format!("fen: {error}"))?;
        return Ok(Status::Failed);
    }
    let records = gather.entries.len();
    writeln!(out.stdout(), "{solved} of {records} solved")?;
    if !failed_ids.is_empty() {
        writeln!(out.stdout(), "failed: {}", failed_ids.join(" "))?;
    }
    if engine_failed > 0 {
        status = status.max(Status::BadRecords);
    }
    Ok(status)
}
