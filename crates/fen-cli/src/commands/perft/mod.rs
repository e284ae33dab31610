//! `fen perft`: the number of move sequences of a given length from each
//! position, the count engine authors check a move generator with. The
//! moves are shakmaty's; this counts them. With `--suite`, the counts a
//! perft suite publishes (`D1 20; D2 400; …`) are checked instead; with
//! `--against`, an engine's counts (`against.rs`).

mod against;

use std::time::Instant;

use fenkit::variants::VariantPosition;
use rayon::prelude::*;
use shakmaty::CastlingMode;

use super::prelude::*;
use fenkit_uci::compare::{count, divide};
use std::io::Read;

/// Count the leaf nodes of the move tree of each position to DEPTH plies
/// (perft), one number per line; with --divide, the count under each legal
/// move first. With --suite, check the counts each record of a perft suite
/// gives in its D1, D2, … operations.
#[derive(clap::Args)]
pub struct Args {
    /// How many plies deep to count (with --suite, each record's own
    /// depths are checked instead).
    #[arg(value_parser = |text: &str| crate::options::number_in(text, 0..=20), required_unless_present = "suite")]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub inputs: PositionInputs,
    /// The count under each legal move (UCI), then the total; with
    /// --suite, under each move of a record whose count differs, with the
    /// position after the move.
    #[arg(long)]
    pub divide: bool,
    /// Check the D1, D2, … counts of each record (an EPD perft suite, in
    /// any of the dialects suites are written in), on every core: one line
    /// per count that differs, then a summary; status 1 when any differs.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "depth")]
    pub suite: Vec<std::path::PathBuf>,
    /// With --suite: check the counts up to this depth only.
    #[arg(long, value_name = "N", requires = "suite", value_parser = |text: &str| crate::options::number_in(text, 1..=20))]
    pub max_depth: Option<u32>,
    /// Compare with a UCI engine's `go perft` (the command, with its
    /// arguments, in one word): where a count differs, descend into the
    /// first move whose count differs, down to the position where the
    /// moves differ, and print the moves the engine misses and those it
    /// invents; status 1 at a difference. The engine's divide is read in
    /// Stockfish's form (`e2e4: 20`, then `Nodes searched: 8902`) and the
    /// common others (`e2e4 20`, `e2e4 - 20`; `Nodes: N`, `Total: N`,
    /// `Perft D: N`). With --suite, each record is compared at its deepest
    /// count, up to the first whose counts differ. A record `startpos`
    /// stands for the start position.
    #[arg(long, value_name = "ENGINE", value_parser = crate::engines::command, conflicts_with = "divide")]
    pub against: Option<fenkit_uci::EngineCommand>,
    #[command(flatten)]
    pub engine: crate::engines::EngineSetup,
}

pub fn run(mut args: Args, out: &mut Output) -> io::Result<Status> {
    if let Some(command) = args.against.take() {
        return against::run(command, args, out);
    }
    if !args.suite.is_empty() {
        args.inputs.files.splice(0..0, args.suite.drain(..));
        return suite(args, out);
    }
    let read = args.inputs.read_options();
    let job = Perft {
        depth: args.depth.unwrap_or_default(),
        divide: args.divide,
        mode: read.castling,
    };
    run::stream(&mut Positions { read, job }, args.inputs.config(), out)
}

#[derive(Clone, Copy)]
struct Perft {
    depth: u32,
    divide: bool,
    /// How UCI writes castling (`--divide`).
    mode: CastlingMode,
}

impl PositionJob for Perft {
    fn position(&mut self, position: VariantPosition, out: &mut Output) -> io::Result<bool> {
        if !self.divide || self.depth == 0 {
            writeln!(out.stdout(), "{}", count(&position, self.depth))?;
            return Ok(true);
        }
        let mut total = 0;
        for (uci, _, count) in divide(&position, self.depth, self.mode) {
            total += count;
            writeln!(out.stdout(), "{uci}\t{count}")?;
        }
        writeln!(out.stdout(), "total\t{total}")?;
        Ok(true)
    }
}

/// A count a suite gives: depth, count, and where the count stands as
/// `SOURCE:LINE:COL`.
type Given = (u32, u64, String);

/// A record of a suite: its position, and the counts it gives.
struct Entry {
    position: VariantPosition,
    counts: Vec<Given>,
}

/// Gathers the records of a suite: read in any dialect (each repair
/// counted, not printed), refused with their errors when they cannot be
/// played from.
struct Gather {
    read: ReadOptions,
    max_depth: u32,
    entries: Vec<Entry>,
    repaired: usize,
    without_counts: usize,
}

