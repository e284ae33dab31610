//! `fen explorer import PARQUET... -o DIR`: an index from rows counted
//! elsewhere (`fenkit.spark.explorer` writes them to Parquet), added to
//! the index in DIR as a build adds games.

use std::{collections::HashMap, io, path::PathBuf};

use fenkit_arrow::{index_row, read_explorer_rows};
use fenkit_index::explorer::ExplorerBuilder;
use fenkit_index::explorer::ExplorerGame;

use crate::{
    output::Output,
    parquet::{each_batch, parquet_files},
    run::Status,
};

/// Build an explorer index from rows counted on a cluster (Parquet files
/// written from `fenkit.spark.explorer`; a folder of part files is read
/// whole); an index already in DIR is added to.
#[derive(clap::Args)]
pub struct Args {
    /// Parquet files, or folders of them.
    #[arg(required = true, value_name = "PARQUET")]
    pub files: Vec<PathBuf>,
    /// The index folder to write (or add to).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: PathBuf,
    /// Memory for merging rows, in MiB, as for `build`.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    pub memory: u64,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let memory = usize::try_from(args.memory << 20).unwrap_or(usize::MAX);
    let mut builder = match ExplorerBuilder::new(&args.output, memory) {
        Ok(builder) => builder,
        Err(bad) => {
            out.note(&format!("fen: {bad}"))?;
            return Ok(Status::Failed);
        }
    };
    let files = match parquet_files(&args.files) {
        Ok(files) => files,
        Err((path, why)) => return said(out, &path, &why),
    };
    // A game is kept once however many rows name it among their top games.
    let mut kept: HashMap<Vec<u8>, u64> = HashMap::new();
    let mut rows = 0u64;
    for path in &files {
        let mut failed = None;
        let read = each_batch(path, |batch| {
            let read = read_explorer_rows(&batch).map_err(|err| err.to_string())?;
            for row in read {
                let added = index_row(row, |game| keep(&mut builder, &mut kept, game))
                    .and_then(|row| builder.add_row(&row));
                if let Err(err) = added {
                    failed = Some(err);
                    return Err(String::new());
                }
                rows += 1;
            }
            Ok(())
        });
        if let Some(err) = failed {
            return Err(err);
        }
        if let Err(why) = read {
            return said(out, path, &why);
        }
    }
    let built = builder.finish()?;
    out.note(&format!(
        "fen: {rows} rows read from {} file{}; {} now: {} rows, {} bytes ({} top games kept)",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        args.output.display(),
        built.rows,
        built.bytes,
        built.added,
    ))?;
    Ok(Status::Ok)
}

/// The number of `game` in the index, stored the first time it is seen.
fn keep(
    builder: &mut ExplorerBuilder,
    kept: &mut HashMap<Vec<u8>, u64>,
    game: ExplorerGame,
) -> io::Result<u64> {
    let mut tags = Vec::new();
    game.write(&mut tags);
    if let Some(&number) = kept.get(&tags) {
        return Ok(number);
    }
    let number = builder.keep_game(&game)?;
    kept.insert(tags, number);
    Ok(number)
}

fn said(out: &mut Output, path: &std::path::Path, why: &str) -> io::Result<Status> {
    out.note(&format!(
        "fen: {}: {}; no index written",
        path.display(),
        fenkit::printable(why)
    ))?;
    Ok(Status::Failed)
}
