//! PGN files as Arrow record batches: one row per game, its common tags
//! as columns, its movetext, how many plies it has, and what stopped it.

use std::{io::Read, path::Path, sync::Arc};

use arrow_array::{
    ArrayRef, RecordBatch, RecordBatchReader,
    builder::{StringBuilder, UInt32Builder, UInt64Builder},
};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use fenkit_games::pgn::Plies;
use fenkit_games::pgn::{GameText, GameTexts};
use rayon::prelude::*;

use crate::play::GamePositions;

/// The tags that become columns, under their PGN names: the seven of the
/// standard's roster, then what game dumps (lichess, chess.com) carry.
pub const TAGS: [&str; 17] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "ECO",
    "Opening",
    "TimeControl",
    "Termination",
    "UTCDate",
    "UTCTime",
    "Variant",
    "FEN",
];

/// Games per batch: large enough for every core to share, small enough
/// that memory stays flat on a dump of any size.
const GAMES_PER_BATCH: usize = 8192;

/// What [`read_pgn_with`] reads besides the games' tags and movetext.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PgnColumns {
    /// A `positions` column: every position of each game's mainline, as
    /// [`pgn_positions`](crate::pgn_positions) gives them, from the same
    /// pass that finds its plies and error (a game is played once).
    pub positions: bool,
}

impl PgnColumns {
    /// With the `positions` column.
    pub fn with_positions(self) -> PgnColumns {
        PgnColumns {
            positions: true,
            ..self
        }
    }
}

/// The schema of [`read_pgn`]'s batches: `game` (1-based number), `line`
/// (where it starts), one nullable text column per tag of [`TAGS`],
/// `movetext`, `plies` (null when the game cannot be played through) and
/// `error` (why; null for a game played through).
pub fn pgn_schema() -> SchemaRef {
    pgn_schema_with(PgnColumns::default())
}

/// The schema of [`read_pgn_with`]'s batches: [`pgn_schema`]'s columns,
/// then `positions` when asked (the type of
/// [`positions_type`](crate::positions_type); null where `plies` is).
pub fn pgn_schema_with(columns: PgnColumns) -> SchemaRef {
    let mut fields = vec![
        Field::new("game", DataType::UInt64, false),
        Field::new("line", DataType::UInt64, false),
    ];
    fields.extend(
        TAGS.iter()
            .map(|tag| Field::new(*tag, DataType::Utf8, true)),
    );
    fields.push(Field::new("movetext", DataType::Utf8, false));
    fields.push(Field::new("plies", DataType::UInt32, true));
    fields.push(Field::new("error", DataType::Utf8, true));
    if columns.positions {
        fields.push(Field::new("positions", crate::positions_type(), true));
    }
    Arc::new(Schema::new(fields))
}

/// Reads the PGN file at `path` (gzip, zstd, bzip2 or xz compressed, or
/// not, by its first bytes) as a stream of record batches, games in file
/// order, each batch's games played on every core.
///
/// ```
/// use arrow_array::{Array, cast::AsArray};
///
/// let path = std::env::temp_dir().join(format!("doc-{}.pgn", std::process::id()));
/// std::fs::write(&path, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Zz9 *\n\n[White \"C\"]\n\n1. d4 *\n")?;
/// let batches = fenkit_arrow::read_pgn(&path)?;
/// let batch = batches.collect::<Result<Vec<_>, _>>()?.remove(0);
/// assert_eq!(batch.num_rows(), 2);
/// assert_eq!(batch.column_by_name("White").unwrap().as_string::<i32>().value(1), "C");
/// let errors = batch.column_by_name("error").unwrap().as_string::<i32>();
/// assert_eq!(errors.value(0), "move 2. Zz9: not a move");
/// assert!(errors.is_null(1));
/// # std::fs::remove_file(&path)?;
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn read_pgn(path: &Path) -> std::io::Result<PgnBatches<Box<dyn Read + Send>>> {
    read_pgn_with(path, PgnColumns::default())
}

