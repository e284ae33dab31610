//! What the kernels over games share: a game's text put back together
//! from `read_pgn`'s columns and played, and the columns read loosely
//! (strings by row, integers of any width).

use arrow_array::{Array, ArrayRef, RecordBatch, cast::AsArray};
use arrow_schema::{ArrowError, DataType};
use fenkit::variants::VariantPosition;
use fenkit_games::pgn::{Plies, Ply};

use crate::Strings;

/// A game's PGN from `read_pgn`'s columns: its `[Variant]` and `[FEN]`
/// tags (the ones that change how it is played) and its movetext.
pub(crate) fn game_text(
    variant: Option<&str>,
    fen: Option<&str>,
    movetext: Option<&str>,
) -> String {
    let mut pgn = String::new();
    for (name, value) in [("Variant", variant), ("FEN", fen)] {
        if let Some(value) = value {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            pgn += &format!("[{name} \"{value}\"]\n");
        }
    }
    pgn += "\n";
    pgn += movetext.unwrap_or("");
    pgn += "\n";
    pgn
}

/// The column `name` of `batch`, or an error naming it.
pub(crate) fn required_column<'a>(
    batch: &'a RecordBatch,
    name: &str,
) -> Result<&'a ArrayRef, ArrowError> {
    batch
        .column_by_name(name)
        .ok_or_else(|| ArrowError::SchemaError(format!("no column '{name}'")))
}

/// The text column `name` of `batch` in any string layout; none when the
/// batch has no such column.
pub(crate) fn optional_strings<'a>(
    batch: &'a RecordBatch,
    name: &str,
) -> Result<Option<Strings<'a>>, ArrowError> {
    batch
        .column_by_name(name)
        .map(|column| Strings::new(column.as_ref()))
        .transpose()
}

/// Plays the game of `text` as the command does (the games library's one
/// door: dialects rewritten, nothing played past a word that is no
/// move), handing each ply to `on_ply` (its number, the move that reached
/// it, the position); false for a game of a variant, whose plies are not
/// handed on. A game that stops at a move that cannot be played keeps the
/// plies before it, as the command's builds do.
pub(crate) fn play_standard(
    text: &[u8],
    mut on_ply: impl FnMut(usize, Option<shakmaty::Move>, &shakmaty::Chess),
) -> bool {
    let mut standard = true;
    let mut plies = Plies::new(|ply: Ply<'_>| match ply.position {
        VariantPosition::Chess(position) => on_ply(ply.ply, ply.played, position),
        _ => standard = false,
    });
    let _ = plies.play(&mut text.to_vec());
    drop(plies);
    standard
}

/// The text of `row`, when the column is there and the row is UTF-8.
pub(crate) fn word<'a>(strings: Option<Strings<'a>>, row: usize) -> Option<&'a str> {
    strings?
        .get(row)
        .and_then(|bytes| std::str::from_utf8(bytes).ok())
}

/// A column of integers of any width, as `i64`.
pub(crate) fn integers(array: &dyn Array, name: &str) -> Result<Vec<Option<i64>>, ArrowError> {
    use arrow_array::types::*;
    macro_rules! read {
        ($t:ty) => {
            array
                .as_primitive::<$t>()
                .iter()
                .map(|v| v.map(|v| v as i64))
                .collect()
        };
    }
    Ok(match array.data_type() {
        DataType::Int8 => read!(Int8Type),
        DataType::Int16 => read!(Int16Type),
        DataType::Int32 => read!(Int32Type),
        DataType::Int64 => read!(Int64Type),
        DataType::UInt8 => read!(UInt8Type),
        DataType::UInt16 => read!(UInt16Type),
        DataType::UInt32 => read!(UInt32Type),
        DataType::UInt64 => read!(UInt64Type),
        other => {
            return Err(ArrowError::SchemaError(format!(
                "{name} is {other}, not integers"
            )));
        }
    })
}
