//! `fen-sql`: SQL over chess position dumps. DataFusion with the fenkit
//! functions (`fen_valid`, `fen_key`, `fen_opening`, …), files as tables
//! by path, results as a table, CSV, JSON lines or Parquet.

mod errors;
mod output;
mod pgn;
mod statements;
mod tables;

use std::{
    io::{self, IsTerminal, Read, Write},
    path::PathBuf,
    process::ExitCode,
    sync::Arc,
    time::Duration,
};

use clap::Parser;
use datafusion::{
    error::Result,
    prelude::{SessionConfig, SessionContext},
};

use crate::output::Format;

/// SQL over chess position dumps: the fenkit functions (listed below, and
/// the table function read_pgn) over files named in the query: FROM
/// 'puzzles.csv.zst'.
/// CSV, TSV, JSON lines, Parquet and PGN, compressed with gzip, zstd,
/// bzip2 or xz or not. With no -c or -f, reads SQL from standard input,
/// or prompts on a terminal.
///
/// Exit status: 0 when every statement ran, 2 when one failed (a
/// malformed FEN is data, see fen_errors, never a failure).
#[derive(Parser)]
#[command(name = "fen-sql", version, after_help = functions_help())]
struct Args {
    /// Run these statements (separated by `;`).
    #[arg(short = 'c', long = "command", value_name = "SQL")]
    commands: Vec<String>,
    /// Run the statements in this file.
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    files: Vec<PathBuf>,
    /// A table under a short name, such as puzzles=lichess_db_puzzle.csv.zst.
    #[arg(long = "table", value_name = "NAME=PATH", value_parser = tables::parse_table)]
    tables: Vec<(String, PathBuf)>,
    /// How results are written [default: table on a terminal, csv otherwise].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// The file for --format parquet.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Threads [default: every core].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("fen-sql: error: cannot start: {err}");
            return ExitCode::from(2);
        }
    };
    runtime.block_on(run(args))
}

/// A query's text and the name to give it in messages.
struct Script {
    name: String,
    sql: String,
}

fn scripts(args: &Args) -> io::Result<Vec<Script>> {
    let mut scripts: Vec<Script> = args
        .commands
        .iter()
        .map(|sql| Script {
            name: "<command>".into(),
            sql: sql.clone(),
        })
        .collect();
    for path in &args.files {
        let sql = std::fs::read_to_string(path)
            .map_err(|err| io::Error::new(err.kind(), format!("{}: {err}", path.display())))?;
        scripts.push(Script {
            name: path.display().to_string(),
            sql,
        });
    }
    if scripts.is_empty() && !io::stdin().is_terminal() {
        let mut sql = String::new();
        io::stdin().read_to_string(&mut sql)?;
        scripts.push(Script {
            name: "<stdin>".into(),
            sql,
        });
    }
    Ok(scripts)
}

