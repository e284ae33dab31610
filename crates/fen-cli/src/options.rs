//! The options every per-record subcommand shares: where records are and
//! how to read them, and how to write them.

use std::{path::PathBuf, sync::Arc};

use clap::{Args, ValueEnum};
use fenkit::{CastlingNotation, OptionWord, ReadOptions, WriteOptions};
use fenkit_tb::Tables;
use shakmaty::{CastlingMode, EnPassantMode};

use crate::extract::Extract;

/// The most threads a run starts: more only cost memory (each holds its
/// blocks in flight) and may fail to start.
pub const MAX_THREADS: usize = 256;

#[derive(Args)]
pub struct Inputs {
    /// Files of records, one or more per line; standard input when none is
    /// given, or for '-'. An argument that names no file and holds '/' is a
    /// record itself (quoted, or as six words).
    #[arg(value_name = "FILE|FEN")]
    pub files: Vec<PathBuf>,
    /// A record to read, before any file (repeatable).
    #[arg(long = "fen", value_name = "FEN")]
    pub fens: Vec<String>,
    /// The records' format: FEN, EPD, FEN tags of a PGN file, or auto (EPD
    /// for lines holding ';', FEN for the rest).
    #[arg(long, value_enum, default_value_t)]
    pub input: InputFormat,
    /// Repair what people paste (missing counters, look-alike dashes,
    /// quotes, odd separators, castling letters out of order…), reporting
    /// each repair as a warning.
    #[arg(long)]
    pub lenient: bool,
    /// Read castling rights as Chess960: X-FEN (KQkq for the outermost
    /// rooks, file letters for inner ones) and Shredder-FEN (file letters).
    #[arg(long)]
    pub chess960: bool,
    /// Read the record from a column of CSV/TSV lines: N (1 = first), or
    /// the column's NAME in the header row (which implies --header).
    #[arg(long, value_name = "N|NAME", value_parser = field, conflicts_with = "jsonl")]
    pub field: Option<FieldSpec>,
    /// The column delimiter for --field: one character, or 'tab'.
    #[arg(long, default_value = ",", value_parser = delimiter, requires = "field")]
    pub delimiter: u8,
    /// Skip the first line of each input (a header row; implied by a
    /// --field NAME).
    #[arg(long)]
    pub header: bool,
    /// Read the record from this key of a JSON object per line; a.b.c
    /// reaches into nested objects.
    #[arg(long, value_name = "KEY")]
    pub jsonl: Option<String>,
    /// The longest record to read, in bytes (a FEN record has under 100).
    /// In FEN and EPD files the line is the record; the rows of a table
    /// (--field, --jsonl) may be longer, up to 64 MiB.
    #[arg(long, value_name = "BYTES", default_value_t = crate::run::MAX_LINE, value_parser = line_bytes)]
    pub max_line_bytes: usize,
    /// Print at most N diagnostics (the rest are counted, and the count
    /// said at the end); results are written for every record still.
    #[arg(long, value_name = "N")]
    pub max_errors: Option<u64>,
    /// Threads for the records: N, or 0 for one per core. Output keeps the
    /// input's order either way.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// A progress bar on standard error for runs over a second: auto (when
    /// standard error is a terminal), always, or never.
    #[arg(long, value_enum, default_value_t)]
    pub progress: crate::progress::When,
}

/// `--variant NAME`: read records as positions of one of lichess's
/// variants, with the fields it adds (a Crazyhouse pocket, Three-check's
/// counters) and its rules.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct VariantChoice {
    /// Read records as positions of a variant: crazyhouse, atomic,
    /// antichess, kingofthehill, threecheck, racingkings, horde (lichess's
    /// names, case and dashes ignored), or standard, chess960.
    #[arg(long, value_name = "NAME", value_parser = variant_word)]
    pub variant: Option<fenkit::variants::NamedVariant>,
}

/// The inputs of a subcommand that reads positions of any variant: the
/// records and how to read them, and `--variant`. It stands for its
/// [`Inputs`] where those are asked for.
#[derive(Args, Default)]
pub struct PositionInputs {
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub variant: VariantChoice,
}

impl PositionInputs {
    /// How to read the records: the inputs' options in the variant chosen.
    pub fn read_options(&self) -> ReadOptions {
        self.variant.apply(self.inputs.read_options())
    }
}

impl std::ops::Deref for PositionInputs {
    type Target = Inputs;

    fn deref(&self) -> &Inputs {
        &self.inputs
    }
}

