//! PGN in, PGN out: each game's positions searched in order on one
//! engine (its hash kept from move to move, as an analysis board does),
//! games spread over the engines; written by the games library's PGN
//! writer with a note after every mainline move.

use fenkit_games::{
    Eval,
    advice::Judgement,
    export::{Export, PlyNote, Strip},
    pgn::{Plies, Ply, PlyHandler},
};
use fenkit_uci::{Engine, EngineError, Score, Search};
use shakmaty::{Color, Move, Position, uci::UciMove};
use std::ops::ControlFlow;

use super::{Args, DEFAULT_DEPTH, from_tables, limit_words, line_moves};
use crate::{
    commands::prelude::*,
    games::{GameState, Played, each_game_gathered},
};

/// The longest engine line written as a variation.
const LINE_PLIES: usize = 12;

/// A game as read: its text, and the moves of its mainline where it
/// could be played through.
struct Game {
    text: Vec<u8>,
    as_written: Vec<u8>,
    place: String,
    played: Option<(VariantPosition, Vec<Move>)>,
}

/// Keeps each game's start and moves as it is played.
#[derive(Default)]
struct Moves {
    start: Option<VariantPosition>,
    moves: Vec<Move>,
}

impl PlyHandler for Moves {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        if ply.ply == 0 {
            self.start = Some(ply.position.clone());
            self.moves.clear();
        }
        if let Some(played) = ply.played {
            self.moves.push(played);
        }
        ControlFlow::Continue(())
    }
}

impl GameState for Moves {
    type Item = Game;
    const AS_WRITTEN: bool = true;

    fn game_done(&mut self, played: &Played<'_>, _: &mut Output) -> io::Result<Option<Game>> {
        let start = self.start.take();
        let moves = std::mem::take(&mut self.moves);
        Ok(Some(Game {
            text: played.text().to_vec(),
            as_written: played.as_written().to_vec(),
            place: format!("{}:{}:1", fenkit::printable(played.source()), played.line()),
            played: start
                .filter(|_| played.end().is_ok())
                .map(|start| (start, moves)),
        }))
    }
}

/// What the engine said of each position of a game, the start first
/// (`None` where the game was over), and its name.
struct Analysed {
    searches: Vec<Option<Search>>,
    engine: Option<String>,
}

pub fn run(
    args: &Args,
    tables: Option<&fenkit_tb::Tables>,
    out: &mut Output,
) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let mut games = Vec::new();
    let make = || Plies::with_handler(Moves::default());
    let mut status = each_game_gathered(&args.inputs.files, 1, make, |game| games.push(game))?;
    let limit = args.limit.limit(DEFAULT_DEPTH);
    let mode = read.castling;
    let (threads, _) = args.inputs.threads();
    let mut annotator: Option<String> = None;
    let strip = Strip {
        evals: true,
        ..Strip::default()
    };
    let pooled = crate::engines::in_order(
        &args.engine,
        &args.setup.settings(&read),
        threads,
        &games,
        |engine: &mut Engine, game: &Game| {
            let Some((start, moves)) = &game.played else {
                return Ok(Analysed {
                    searches: Vec::new(),
                    engine: None,
                });
            };
            if start.variant() != read.variant {
                return Ok(Analysed {
                    searches: Vec::new(),
                    engine: None,
                });
            }
            engine.new_game()?;
            let ucis: Vec<UciMove> = moves.iter().map(|&m| UciMove::from_move(m, mode)).collect();
            let mut position = start.clone();
            let mut searches = Vec::with_capacity(moves.len() + 1);
            for ply in 0..=moves.len() {
                if ply > 0 {
                    position.play_unchecked(moves[ply - 1]);
                }
                searches.push(match position.is_game_over() {
                    true => None,
                    false => match from_tables(tables, &position, LINE_PLIES) {
                        Some(search) => Some(search),
                        None => Some(engine.go(start, &ucis[..ply], limit)?),
                    },
                });
            }
            Ok(Analysed {
                searches,
                engine: engine.name().map(str::to_string),
            })
        },
        |game, analysed: Result<Analysed, EngineError>| {
            let written = match analysed {
                Ok(analysed) if !analysed.searches.is_empty() => {
                    for search in analysed.searches.iter().flatten() {
                        crate::engines::say_complaints(search, &game.place, out)?;
                    }
                    let (start, moves) = game.played.as_ref().expect("analysed");
                    let name = annotator.get_or_insert_with(|| {
                        let engine = analysed.engine.as_deref().unwrap_or("a UCI engine");
                        format!("fen analyse: {engine}, {}", limit_words(limit))
                    });
                    let export = Export {
                        strip: strip.clone(),
                        set_tags: vec![("Annotator".into(), name.clone())],
                        ..Export::default()
                    };
                    let notes = notes(start, moves, &analysed.searches);
                    let mut text = Vec::new();
                    export
                        .write_annotated_game(&game.text, (start, moves), &notes, &mut text)
                        .then_some(text)
                }
                Ok(_) => {
                    if let Some((start, _)) = &game.played {
                        let variant = fenkit::variants::variant_name(start.variant());
                        let code = crate::codes::OTHER_VARIANT;
                        out.note(&format!(
                            "{}: warning[{code}]: a game of {variant}, not analysed (--variant names the games' variant, for an engine that offers it)",
                            game.place
                        ))?;
                    }
                    None
                }
                Err(error) => {
                    status = status.max(Status::BadRecords);
                    let code = crate::codes::ENGINE;
                    out.note(&format!("{}: error[{code}]: {error}", game.place))?;
                    None
                }
            };
            // A game not analysed is written as the input has it.
            let text = written.unwrap_or_else(|| {
                let mut text = game.as_written.trim_ascii().to_vec();
                text.extend_from_slice(b"\n\n");
                text
            });
            out.stdout().extend_from_slice(&text);
            out.tick()
        },
    )?;
    if let Err(error) = pooled {
        out.note(&format!("fen: {error}"))?;
        return Ok(Status::Failed);
    }
    Ok(status)
}