impl Job for Gather {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some((position, checked)) = self.playable(record, out)? else {
            return Ok(false);
        };
        let place = |at: usize| place(record, at);
        let given: Vec<Given> = checked
            .operations
            .iter()
            .filter_map(|operation| {
                let depth: u32 = operation.opcode.strip_prefix('D')?.parse().ok()?;
                let count: u64 = operation.first()?.parse().ok()?;
                Some((depth, count, place(count_at(record.bytes, depth))))
            })
            .collect();
        self.add(position, given, &place(0), out)?;
        Ok(true)
    }
}

/// `SOURCE:LINE:COL` of byte `at` of `record`.
fn place(record: &Record, at: usize) -> String {
    format!(
        "{}:{}:{}",
        fenkit::printable(record.source),
        record.line_number,
        record.column(at)
    )
}

impl Gather {
    /// The position of `record` to count from, with the record checked;
    /// `None` when it cannot be played from, its errors reported.
    fn playable(
        &mut self,
        record: &Record,
        out: &mut Output,
    ) -> io::Result<Option<(VariantPosition, fenkit::Checked)>> {
        let checked = self.read.check(record.bytes);
        let errors: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == fenkit::Severity::Error)
            .cloned()
            .collect();
        // Suites hold positions no game reaches, such as two checks along
        // one line: engines count their moves all the same, and so does
        // this, saying so.
        let Some((position, impossible_check)) = checked.countable_position(self.read.castling)
        else {
            // With the hint naming --chess960 where that reading plays it.
            report(&self.read, record, &errors, out)?;
            return Ok(None);
        };
        if impossible_check {
            let warnings: Vec<_> = errors.into_iter().map(|d| d.into_warning()).collect();
            out.diagnostics(record, &warnings)?;
        }
        self.repaired += usize::from(!checked.diagnostics.is_empty());
        Ok(Some((position, checked)))
    }

    /// Keeps a record's counts up to the depth asked for.
    fn add(
        &mut self,
        position: VariantPosition,
        given: Vec<Given>,
        place: &str,
        out: &mut Output,
    ) -> io::Result<()> {
        if !given.iter().any(|&(depth, ..)| depth >= 1) {
            self.without_counts += 1;
            return out.note(&format!(
                "{place}: warning[perft-no-counts]: the record gives no D1, D2, … counts"
            ));
        }
        let counts = given
            .into_iter()
            .filter(|&(depth, ..)| depth >= 1 && depth <= self.max_depth)
            .collect();
        self.entries.push(Entry { position, counts });
        Ok(())
    }

    /// The blocks of a `.perft` file, as python-chess and lichess write
    /// them: `id NAME`, `epd RECORD`, then `perft DEPTH COUNT` lines; `#`
    /// starts a comment.
    fn perft_file(&mut self, path: &std::path::Path, out: &mut Output) -> io::Result<bool> {
        let Some((source, mut input)) = run::open(path, out)? else {
            return Ok(false);
        };
        let mut text = String::new();
        if let Err(err) = input.read_to_string(&mut text) {
            out.note(&format!("fen: {source}: {}", run::io_message(&err)))?;
            return Ok(false);
        }
        let mut fine = true;
        let mut block: Option<(VariantPosition, Vec<Given>, String)> = None;
        for (index, line) in text.lines().enumerate() {
            let line_number = index as u64 + 1;
            let at = |offset: usize| {
                format!(
                    "{}:{line_number}:{}",
                    fenkit::printable(&source),
                    offset + 1
                )
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["epd", ..] => {
                    if let Some((position, given, place)) = block.take() {
                        self.add(position, given, &place, out)?;
                    }
                    let offset = line.find("epd").unwrap_or(0) + 3;
                    let offset = offset + (line.len() - offset - line[offset..].trim_start().len());
                    let record = Record {
                        source: &source,
                        line_number,
                        line: line.as_bytes(),
                        offset,
                        bytes: line[offset..].trim_end().as_bytes(),
                    };
                    match self.playable(&record, out)? {
                        Some((position, _)) => block = Some((position, Vec::new(), at(offset))),
                        None => fine = false,
                    }
                }
                ["perft", depth, written] => {
                    let parsed = (depth.parse::<u32>(), written.parse::<u64>());
                    if let (Some((_, given, _)), (Ok(depth), Ok(count))) = (&mut block, parsed) {
                        let column = line.rfind(written).unwrap_or(0);
                        given.push((depth, count, at(column)));
                    }
                }
                _ => {}
            }
        }
        if let Some((position, given, place)) = block.take() {
            self.add(position, given, &place, out)?;
        }
        Ok(fine)
    }
}