async fn run(args: Args) -> ExitCode {
    // Names as written, `FEN` as in the lichess dumps: the same query then
    // runs on Spark, whose names match in any case.
    let mut config = SessionConfig::new()
        .set_bool("datafusion.sql_parser.enable_ident_normalization", false)
        // Where in the query a planning error is: DataFusion's
        // diagnostics carry it (errors.rs shows it with a caret).
        .set_bool("datafusion.sql_parser.collect_spans", true);
    if let Some(jobs) = args.jobs {
        config = config.with_target_partitions(jobs.into());
    }
    let mut ctx = SessionContext::new_with_config(config);
    if let Err(err) = fenkit_datafusion::register(&mut ctx) {
        eprintln!("fen-sql: error: {err}");
        return ExitCode::from(2);
    }
    ctx.register_udtf("read_pgn", Arc::new(pgn::ReadPgn));
    // Spark's name for a list's element or null (1-based, as here), so
    // that one query file runs on both.
    if let Some(element) = ctx.state().scalar_functions().get("array_element") {
        ctx.register_udf(element.as_ref().clone().with_aliases(["try_element_at"]));
    }
    for (name, path) in &args.tables {
        if let Err(err) = tables::register(&ctx, name.as_str(), path).await {
            eprintln!(
                "fen-sql: error: --table {name}={}: {}",
                path.display(),
                errors::message(&err)
            );
            return ExitCode::from(2);
        }
    }
    let format = args.format.unwrap_or(if io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Csv
    });
    let scripts = match scripts(&args) {
        Ok(scripts) => scripts,
        Err(err) => {
            eprintln!("fen-sql: error: {err}");
            return ExitCode::from(2);
        }
    };
    let session = Session {
        ctx,
        format,
        output: args.output,
    };
    if scripts.is_empty() {
        return session.prompt().await;
    }
    for script in &scripts {
        for statement in statements::split(&script.sql) {
            if let Err(err) = session.execute(&statement).await {
                errors::report(&script.name, &script.sql, &statement, &err);
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// The column functions, from the one table, for `--help`.
fn functions_help() -> String {
    let names: Vec<String> = fenkit_arrow::FUNCTIONS
        .iter()
        .map(|function| match function.beside {
            None => format!("{}({})", function.name, function.records),
            Some(beside) if beside.optional => {
                format!("{}({}[, {}])", function.name, function.records, beside.name)
            }
            Some(beside) => format!("{}({}, {})", function.name, function.records, beside.name),
        })
        .collect();
    format!(
        "Functions, each with an optional last argument of options as words ('lenient, chess960'):\n  {}",
        names.join(", ")
    )
}

struct Session {
    ctx: SessionContext,
    format: Format,
    output: Option<PathBuf>,
}

impl Session {
    async fn execute(&self, statement: &statements::Statement) -> Result<()> {
        tables::register_paths(&self.ctx, statement).await?;
        let frame = self.ctx.sql(&statement.text).await?;
        let batches = with_progress(frame.collect()).await?;
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        if stdout.is_terminal() {
            // Values from the files reach a terminal escaped, as every
            // message does; into a pipe or a file they go as they are.
            let mut text = Vec::new();
            output::write(&batches, self.format, self.output.as_deref(), &mut text)?;
            out.write_all(errors::printable(&String::from_utf8_lossy(&text)).as_bytes())?;
        } else {
            output::write(&batches, self.format, self.output.as_deref(), &mut out)?;
        }
        out.flush()?;
        Ok(())
    }

    /// Statements typed at a terminal, each run when a line ends with `;`.
    async fn prompt(&self) -> ExitCode {
        eprintln!("fen-sql: statements end with ';'; Ctrl-D to leave");
        let mut pending = String::new();
        loop {
            eprint!(
                "{}",
                if pending.is_empty() {
                    "fen-sql> "
                } else {
                    "     ..> "
                }
            );
            let mut line = String::new();
            match io::stdin().read_line(&mut line) {
                Ok(0) => return ExitCode::SUCCESS,
                Ok(_) => {}
                Err(err) => {
                    eprintln!("fen-sql: error: {err}");
                    return ExitCode::from(2);
                }
            }
            pending.push_str(&line);
            if !line.trim_end().ends_with(';') {
                continue;
            }
            let sql = std::mem::take(&mut pending);
            for statement in statements::split(&sql) {
                if let Err(err) = self.execute(&statement).await {
                    errors::report("<prompt>", &sql, &statement, &err);
                    break;
                }
            }
        }
    }
}

/// Awaits `work`, with a line on a terminal's standard error saying how
/// long it has run once it runs for more than a second.
async fn with_progress<T>(work: impl Future<Output = T>) -> T {
    if !io::stderr().is_terminal() {
        return work.await;
    }
    let ticker = tokio::spawn(async {
        let started = tokio::time::Instant::now();
        tokio::time::sleep(Duration::from_secs(1)).await;
        loop {
            eprint!("\r  running… {:.0} s ", started.elapsed().as_secs_f64());
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    });
    let result = work.await;
    ticker.abort();
    eprint!("\r\x1b[2K");
    result
}
