//! A Polyglot book's counts as Arrow columns, for making a book on a
//! cluster: games (as `read_pgn` gives them) in, each (position, move)'s
//! games and score out ([`book_rows`]), to be summed by (position, move)
//! and written to Parquet; and those rows read back ([`read_book_rows`])
//! by `fen book make --from-parquet`.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, BooleanArray, Int32Array, Int64Array, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use fenkit_books::{FirstPlies, book_key, make::MoveTotal};
use fenkit_games::result::{book_score, tag_outcome};
use rustc_hash::FxHashMap;
use shakmaty::{Color, KnownOutcome};

use crate::games::{game_text, integers, optional_strings, play_standard, required_column, word};

/// The rows' schema: the position's Polyglot key and the Polyglot move as
/// signed integers (Spark has no unsigned ones; the bits are the same),
/// whether White played it, the games that played it and their score for
/// the side that played (2 a win, 1 a draw or no result), and `first`:
/// when it was first played (the game's number times 65,536 plus the
/// ply), which orders moves of equal weight as Polyglot orders them.
pub fn book_rows_schema() -> SchemaRef {
    let count = |name: &str| Field::new(name, DataType::Int64, false);
    Arc::new(Schema::new(vec![
        count("position"),
        Field::new("move", DataType::Int32, false),
        Field::new("white", DataType::Boolean, false),
        count("games"),
        count("score"),
        count("first"),
    ]))
}

/// The book's counts of a batch of games (columns named as `read_pgn`
/// names them: `game`, `Result`, `Variant`, `FEN`, `movetext`; without
/// `game`, a game's row in the batch numbers it), summed within the
/// batch: each game of standard chess, its first `max_ply` plies, scored
/// by its Result tag as `fen book make` (and Polyglot) score them.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{RecordBatch, StringArray, cast::AsArray, types::Int64Type};
/// use fenkit_arrow::book_rows;
///
/// let games = RecordBatch::try_from_iter([
///     ("Result", Arc::new(StringArray::from(vec!["1-0", "1/2-1/2"])) as _),
///     ("movetext", Arc::new(StringArray::from(vec!["1. e4 e5 1-0", "1. e4 c5 1/2-1/2"])) as _),
/// ])?;
/// let rows = book_rows(&games, 1)?;
/// // 1. e4, twice: 2 games, 3 points for White.
/// let column = |name: &str| rows.column_by_name(name).unwrap().as_primitive::<Int64Type>().value(0);
/// assert_eq!((rows.num_rows(), column("games"), column("score")), (1, 2, 3));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn book_rows(games: &RecordBatch, max_ply: usize) -> Result<RecordBatch, ArrowError> {
    let column = |name: &str| optional_strings(games, name);
    let (result, variant, fen) = (column("Result")?, column("Variant")?, column("FEN")?);
    let movetext =
        column("movetext")?.ok_or_else(|| ArrowError::SchemaError("no movetext column".into()))?;
    let numbers = match games.column_by_name("game") {
        Some(numbers) => integers(numbers.as_ref(), "game")?,
        None => (0..games.num_rows() as i64).map(Some).collect(),
    };
    let mut totals: FxHashMap<(u64, u16, bool), MoveTotal> = FxHashMap::default();
    let mut moves = FirstPlies::new(max_ply, book_key);
    for (row, number) in numbers.iter().enumerate() {
        let pgn = game_text(
            word(variant, row),
            word(fen, row),
            word(Some(movetext), row),
        );
        moves.clear();
        if !play_standard(pgn.as_bytes(), |ply, played, position| {
            moves.ply(ply, played, position)
        }) {
            continue;
        }
        // Polyglot reads the result from the tag alone.
        let winner = word(result, row)
            .and_then(tag_outcome)
            .and_then(KnownOutcome::winner);
        let game = number.unwrap_or(row as i64).max(0) as u64;
        for (ply, &((key, turn), raw_move)) in moves.moves().iter().enumerate() {
            let score = book_score(winner, turn);
            let first = (game << 16) | ply.min(0xffff) as u64;
            let total = totals
                .entry((key, raw_move, turn.is_white()))
                .or_insert(MoveTotal {
                    key,
                    raw_move,
                    turn,
                    games: 0,
                    score: 0,
                    first,
                });
            total.games += 1;
            total.score += u64::from(score);
        }
    }
    let mut totals: Vec<MoveTotal> = totals.into_values().collect();
    totals.sort_unstable_by_key(|t| (t.key, t.raw_move));
    let int64 = |f: &dyn Fn(&MoveTotal) -> i64| {
        Arc::new(Int64Array::from_iter_values(totals.iter().map(f))) as ArrayRef
    };
    let columns: Vec<ArrayRef> = vec![
        int64(&|t| t.key as i64),
        Arc::new(Int32Array::from_iter_values(
            totals.iter().map(|t| i32::from(t.raw_move)),
        )),
        Arc::new(BooleanArray::from_iter(
            totals.iter().map(|t| Some(t.turn.is_white())),
        )),
        int64(&|t| t.games as i64),
        int64(&|t| t.score as i64),
        int64(&|t| t.first as i64),
    ];
    RecordBatch::try_new(book_rows_schema(), columns)
}

/// The rows of a batch of [`book_rows_schema`] (as Spark wrote them:
/// integers of any width, nulls refused).
pub fn read_book_rows(batch: &RecordBatch) -> Result<Vec<MoveTotal>, ArrowError> {
    let bad = |what: String| ArrowError::SchemaError(what);
    let column = |name: &str| required_column(batch, name);
    let integers = |name: &str| integers(column(name)?.as_ref(), name);
    let (position, raw_move) = (integers("position")?, integers("move")?);
    let (games, score, first) = (integers("games")?, integers("score")?, integers("first")?);
    let white = column("white")?;
    let white = white
        .as_any()
        .downcast_ref::<BooleanArray>()
        .ok_or_else(|| bad("white is not true or false".into()))?;
    (0..batch.num_rows())
        .map(|row| {
            let value = |values: &[Option<i64>], name: &str| {
                values[row].ok_or_else(|| bad(format!("row {row}: no {name}")))
            };
            if white.is_null(row) {
                return Err(bad(format!("row {row}: no white")));
            }
            Ok(MoveTotal {
                key: value(&position, "position")? as u64,
                raw_move: value(&raw_move, "move")? as u16,
                turn: Color::from_white(white.value(row)),
                games: value(&games, "games")?.max(0) as u64,
                score: value(&score, "score")?.max(0) as u64,
                first: value(&first, "first")?.max(0) as u64,
            })
        })
        .collect()
}
