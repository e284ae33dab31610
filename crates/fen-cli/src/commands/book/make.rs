//! `fen book make GAMES... -o BOOK.bin`: a Polyglot book from games, by
//! `polyglot make-book`'s rules and options, on every core.
//!
//! Workers play the games; each game's counted moves go, in input order,
//! to one [`BookBuilder`] (Polyglot halves a position's counts at 16,384
//! as they come, so the order of games is part of the result), which
//! counts in memory up to `--memory` and on disk past it. A move that
//! cannot be played ends its game with a diagnostic, not the run.

use std::{
    fs::File,
    io::{self, BufWriter, Write},
    path::{Path, PathBuf},
};

use fenkit_books::book_key;
use fenkit_books::make::BookOptions;
use fenkit_books::make::{BookBuilder, BookMade};
use fenkit_books::positions::PlyChoice;
use fenkit_games::result::tag_outcome;
use fenkit_games::tag_filter::TagCondition;
use shakmaty::{Color, KnownOutcome};

#[cfg(feature = "parquet")]
use crate::parquet::{each_batch, parquet_files};
use crate::{
    counted::{CountedGame, Fate},
    games::{self, GameState, Played},
    games::{Adding, say_left_out},
    output::Output,
    run::Status,
};
#[cfg(feature = "parquet")]
use fenkit_arrow::read_book_rows;
#[cfg(feature = "parquet")]
use fenkit_books::make::entries_of_totals;

/// Make a Polyglot book from PGN games, as `polyglot make-book` makes it
/// (the same games and options give the same bytes): each move of each
/// game's first plies, weighted by its score for the side that played it
/// (2 a win, 1 a draw or no result, by the Result tag). With --format epd
/// or pgn, a book of start positions for engine matches instead: each
/// game's position at --ply as four-field EPD, or its first plies as a
/// PGN line, kept by --where, --min-elo, --unique, --both-queens and an
/// engine's --eval window.
#[derive(clap::Args)]
pub struct Args {
    /// PGN files (compressed or not); standard input when none.
    #[arg(value_name = "GAMES")]
    pub files: Vec<PathBuf>,
    /// The book to write.
    #[arg(long, short = 'o', value_name = "BOOK.bin")]
    pub output: PathBuf,
    /// Plies of each game counted.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_ply: usize,
    /// Games a move needs to be kept.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..))]
    pub min_game: u16,
    /// The score a move needs to be kept, in percent (a draw scores 50).
    #[arg(long, value_name = "PERCENT", default_value_t = 0.0, value_parser = percent)]
    pub min_score: f64,
    /// Only White's moves.
    #[arg(long, conflicts_with = "only_black")]
    pub only_white: bool,
    /// Only Black's moves.
    #[arg(long)]
    pub only_black: bool,
    /// Every move kept weighs 1.
    #[arg(long)]
    pub uniform: bool,
    /// A colour-inverted book: every position counted with its colours
    /// swapped and its board flipped (as `fen mirror` and python-chess's
    /// `Board.mirror()`), its move mirrored, its result for the other
    /// side: the book a game played with the colours swapped would make.
    #[arg(long, conflicts_with = "from_parquet")]
    pub mirror: bool,
    /// Only games whose tags meet the condition: TAG OP VALUE, OP one of =
    /// != < <= > >= (WhiteElo>=2200, TimeControl>=180, Date>=2024.01,
    /// White=Carlsen, Magnus); ratings compare as numbers, TimeControl by
    /// its base. Given again, every condition must hold; a game without
    /// the tag, or with '?', meets none.
    #[arg(long = "where", value_name = "CONDITION")]
    pub conditions: Vec<TagCondition>,
    /// Memory for counting, in MiB; past it, moves are spilled to disk
    /// (beside the book) and counted a key range at a time at the end.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    pub memory: u64,
    /// GAMES are Parquet files (or folders of Spark's part files) of
    /// counts summed on a cluster (`fenkit.spark.book`, where --max-ply
    /// and filters are given): the book is made of them. The same book as
    /// from the games, except where a move reached 16,384 games (see
    /// `fenkit.spark.book`).
    #[arg(long, conflicts_with_all = ["conditions", "max_ply"])]
    pub from_parquet: bool,
    /// Threads for the games: N, or 0 for one per core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// polyglot (moves by position, .bin), or a book of start positions:
    /// epd (each game's position at --ply) or pgn (its first --ply plies).
    #[arg(long, value_enum, default_value_t)]
    pub format: BookFormat,
    /// Where each game is cut (epd, pgn): ply N, or A-B for a ply drawn
    /// for each game by --seed; a game over before it is left out.
    #[arg(long, value_name = "N|A-B", value_parser = |s: &str| s.parse::<PlyChoice>())]
    pub ply: Option<PlyChoice>,
    /// The seed of --ply A-B: the same seed, the same book.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Only games whose players are both rated E or more.
    #[arg(long, value_name = "E")]
    pub min_elo: Option<u32>,
    /// One record per position (placement, side, castling, en passant
    /// where a capture is legal), the first game's.
    #[arg(long)]
    pub unique: bool,
    /// Only positions where both sides still have a queen.
    #[arg(long)]
    pub both_queens: bool,
    /// A UCI engine that searches each position kept (one a thread); with
    /// --eval, only those it scores in the window are written, with `ce`
    /// (for the side to move, as EPD has it) and `acd`.
    #[arg(long, value_name = "ENGINE", value_parser = crate::engines::command)]
    pub engine: Option<fenkit_uci::EngineCommand>,
    /// The window, in centipawns from White's view: A..B (80..109, -50..50).
    #[arg(long, value_name = "A..B", value_parser = window, allow_hyphen_values = true, requires = "engine")]
    pub eval: Option<(i32, i32)>,
    #[command(flatten)]
    pub limit: crate::engines::SearchLimit,
    #[command(flatten)]
    pub setup: crate::engines::EngineSetup,
    /// How the EPD records write the en passant square (castling is
    /// standard chess's).
    #[command(flatten)]
    pub style: crate::options::Style,
    /// Write the clocks as `hmvc` and `fmvn` operations (some runners
    /// cannot read them).
    #[arg(long)]
    pub clocks: bool,
}