/// The evaluation of a searched position from White's view, as lichess
/// writes it.
fn eval(position: &VariantPosition, score: Score) -> Eval {
    let white = match position.turn() {
        Color::White => score,
        Color::Black => score.flipped(),
    };
    match white {
        Score::Centipawns(cp) => Eval::Centipawns { cp, depth: None },
        Score::Mate(moves) => Eval::Mate { moves, depth: None },
    }
}

/// The note after each mainline move: the evaluation of the position it
/// reached, its judgement, and the engine's line where it was a mistake.
fn notes(start: &VariantPosition, moves: &[Move], searches: &[Option<Search>]) -> Vec<PlyNote> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    for &played in moves {
        let mut next = positions.last().expect("the start").clone();
        next.play_unchecked(played);
        positions.push(next);
    }
    // What each position is worth: the engine's word, or the game's end
    // (mate counted for the side that gave it, any other end a draw).
    let worth: Vec<Option<Eval>> = positions
        .iter()
        .zip(searches)
        .map(|(position, search)| match search {
            Some(search) => search.score.map(|score| eval(position, score)),
            None if position.is_checkmate() => Some(Eval::Mate {
                moves: position.turn().fold_wb(-1, 1),
                depth: None,
            }),
            None => Some(Eval::Centipawns { cp: 0, depth: None }),
        })
        .collect();
    (1..positions.len())
        .map(|ply| {
            let before = &positions[ply - 1];
            let written = match searches[ply] {
                Some(_) => worth[ply],
                // No evaluation after a mate: the game is over.
                None if positions[ply].is_checkmate() => None,
                None => worth[ply],
            };
            let judgement = match (worth[ply - 1], worth[ply]) {
                (Some(was), Some(is)) => Judgement::of_move(before.turn(), was, is),
                _ => None,
            };
            let variation = match (judgement, &searches[ply - 1]) {
                (Some(Judgement::Mistake | Judgement::Blunder), Some(search))
                    if search.pv.first().is_some_and(|first| {
                        first.to_move(before).ok() != Some(moves[ply - 1])
                    }) =>
                {
                    line_moves(before, &search.pv, LINE_PLIES)
                }
                _ => Vec::new(),
            };
            PlyNote {
                nag: judgement.map(Judgement::nag),
                comment: written.map(|eval| format!("[%eval {eval}]")),
                variation,
            }
        })
        .collect()
}
