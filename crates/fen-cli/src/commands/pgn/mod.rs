//! `fen pgn`: the FEN after every ply of every game, streamed; or the
//! deepest named opening of each game.

use std::ops::ControlFlow;
use std::{
    io::{self, IsTerminal, Write},
    ops::RangeInclusive,
    path::PathBuf,
    sync::Arc,
};

use clap::ValueEnum;
use fenkit::variants::VariantPosition;
use fenkit_games::{
    Annotations,
    pgn::{GameEnd, Plies, Ply, PlyHandler},
};
use shakmaty::{EnPassantMode, Position, san::SanPlus};

mod write;

pub use fenkit_run::rows::ply::Note;
use fenkit_run::rows::ply::{PlyFacts, kept_tags, write_note, write_tags};
pub use write::{Computed, Stripped};

use crate::{
    games::{self, GameState, Played},
    options::Style,
    output::Output,
    run::Status,
};

/// Print the FEN after every ply of every game of PGN files, or each
/// game's opening.
#[derive(clap::Args)]
pub struct Args {
    /// PGN files; standard input when none is given, or for '-'.
    pub files: Vec<PathBuf>,
    /// Only the position after the last move of each game.
    #[arg(long = "final", alias = "last", conflicts_with_all = ["every", "ply", "opening"])]
    pub final_only: bool,
    /// Only every Nth ply (N, 2N, …).
    #[arg(long, value_name = "N", value_parser = crate::options::positive)]
    pub every: Option<u32>,
    /// Only plies A to B (0 is the start position): 10..20, 10.., ..20, or 7.
    #[arg(long, value_name = "A..B", value_parser = ply_range)]
    pub ply: Option<RangeInclusive<usize>>,
    /// One line per game: the deepest position with an opening name.
    #[arg(long)]
    pub opening: bool,
    /// How to write each line: the FEN alone, or with game number, ply and
    /// move as TSV or JSON; or pgn: the games themselves, in PGN's export
    /// format (seven-tag roster first, every move in the standard's SAN,
    /// lines of at most 79 characters), a game that cannot be played as
    /// it was written.
    #[arg(long, value_enum, default_value_t)]
    pub format: Layout,
    /// Tags whose values go in columns after the FEN (TSV) or as keys
    /// (JSON), comma-separated: Event,Site,White,Black,Result…; in JSON
    /// ratings are integers and TimeControl {base, increment} in seconds;
    /// UTCDateTime is UTCDate and UTCTime as one ISO 8601 moment.
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    pub tags: Vec<String>,
    /// What the comments say, as columns after the FEN and tags (TSV) or
    /// keys (JSON): clock, emt (seconds), eval_cp, eval_mate (White's
    /// view), nags, comment, arrows, circles; or annotations for all;
    /// besides them accuracy (lichess's, from the evaluations), and wdl
    /// and dtz (from endgame tables: --syzygy, else SYZYGY_PATH; empty
    /// where they do not hold the position).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "NAMES")]
    pub columns: Vec<Note>,
    #[command(flatten)]
    pub syzygy: crate::options::Syzygy,
    /// Refuse movetext that PGN's standard does not allow (0-0, e.p., ++,
    /// glyphs in text, results with other dashes) instead of reading it
    /// with one warning a kind and game.
    #[arg(long)]
    pub strict_pgn: bool,
    /// How to write castling rights (the default is xfen for Chess960
    /// games, standard for the others) and the en passant square.
    #[command(flatten)]
    pub style: Style,
    /// Threads for the games: N, or 0 for one per core. Output keeps the
    /// input's order either way.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// With --format pgn, only the games that show what is asked, as `fen
    /// search` finds them.
    #[command(flatten)]
    pub filters: super::filters::Filters,
    /// With --format pgn, what to leave out of the games, comma-separated:
    /// comments, variations, nags, clocks ([%clk], [%emt]), evals
    /// ([%eval]), tag:NAME (the seven-tag roster stays).
    #[arg(long, value_delimiter = ',', value_name = "WHAT", value_parser = write::stripped)]
    pub strip: Vec<Stripped>,
    /// With --format pgn, tags computed from the game, added or corrected
    /// in place, comma-separated: eco and opening (the deepest position of
    /// the ECO table the mainline reaches), plycount.
    #[arg(long = "tag", value_enum, value_delimiter = ',', value_name = "NAMES")]
    pub retag: Vec<Computed>,
    /// With --format pgn, each game once: of games with the same moves
    /// from the same start, the first (tags do not matter).
    #[arg(long)]
    pub dedupe: bool,
    /// With --format pgn, --dedupe and also no game whose moves another
    /// game's start with (from the same start). Games are held in a
    /// temporary file until the end of the input.
    #[arg(long)]
    pub contained: bool,
    /// With --format pgn, files of N games each in the folder -o names:
    /// 0001.pgn, 0002.pgn, ….
    #[arg(long, value_name = "N", value_parser = crate::options::positive, requires = "output")]
    pub split: Option<u32>,
    /// With --format pgn, a file for each value of tag TAG in the folder
    /// -o names (Event: Rated_Blitz_game.pgn; unknown.pgn without the tag
    /// or for a game that cannot be played).
    #[arg(
        long,
        value_name = "TAG",
        conflicts_with = "split",
        requires = "output"
    )]
    pub split_by: Option<String>,
    /// The folder of --split and --split-by, made if needed; their files
    /// there are replaced.
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// With --format pgn, leave out the games that cannot be played (their
    /// diagnostics are said all the same) instead of writing them as they
    /// were.
    #[arg(long)]
    pub drop_bad: bool,
}

