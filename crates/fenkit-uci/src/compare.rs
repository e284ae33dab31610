//! An engine's perft counts compared with shakmaty's, descending into the
//! first move whose count differs until the moves themselves differ: the
//! way to find the bug in a move generator. shakmaty's moves are the
//! reference, so no second engine is needed beside the one being debugged.

use std::collections::BTreeMap;

use fenkit::variants::VariantPosition;
use shakmaty::{CastlingMode, Position, uci::UciMove};

use crate::{Divide, Engine, EngineError};

/// Where an engine's counts first part from fenkit's, or that they agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Agree(u64),
    Differ,
}

/// The perft count of `position` to `depth`: standard chess counted on
/// shakmaty's `Chess` itself, so that its counts pay nothing for the
/// variants.
pub fn count(position: &VariantPosition, depth: u32) -> u64 {
    match position {
        VariantPosition::Chess(chess) => shakmaty::perft(chess, depth),
        variant => shakmaty::perft(variant, depth),
    }
}

/// Each legal move of `position` (UCI), the position after it, and the
/// count under it to `depth` plies in all.
pub fn divide(
    position: &VariantPosition,
    depth: u32,
    mode: CastlingMode,
) -> Vec<(UciMove, VariantPosition, u64)> {
    position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = position.clone();
            after.play_unchecked(m);
            let count = count(&after, depth.saturating_sub(1));
            (UciMove::from_move(m, mode), after, count)
        })
        .collect()
}

/// Asks the engine for its divide from `start` to `depth` and compares it
/// with shakmaty's, following the first move whose count differs; each
/// step written to `lines` (what was asked and counted, then what
/// differs, the moves escaped). `Err` when the engine failed.
pub fn descend(
    engine: &mut Engine,
    start: &VariantPosition,
    depth: u32,
    mode: CastlingMode,
    lines: &mut Vec<String>,
) -> Result<Verdict, EngineError> {
    let mut path: Vec<UciMove> = Vec::new();
    let mut position = start.clone();
    let mut depth = depth;
    // What the engine counted under the move just taken, from the
    // position before it.
    let mut counted_before: Option<u64> = None;
    loop {
        let ours = divide(&position, depth, mode);
        let total: u64 = ours.iter().map(|(_, _, count)| count).sum();
        let theirs = engine.perft(start, &path, depth)?;
        let after = match path.is_empty() {
            true => String::new(),
            false => format!("after {}, ", words(&path)),
        };
        let their_total = theirs
            .total
            .map_or("no total".to_string(), |n| n.to_string());
        lines.push(format!(
            "  {after}perft {depth}: fen {total}, the engine {their_total}"
        ));
        let their_moves: BTreeMap<&str, u64> = theirs
            .moves
            .iter()
            .map(|(uci, count)| (uci.as_str(), *count))
            .collect();
        let our_moves: BTreeMap<String, (VariantPosition, u64)> = ours
            .into_iter()
            .map(|(uci, after, count)| (uci.to_string(), (after, count)))
            .collect();
        let missing: Vec<&str> = our_moves
            .keys()
            .map(String::as_str)
            .filter(|uci| !their_moves.contains_key(uci))
            .collect();
        let invented: Vec<&str> = their_moves
            .keys()
            .copied()
            .filter(|uci| !our_moves.contains_key(*uci))
            .collect();
        if theirs.moves.is_empty() && !our_moves.is_empty() {
            return Ok(match theirs.total == Some(total) {
                true if path.is_empty() => Verdict::Agree(total),
                _ => {
                    lines.push(no_divide(&theirs));
                    Verdict::Differ
                }
            });
        }
        if !missing.is_empty() || !invented.is_empty() || theirs.moves.len() != their_moves.len() {
            let fen = fenkit::Fen::from_position(&position).to_string();
            lines.push(format!("  the moves differ in {fen}"));
            lines.push(format!("  missing: {}", listed(&missing)));
            lines.push(format!("  invented: {}", listed(&invented)));
            if theirs.moves.len() != their_moves.len() {
                lines.push("  the engine counts some move twice".into());
            }
            return Ok(Verdict::Differ);
        }
        let first_apart = our_moves
            .iter()
            .find(|(uci, (_, count))| their_moves[uci.as_str()] != *count);
        let Some((uci, (after_move, count))) = first_apart else {
            if theirs.total.is_some_and(|n| n != total) {
                lines.push(format!(
                    "  the engine's total is not the sum of its moves' counts ({total})"
                ));
                return Ok(Verdict::Differ);
            }
            if let Some(before) = counted_before.filter(|&n| n != total) {
                lines.push(format!(
                    "  the engine counted {before} here when asked from the position before: its count depends on the moves that led here (undoing a move, or its hash?)"
                ));
                return Ok(Verdict::Differ);
            }
            return Ok(Verdict::Agree(total));
        };
        let theirs_under = their_moves[uci.as_str()];
        if depth == 1 {
            lines.push(format!(
                "  {uci}: fen counts {count}, the engine {theirs_under}: one move is one position"
            ));
            return Ok(Verdict::Differ);
        }
        path.push(uci.parse().expect("fenkit writes UCI it reads"));
        position = after_move.clone();
        depth -= 1;
        counted_before = Some(theirs_under);
    }
}

fn words(moves: &[UciMove]) -> String {
    let words: Vec<String> = moves.iter().map(UciMove::to_string).collect();
    words.join(" ")
}

fn listed(moves: &[&str]) -> String {
    match moves.is_empty() {
        true => "none".into(),
        // What an engine writes reaches the terminal escaped.
        false => moves
            .iter()
            .map(|uci| uci.escape_debug().to_string())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn no_divide(theirs: &Divide) -> String {
    match theirs.total {
        Some(_) => "  the engine gave a total but no count per move (its divide form is not one fen reads: see fen perft --help)".into(),
        None => "  the engine gave no count fen reads".into(),
    }
}
