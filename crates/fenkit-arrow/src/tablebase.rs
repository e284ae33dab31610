//! What endgame tables make of each position: WDL, DTZ, lichess's
//! category and the best move, from Syzygy tables ([`fenkit_tb`]), and why
//! a row has none.
//!
//! The tables' folders are named once, by the `syzygy` value beside the
//! records (folders split by `:` as `SYZYGY_PATH` splits them) or, when it
//! is left out or null, by `SYZYGY_PATH`. Folders are opened once a
//! process, as an engine opens its tables once: a query of many batches
//! reads each table's header once.

use std::{
    ffi::OsString,
    sync::{Arc, Mutex},
};

use arrow_array::{
    Array, ArrayRef,
    builder::{Int8Builder, Int32Builder, ListBuilder, StructBuilder},
};
use arrow_schema::ArrowError;
use fenkit::{
    Diagnostic, Field, ReadOptions, Span,
    variants::{Variant, variant_name},
};
use fenkit_tb::{NOT_IN_TABLES, NotInTables, Tables};
use shakmaty::Chess;

use crate::{
    check::{errors_builder, push_problems},
    map::{Column, map, map_text, map_values},
    strings::Strings,
};

/// Each valid record's WDL for the side to move, from −2 (lost) to 2
/// (won), 1 and −1 the wins and losses the fifty-move rule spoils, as if
/// the position had just been reached by a capture or pawn move (as
/// Syzygy's tables and python-chess's `probe_wdl` give it); null where the
/// tables cannot answer ([`fen_tb_errors`] says why).
///
/// ```no_run
/// use arrow_array::{StringArray, cast::AsArray, types::Int8Type};
///
/// let fens = StringArray::from(vec!["8/8/8/8/8/8/2K5/k1Q5 b - - 0 1"]);
/// let folder = StringArray::from(vec!["syzygy"]);
/// let wdl = fenkit_arrow::fen_wdl(&fens, Some(&folder), &Default::default())?;
/// assert_eq!(wdl.as_primitive::<Int8Type>().value(0), -2);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_wdl(
    input: &dyn Array,
    syzygy: Option<&dyn Array>,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    let tables = opened(syzygy, "fen_wdl")?;
    map_values::<Int8Builder>(input, |record| {
        tables.wdl(&standard(read, record).ok()?).ok()
    })
}

/// Each valid record's DTZ: the plies to a capture or pawn move by best
/// play, positive for the side that wins, as python-chess's `probe_dtz`
/// gives it (0 for a draw); null where the tables cannot answer.
pub fn fen_dtz(
    input: &dyn Array,
    syzygy: Option<&dyn Array>,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    let tables = opened(syzygy, "fen_dtz")?;
    map_values::<Int32Builder>(input, |record| {
        tables.dtz(&standard(read, record).ok()?).ok()
    })
}

/// Each valid record's result for the side to move in lichess's
/// categories (`win`, `cursed-win`, `draw`, `blessed-loss`, `loss`, and
/// `maybe-win` or `maybe-loss` where the halfmove clock and DTZ's rounding
/// leave it open), the fifty-move rule counted; null where the tables
/// cannot answer.
pub fn fen_tb_category(
    input: &dyn Array,
    syzygy: Option<&dyn Array>,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    let tables = opened(syzygy, "fen_tb_category")?;
    map_text(input, 4, |record| {
        let answer = tables.answer(&standard(read, record).ok()?).ok()?;
        Some(answer.category.to_string())
    })
}

/// Each valid record's best move in SAN, the first of lichess's order
/// (`fen tb`'s `best`); null where the tables cannot answer and where no
/// move is left (mate, stalemate).
pub fn fen_tb_best(
    input: &dyn Array,
    syzygy: Option<&dyn Array>,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    let tables = opened(syzygy, "fen_tb_best")?;
    map_text(input, 5, |record| {
        let answer = tables.answer(&standard(read, record).ok()?).ok()?;
        answer.moves.into_iter().next().map(|best| best.san)
    })
}