/// [`read_pgn`], with the further `columns` asked for: each game is still
/// played once, its positions written as it is.
///
/// ```
/// use arrow_array::{Array, cast::AsArray};
/// use fenkit_arrow::PgnColumns;
///
/// let path = std::env::temp_dir().join(format!("doc-positions-{}.pgn", std::process::id()));
/// std::fs::write(&path, "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. e4 Ke7?? 2. Zz9 *\n")?;
/// let batches = fenkit_arrow::read_pgn_with(&path, PgnColumns::default().with_positions())?;
/// let batch = batches.collect::<Result<Vec<_>, _>>()?.remove(0);
/// let positions = batch.column_by_name("positions").unwrap().as_list::<i32>();
/// let first = positions.value(0);
/// let fens = first.as_struct().column_by_name("fen").unwrap().as_string::<i32>();
/// assert_eq!(fens.len(), 3); // the start, e4, e5
/// assert_eq!(fens.value(2), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
/// assert!(positions.is_null(1)); // the second game stops at Zz9
/// # std::fs::remove_file(&path)?;
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn read_pgn_with(
    path: &Path,
    columns: PgnColumns,
) -> std::io::Result<PgnBatches<Box<dyn Read + Send>>> {
    // pgn-reader buffers what it reads.
    let (input, _) = fenkit_io::open(path)?;
    Ok(PgnBatches::with_columns(input, columns))
}

/// The batches of one PGN input; see [`read_pgn`].
pub struct PgnBatches<R> {
    games: GameTexts<R>,
    number: u64,
    columns: PgnColumns,
    schema: SchemaRef,
    failed: bool,
}

impl<R: Read> PgnBatches<R> {
    pub fn new(input: R) -> PgnBatches<R> {
        PgnBatches::with_columns(input, PgnColumns::default())
    }

    pub fn with_columns(input: R, columns: PgnColumns) -> PgnBatches<R> {
        PgnBatches {
            games: GameTexts::new(input),
            number: 0,
            columns,
            schema: pgn_schema_with(columns),
            failed: false,
        }
    }
}

/// What one game gives its row.
struct Row {
    tags: [Option<String>; TAGS.len()],
    movetext: String,
    plies: Option<u32>,
    error: Option<String>,
    /// Its positions, when asked for and the game is played through.
    positions: Option<GamePositions>,
}

fn tag_value(line: &[u8]) -> Option<(&[u8], String)> {
    let line = line.trim_ascii().strip_prefix(b"[")?.strip_suffix(b"]")?;
    let space = line.iter().position(u8::is_ascii_whitespace)?;
    let (name, rest) = line.split_at(space);
    let quoted = rest.trim_ascii().strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    let mut value = Vec::with_capacity(quoted.len());
    let mut escaped = false;
    for &b in quoted {
        if !escaped && b == b'\\' {
            escaped = true;
            continue;
        }
        escaped = false;
        value.push(b);
    }
    Some((name, String::from_utf8_lossy(&value).into_owned()))
}

/// A game's row; its text is read as `fen pgn` reads it, movetext
/// dialects (`0-0`, `e.p.`, `++`) rewritten in place once the movetext
/// column has it as written.
fn row(game: &mut GameText, columns: PgnColumns) -> Row {
    let mut tags: [Option<String>; TAGS.len()] = Default::default();
    for line in game.text.split(|&b| b == b'\n') {
        if let Some((name, value)) = tag_value(line)
            && let Some(at) = TAGS.iter().position(|tag| tag.as_bytes() == name)
        {
            tags[at] = Some(value);
        }
    }
    let movetext = String::from_utf8_lossy(game.movetext()).into_owned();
    let mut positions = columns.positions.then(GamePositions::default);
    let (plies, error) = play(&mut game.text, positions.as_mut());
    Row {
        tags,
        movetext,
        plies,
        positions: positions.filter(|_| error.is_none()),
        error,
    }
}