/// `--format` of `book make`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum BookFormat {
    #[default]
    Polyglot,
    Epd,
    Pgn,
}

fn window(text: &str) -> Result<(i32, i32), String> {
    let bad = || format!("'{text}' is no window: give A..B in centipawns, A at most B");
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    match (a.trim().parse::<i32>(), b.trim().parse::<i32>()) {
        (Ok(a), Ok(b)) if a <= b => Ok((a, b)),
        _ => Err(bad()),
    }
}

fn percent(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if (0.0..=100.0).contains(&value) => Ok(value),
        _ => Err(format!("'{text}' is not a percentage from 0 to 100")),
    }
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    if args.format != BookFormat::Polyglot {
        if args.mirror || args.from_parquet || args.uniform || args.only_white || args.only_black {
            out.note("fen: book make: --mirror, --from-parquet, --uniform and --only-* make Polyglot books; leave them out with --format epd|pgn")?;
            return Ok(Status::Failed);
        }
        return super::positions::run(&args, out);
    }
    let options = BookOptions {
        max_ply: args.max_ply,
        min_game: args.min_game,
        min_score: args.min_score / 100.0,
        only: match (args.only_white, args.only_black) {
            (true, _) => Some(Color::White),
            (_, true) => Some(Color::Black),
            _ => None,
        },
        uniform: args.uniform,
    };
    if args.from_parquet {
        #[cfg(feature = "parquet")]
        return from_parquet(&args.files, &options, &args.output, out);
        #[cfg(not(feature = "parquet"))]
        {
            out.note(
                "fen: --from-parquet: this fen was built without Parquet (the feature `parquet`)",
            )?;
            return Ok(Status::Failed);
        }
    }
    let memory = usize::try_from(args.memory << 20).unwrap_or(usize::MAX);
    let spill = spill_folder(&args.output);
    let (threads, _) = crate::options::threads(args.jobs);
    let (max_ply, conditions) = (options.max_ply, &args.conditions);
    let key = match args.mirror {
        true => fenkit_books::mirrored_book_key,
        false => book_key,
    };
    let mirror = args.mirror;
    let mut gathered = Gathered {
        book: Adding::new(BookBuilder::new(&spill, memory)),
        variants: 0,
        filtered: 0,
    };
    let status = games::each_game_gathered(
        &args.files,
        threads,
        || Game::player(max_ply, key, &["Result"], conditions.clone()),
        |game| gathered.take(mirrored_game(game, mirror)),
    )?;
    let variants = "of a variant left out: Polyglot books are standard chess's";
    let left_out = [
        (gathered.filtered, "left out by --where"),
        (gathered.variants, variants),
    ];
    say_left_out(&left_out, out)?;
    // A book without the games of an input that could not be read is not
    // the book asked for: none is written.
    if status == Status::Failed {
        std::fs::remove_dir_all(&spill).ok();
        out.note("fen: no book written: an input could not be read")?;
        return Ok(status);
    }
    let written = match gathered.book.finish() {
        Err(err) => Err((err, spill.clone())),
        Ok(book) => write_entries(book, &options, &args.output),
    };
    match written {
        Ok(made) => {
            let games = made.games;
            out.note(&format!(
                "fen: {games} game{}, {} entr{} written to {}{}",
                if games == 1 { "" } else { "s" },
                made.entries,
                if made.entries == 1 { "y" } else { "ies" },
                args.output.display(),
                match made.spilled {
                    0 => String::new(),
                    bytes => format!(
                        " ({} MB spilled to disk on the way)",
                        bytes.div_ceil(1_000_000)
                    ),
                }
            ))?;
            Ok(status)
        }
        Err((err, path)) => {
            std::fs::remove_dir_all(&spill).ok();
            let why = crate::run::io_message(&err);
            out.note(&format!("fen: {}: {why}", path.display()))?;
            Ok(Status::Failed)
        }
    }
}

