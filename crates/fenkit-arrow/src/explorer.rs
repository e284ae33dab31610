//! The opening explorer's rows as Arrow columns, for building an index on
//! a cluster: games (as `read_pgn` gives them) in, their counted rows out
//! ([`explorer_rows`]), to be summed by (position, move, speed, month)
//! and written to Parquet; and those rows read back ([`read_explorer_rows`])
//! by `fen explorer import`. A row's top games travel with their tags, as
//! rows built apart cannot share game numbers.

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef, Int32Array, Int64Array, ListArray, RecordBatch, StringArray, StructArray,
    cast::AsArray,
};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema, SchemaRef};
use fenkit_books::FirstPlies;
use fenkit_index::explorer::{
    Counts, ExplorerGame, Month, Player, Row, RowKey, Speed, Tally, TopGame, TopGames,
    without_loops,
};
use shakmaty::Color;

use crate::{
    Strings,
    games::{game_text, integers, optional_strings, play_standard, required_column, word},
};

/// The fields of a top game.
fn top_game_fields() -> Fields {
    Fields::from(vec![
        Field::new("rating", DataType::Int32, false),
        Field::new("id", DataType::Utf8, true),
        Field::new("white", DataType::Utf8, false),
        Field::new("white_rating", DataType::Int32, true),
        Field::new("black", DataType::Utf8, false),
        Field::new("black_rating", DataType::Int32, true),
        Field::new("winner", DataType::Utf8, true),
        Field::new("speed", DataType::Utf8, false),
        Field::new("month", DataType::Utf8, true),
    ])
}

/// The rows' schema: the position's key and the Polyglot move as signed
/// integers (Spark has no unsigned ones; the bits are the same), speed
/// and month as words (`YYYY-MM`, null when unknown), the counts, and
/// the top games.
pub fn explorer_rows_schema() -> SchemaRef {
    let count = |name: &str| Field::new(name, DataType::Int64, false);
    let top = Field::new_list_field(DataType::Struct(top_game_fields()), false);
    Arc::new(Schema::new(vec![
        count("position"),
        Field::new("move", DataType::Int32, false),
        Field::new("speed", DataType::Utf8, false),
        Field::new("month", DataType::Utf8, true),
        count("white"),
        count("draws"),
        count("black"),
        count("rated"),
        count("rating_sum"),
        Field::new("top_games", DataType::List(Arc::new(top)), false),
    ]))
}

/// The explorer's rows of a batch of games (columns named as `read_pgn`
/// names them: the tags of [`ExplorerGame::TAGS`], `Variant`, `FEN`,
/// `movetext`; a tag column that is missing counts as a tag no game has),
/// summed within the batch: each finished game of standard chess, its
/// first `max_ply` plies, loops removed, as `fen explorer build` counts.
pub fn explorer_rows(games: &RecordBatch, max_ply: usize) -> Result<RecordBatch, ArrowError> {
    let column = |name: &str| optional_strings(games, name);
    let tags: Vec<Option<Strings>> = ExplorerGame::TAGS
        .iter()
        .map(|t| column(t))
        .collect::<Result<_, _>>()?;
    let (variant, fen) = (column("Variant")?, column("FEN")?);
    let movetext =
        column("movetext")?.ok_or_else(|| ArrowError::SchemaError("no movetext column".into()))?;
    let mut tally = Tally::default();
    let mut counted: Vec<ExplorerGame> = Vec::new();
    let mut moves = Vec::new();
    for row in 0..games.num_rows() {
        let values: Vec<Option<&str>> = tags.iter().map(|t| word(*t, row)).collect();
        let Ok(mut game) = ExplorerGame::from_tags(counted.len() as u64, &values) else {
            continue;
        };
        let pgn = game_text(
            word(variant, row),
            word(fen, row),
            word(Some(movetext), row),
        );
        if !game_moves(pgn.as_bytes(), max_ply, &mut moves) {
            continue;
        }
        game.number = counted.len() as u64;
        tally.add_game(&game, &moves);
        counted.push(game);
    }
    rows_batch(&tally.take_sorted(), |number| &counted[number as usize])
}

/// The counted moves of one game (`text`, as [`game_text`] writes it)
/// into `moves`; false for a game of a variant.
fn game_moves(text: &[u8], max_ply: usize, moves: &mut Vec<(u64, u16)>) -> bool {
    let mut found = FirstPlies::new(max_ply, fenkit::transposition_key);
    let standard = play_standard(text, |ply, played, position| {
        found.ply(ply, played, position)
    });
    *moves = found.take();
    without_loops(moves);
    standard
}

