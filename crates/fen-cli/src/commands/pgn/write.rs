//! `fen pgn --format pgn`: the games written back in PGN's export format
//! (by [`fenkit_games::export`]), filtered as `fen search` finds, stripped
//! and tagged on request, without duplicates, into one stream or split
//! into files.
//!
//! Games are played and written on every core; what each gives is then
//! taken in input order by one [`Sink`].

use std::ops::ControlFlow;
use std::{
    fs,
    hash::{BuildHasher, Hash, Hasher, RandomState},
    io,
};

use clap::ValueEnum;
use fenkit::variants::VariantPosition;
use fenkit_games::{
    export::{Export, Retag, Strip},
    pgn::{Plies, Ply, PlyHandler},
    search::Query,
};
use shakmaty::Move;

use super::Args;
use crate::{
    games::{
        self, GameState, Played,
        sink::{Sink, Written},
    },
    output::Output,
    run::Status,
};

/// What `--strip` leaves out of the games written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stripped {
    Comments,
    Variations,
    Nags,
    Clocks,
    Evals,
    /// `tag:NAME`.
    Tag(String),
}

/// Reads one item of `--strip`.
pub fn stripped(text: &str) -> Result<Stripped, String> {
    Ok(match text {
        "comments" => Stripped::Comments,
        "variations" => Stripped::Variations,
        "nags" => Stripped::Nags,
        "clocks" => Stripped::Clocks,
        "evals" => Stripped::Evals,
        _ => match text.strip_prefix("tag:") {
            Some(name) if !name.is_empty() => Stripped::Tag(name.to_string()),
            _ => {
                return Err(format!(
                    "'{}' is none of comments, variations, nags, clocks, evals, tag:NAME",
                    fenkit::printable(text)
                ));
            }
        },
    })
}

/// A tag that `--tag` computes from the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Computed {
    Eco,
    Opening,
    Plycount,
}

/// Says which options written for `--format pgn` were given without it.
pub fn options_of_pgn_alone(args: &Args) -> Option<&'static str> {
    let given = [
        (
            !args.filters.are_empty(),
            "--fen, --material, --pattern, --where",
        ),
        (!args.strip.is_empty(), "--strip"),
        (!args.retag.is_empty(), "--tag"),
        (args.dedupe || args.contained, "--dedupe, --contained"),
        (
            args.split.is_some() || args.split_by.is_some(),
            "--split, --split-by",
        ),
        (args.output.is_some(), "-o"),
        (args.drop_bad, "--drop-bad"),
    ];
    given
        .into_iter()
        .find(|(given, _)| *given)
        .map(|(_, names)| names)
}

/// What the writing asks, shared by the workers.
struct Writing<'a> {
    export: Export,
    query: Query,
    args: &'a Args,
    /// Two hashers for a game's 128-bit key: its start and moves.
    hashers: (RandomState, RandomState),
}

pub fn run(args: &Args, out: &mut Output) -> io::Result<Status> {
    let of_positions = [
        (
            args.final_only || args.every.is_some() || args.ply.is_some(),
            "--final, --every, --ply",
        ),
        (args.opening, "--opening"),
        (
            !args.tags.is_empty() || !args.columns.is_empty(),
            "--tags, --columns",
        ),
    ];
    if let Some((_, names)) = of_positions.iter().find(|(given, _)| *given) {
        out.note(&format!(
            "fen: pgn: {names}: --format pgn writes whole games, not positions; leave them out"
        ))?;
        return Ok(Status::Failed);
    }
    let split = args.split.is_some() || args.split_by.is_some();
    if split != args.output.is_some() {
        out.note("fen: pgn: --split and --split-by write files into the folder -o names; without them the games go to standard output")?;
        return Ok(Status::Failed);
    }
    let Some(query) = args.filters.query(out)? else {
        return Ok(Status::Failed);
    };
    let mut strip = Strip::default();
    for item in &args.strip {
        match item {
            Stripped::Comments => strip.comments = true,
            Stripped::Variations => strip.variations = true,
            Stripped::Nags => strip.nags = true,
            Stripped::Clocks => strip.clocks = true,
            Stripped::Evals => strip.evals = true,
            Stripped::Tag(name) => strip.tags.push(name.clone()),
        }
    }
    let retag = Retag {
        eco: args.retag.contains(&Computed::Eco),
        opening: args.retag.contains(&Computed::Opening),
        ply_count: args.retag.contains(&Computed::Plycount),
    };
    let writing = Writing {
        export: Export {
            strip,
            retag,
            ..Export::default()
        },
        query,
        args,
        hashers: (RandomState::new(), RandomState::new()),
    };
    let mut kept: Vec<&str> = args
        .filters
        .conditions
        .iter()
        .map(|c| c.tag.as_str())
        .collect();
    kept.extend(args.split_by.as_deref());
    if let Some(folder) = &args.output
        && let Err(err) = fs::create_dir_all(folder)
    {
        let folder = folder.to_string_lossy();
        let folder = fenkit::printable(&folder);
        out.note(&format!("fen: {folder}: {}", crate::run::io_message(&err)))?;
        return Ok(Status::Failed);
    }
    let mut sink = Sink::new(
        args.output.as_deref(),
        args.split,
        (args.dedupe, args.contained),
    )?;
    let writing = &writing;
    let make = || {
        let writer = Writer {
            writing,
            found: false,
            start: None,
            mainline: Vec::new(),
            moves: Vec::new(),
        };
        let plies = Plies::with_handler(writer).keeping_tags(&kept);
        match args.strict_pgn {
            true => plies.strictly(),
            false => plies,
        }
    };
    let (threads, _) = crate::options::threads(args.jobs);
    let status = games::each_game_gathered(&args.files, threads, make, |game| sink.take(game))?;
    sink.finish();
    if let Some(err) = sink.failed() {
        // A closed pipe is the reader's wish, not a failure.
        if err.kind() == io::ErrorKind::BrokenPipe {
            return Ok(status);
        }
        out.note(&format!("fen: pgn: {}", crate::run::io_message(&err)))?;
        return Ok(Status::Failed);
    }
    Ok(status)
}