/// Plays a game through the games library's one door (its dialects
/// rewritten in `text`), each position into `positions` when given: its
/// plies, or why it stopped.
fn play(
    text: &mut [u8],
    mut positions: Option<&mut GamePositions>,
) -> (Option<u32>, Option<String>) {
    let mut plies = Plies::new(|ply| {
        if let Some(positions) = positions.as_deref_mut() {
            positions.push(&ply, shakmaty::CastlingMode::Standard);
        }
    });
    match plies.play(text).map(|played| played.outcome) {
        Some(Ok(end)) => (Some(end.plies as u32), None),
        Some(Err(error)) => (None, Some(error.message)),
        None => (None, Some("no game".into())),
    }
}

impl<R: Read> Iterator for PgnBatches<R> {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let mut games = Vec::with_capacity(GAMES_PER_BATCH);
        for game in self.games.by_ref() {
            match game {
                Ok(game) => games.push(game),
                Err(error) => {
                    self.failed = true;
                    return Some(Err(ArrowError::ExternalError(Box::new(error))));
                }
            }
            if games.len() == GAMES_PER_BATCH {
                break;
            }
        }
        if games.is_empty() {
            return None;
        }
        let columns = self.columns;
        let rows: Vec<Row> = games
            .par_iter_mut()
            .map(|game| row(game, columns))
            .collect();
        let first = self.number + 1;
        self.number += games.len() as u64;
        Some(self.batch(first, &games, rows))
    }
}

impl<R> PgnBatches<R> {
    fn batch(
        &self,
        first: u64,
        games: &[GameText],
        rows: Vec<Row>,
    ) -> Result<RecordBatch, ArrowError> {
        let n = rows.len();
        let mut columns: Vec<ArrayRef> = Vec::with_capacity(TAGS.len() + 5);
        let mut number = UInt64Builder::with_capacity(n);
        let mut line = UInt64Builder::with_capacity(n);
        for (i, game) in games.iter().enumerate() {
            number.append_value(first + i as u64);
            line.append_value(game.line);
        }
        columns.push(Arc::new(number.finish()));
        columns.push(Arc::new(line.finish()));
        for tag in 0..TAGS.len() {
            let mut values = StringBuilder::with_capacity(n, n * 12);
            for row in &rows {
                values.append_option(row.tags[tag].as_deref());
            }
            columns.push(Arc::new(values.finish()));
        }
        let mut movetext =
            StringBuilder::with_capacity(n, rows.iter().map(|r| r.movetext.len()).sum());
        let mut plies = UInt32Builder::with_capacity(n);
        let mut error = StringBuilder::new();
        for row in &rows {
            movetext.append_value(&row.movetext);
            plies.append_option(row.plies);
            error.append_option(row.error.as_deref());
        }
        columns.push(Arc::new(movetext.finish()));
        columns.push(Arc::new(plies.finish()));
        columns.push(Arc::new(error.finish()));
        if self.columns.positions {
            columns.push(positions_column(&rows));
        }
        RecordBatch::try_new(self.schema.clone(), columns)
    }
}

impl<R: Read> RecordBatchReader for PgnBatches<R> {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// The `positions` column of a batch's rows, its builders sized from what
/// the rows hold.
fn positions_column(rows: &[Row]) -> ArrayRef {
    let games = rows.iter().filter_map(|row| row.positions.as_ref());
    let (plies, bytes) = games.fold((0, 0), |(plies, bytes), game| {
        (plies + game.len(), bytes + game.text_len())
    });
    let mut list = crate::play::positions_builder(rows.len(), plies, bytes);
    for row in rows {
        match &row.positions {
            Some(game) => game.append_to(&mut list),
            None => list.append_null(),
        }
    }
    Arc::new(list.finish())
}
