//! `fen book make --format epd|pgn`: books of start positions for engine
//! matches, each game cut at a ply by the books library's `Cutter` on every
//! core, gathered in input order, kept or left out (`--unique`,
//! `--both-queens`, an engine's window), written as four-field EPD or as
//! PGN lines; and which books are PGN, for `lint`, `stats` and `sample`.

use std::{collections::HashSet, io, ops::ControlFlow, path::Path};

use fenkit::variants::VariantPosition;
use fenkit_books::positions::{Cut, CutFate, Cutter, both_queens};
use fenkit_games::{
    export::Export,
    pgn::{Plies, Ply, PlyHandler},
};
use fenkit_uci::{Engine, EngineError, Score, Search};
use shakmaty::{EnPassantMode, Position};

use super::make::{Args, BookFormat};
use crate::{
    games::{self, GameState, Played, say_left_out},
    output::Output,
    run::Status,
};

/// The books library's cutter, played as a game state of the runner.
struct CutGame(Cutter);

impl PlyHandler for CutGame {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        self.0.ply(ply)
    }
}

impl GameState for CutGame {
    /// Where the game stands (`SOURCE:LINE`) and its fate.
    type Item = (String, CutFate);

    fn game_done(&mut self, game: &Played<'_>, _: &mut Output) -> io::Result<Option<Self::Item>> {
        let place = format!("{}:{}", fenkit::printable(game.source()), game.line());
        Ok(Some((place, self.0.take())))
    }
}

pub fn run(args: &Args, out: &mut Output) -> io::Result<Status> {
    let Some(choice) = args.ply else {
        out.note("fen: book make --format epd|pgn: give --ply N (or A-B) to cut each game at")?;
        return Ok(Status::Failed);
    };
    let mut conditions = args.conditions.clone();
    for side in ["WhiteElo", "BlackElo"] {
        if let Some(elo) = args.min_elo {
            conditions.push(
                format!("{side}>={elo}")
                    .parse()
                    .expect("a rating condition"),
            );
        }
    }
    let lines = args.format == BookFormat::Pgn;
    let (threads, _) = crate::options::threads(args.jobs);
    let (mut cuts, mut left) = (Vec::new(), [0_u64; 6]);
    let make = || {
        let cutter = Cutter::new(choice, args.seed, lines, conditions.clone());
        let tags = cutter.tags();
        let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
        Plies::with_handler(CutGame(cutter)).keeping_tags(&tags)
    };
    let mut seen = HashSet::new();
    let status = games::each_game_gathered(&args.files, threads, make, |(place, fate)| {
        let cut = match fate {
            CutFate::Cut(cut) => cut,
            CutFate::Short => return left[0] += 1,
            CutFate::Filtered => return left[1] += 1,
            CutFate::Variant => return left[2] += 1,
            CutFate::Unplayable => return,
        };
        if cut.position.is_game_over() {
            return left[0] += 1;
        }
        if args.both_queens && !both_queens(&cut.position) {
            return left[3] += 1;
        }
        let key = cut
            .position
            .zobrist_hash::<shakmaty::zobrist::Zobrist128>(EnPassantMode::Legal);
        if args.unique && !seen.insert(key) {
            return left[4] += 1;
        }
        cuts.push((place, *cut));
    })?;
    // A book without the games of an input that could not be read is not
    // the book asked for.
    if status == Status::Failed {
        out.note("fen: no book written: an input could not be read")?;
        return Ok(status);
    }
    let scores = match &args.engine {
        Some(engine) => match window(args, engine, &cuts)? {
            Ok(scores) => scores,
            Err(error) => {
                out.note(&format!("fen: {error}"))?;
                return Ok(Status::Failed);
            }
        },
        None => cuts.iter().map(|_| Ok(None)).collect(),
    };
    let mut status = status;
    let (mut text, mut written) = (Vec::new(), 0);
    for ((place, cut), score) in cuts.iter().zip(scores) {
        let score = match score {
            Ok(score) => score,
            Err(error) => {
                status = status.max(Status::BadRecords);
                let code = crate::codes::ENGINE;
                out.note(&format!("{place}: error[{code}]: ply {}: {error}", cut.ply))?;
                continue;
            }
        };
        // A mate is outside every window.
        let white = score.map(|(_, white)| white);
        if let (Some((a, b)), Some(white)) = (args.eval, white)
            && !white.is_some_and(|cp| (a..=b).contains(&cp))
        {
            left[5] += 1;
            continue;
        }
        written += 1;
        let start = VariantPosition::Chess(cut.start.clone());
        if lines {
            Export::default().write_line(&start, &cut.moves, "*", &mut text);
            continue;
        }
        let write = args
            .style
            .write_options_for(shakmaty::CastlingMode::Standard);
        let score = score.and_then(|(depth, white)| Some((depth, white?)));
        let id = format!("{place} ply {}", cut.ply);
        cut.write_epd(&id, score, args.clocks, &write, &mut text);
    }
    let said = [
        (left[0], "over before the ply or at it"),
        (left[1], "left out by --where or --min-elo"),
        (
            left[2],
            "of a variant or Chess960 left out: the books are standard chess's",
        ),
        (left[3], "without both queens at the ply"),
        (left[4], "at a position an earlier game gave (--unique)"),
        (left[5], "outside the --eval window"),
    ];
    say_left_out(&said, out)?;
    if let Err(err) = std::fs::write(&args.output, &text) {
        super::said_io(&args.output, &err, out)?;
        return Ok(Status::Failed);
    }
    let noun = if lines { "line" } else { "position" };
    let plural = if written == 1 { "" } else { "s" };
    let to = args.output.display();
    out.note(&format!("fen: {written} {noun}{plural} written to {to}"))?;
    Ok(status)
}

/// An engine's word on a cut: its depth and its score in centipawns from
/// White's view (none for a mate); none without an engine; the error of a
/// search that failed twice.
type Scored = Result<Option<(Option<u32>, Option<i32>)>, EngineError>;

/// Each cut searched by the engine (one a thread); an engine that fails a
/// search is started again and the position tried once more.
fn window(
    args: &Args,
    engine: &fenkit_uci::EngineCommand,
    cuts: &[(String, Cut)],
) -> io::Result<Result<Vec<Scored>, EngineError>> {
    let limit = args.limit.limit(12);
    let settings = args.setup.settings(&fenkit::ReadOptions::default());
    let (threads, _) = crate::options::threads(args.jobs);
    let mut scores = Vec::with_capacity(cuts.len());
    let search = |engine: &mut Engine, (_, cut): &(String, Cut)| {
        let position = VariantPosition::Chess(cut.position.clone());
        let once = |engine: &mut Engine| {
            engine.new_game()?;
            engine.go(&position, &[], limit)
        };
        match once(engine) {
            Err(error) if error.needs_restart() => {
                engine.restart()?;
                once(engine)
            }
            searched => searched,
        }
    };
    let pooled =
        crate::engines::in_order(engine, &settings, threads, cuts, search, |cut, found| {
            scores.push(found.map(|search: Search| {
                let white = match search.score {
                    Some(Score::Centipawns(cp)) => Some(cut.1.position.turn().fold_wb(cp, -cp)),
                    _ => None,
                };
                Some((search.depth, white))
            }));
            Ok(())
        })?;
    Ok(pooled.map(|()| scores))
}

/// Whether the book at `path` is PGN (by its name, compressed too).
pub fn is_pgn(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name.to_string_lossy().to_ascii_lowercase().contains(".pgn"))
}