/// How `fen pgn` writes each line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Layout {
    #[default]
    Fen,
    Tsv,
    Json,
    Pgn,
}

fn ply_range(text: &str) -> Result<RangeInclusive<usize>, String> {
    let number = |s: &str, default: usize| match s {
        "" => Ok(default),
        _ => s
            .parse::<usize>()
            .map_err(|_| format!("'{s}' is not a ply number")),
    };
    match text.split_once("..") {
        Some((a, b)) => Ok(number(a, 0)?..=number(b, usize::MAX)?),
        None => {
            let n = number(text, 0)?;
            Ok(n..=n)
        }
    }
}

/// What to print for each ply.
struct Printer<'a> {
    options: &'a Args,
    /// The tags whose values the plies carry: those asked for, then
    /// `UTCDate` and `UTCTime` when `UTCDateTime` is asked for.
    kept_tags: Vec<String>,
    text: Vec<u8>,
    /// The deepest named opening of the current game: ply, ECO, name.
    opening: Option<(usize, &'static fenkit_games::Opening)>,
    /// Where each line of the current game starts in `text`, by ply: a
    /// game that stops at a word that is no move takes back its lines
    /// after that word (pgn-reader played on past it).
    lines: Vec<(usize, usize)>,
    /// The current game's last move, for `--final`.
    last_move: Option<SanPlus>,
    /// The annotation columns asked for.
    notes: Vec<Note>,
    /// The current game's last annotations, for `--final`.
    last_notes: Annotations,
    /// The evaluations of the ply before and of this one, for the
    /// accuracy of its move.
    eval_before: Option<fenkit_games::Eval>,
    eval_now: Option<fenkit_games::Eval>,
    /// Annotations that could not be read, for standard error: game, ply,
    /// what.
    problems: Vec<(u64, usize, String)>,
    /// Standard output is a terminal: tag values escaped.
    escape: bool,
    /// The endgame tables, where `wdl` or `dtz` is asked for.
    tables: Option<Arc<fenkit_tb::Tables>>,
}