impl std::ops::DerefMut for PositionInputs {
    fn deref_mut(&mut self) -> &mut Inputs {
        &mut self.inputs
    }
}

impl VariantChoice {
    /// `read` with the variant chosen (and Chess960 castling for chess960).
    pub fn apply(&self, read: ReadOptions) -> ReadOptions {
        match self.variant {
            None => read,
            Some(named) => read
                .with_variant(named.variant)
                .with_castling(match named.chess960 {
                    true => CastlingMode::Chess960,
                    false => read.castling,
                }),
        }
    }
}

/// `--syzygy DIR`: Syzygy endgame tables, for the commands that read them.
#[derive(Args, Clone, Debug, Default)]
pub struct Syzygy {
    /// A folder of Syzygy endgame tables (.rtbw and .rtbz files),
    /// repeatable.
    #[arg(long = "syzygy", value_name = "DIR")]
    pub folders: Vec<PathBuf>,
}

impl Syzygy {
    /// The tables of a command that needs them: those of `--syzygy`, else
    /// of `SYZYGY_PATH` (folders split by ':', as engines read it), opened
    /// and each file checked. The error is what to say (no tables named,
    /// a folder or table that cannot be read): a usage error.
    pub fn needed(&self) -> Result<Arc<Tables>, String> {
        let folders = match self.folders.is_empty() {
            true => std::env::var_os("SYZYGY_PATH").map_or(Vec::new(), |p| Tables::folders_of(&p)),
            false => self.folders.clone(),
        };
        if folders.is_empty() {
            return Err("no tables: give --syzygy DIR or set SYZYGY_PATH".into());
        }
        Tables::open(&folders)
            .map(Arc::new)
            .map_err(|bad| fenkit::printable(&bad.to_string()).into_owned())
    }

    /// The tables of a command that uses them where `--syzygy` gives them.
    pub fn given(&self) -> Result<Option<Arc<Tables>>, String> {
        match self.folders.is_empty() {
            true => Ok(None),
            false => self.needed().map(Some),
        }
    }
}

fn variant_word(text: &str) -> Result<fenkit::variants::NamedVariant, String> {
    fenkit::variants::named_variant(text).ok_or_else(|| {
        format!("'{text}' is no variant fenkit reads: standard, chess960, crazyhouse, atomic, antichess, kingofthehill, threecheck, racingkings, horde")
    })
}

/// How many threads `--jobs N` gives: N, or one per core for 0; at most
/// [`MAX_THREADS`], and whether the number asked was cut to it.
pub fn threads(jobs: usize) -> (usize, bool) {
    match jobs {
        0 => (
            std::thread::available_parallelism().map_or(1, |n| n.get()),
            false,
        ),
        n => (n.min(MAX_THREADS), n > MAX_THREADS),
    }
}

/// A number that is within `range`, or why not, in words.
pub fn number_in(text: &str, range: std::ops::RangeInclusive<u32>) -> Result<u32, String> {
    let (least, most) = (*range.start(), *range.end());
    let bounds = match most {
        u32::MAX => format!("must be {least} or more"),
        _ => format!("must be between {least} and {most}"),
    };
    match text.parse::<u32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(_) => Err(bounds),
        Err(_) => Err(format!("is not a whole number; it {bounds}")),
    }
}

/// A number of 1 or more.
pub fn positive(text: &str) -> Result<u32, String> {
    number_in(text, 1..=u32::MAX)
}

/// `--pieces`: a shipped set by name, or a folder of a user's own twelve
/// drawings (`wK.svg`, `bN.svg`, ..., lichess's names; `wk.svg` also
/// read), read once when the options are.
pub fn piece_set(text: &str) -> Result<fenkit_diagrams::PieceSet, String> {
    use fenkit::piece_name;
    use fenkit_diagrams::{PieceSet, piece_order};
    if let Some(set) = PieceSet::named(text) {
        return Ok(set);
    }
    let folder = std::path::Path::new(text);
    // The name as given, its control characters escaped for the terminal.
    let shown =
        |path: &std::path::Path| fenkit::printable(&path.display().to_string()).into_owned();
    if !folder.is_dir() {
        return Err(format!(
            "'{}' is neither a piece set ({}) nor a folder of piece drawings",
            shown(folder),
            PieceSet::NAMES.join(", ")
        ));
    }
    let mut texts = Vec::with_capacity(12);
    for (piece, stem) in piece_order() {
        let named = [stem.to_string(), stem.to_lowercase()];
        let file = named
            .iter()
            .map(|stem| folder.join(format!("{stem}.svg")))
            .find(|path| path.is_file());
        let Some(file) = file else {
            return Err(format!(
                "the folder {} has no drawing of the {} ({stem}.svg)",
                shown(folder),
                piece_name(piece)
            ));
        };
        let read = std::fs::read_to_string(&file);
        texts.push(read.map_err(|err| format!("{}: {err}", shown(&file)))?);
    }
    let texts: [String; 12] = texts
        .try_into()
        .unwrap_or_else(|_| unreachable!("twelve pieces"));
    PieceSet::from_svgs(text, texts)
        .map_err(|err| format!("{}: {}", shown(folder), fenkit::printable(&err.to_string())))
}

