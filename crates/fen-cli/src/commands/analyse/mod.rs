//! `fen analyse --engine ENGINE FILE…`: games and positions analysed by a
//! UCI engine on every core, one engine per thread. PGN in, PGN out, with
//! lichess's annotations (`games.rs`); EPD in, EPD out, with the
//! operations engines write (`records.rs`).

mod games;
mod records;

use fenkit_tb::Tables;
use fenkit_uci::{EngineCommand, Limit, Score, Search};
use shakmaty::{Move, Position, uci::UciMove};

use super::prelude::*;
use crate::engines::{EngineSetup, SearchLimit};

/// Analyse games or positions with a UCI engine, one engine per thread
/// (-j). PGN in, PGN out: `[%eval …]` after every mainline move in
/// lichess's form (pawns from White's view, `#N` for a mate; none after a
/// mate on the board), `$6`/`$2`/`$4` (?!, ?, ??) for a move that gives
/// away 0.1, 0.2 or 0.3 of lichess's winning chances, the engine's line
/// as a variation after a mistake or blunder, an `Annotator` tag; the
/// games' other tags, comments and moves kept (evaluations they had are
/// replaced). EPD in, EPD out: `acd`, `acn`, `bm`, `ce` (centipawns from
/// the side to move; a mate in N as 32767 less N, as python-chess
/// writes it), `dm` for a
/// mate the side to move gives, `pv`; other operations kept. Files named
/// `.pgn` (compressed too) and `--input pgn` are games; the rest records.
/// With --syzygy, a position the endgame tables hold is not searched: its
/// best move, line and score are the tables' (a win as Stockfish scores
/// one, 20000 centipawns less the plies to zeroing; a draw 0).
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
    #[command(flatten)]
    pub syzygy: crate::options::Syzygy,
}

/// Depth of a search when no limit is given.
const DEFAULT_DEPTH: u32 = 12;

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let games = args.inputs.input == crate::options::InputFormat::Pgn
        || args.inputs.files.iter().any(|path| {
            path.file_name()
                .is_some_and(|name| name.to_string_lossy().to_ascii_lowercase().contains(".pgn"))
        });
    let tables = match args.syzygy.given() {
        Ok(tables) => tables,
        Err(why) => {
            out.note(&format!("fen: analyse: {why}"))?;
            return Ok(Status::Failed);
        }
    };
    match games {
        true => games::run(&args, tables.as_deref(), out),
        false => records::run(&args, tables.as_deref(), out),
    }
}

/// What endgame tables say of `position`, as an engine's search says it:
/// the best move, the line of best play (up to `most` moves) and the
/// score of [`Answer::centipawns`](fenkit_tb::Answer::centipawns); none
/// without tables or where they do not hold the position.
fn from_tables(tables: Option<&Tables>, position: &VariantPosition, most: usize) -> Option<Search> {
    let (Some(tables), VariantPosition::Chess(position)) = (tables, position) else {
        return None;
    };
    let answer = tables.answer(position).ok()?;
    let (line, _) = tables.best_moves(position, most).ok()?;
    let pv: Vec<UciMove> = line.into_iter().map(UciMove::from_standard).collect();
    Some(Search {
        best: pv.first().cloned(),
        score: Some(Score::Centipawns(answer.centipawns())),
        pv,
        ..Search::default()
    })
}

/// How a search was limited, in words (for the `Annotator` tag).
fn limit_words(limit: Limit) -> String {
    match limit {
        Limit::Depth(depth) => format!("depth {depth}"),
        Limit::Nodes(nodes) => format!("{nodes} nodes"),
        Limit::MoveTime(time) => format!("{} ms a move", time.as_millis()),
    }
}

/// The engine's main line from `position`, as moves (up to `most`),
/// stopping at the first that is not legal.
fn line_moves(position: &VariantPosition, pv: &[UciMove], most: usize) -> Vec<Move> {
    let mut at = position.clone();
    let mut moves = Vec::new();
    for uci in pv.iter().take(most) {
        let Ok(played) = uci.to_move(&at) else { break };
        moves.push(played);
        at.play_unchecked(played);
    }
    moves
}