/// The book of the counts in the Parquet files of `paths`.
#[cfg(feature = "parquet")]
fn from_parquet(
    paths: &[PathBuf],
    options: &BookOptions,
    book: &Path,
    out: &mut Output,
) -> io::Result<Status> {
    let said = |out: &mut Output, path: &Path, why: &str| {
        let why = fenkit::printable(why);
        out.note(&format!("fen: {}: {why}; no book written", path.display()))?;
        Ok(Status::Failed)
    };
    if paths.is_empty() {
        out.note("fen: --from-parquet reads Parquet files (or folders of them): give one")?;
        return Ok(Status::Failed);
    }
    let files = match parquet_files(paths) {
        Ok(files) => files,
        Err((path, why)) => return said(out, &path, &why),
    };
    let mut totals = Vec::new();
    for path in &files {
        let read = each_batch(path, |batch| {
            totals.extend(read_book_rows(&batch).map_err(|err| err.to_string())?);
            Ok(())
        });
        if let Err(why) = read {
            return said(out, path, &why);
        }
    }
    let rows = totals.len();
    let entries = entries_of_totals(totals, options);
    let written = super::write_book(book, &entries, out)?;
    if written == Status::Ok {
        out.note(&format!(
            "fen: {rows} rows read from {} file{}, {} entr{} written to {}",
            files.len(),
            if files.len() == 1 { "" } else { "s" },
            entries.len(),
            if entries.len() == 1 { "y" } else { "ies" },
            book.display()
        ))?;
    }
    Ok(written)
}