/// Where the count of `D<depth>` stands in `record` (its first byte), or 0.
fn count_at(record: &[u8], depth: u32) -> usize {
    let opcode = format!("D{depth}");
    let opcode = opcode.as_bytes();
    (0..record.len())
        .find(|&at| {
            record[at..].starts_with(opcode)
                && (at == 0 || !record[at - 1].is_ascii_alphanumeric())
                && record
                    .get(at + opcode.len())
                    .is_some_and(|&b| b == b' ' || b == b'\t')
        })
        .map_or(0, |at| {
            let after = at + opcode.len();
            after
                + record[after..]
                    .iter()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count()
        })
}

fn gathered(args: &mut Args, out: &mut Output) -> io::Result<(Gather, Status)> {
    let read = args.inputs.read_options().with_lenient(true);
    let mut gather = Gather {
        read,
        max_depth: args.max_depth.unwrap_or(u32::MAX),
        entries: Vec::new(),
        repaired: 0,
        without_counts: 0,
    };
    // `.perft` files are blocks of lines, the rest records a line each.
    let (blocks, records): (Vec<_>, Vec<_>) = args
        .inputs
        .files
        .iter()
        .cloned()
        .partition(|path| path.extension().is_some_and(|e| e == "perft"));
    let mut status = Status::Ok;
    for path in &blocks {
        if !gather.perft_file(path, out)? {
            status = Status::BadRecords;
        }
    }
    if !records.is_empty() || blocks.is_empty() {
        args.inputs.files = records;
        status = status.max(run::sequential(&mut gather, args.inputs.config(), out)?);
    }
    Ok((gather, status))
}

fn suite(mut args: Args, out: &mut Output) -> io::Result<Status> {
    let (gather, status) = gathered(&mut args, out)?;
    let read = gather.read;
    let started = Instant::now();
    // Every (record, depth) on every core, the deepest first so that the
    // longest counts do not start last.
    let mut work: Vec<(usize, usize)> = gather
        .entries
        .iter()
        .enumerate()
        .flat_map(|(e, entry)| (0..entry.counts.len()).map(move |c| (e, c)))
        .collect();
    work.sort_by_key(|&(e, c)| std::cmp::Reverse(gather.entries[e].counts[c].0));
    let (threads, _) = args.inputs.threads();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(io::Error::other)?;
    let counted: Vec<((usize, usize), u64)> = pool.install(|| {
        // One task an item: a count may take a million times another.
        work.par_iter()
            .with_max_len(1)
            .map(|&(e, c)| {
                let entry = &gather.entries[e];
                ((e, c), count(&entry.position, entry.counts[c].0))
            })
            .collect()
    });
    let mut counts: Vec<Vec<u64>> = gather
        .entries
        .iter()
        .map(|entry| vec![0; entry.counts.len()])
        .collect();
    let mut nodes: u64 = 0;
    for ((e, c), count) in counted {
        counts[e][c] = count;
        nodes += count;
    }
    let seconds = started.elapsed().as_secs_f64();

    let mut differ = 0;
    let checked: usize = counts.iter().map(Vec::len).sum();
    for (entry, counted) in gather.entries.iter().zip(&counts) {
        for ((depth, expected, place), &count) in entry.counts.iter().zip(counted) {
            if count == *expected {
                continue;
            }
            differ += 1;
            let fen = fenkit::Fen::from_position(&entry.position).to_string();
            writeln!(
                out.stdout(),
                "{place}: error[perft-mismatch]: depth {depth}: the suite says {expected}, the moves give {count} ({fen})"
            )?;
            if args.divide {
                for (uci, after, count) in divide(&entry.position, *depth, read.castling) {
                    let after = fenkit::Fen::from_position(&after).to_string();
                    writeln!(out.stdout(), "  {uci}\t{count}\t{after}")?;
                }
            }
        }
    }
    let records = gather.entries.len();
    // The time only for people: what scripts and tests read stays the same
    // from run to run.
    let rate = match std::io::IsTerminal::is_terminal(&io::stderr()) && seconds > 0.0 {
        true => format!(
            " in {seconds:.2} s ({:.1} million nodes/s)",
            nodes as f64 / seconds / 1e6
        ),
        false => String::new(),
    };
    let repaired = match gather.repaired {
        0 => String::new(),
        n => format!("; {n} read in a suite dialect (--lenient's repairs)"),
    };
    out.note(&format!(
        "fen: {records} records, {checked} counts: {} match, {differ} differ; {nodes} nodes{rate}{repaired}",
        checked - differ
    ))?;
    Ok(match differ {
        0 => status,
        _ => status.max(Status::BadRecords),
    })
}
