//! Row-aligned output's flags (`--output csv|tsv|jsonl`, `--columns`)
//! and its run: the job itself is the runner library's
//! (`fenkit_run::rows`).

use std::io::{self, IsTerminal};

use fenkit::{ReadOptions, WriteOptions};
pub use fenkit_run::rows::{Column, Need, RowFormat, Rows};

use crate::{
    options::Inputs,
    output::Output,
    run::{self, Status},
};

/// The flags of row-aligned output, for the subcommands that give one
/// result per record.
#[derive(clap::Args, Default)]
#[group(id = "rows")]
pub struct Args {
    /// Write every input row back with result columns appended: csv or
    /// tsv for a table read with --field (in its own delimiter; csv
    /// quotes what needs it) or a FEN file (the record as the first
    /// column, after a header line), jsonl to add keys to JSON lines read
    /// with --jsonl (or one object per record of a FEN file). A bad row
    /// keeps its place, its error column filled.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub output: Option<RowFormat>,
    /// The result columns to add, comma-separated (the default depends on
    /// the subcommand).
    #[arg(long, value_enum, value_delimiter = ',', requires = "output")]
    pub columns: Vec<Column>,
}

/// What a subcommand asks of row-aligned output.
pub struct Defaults<'a> {
    pub columns: &'a [Column],
    pub need: Need,
}

/// Runs the rows job when `--output` is given; `None` when it is not, so
/// that the subcommand runs as it does without it.
pub fn run(
    args: &Args,
    inputs: &Inputs,
    read: ReadOptions,
    write: WriteOptions,
    defaults: Defaults<'_>,
    out: &mut Output,
) -> Option<io::Result<Status>> {
    let format = args.output?;
    let columns = match args.columns.is_empty() {
        true => defaults.columns.to_vec(),
        false => args.columns.clone(),
    };
    let rows = Rows::new(
        read,
        write,
        columns,
        format,
        &inputs.extract(),
        inputs.delimiter,
    );
    let mut rows = match rows {
        Ok(rows) => rows.escaped(io::stdout().is_terminal()),
        Err(why) => {
            let said = out.note(&format!("fen: --output {}: {why}", format.name()));
            return Some(said.map(|()| Status::Failed));
        }
    };
    rows.need = defaults.need;
    if let Some(header) = rows.header_of_records() {
        out.stdout().extend_from_slice(&header);
    }
    Some(run::stream(&mut rows, inputs.config(), out))
}