/// The folder a build spills to: beside the book, where there is room
/// for it (a temporary folder is often a small one in memory).
fn spill_folder(book: &Path) -> PathBuf {
    let name = book
        .file_name()
        .map_or("book".into(), |n| n.to_string_lossy());
    let parent = book.parent().filter(|p| !p.as_os_str().is_empty());
    parent
        .unwrap_or(Path::new("."))
        .join(format!(".{name}.spill-{}", std::process::id()))
}

/// Writes the book's entries, as the builder hands them, to `path`; on
/// failure, the error and the path it concerns (no half-written book is
/// left).
fn write_entries(
    builder: BookBuilder,
    options: &BookOptions,
    path: &Path,
) -> Result<BookMade, (io::Error, PathBuf)> {
    let file = File::create(path).map_err(|err| (err, path.to_path_buf()))?;
    let mut file = BufWriter::with_capacity(1 << 20, file);
    let mut bytes = Vec::new();
    let made = builder
        .finish(options, |entries| {
            bytes.clear();
            bytes.extend(entries.iter().flat_map(|entry| entry.to_bytes()));
            file.write_all(&bytes)
        })
        .and_then(|made| file.flush().map(|()| made));
    made.map_err(|err| {
        std::fs::remove_file(path).ok();
        (err, path.to_path_buf())
    })
}

/// What a worker hands on for each game, in input order, to the one
/// [`Gathered`].
pub enum BookGame {
    /// The moves counted (the position's key, the Polyglot move, the
    /// side) and the winner by the Result tag (none for a draw or no
    /// result).
    Counted {
        moves: Vec<(u64, u16, Color)>,
        winner: Option<Color>,
    },
    /// A variant's game: Polyglot books are standard chess's.
    Variant,
    /// A game `--where` leaves out.
    Filtered,
}

/// A game's moves as the colour-inverted book counts them (its keys are
/// the mirrored positions' already): each move mirrored, the winner the
/// other side.
fn mirrored_game(game: BookGame, mirror: bool) -> BookGame {
    match game {
        BookGame::Counted { moves, winner } if mirror => BookGame::Counted {
            moves: (moves.into_iter())
                .map(|(key, raw, turn)| (key, fenkit_books::book::mirror_move(raw), turn))
                .collect(),
            winner: winner.map(|color| color.other()),
        },
        game => game,
    }
}

/// The games counted into one book, and those left out.
struct Gathered {
    book: Adding<BookBuilder>,
    variants: u64,
    filtered: u64,
}

impl Gathered {
    /// Counts a game.
    fn take(&mut self, game: BookGame) {
        match game {
            BookGame::Variant => self.variants += 1,
            BookGame::Filtered => self.filtered += 1,
            BookGame::Counted { moves, winner } => {
                self.book.add(|book| book.add_game(&moves, winner));
            }
        }
    }
}

/// `book make`'s game: keyed by Polyglot key and mover, the Result tag
/// kept (Polyglot reads the result from the tag alone).
type Game = CountedGame<(u64, Color)>;

impl GameState for Game {
    type Item = BookGame;

    /// A game's counted moves, whole: one that stopped at a move that
    /// cannot be played keeps the moves before it. A game whose first
    /// position was not set up counts, without moves, as Polyglot counts
    /// it.
    fn game_done(&mut self, _: &Played<'_>, _: &mut Output) -> io::Result<Option<BookGame>> {
        let winner = (self.tags.first().and_then(Option::as_deref))
            .and_then(tag_outcome)
            .and_then(KnownOutcome::winner);
        let (moves, fate) = self.take();
        Ok(Some(match fate {
            Fate::Variant => BookGame::Variant,
            Fate::Filtered => BookGame::Filtered,
            Fate::Counted | Fate::Unplayable => BookGame::Counted {
                moves: (moves.into_iter())
                    .map(|((key, turn), raw_move)| (key, raw_move, turn))
                    .collect(),
                winner,
            },
        }))
    }
}