/// Why the tables give each record no answer, in [`fen_errors`]'s shape
/// (a list of problems): the record's own problems where it is not valid,
/// else one `not-in-tables` problem naming what is missing (the table
/// file its material needs, more pieces than the tables hold, castling
/// rights, a variant); an empty list where the tables answer.
///
/// [`fen_errors`]: crate::fen_errors
pub fn fen_tb_errors(
    input: &dyn Array,
    syzygy: Option<&dyn Array>,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    let tables = opened(syzygy, "fen_tb_errors")?;
    map(
        input,
        &Reasons {
            tables: &tables,
            read: *read,
        },
    )
}

/// Why a record has no answer.
enum NoAnswer {
    /// Not valid: its problems are the record's own.
    Invalid(Vec<Diagnostic>),
    /// Valid, but not a position the tables hold.
    NotInTables(String),
}

/// The standard position of a valid record.
fn standard(read: &ReadOptions, record: &[u8]) -> Result<Chess, NoAnswer> {
    if read.variant != Variant::Chess {
        return Err(NoAnswer::NotInTables(format!(
            "the tables are standard chess's, and the records are read as {}",
            variant_name(read.variant)
        )));
    }
    let checked = read.check(record);
    checked
        .position(read.castling)
        .ok_or(NoAnswer::Invalid(checked.diagnostics))
}

struct Reasons<'a> {
    tables: &'a Tables,
    read: ReadOptions,
}

impl Column for Reasons<'_> {
    type Builder = ListBuilder<StructBuilder>;

    fn builder(&self, rows: usize) -> Self::Builder {
        errors_builder(rows)
    }

    fn push(&self, _: usize, record: Option<&[u8]>, out: &mut Self::Builder) {
        let Some(record) = record else {
            out.append_null();
            return;
        };
        let why = standard(&self.read, record).and_then(|position| {
            let not_in_tables = |why: NotInTables| NoAnswer::NotInTables(why.to_string());
            self.tables.wdl(&position).map_err(not_in_tables)?;
            self.tables.dtz(&position).map_err(not_in_tables)
        });
        let diagnostics = match why {
            Ok(_) => Vec::new(),
            Err(NoAnswer::Invalid(diagnostics)) => diagnostics,
            Err(NoAnswer::NotInTables(why)) => {
                let span = Span::at(0, record.len());
                let message = format!("not in the tables: {why}");
                vec![Diagnostic::new(NOT_IN_TABLES, Field::Record, span, message)]
            }
        };
        push_problems(out, &diagnostics, record);
    }
}

/// Tables already opened, by the folders named.
static OPENED: Mutex<Vec<(OsString, Arc<Tables>)>> = Mutex::new(Vec::new());

/// The tables `syzygy` names (one value for every row), else those of
/// `SYZYGY_PATH`; an argument error where neither names any, or a folder
/// or table cannot be read.
fn opened(syzygy: Option<&dyn Array>, function: &str) -> Result<Arc<Tables>, ArrowError> {
    let bad = |why: String| ArrowError::InvalidArgumentError(format!("{function}: {why}"));
    let named = match syzygy {
        Some(column) => one_value(column).map_err(bad)?,
        None => None,
    };
    let path = named
        .map(OsString::from)
        .or_else(|| std::env::var_os("SYZYGY_PATH"))
        .filter(|path| !path.is_empty())
        .ok_or_else(|| bad("no tables: name their folder (syzygy) or set SYZYGY_PATH".into()))?;
    let mut opened = OPENED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, tables)) = opened.iter().find(|(folders, _)| *folders == path) {
        return Ok(Arc::clone(tables));
    }
    let tables = Tables::open(&Tables::folders_of(&path)).map_err(|err| bad(err.to_string()))?;
    let tables = Arc::new(tables);
    opened.push((path, Arc::clone(&tables)));
    Ok(tables)
}

/// The one folder value of a column beside the records: its rows, where
/// not null, must agree (a query gives it once, or repeats it).
fn one_value(column: &dyn Array) -> Result<Option<String>, String> {
    let strings = Strings::new(column).map_err(|err| err.to_string())?;
    let mut value: Option<&[u8]> = None;
    for row in 0..strings.len() {
        match (strings.get(row), value) {
            (None, _) => {}
            (Some(this), None) => value = Some(this),
            (Some(this), Some(first)) if this == first => {}
            (Some(_), Some(_)) => {
                return Err("syzygy names other folders on other rows: give one".into());
            }
        }
    }
    value
        .map(|bytes| String::from_utf8(bytes.to_vec()).map_err(|_| "syzygy is not UTF-8".into()))
        .transpose()
}