/// `rows` as a batch of [`explorer_rows_schema`], each top game's tags
/// from `game`.
fn rows_batch<'g>(
    rows: &[Row],
    game: impl Fn(u64) -> &'g ExplorerGame,
) -> Result<RecordBatch, ArrowError> {
    let int64 = |f: &dyn Fn(&Row) -> i64| {
        Arc::new(Int64Array::from_iter_values(rows.iter().map(f))) as ArrayRef
    };
    let mut offsets = Vec::with_capacity(rows.len() + 1);
    offsets.push(0i32);
    let tops: Vec<(u16, &ExplorerGame)> = rows
        .iter()
        .flat_map(|row| row.top.as_slice().iter().map(|t| (t.rating, game(t.game))))
        .collect();
    for row in rows {
        offsets.push(offsets.last().copied().unwrap_or(0) + row.top.as_slice().len() as i32);
    }
    let strings = |f: &dyn Fn(&ExplorerGame) -> Option<String>| {
        Arc::new(StringArray::from_iter(tops.iter().map(|(_, g)| f(g)))) as ArrayRef
    };
    let ratings = |f: &dyn Fn(&ExplorerGame) -> Option<u16>| {
        Arc::new(Int32Array::from_iter(
            tops.iter().map(|(_, g)| f(g).map(i32::from)),
        )) as ArrayRef
    };
    let top_columns: Vec<ArrayRef> = vec![
        Arc::new(Int32Array::from_iter_values(
            tops.iter().map(|(r, _)| i32::from(*r)),
        )),
        strings(&|g| g.lichess_id.clone()),
        strings(&|g| Some(g.white.name.clone())),
        ratings(&|g| g.white.rating),
        strings(&|g| Some(g.black.name.clone())),
        ratings(&|g| g.black.rating),
        strings(&|g| g.winner.map(|c| c.fold_wb("white", "black").to_string())),
        strings(&|g| Some(g.speed.name().to_string())),
        strings(&|g| g.month.year_and_month().map(|_| g.month.to_string())),
    ];
    let top_games = StructArray::try_new(top_game_fields(), top_columns, None)?;
    let item = Arc::new(Field::new_list_field(
        DataType::Struct(top_game_fields()),
        false,
    ));
    let top_lists = ListArray::try_new(
        item,
        OffsetBuffer::new(offsets.into()),
        Arc::new(top_games),
        None,
    )?;
    let columns: Vec<ArrayRef> = vec![
        int64(&|r| r.key.position as i64),
        Arc::new(Int32Array::from_iter_values(
            rows.iter().map(|r| i32::from(r.key.raw_move)),
        )),
        Arc::new(StringArray::from_iter_values(
            rows.iter().map(|r| r.key.speed.name()),
        )),
        Arc::new(StringArray::from_iter(rows.iter().map(|r| {
            r.key
                .month
                .year_and_month()
                .map(|_| r.key.month.to_string())
        }))),
        int64(&|r| i64::from(r.counts.white)),
        int64(&|r| i64::from(r.counts.draws)),
        int64(&|r| i64::from(r.counts.black)),
        int64(&|r| i64::from(r.counts.rated)),
        int64(&|r| r.counts.rating_sum as i64),
        Arc::new(top_lists),
    ];
    RecordBatch::try_new(explorer_rows_schema(), columns)
}

/// A row read back: its key and counts, and its top games with their
/// tags (numbered by the caller as it keeps them).
pub struct ReadRow {
    pub key: RowKey,
    pub counts: Counts,
    pub top: Vec<(u16, ExplorerGame)>,
}

