//! `fen search`: the games that reach a position, a material signature or
//! a pattern of pieces, each found once, at its first ply that shows all
//! that is asked; its row, or the game itself with that ply marked.

use std::{
    io::{self, IsTerminal, Write},
    ops::ControlFlow,
    path::PathBuf,
    sync::Arc,
};

use clap::ValueEnum;
use fenkit_games::{
    pgn::{GameText, Plies, Ply, PlyHandler},
    search::FirstMatch,
};
use fenkit_index::search::SearchIndex;
use shakmaty::{EnPassantMode, Position};

use crate::{
    games::{self, GameState, Played},
    options::Style,
    output::{self, Output},
    run::Status,
};
use fenkit_run::rows::ply::{kept_tags, write_tags};

/// Find the games that reach a position, a material signature or a
/// pattern of pieces: each game once, at its first ply that shows all
/// that is asked.
#[derive(clap::Args)]
pub struct Args {
    /// PGN files; standard input when none is given, or for '-'.
    pub files: Vec<PathBuf>,
    /// Search the games of an index that `fen index` made instead of
    /// files: a position's games are found without playing the others,
    /// and a material signature's by the signatures stored.
    #[arg(long, value_name = "DIR", conflicts_with = "files")]
    pub index: Option<PathBuf>,
    /// What the games must show.
    #[command(flatten)]
    pub filters: super::filters::Filters,
    /// How to write each game found: a row (game number, ply, the move
    /// played into the position, its FEN, then the tags asked for) as TSV
    /// or JSON, or the game itself in PGN, a comment after the move that
    /// reached the position.
    #[arg(long, value_enum, default_value_t)]
    pub format: Answer,
    /// Tags whose values go in columns after the FEN (TSV) or as keys
    /// (JSON), comma-separated, as `fen pgn --tags` writes them.
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    pub tags: Vec<String>,
    /// Refuse movetext that PGN's standard does not allow (0-0, e.p., ++,
    /// glyphs in text, results with other dashes) instead of reading it
    /// with one warning a kind and game.
    #[arg(long)]
    pub strict_pgn: bool,
    /// How to write castling rights and the en passant square of the FEN
    /// found.
    #[command(flatten)]
    pub style: Style,
    /// Threads for the games: N, or 0 for one per core. Output keeps the
    /// input's order either way.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// How `fen search` writes each game found.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Answer {
    #[default]
    Tsv,
    Json,
    Pgn,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let Some(query) = args.filters.query(out)? else {
        return Ok(Status::Failed);
    };
    if args.filters.are_empty() {
        out.note(
            "fen: search: nothing to search for; give --fen, --material, --pattern or --where",
        )?;
        return Ok(Status::Failed);
    }
    let mut kept = kept_tags(&args.tags);
    let conditions_from = kept.len();
    kept.extend(args.filters.conditions.iter().map(|c| c.tag.clone()));
    let escape = io::stdout().is_terminal();
    let (args, query, kept) = (&args, &query, &kept);
    let conditions = &args.filters.conditions;
    let make = || {
        let searcher = Searcher {
            args,
            first: FirstMatch::new(query, conditions, conditions_from),
            kept,
            conditions_from,
            escape,
            text: Vec::new(),
        };
        let names: Vec<&str> = kept.iter().map(String::as_str).collect();
        let plies = Plies::with_handler(searcher).keeping_tags(&names);
        match args.strict_pgn {
            true => plies.strictly(),
            false => plies,
        }
    };
    let (threads, _) = crate::options::threads(args.jobs);
    let status = match &args.index {
        None => games::each_game(&args.files, threads, out, make)?,
        Some(dir) => {
            let index = match SearchIndex::open(dir) {
                Ok(index) => index,
                Err(bad) => {
                    out.note(&format!(
                        "fen: search: {}",
                        fenkit::printable(&bad.to_string())
                    ))?;
                    return Ok(Status::Failed);
                }
            };
            let numbers = match index.candidates(query) {
                Ok(numbers) => numbers,
                Err(err) => {
                    out.note(&format!("fen: search: {}", crate::run::io_message(&err)))?;
                    return Ok(Status::Failed);
                }
            };
            let read = |number: u64| {
                let game = index.game(number)?;
                let text = GameText {
                    line: game.line,
                    text: game.text,
                };
                Ok((Arc::from(game.source.as_str()), text))
            };
            games::each_given_game((&read, &numbers), threads, out, make)?
        }
    };
    out.flush()?;
    Ok(status)
}

/// A game's state as it is searched: the library's search of one game
/// ([`FirstMatch`]: only a game whose tags meet the conditions is played,
/// and only up to its first match), and how to write what it found.
struct Searcher<'a> {
    args: &'a Args,
    first: FirstMatch<'a>,
    /// The tags the plies carry: those asked for (and what `UTCDateTime`
    /// needs), then the conditions' from `conditions_from` on.
    kept: &'a [String],
    conditions_from: usize,
    /// Standard output is a terminal: what the input holds is escaped.
    escape: bool,
    text: Vec<u8>,
}

impl PlyHandler for Searcher<'_> {
    fn wants_game(&mut self, tags: &[Option<String>]) -> bool {
        self.first.wants_game(tags)
    }

    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        self.first.ply(ply)
    }
}

impl GameState for Searcher<'_> {
    type Item = ();

    fn game_done(&mut self, played: &Played<'_>, out: &mut Output) -> io::Result<Option<()>> {
        let Some(found) = self.first.take() else {
            return Ok(None);
        };
        let position = &found.position;
        let write = self.args.style.write_options_for(position.castles().mode());
        let fen = write.fen(&position.to_setup(EnPassantMode::Always));
        let text = &mut self.text;
        text.clear();
        let number = played.number();
        match self.args.format {
            Answer::Tsv => {
                write!(text, "{number}\t{}\t", found.ply)?;
                if let Some(san) = found.san {
                    san.append_ascii_to(text);
                }
                write!(text, "\t{fen}")?;
            }
            Answer::Json => {
                write!(text, r#"{{"game":{number},"ply":{},"move":"#, found.ply)?;
                let san = found.san.map(|san| san.to_string());
                serde_json::to_writer(&mut *text, &san)?;
                write!(text, r#","fen":"{fen}""#)?;
            }
            Answer::Pgn => {
                write_marked(text, played, found.ply, self.escape);
                out.stdout().extend_from_slice(text);
                return Ok(None);
            }
        }
        let json = self.args.format == Answer::Json;
        let asked = &self.args.tags;
        let kept = &self.kept[..self.conditions_from];
        write_tags(text, (asked, kept), &found.tags, json, self.escape);
        if json {
            text.push(b'}');
        }
        text.push(b'\n');
        out.stdout().extend_from_slice(text);
        Ok(None)
    }
}

/// The game's text, as read (its movetext dialects in the standard's
/// form), with a comment after the move that reached the position, or
/// before the first move when the game starts there; an empty line after
/// it.
fn write_marked(text: &mut Vec<u8>, played: &Played<'_>, ply: usize, escape: bool) {
    let marked = fenkit_games::search::marked(played.text(), ply);
    for line in marked.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        output::input_text(text, line, escape);
        text.push(b'\n');
    }
    text.push(b'\n');
}