/// A column of `--field`: by number, or by its name in the header row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldSpec {
    /// 0-based.
    Index(usize),
    Name(String),
}

fn field(text: &str) -> Result<FieldSpec, String> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return positive(text).map(|n| FieldSpec::Index(n as usize - 1));
    }
    Ok(FieldSpec::Name(text.to_string()))
}

fn line_bytes(text: &str) -> Result<usize, String> {
    number_in(text, 16..=crate::run::MAX_ROW as u32).map(|n| n as usize)
}

fn delimiter(text: &str) -> Result<u8, String> {
    match text {
        "tab" | "\\t" | "\t" => Ok(b'\t'),
        _ if text.len() == 1 && text.is_ascii() => Ok(text.as_bytes()[0]),
        _ => Err(format!("'{text}' is not one ASCII character or 'tab'")),
    }
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    #[default]
    Auto,
    Fen,
    Epd,
    /// The [FEN "…"] tags of PGN games.
    Pgn,
}

/// What the flags say when none is given (for `fen` on a pipe, which
/// runs `board`).
impl Default for Inputs {
    fn default() -> Inputs {
        Inputs {
            files: Vec::new(),
            fens: Vec::new(),
            input: InputFormat::default(),
            lenient: false,
            chess960: false,
            field: None,
            delimiter: b',',
            header: false,
            jsonl: None,
            max_line_bytes: crate::run::MAX_LINE,
            max_errors: None,
            jobs: 0,
            progress: crate::progress::When::default(),
        }
    }
}

impl Inputs {
    /// The runner's configuration these flags give.
    pub fn config(&self) -> crate::run::Config {
        let (threads, capped) = self.threads();
        crate::run::Config {
            fens: self.fens.clone(),
            files: self.files.clone(),
            extract: self.extract(),
            header: self.skips_header(),
            max_line: self.max_line(),
            max_record: self.max_line_bytes,
            threads,
            asked_threads: capped.then_some(self.jobs),
            max_errors: self.max_errors,
            progress: self.progress(),
        }
    }

    /// A progress counter for this run, knowing the size of the input when
    /// it is all files.
    pub fn progress(&self) -> crate::progress::Progress {
        let sizes: Option<Vec<u64>> = self
            .files
            .iter()
            .map(|path| match path.as_os_str() == "-" {
                true => None,
                false => std::fs::metadata(path).ok().map(|m| m.len()),
            })
            .collect();
        let total = sizes.filter(|s| !s.is_empty()).map(|s| s.iter().sum());
        crate::progress::Progress::new(self.progress, total)
    }

    /// How many threads handle records: as asked, or one per core for 0;
    /// at most [`MAX_THREADS`], and whether the number asked was cut to it.
    pub fn threads(&self) -> (usize, bool) {
        threads(self.jobs)
    }

    pub fn read_options(&self) -> ReadOptions {
        ReadOptions::default()
            .with_castling(if self.chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            })
            .with_format(match self.input {
                InputFormat::Epd => fenkit::Format::Epd,
                InputFormat::Fen | InputFormat::Pgn => fenkit::Format::Fen,
                InputFormat::Auto => fenkit::Format::Auto,
            })
            .with_lenient(self.lenient)
    }

    /// The longest line kept: the record's limit, or for a table the
    /// longest row (never shorter than the record).
    pub fn max_line(&self) -> usize {
        match self.extract().is_table() {
            true => crate::run::MAX_ROW.max(self.max_line_bytes),
            false => self.max_line_bytes,
        }
    }

    /// Whether the first line of each input is a header to skip.
    pub fn skips_header(&self) -> bool {
        self.header || matches!(self.field, Some(FieldSpec::Name(_)))
    }

    pub fn extract(&self) -> Extract {
        match &self.field {
            Some(FieldSpec::Index(index)) => {
                return Extract::Column {
                    index: *index,
                    delimiter: self.delimiter,
                };
            }
            Some(FieldSpec::Name(name)) => {
                return Extract::NamedColumn {
                    name: name.clone(),
                    delimiter: self.delimiter,
                };
            }
            None => {}
        }
        if let Some(key) = &self.jsonl {
            return Extract::Json { key: key.clone() };
        }
        match self.input {
            InputFormat::Pgn => Extract::PgnTag,
            _ => Extract::Records(self.read_options().format),
        }
    }
}