impl Printer<'_> {
    fn wanted(&self, ply: usize) -> bool {
        let options = self.options;
        if options.final_only || options.opening {
            return false;
        }
        let every = options
            .every
            .map_or(ply > 0, |n| ply > 0 && ply.is_multiple_of(n as usize));
        match &options.ply {
            Some(range) => range.contains(&ply) && (options.every.is_none() || every),
            None => every,
        }
    }

    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        if ply.ply == 0 {
            self.lines.clear();
        }
        self.eval_before = match ply.ply {
            0 => None,
            _ => self.eval_now,
        };
        self.eval_now = ply.annotations.eval;
        for problem in &ply.annotations.problems {
            self.problems.push((ply.game, ply.ply, problem.clone()));
        }
        if self.options.final_only {
            self.last_move = ply.san.copied();
            if !self.notes.is_empty() {
                self.last_notes.clone_from(ply.annotations);
            }
            return ControlFlow::Continue(());
        }
        if self.options.opening {
            // Opening names are of standard chess.
            if let VariantPosition::Chess(position) = ply.position
                && let Some(opening) = fenkit_games::opening(position)
            {
                self.opening = Some((ply.ply, opening));
            }
            return ControlFlow::Continue(());
        }
        if self.wanted(ply.ply) {
            self.lines.push((ply.ply, self.text.len()));
            self.line(
                ply.game,
                ply.ply,
                ply.san.copied(),
                ply.position,
                ply.tags,
                ply.annotations,
            );
        }
        ControlFlow::Continue(())
    }

    fn line(
        &mut self,
        game: u64,
        ply: usize,
        san: Option<SanPlus>,
        position: &VariantPosition,
        tags: &[Option<String>],
        notes: &Annotations,
    ) {
        let text = &mut self.text;
        match self.options.format {
            Layout::Fen | Layout::Pgn => {}
            Layout::Tsv => {
                // Numbers by itoa and SAN as bytes: `write!` cost a sixth
                // of `--format tsv` (measured).
                let mut numbers = itoa::Buffer::new();
                text.extend_from_slice(numbers.format(game).as_bytes());
                text.push(b'\t');
                text.extend_from_slice(numbers.format(ply).as_bytes());
                text.push(b'\t');
                if let Some(san) = san {
                    san.append_ascii_to(text);
                }
                text.push(b'\t');
            }
            Layout::Json => {
                let _ = write!(text, r#"{{"game":{game},"ply":{ply},"move":""#);
                if let Some(san) = san {
                    san.append_ascii_to(text);
                }
                text.extend_from_slice(br#"","fen":""#);
            }
        }
        let write = self
            .options
            .style
            .write_options_for(position.castles().mode());
        write.write_fen(&position.to_setup(EnPassantMode::Always), text);
        if self.options.format == Layout::Json {
            text.push(b'"');
        }
        self.tags(tags);
        let json = self.options.format == Layout::Json;
        let mut facts = PlyFacts::default();
        if self.notes.contains(&Note::Accuracy) && ply > 0 {
            let mover = !position.turn();
            facts.accuracy =
                fenkit_games::advice::ply_accuracy(ply, mover, self.eval_before, self.eval_now);
        }
        if let (Some(tables), VariantPosition::Chess(position)) = (&self.tables, position) {
            facts.wdl = tables.wdl(position).ok();
            facts.dtz = tables.dtz(position).ok();
        }
        for &note in &self.notes {
            write_note(&mut self.text, note, (notes, &facts), json, self.escape);
        }
        if json {
            self.text.push(b'}');
        }
        self.text.push(b'\n');
    }

    fn tags(&mut self, tags: &[Option<String>]) {
        let json = self.options.format == Layout::Json;
        let asked = &self.options.tags;
        write_tags(
            &mut self.text,
            (asked, &self.kept_tags),
            tags,
            json,
            self.escape,
        );
    }

    fn end(&mut self, end: &GameEnd) {
        if self.options.final_only {
            let last = self.last_move.take();
            let notes = std::mem::take(&mut self.last_notes);
            self.line(end.game, end.plies, last, &end.position, &end.tags, &notes);
        }
        if self.options.opening {
            let (ply, eco, name) = match self.opening.take() {
                Some((ply, opening)) => (ply.to_string(), opening.eco, opening.name),
                None => ("-".into(), "-", "-"),
            };
            let game = end.game;
            let _ = match self.options.format {
                Layout::Fen | Layout::Tsv | Layout::Pgn => {
                    write!(self.text, "{game}\t{ply}\t{eco}\t{name}")
                }
                Layout::Json => write!(
                    self.text,
                    r#"{{"game":{game},"ply":{},"eco":{},"name":{}"#,
                    serde_json::Value::from(ply),
                    serde_json::Value::from(eco),
                    serde_json::Value::from(name),
                ),
            };
            self.tags(&end.tags);
            if self.options.format == Layout::Json {
                self.text.push(b'}');
            }
            self.text.push(b'\n');
        }
    }
}

impl PlyHandler for Printer<'_> {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        Printer::ply(self, ply)
    }
}