/// A game's state as it is played: whether it showed what the filters
/// ask (a game whose tags fail them is not played), its start and its
/// moves.
struct Writer<'a> {
    writing: &'a Writing<'a>,
    found: bool,
    start: Option<VariantPosition>,
    /// The mainline's moves, for the writer not to look for them again.
    mainline: Vec<Move>,
    /// The moves, each as 16 bits, when duplicates are looked for.
    moves: Vec<u16>,
}

impl PlyHandler for Writer<'_> {
    /// Only a game whose tags meet every condition is played.
    fn wants_game(&mut self, tags: &[Option<String>]) -> bool {
        let conditions = self.writing.args.filters.conditions.iter().zip(tags);
        conditions
            .into_iter()
            .all(|(condition, tag)| condition.holds(tag.as_deref()))
    }

    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        let args = self.writing.args;
        if ply.ply == 0 {
            self.start = Some(ply.position.clone());
            self.mainline.clear();
            self.moves.clear();
            self.found = false;
        }
        if let Some(played) = ply.played {
            self.mainline.push(played);
            if args.dedupe || args.contained {
                self.moves.push(move_bits(played));
            }
        }
        if !self.found && self.writing.query.matches(ply.position) {
            self.found = true;
        }
        ControlFlow::Continue(())
    }
}

/// A move as 16 bits: from, to and promotion, or the piece dropped and
/// where (distinct for the moves of one position, which is all a game's
/// moves from a known start need).
fn move_bits(played: Move) -> u16 {
    let role = |role: Option<shakmaty::Role>| role.map_or(0, |role| role as u16);
    match played {
        Move::Put { role: put, to } => 1 << 15 | (put as u16) << 6 | to as u16,
        other => {
            let from = other.from().map_or(0, |from| from as u16);
            (role(other.promotion()) << 12) | (from << 6) | other.to() as u16
        }
    }
}

impl GameState for Writer<'_> {
    type Item = Written;
    const AS_WRITTEN: bool = true;

    fn game_done(&mut self, played: &Played<'_>, _: &mut Output) -> io::Result<Option<Written>> {
        let writing = self.writing;
        let args = writing.args;
        let start = self.start.take();
        let split_value = |tags: &[Option<String>]| match &args.split_by {
            Some(_) => tags.last().cloned().flatten(),
            None => None,
        };
        let end = match played.end() {
            Ok(end) => end,
            // Passed through as written, its diagnostic said; with
            // filters, where it met them before its bad move.
            Err(_) => {
                let wanted = !args.drop_bad && (self.found || args.filters.are_empty());
                let mut text = played.as_written().trim_ascii().to_vec();
                text.extend_from_slice(b"\n\n");
                // The split tag of a game that failed is not known.
                return Ok(wanted.then_some(Written {
                    text,
                    key: None,
                    split_value: None,
                }));
            }
        };
        let (Some(start), true) = (start, self.found) else {
            return Ok(None);
        };
        let mut text = Vec::with_capacity(played.text().len() + 256);
        let written =
            writing
                .export
                .write_played_game(played.text(), (&start, &self.mainline), &mut text);
        if !written {
            // Read through up to its mainline's end, but not whole (a
            // comment never closed inside a variation): as it was.
            text = played.as_written().trim_ascii().to_vec();
            text.extend_from_slice(b"\n\n");
        }
        let key = (args.dedupe || args.contained).then(|| {
            let start = fenkit::Fen::from_position(&start).to_string();
            let hash = |state: &RandomState, moves: &[u16]| {
                let mut hasher = state.build_hasher();
                start.hash(&mut hasher);
                moves.hash(&mut hasher);
                hasher.finish()
            };
            let (first, second) = &writing.hashers;
            let key =
                u128::from(hash(first, &self.moves)) << 64 | u128::from(hash(second, &self.moves));
            let moves = match args.contained {
                true => std::mem::take(&mut self.moves),
                false => Vec::new(),
            };
            (key, moves, hash(first, &[]))
        });
        Ok(Some(Written {
            text,
            key,
            split_value: split_value(&end.tags),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_of_one_position_have_distinct_bits() {
        use shakmaty::Position;
        // Promotions to each piece, captures, castling both ways.
        let fen = "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1";
        let checked = fenkit::check(fen.as_bytes());
        let position = checked.position(shakmaty::CastlingMode::Standard).unwrap();
        let moves = position.legal_moves();
        let bits: std::collections::HashSet<u16> = moves.iter().map(|&m| move_bits(m)).collect();
        assert!(moves.len() > 25);
        assert_eq!(bits.len(), moves.len());
    }
}