#[derive(Args)]
pub struct Style {
    /// How to write castling rights: standard (KQkq; X-FEN when a right is
    /// not a corner rook's), xfen, or shredder (file letters, such as HAha).
    /// The default is xfen with --chess960, standard otherwise.
    #[arg(long, value_parser = word::<CastlingNotation>())]
    pub castling: Option<CastlingNotation>,
    /// Which en passant square to write: always (after every double push,
    /// as the standard says), pseudo (when a pawn could capture), legal
    /// (when a legal capture exists).
    #[arg(long, value_parser = word::<EnPassantMode>(), default_value = "always")]
    pub ep: EnPassantMode,
}

impl Style {
    /// How to write records read as `read` says.
    pub fn write_options(&self, read: &ReadOptions) -> WriteOptions {
        self.write_options_for(read.castling)
    }

    /// How to write positions of `mode` (a game's own, in PGN).
    pub fn write_options_for(&self, mode: CastlingMode) -> WriteOptions {
        WriteOptions::default()
            .with_castling(castling_notation(self.castling, mode))
            .with_ep(self.ep)
    }
}

/// The castling notation chosen, or by default the one every reader of
/// the mode reads: X-FEN for Chess960, standard FEN otherwise.
pub fn castling_notation(chosen: Option<CastlingNotation>, mode: CastlingMode) -> CastlingNotation {
    match chosen {
        Some(notation) => notation,
        None if mode.is_chess960() => CastlingNotation::XFen,
        None => CastlingNotation::Standard,
    }
}

/// The values of a flag that takes one of fenkit's option words: the
/// words, their aliases and their help from the library's one table
/// ([`OptionWord::CHOICES`]), so that the command, the service and the
/// column functions read a word alike.
pub fn word<T: OptionWord + Send + Sync>() -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = T::CHOICES.iter().map(|choice| {
        PossibleValue::new(choice.word)
            .aliases(choice.aliases.iter().copied())
            .help(choice.help)
    });
    PossibleValuesParser::new(values)
        .map(|given| T::from_word(&given).expect("clap let through one of the words"))
}

/// Which side is at the bottom of a board: for `show`, `svg` and `png`.
#[derive(Args)]
pub struct Facing {
    /// Black at the bottom (the same as --orientation black).
    #[arg(long, conflicts_with = "orientation")]
    pub flip: bool,
    /// The side at the bottom: white, black, or side-to-move.
    #[arg(long, default_value = "white")]
    pub orientation: fenkit_diagrams::Orientation,
}

impl Facing {
    pub fn orientation(&self) -> fenkit_diagrams::Orientation {
        match self.flip {
            true => fenkit_diagrams::Orientation::Black,
            false => self.orientation,
        }
    }
}

/// How a report is written: for `check` and `stats`.
#[derive(Args)]
pub struct Report {
    /// How to report: for people (on standard error for `check`), or as
    /// JSON on standard output (`check`: one object per record, `stats`:
    /// one object).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// The value of `--format` for `check` and `stats`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// For people.
    #[default]
    Human,
    /// JSON.
    Json,
}

#[cfg(test)]
mod tests {
    use clap::{Args as _, FromArgMatches};

    use super::*;

    /// `Inputs::default` (for `fen` on a pipe) says what no flags say.
    #[test]
    fn the_default_inputs_are_those_of_no_flags() {
        let command = Inputs::augment_args(clap::Command::new("fen"));
        let matches = command.try_get_matches_from(["fen"]).expect("no flags");
        let parsed = Inputs::from_arg_matches(&matches).expect("defaults");
        let default = Inputs::default();
        assert_eq!(parsed.delimiter, default.delimiter);
        assert_eq!(parsed.max_line_bytes, default.max_line_bytes);
        assert_eq!(parsed.max_errors, default.max_errors);
        assert_eq!(parsed.jobs, default.jobs);
        assert_eq!(parsed.input, default.input);
        assert_eq!(parsed.field, default.field);
        assert_eq!(parsed.jsonl, default.jsonl);
        assert_eq!(
            (parsed.lenient, parsed.chess960, parsed.header),
            (default.lenient, default.chess960, default.header)
        );
    }
}