/// `fen pgn`'s way with games: plies to the printer, which the visitor
/// holds, then each game's end, errors and annotation problems.
impl GameState for Printer<'_> {
    type Item = ();

    fn game_done(&mut self, played: &Played<'_>, out: &mut Output) -> io::Result<Option<()>> {
        match played.end() {
            Ok(end) => self.end(end),
            Err(error) => {
                // What the game printed before its bad move stays, in order.
                if let Some(bad) = error.ply
                    && let Some(&(_, at)) = self.lines.iter().find(|(ply, _)| *ply >= bad)
                {
                    self.text.truncate(at);
                }
                self.opening = None;
                out.stdout().write_all(&self.text)?;
                self.text.clear();
            }
        }
        // Each at its command: the first of its text after its move.
        for (number, ply, problem) in std::mem::take(&mut self.problems) {
            out.note(&format!(
                "{}: warning[bad-annotation]: game {number}, ply {ply}: {problem}",
                played.place_of_annotation(&problem, ply)
            ))?;
        }
        if self.text.len() >= 60 * 1024 {
            out.stdout().write_all(&self.text)?;
            self.text.clear();
        }
        Ok(None)
    }

    fn finish(&mut self, out: &mut Output) -> io::Result<()> {
        out.stdout().write_all(&self.text)?;
        self.text.clear();
        Ok(())
    }
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    if args.format == Layout::Pgn {
        return write::run(&args, out);
    }
    if let Some(names) = write::options_of_pgn_alone(&args) {
        out.note(&format!("fen: pgn: {names}: for --format pgn (games written back); `fen search` finds games and writes rows"))?;
        return Ok(Status::Failed);
    }
    if !args.tags.is_empty() && args.format == Layout::Fen && !args.opening {
        out.note(
            "fen: --tags: the FEN alone has no room for tags; add --format tsv or --format json",
        )?;
        return Ok(Status::Failed);
    }
    let notes = Note::columns(&args.columns);
    if !notes.is_empty() && args.format == Layout::Fen {
        out.note("fen: --columns: the FEN alone has no room for columns; add --format tsv or --format json")?;
        return Ok(Status::Failed);
    }
    let tables = match notes
        .iter()
        .any(|note| matches!(note, Note::Wdl | Note::Dtz))
    {
        true => match args.syzygy.needed() {
            Ok(tables) => Some(tables),
            Err(why) => {
                out.note(&format!("fen: pgn: --columns wdl,dtz: {why}"))?;
                return Ok(Status::Failed);
            }
        },
        false => None,
    };
    let options = &args;
    let annotated = !notes.is_empty();
    let kept_tags = kept_tags(&options.tags);
    let escape = io::stdout().is_terminal();
    let make = || {
        let printer = Printer {
            options,
            kept_tags: kept_tags.clone(),
            text: Vec::with_capacity(64 * 1024),
            opening: None,
            lines: Vec::new(),
            last_move: None,
            notes: notes.clone(),
            last_notes: Annotations::default(),
            eval_before: None,
            eval_now: None,
            problems: Vec::new(),
            escape,
            tables: tables.clone(),
        };
        let tags: Vec<&str> = kept_tags.iter().map(String::as_str).collect();
        let plies = Plies::with_handler(printer).keeping_tags(&tags);
        let plies = match annotated {
            true => plies.keeping_annotations(),
            false => plies,
        };
        match options.strict_pgn {
            true => plies.strictly(),
            false => plies,
        }
    };
    let (threads, _) = crate::options::threads(options.jobs);
    let status = games::each_game(&options.files, threads, out, make)?;
    out.flush()?;
    Ok(status)
}
