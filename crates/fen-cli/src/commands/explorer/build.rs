//! `fen explorer build GAMES... -o DIR`: games counted into an explorer
//! index, on every core, in bounded memory.
//!
//! Workers play the games; each game's tags and counted moves (the first
//! plies, loops removed) go in input order to one [`ExplorerBuilder`],
//! which numbers the game, keeps its tags for the top games, and counts
//! its moves, spilling sorted runs to disk past `--memory`. A move that
//! cannot be played ends its game with a diagnostic (the moves before it
//! count); games without a result, of a variant, left out by `--where`,
//! or seen before (the same text) are counted and said once.

use std::{hash::Hasher, io, path::PathBuf};

use fenkit_games::tag_filter::TagCondition;
use fenkit_index::explorer::ExplorerBuilder;
use fenkit_index::explorer::{ExplorerGame, without_loops};
use rustc_hash::{FxHashSet, FxHasher};

use crate::{
    counted::{CountedGame, Fate},
    games::{self, Adding, GameState, Played, say_left_out},
    output::Output,
    run::Status,
};

/// Count PGN games into an opening explorer index (a folder; an index
/// already there is added to): for each position of each game's first
/// plies and the move played there, White wins, draws, Black wins,
/// average rating and the best rated games, by speed (from TimeControl,
/// lichess's groups) and month (from UTCDate or Date).
#[derive(clap::Args)]
pub struct Args {
    /// PGN files (compressed or not); standard input when none.
    #[arg(value_name = "GAMES")]
    pub files: Vec<PathBuf>,
    /// The index folder to write (or add to).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: PathBuf,
    /// Plies of each game counted (lichess's explorer counts 50).
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub max_ply: usize,
    /// Only games whose tags meet the condition, as for `fen book make`:
    /// TAG OP VALUE (WhiteElo>=2200, TimeControl>=180, Date>=2024.01).
    #[arg(long = "where", value_name = "CONDITION")]
    pub conditions: Vec<TagCondition>,
    /// Memory for counting, in MiB; past it, counted rows are sorted and
    /// spilled to disk, and merged at the end.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    pub memory: u64,
    /// Threads for the games: N, or 0 for one per core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let memory = usize::try_from(args.memory << 20).unwrap_or(usize::MAX);
    let builder = match ExplorerBuilder::new(&args.output, memory) {
        Ok(builder) => builder,
        Err(bad) => {
            out.note(&format!("fen: {bad}"))?;
            return Ok(Status::Failed);
        }
    };
    let (threads, _) = crate::options::threads(args.jobs);
    let (max_ply, conditions) = (args.max_ply, &args.conditions);
    let mut gathered = Gathered::new(builder);
    let status = games::each_game_gathered(
        &args.files,
        threads,
        || {
            Game::player(
                max_ply,
                fenkit::transposition_key,
                &ExplorerGame::TAGS,
                conditions.clone(),
            )
        },
        |handed| gathered.take(handed),
    )?;
    say_left_out(&gathered.left_out(), out)?;
    let written = gathered.index.finish().and_then(ExplorerBuilder::finish);
    match written {
        Ok(built) => {
            let games = |n: u64| format!("{n} game{}", if n == 1 { "" } else { "s" });
            out.note(&format!(
                "fen: {} counted; {} now: {} rows, {} bytes ({}), in {}",
                games(built.added),
                args.output.display(),
                built.rows,
                built.bytes,
                games(built.games),
                match built.runs {
                    0 => "memory".to_string(),
                    runs => format!("{runs} runs spilled to disk"),
                },
            ))?;
            Ok(status)
        }
        Err(err) => {
            let why = crate::run::io_message(&err);
            out.note(&format!("fen: {}: {why}", args.output.display()))?;
            Ok(Status::Failed)
        }
    }
}

/// A game as a worker hands it on, in input order, to the one
/// [`Gathered`].
pub enum Handed {
    /// A game to count: a fingerprint of its text, its tags, its moves
    /// (the position's key, the Polyglot move).
    Counted {
        fingerprint: u64,
        game: ExplorerGame,
        moves: Vec<(u64, u16)>,
    },
    /// A game left out, and why (one of the values below).
    LeftOut(u8),
}

const NO_RESULT: u8 = 1;
const VARIANT: u8 = 2;
const FILTERED: u8 = 3;
/// Its first position could not be set up (its error is said already).
const UNPLAYABLE: u8 = 4;

struct Gathered {
    index: Adding<ExplorerBuilder>,
    fingerprints: FxHashSet<u64>,
    /// Games not counted, by why (the values above; and seen before).
    left: [u64; 5],
    duplicates: u64,
}

impl Gathered {
    fn new(builder: ExplorerBuilder) -> Gathered {
        Gathered {
            index: Adding::new(builder),
            fingerprints: FxHashSet::default(),
            left: [0; 5],
            duplicates: 0,
        }
    }

    fn left_out(&self) -> [(u64, &'static str); 4] {
        [
            (
                self.left[usize::from(NO_RESULT)],
                "without a result ('*' or none) left out: the explorer counts finished games",
            ),
            (
                self.left[usize::from(VARIANT)],
                "of a variant left out: the explorer holds standard chess and Chess960",
            ),
            (self.left[usize::from(FILTERED)], "left out by --where"),
            (
                self.duplicates,
                "left out as seen before (the same text as an earlier game)",
            ),
        ]
    }
}

impl Gathered {
    /// Adds a game, or counts why it is left out.
    fn take(&mut self, handed: Handed) {
        let (fingerprint, mut game, moves) = match handed {
            Handed::Counted {
                fingerprint,
                game,
                moves,
            } => (fingerprint, game, moves),
            Handed::LeftOut(why) => {
                self.left[usize::from(why)] += 1;
                return;
            }
        };
        if !self.fingerprints.insert(fingerprint) {
            self.duplicates += 1;
            return;
        }
        self.index.add(|index| index.add_game(&mut game, &moves));
    }
}

/// `explorer build`'s game: keyed by transposition key, the tags a top
/// game shows kept.
type Game = CountedGame<u64>;

impl GameState for Game {
    type Item = Handed;

    /// A game's tags and counted moves; one that stopped at a move that
    /// cannot be played keeps the moves before it.
    fn game_done(&mut self, played: &Played<'_>, _: &mut Output) -> io::Result<Option<Handed>> {
        // A top game is made only of a game counted.
        let counted = (self.fate == Fate::Counted).then(|| {
            let tags: Vec<Option<&str>> = self.tags.iter().map(Option::as_deref).collect();
            ExplorerGame::from_tags(0, &tags).ok()
        });
        // Taken whatever became of the game: the next starts afresh.
        let (mut moves, fate) = self.take();
        without_loops(&mut moves);
        let handed = match (fate, counted.flatten()) {
            (Fate::Counted, Some(counted)) => {
                // A fingerprint, not a proof: FxHash is fast, and 64 bits
                // make a false match unlikely below billions of games.
                let mut hasher = FxHasher::default();
                hasher.write(played.text());
                Handed::Counted {
                    fingerprint: hasher.finish(),
                    game: counted,
                    moves,
                }
            }
            (Fate::Counted, None) => Handed::LeftOut(NO_RESULT),
            (Fate::Variant, _) => Handed::LeftOut(VARIANT),
            (Fate::Filtered, _) => Handed::LeftOut(FILTERED),
            (Fate::Unplayable, _) => Handed::LeftOut(UNPLAYABLE),
        };
        Ok(Some(handed))
    }
}
