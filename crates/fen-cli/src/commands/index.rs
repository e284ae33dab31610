//! `fen index`: the index `fen search --index` reads: every position a
//! game reaches (its key, the first ply there), each game's material
//! signatures, and the games themselves, in a folder.

use std::ops::ControlFlow;
use std::{io, path::PathBuf};

use fenkit_games::{
    pgn::{Plies, Ply, PlyHandler},
    search::{Signature, zobrist_key},
};
use fenkit_index::search::{IndexedGame, SearchIndexBuilder};
use shakmaty::Position;

use crate::{
    games::{self, GameState, Played},
    output::Output,
    run::Status,
};

/// Index PGN games for `fen search --index`: the positions each game
/// reaches, its material, and the games themselves.
#[derive(clap::Args)]
pub struct Args {
    /// PGN files (compressed or not); standard input when none.
    #[arg(value_name = "GAMES")]
    pub files: Vec<PathBuf>,
    /// The folder of the index (made if needed; an index there is
    /// replaced, unless --add).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: PathBuf,
    /// Add the games to the index already in the folder; their numbers
    /// follow its games'.
    #[arg(long)]
    pub add: bool,
    /// Memory for the positions, in MiB; past it, they are spilled to
    /// disk (in the folder) as sorted runs and merged at the end.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    pub memory: u64,
    /// Refuse movetext that PGN's standard does not allow instead of
    /// reading it with one warning a kind and game.
    #[arg(long)]
    pub strict_pgn: bool,
    /// Threads for the games: N, or 0 for one per core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let memory = usize::try_from(args.memory << 20).unwrap_or(usize::MAX);
    let mut builder = match SearchIndexBuilder::new(&args.output, memory, args.add) {
        Ok(builder) => builder,
        Err(err) => {
            let folder = args.output.to_string_lossy();
            out.note(&format!(
                "fen: index: {}: {}",
                fenkit::printable(&folder),
                crate::run::io_message(&err)
            ))?;
            return Ok(Status::Failed);
        }
    };
    let make = || {
        let plies = Plies::with_handler(Indexer::default());
        match args.strict_pgn {
            true => plies.strictly(),
            false => plies,
        }
    };
    let (threads, _) = crate::options::threads(args.jobs);
    let mut failed = None;
    // Games are said by their number in the run; the index numbers them
    // after the games it holds.
    let gather = |(record, keys): (Vec<u8>, Vec<(u64, u16)>)| {
        if failed.is_none()
            && let Err(err) = builder.add_record(&record, &keys)
        {
            failed = Some(err);
        }
    };
    let status = games::each_game_gathered(&args.files, threads, make, gather)?;
    let built = match failed {
        Some(err) => Err(err),
        None => builder.finish(),
    };
    match built {
        Ok(built) => {
            out.note(&format!(
                "fen: index: {} games ({} added), {} positions, {:.1} MiB in {}",
                built.games,
                built.added,
                built.rows,
                built.bytes as f64 / (1 << 20) as f64,
                fenkit::printable(&args.output.to_string_lossy())
            ))?;
            Ok(status)
        }
        Err(err) => {
            out.note(&format!("fen: index: {}", crate::run::io_message(&err)))?;
            Ok(Status::Failed)
        }
    }
}

/// A game's positions as it is played: each key with its first ply, each
/// material signature with its first ply.
#[derive(Default)]
struct Indexer {
    keys: Vec<(u64, u16)>,
    signatures: Vec<(Signature, u16)>,
}

impl PlyHandler for Indexer {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        if ply.ply == 0 {
            self.keys.clear();
            self.signatures.clear();
        }
        let at = u16::try_from(ply.ply).unwrap_or(u16::MAX);
        self.keys.push((zobrist_key(ply.position), at));
        let signature = Signature::of(ply.position.board());
        if !self.signatures.iter().any(|(seen, _)| *seen == signature) {
            self.signatures.push((signature, at));
        }
        ControlFlow::Continue(())
    }
}

impl GameState for Indexer {
    /// The game's record (written, and compressed, on the thread that
    /// played it), and its positions' keys (each once, at its first ply).
    type Item = (Vec<u8>, Vec<(u64, u16)>);

    fn game_done(&mut self, played: &Played<'_>, _: &mut Output) -> io::Result<Option<Self::Item>> {
        let mut keys = std::mem::take(&mut self.keys);
        // Stable: of a key's plies, the first stays.
        keys.sort_by_key(|&(key, _)| key);
        keys.dedup_by_key(|&mut (key, _)| key);
        // A game that cannot be played is kept as it was, its positions
        // up to its bad move indexed: searched from the index, it is said
        // again, as from its file.
        let game = IndexedGame {
            source: played.source().to_string(),
            line: played.line(),
            text: played.as_written().to_vec(),
            signatures: std::mem::take(&mut self.signatures),
        };
        let mut record = Vec::new();
        game.write(&mut record);
        Ok(Some((record, keys)))
    }
}