/// The rows of a batch of [`explorer_rows_schema`] (as Spark writes it to
/// Parquet: any integer widths, strings of any layout).
pub fn read_explorer_rows(batch: &RecordBatch) -> Result<Vec<ReadRow>, ArrowError> {
    let bad = |what: String| ArrowError::SchemaError(what);
    let column = |name: &str| required_column(batch, name);
    let integers = |name: &str| -> Result<Vec<Option<i64>>, ArrowError> {
        integers(column(name)?.as_ref(), name)
    };
    let (position, raw_move) = (integers("position")?, integers("move")?);
    let counts: Vec<Vec<Option<i64>>> = ["white", "draws", "black", "rated", "rating_sum"]
        .iter()
        .map(|name| integers(name))
        .collect::<Result<_, _>>()?;
    let speed = Strings::new(column("speed")?.as_ref())?;
    let month = Strings::new(column("month")?.as_ref())?;
    let lists = column("top_games")?;
    let lists = lists
        .as_list_opt::<i32>()
        .ok_or_else(|| bad("top_games is not a list".into()))?;
    let mut rows = Vec::with_capacity(batch.num_rows());
    for row in 0..batch.num_rows() {
        let speed = word(Some(speed), row)
            .unwrap_or("unknown")
            .parse::<Speed>()
            .map_err(|e| bad(e.to_string()))?;
        let month = match word(Some(month), row) {
            None => Month::UNKNOWN,
            Some(text) => text.parse::<Month>().map_err(|e| bad(e.to_string()))?,
        };
        let count = |i: usize| counts[i][row].unwrap_or(0).max(0);
        let (Some(position), Some(raw_move)) = (position[row], raw_move[row]) else {
            return Err(bad(format!("row {row}: no position or move")));
        };
        let key = RowKey {
            position: position as u64,
            raw_move: raw_move as u16,
            speed,
            month,
        };
        let counts = Counts {
            white: count(0) as u32,
            draws: count(1) as u32,
            black: count(2) as u32,
            rated: count(3) as u32,
            rating_sum: count(4) as u64,
        };
        let top = match lists.is_null(row) {
            true => Vec::new(),
            false => read_top_games(lists.value(row).as_ref())?,
        };
        rows.push(ReadRow { key, counts, top });
    }
    Ok(rows)
}

fn read_top_games(games: &dyn Array) -> Result<Vec<(u16, ExplorerGame)>, ArrowError> {
    let games = games
        .as_struct_opt()
        .ok_or_else(|| ArrowError::SchemaError("top_games holds no structs".into()))?;
    let field = |name: &str| {
        games
            .column_by_name(name)
            .ok_or_else(|| ArrowError::SchemaError(format!("top_games has no '{name}'")))
    };
    let strings = |name: &str| -> Result<Vec<Option<String>>, ArrowError> {
        let strings = Strings::new(field(name)?.as_ref())?;
        Ok((0..games.len())
            .map(|i| {
                strings
                    .get(i)
                    .map(|b| String::from_utf8_lossy(b).into_owned())
            })
            .collect())
    };
    let numbers = |name: &str| integers(field(name)?.as_ref(), name);
    let (rating, white_rating, black_rating) = (
        numbers("rating")?,
        numbers("white_rating")?,
        numbers("black_rating")?,
    );
    let (id, white, black, winner, speed, month) = (
        strings("id")?,
        strings("white")?,
        strings("black")?,
        strings("winner")?,
        strings("speed")?,
        strings("month")?,
    );
    let rating_of = |n: Option<i64>| n.and_then(|n| u16::try_from(n).ok()).filter(|&n| n > 0);
    Ok((0..games.len())
        .map(|i| {
            let game = ExplorerGame {
                number: 0,
                lichess_id: id[i].clone(),
                white: Player {
                    name: white[i].clone().unwrap_or_default(),
                    rating: rating_of(white_rating[i]),
                },
                black: Player {
                    name: black[i].clone().unwrap_or_default(),
                    rating: rating_of(black_rating[i]),
                },
                winner: match winner[i].as_deref() {
                    Some("white") => Some(Color::White),
                    Some("black") => Some(Color::Black),
                    _ => None,
                },
                speed: speed[i]
                    .as_deref()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(Speed::Unknown),
                month: month[i]
                    .as_deref()
                    .and_then(|m| m.parse().ok())
                    .unwrap_or(Month::UNKNOWN),
            };
            (rating_of(rating[i]).unwrap_or(0), game)
        })
        .collect())
}

/// Rows read back, as the index keeps them: each top game given a number
/// by `keep` (which stores it).
pub fn index_row(
    read: ReadRow,
    mut keep: impl FnMut(ExplorerGame) -> std::io::Result<u64>,
) -> std::io::Result<Row> {
    let mut top = TopGames::default();
    for (rating, game) in read.top {
        top.offer(TopGame {
            rating,
            game: keep(game)?,
        });
    }
    Ok(Row {
        key: read.key,
        counts: read.counts,
        top,
    })
}
