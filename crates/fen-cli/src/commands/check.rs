//! `fen check`: well-formedness and legality, for people on standard error
//! or as JSON lines on standard output.

use fenkit::{Diagnostic, WriteOptions};

use super::prelude::*;
use crate::{
    options::{Report, ReportFormat, word},
    report,
    rows::{self, Column, Need},
};

/// Check each record's form and legality; diagnostics on stderr, or JSON
/// on stdout.
///
/// Every problem belongs to one of three classes:
///
/// - malformed: the record breaks the standard's syntax, so nothing can be
///   read from it (a rank of seven squares, castling letters out of order);
///
/// - illegal: it reads, but no game can be played from it, or it
///   contradicts itself (a side without a king, the side not to move in
///   check, a castling right without its rook);
///
/// - unreachable: a game can be played from it, but no game from the
///   standard start gets there (pawns that needed more captures than were
///   made, a bishop its unmoved pawns never let out). Set-up positions such
///   as perft suites are often of this kind.
///
/// By default (--strictness playable) malformed and illegal records are
/// invalid and unreachable ones get a warning.
///
/// With --syzygy, each valid position the endgame tables hold gets their
/// verdict, as a note (a `tablebase` key in JSON): its result for the side
/// to move and the moves that keep it, which a composed study wants to be
/// one.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
    /// Which classes of problems make a record invalid.
    #[arg(long, value_parser = word::<fenkit::Strictness>(), default_value_t)]
    pub strictness: fenkit::Strictness,
    #[command(flatten)]
    pub report: Report,
    #[command(flatten)]
    pub rows: rows::Args,
    #[command(flatten)]
    pub syzygy: crate::options::Syzygy,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let mut read = args.inputs.read_options();
    read.strictness = args.strictness;
    let defaults = rows::Defaults {
        columns: &[Column::Valid, Column::Errors, Column::Warnings],
        need: Need::Valid,
    };
    if args.rows.output.is_some() && args.report.format == ReportFormat::Json {
        out.note("fen: --output writes the rows with their results and --format json one object per record; give one of them")?;
        return Ok(Status::Failed);
    }
    let write = WriteOptions::default();
    if let Some(status) = rows::run(&args.rows, &args.inputs, read, write, defaults, out) {
        return status;
    }
    let mut check = Check::new(read, args.report.format);
    check.tables = match args.syzygy.given() {
        Ok(tables) => tables,
        Err(why) => {
            out.note(&format!("fen: check: {why}"))?;
            return Ok(Status::Failed);
        }
    };
    run::stream(&mut check, args.inputs.config(), out)
}

pub struct Check {
    read: ReadOptions,
    format: ReportFormat,
    counts: RecordCounts,
    fen: Vec<u8>,
    lines: fenkit::json::JsonLines,
    /// Endgame tables, whose verdict each position they hold gets.
    pub tables: Option<std::sync::Arc<fenkit_tb::Tables>>,
}

impl Check {
    pub fn new(read: ReadOptions, format: ReportFormat) -> Check {
        Check {
            read,
            format,
            counts: RecordCounts::default(),
            fen: Vec::new(),
            lines: Default::default(),
            tables: None,
        }
    }

    /// The tables' verdict on a valid record they hold: on standard error,
    /// or as the `tablebase` key of its JSON object, just written.
    fn verdict(
        &self,
        record: &Record,
        checked: &fenkit::Checked,
        out: &mut Output,
    ) -> io::Result<()> {
        let Some(tables) = &self.tables else {
            return Ok(());
        };
        let Some(position) = checked.position(self.read.castling) else {
            return Ok(());
        };
        let Ok(answer) = tables.answer(&position) else {
            return Ok(());
        };
        let verdict = answer.verdict(shakmaty::Position::turn(&position));
        match self.format {
            ReportFormat::Human => {
                let place = format!(
                    "{}:{}:1",
                    fenkit::printable(record.source),
                    record.line_number
                );
                out.note(&format!("{place}: note[tablebase]: {verdict}"))
            }
            ReportFormat::Json => {
                let text = out.stdout();
                let end = text.len() - 2; // the object's `}` and its line's end
                let key = serde_json::json!({"category": answer.category, "wdl": answer.wdl, "dtz": answer.dtz, "verdict": verdict});
                let key = format!(r#","tablebase":{key}}}"#);
                text.splice(end.., key.bytes().chain([b'\n']));
                Ok(())
            }
        }
    }

    fn report(
        &mut self,
        record: &Record,
        setup: Option<&shakmaty::Setup>,
        fen: Option<&str>,
        diagnostics: &[Diagnostic],
        out: &mut Output,
    ) -> io::Result<bool> {
        let valid = fenkit::no_errors(diagnostics);
        self.counts.count(valid);
        match self.format {
            ReportFormat::Human => report(&self.read, record, diagnostics, out)?,
            ReportFormat::Json => report::json(
                &mut self.lines,
                out.stdout(),
                record,
                setup,
                fen,
                diagnostics,
                &self.read,
            ),
        }
        Ok(valid)
    }
}

impl Job for Check {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let checked = self.read.check(record.bytes);
        // The canonical FEN goes into a buffer kept from record to record.
        let mut fen = std::mem::take(&mut self.fen);
        fen.clear();
        let written = match (&checked.setup, self.format) {
            // The usual record is its own canonical FEN: no need to write it.
            (Some(_), ReportFormat::Json) if checked.canonical => {
                std::str::from_utf8(record.bytes).ok()
            }
            (Some(setup), ReportFormat::Json) => {
                fenkit::write_fen(setup, &mut fen);
                // The writer writes ASCII only.
                std::str::from_utf8(&fen).ok()
            }
            _ => None,
        };
        let setup = checked.setup.as_ref();
        let result = self.report(record, setup, written, &checked.diagnostics, out);
        self.fen = fen;
        self.verdict(record, &checked, out)?;
        result
    }

    fn unreadable(&mut self, at: &Record, why: &Diagnostic, out: &mut Output) -> io::Result<bool> {
        self.report(at, None, None, std::slice::from_ref(why), out)
    }

    fn finish(&mut self, out: &mut Output) -> io::Result<()> {
        if self.format == ReportFormat::Human {
            let RecordCounts { records, valid } = self.counts;
            let invalid = self.counts.invalid();
            let noun = if records == 1 { "record" } else { "records" };
            out.note(&format!(
                "{records} {noun}: {valid} valid, {invalid} invalid"
            ))?;
        }
        Ok(())
    }
}

impl Parallel for Check {
    type Handed = ();

    fn fork(&self) -> Check {
        Check {
            tables: self.tables.clone(),
            ..Check::new(self.read, self.format)
        }
    }

    fn join(&mut self, fork: Check) {
        self.counts += fork.counts;
    }
}
