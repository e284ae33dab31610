//! Moves played from records: the position after a list of moves, and
//! every position of a game's movetext.

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef,
    builder::{ListBuilder, StringBuilder, StructBuilder, UInt32Builder},
};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use fenkit::{
    ReadOptions, WriteOptions,
    games::pgn::{Plies, Reader, first_word_not_san},
};
use shakmaty::{Chess, EnPassantMode, Position, uci::UciMove};

use crate::{
    Strings,
    map::{Column, map},
};

/// A second input beside the records: one value per row, or one for all
/// rows (a constant).
pub(crate) struct Beside<'a> {
    strings: Strings<'a>,
    constant: bool,
}

impl<'a> Beside<'a> {
    pub(crate) fn new(
        array: &'a dyn Array,
        rows: usize,
        what: &str,
    ) -> Result<Beside<'a>, ArrowError> {
        let strings = Strings::new(array)?;
        let constant = strings.len() == 1 && rows != 1;
        if !constant && strings.len() != rows {
            return Err(ArrowError::InvalidArgumentError(format!(
                "{what} has {} rows for {rows} records: give one per record, or one for all",
                strings.len()
            )));
        }
        Ok(Beside { strings, constant })
    }

    pub(crate) fn get(&self, row: usize) -> Option<&'a [u8]> {
        self.strings.get(if self.constant { 0 } else { row })
    }
}

/// The position after `moves` (SAN or UCI, mixed, separated by spaces;
/// move numbers and a result are left out) from each valid record, in
/// canonical FEN as `write` says: the lichess puzzle idiom, where the
/// puzzle shows the position after the first of its moves. Null when the
/// record is not valid, when any move cannot be played, or when either
/// input is null. `moves` has one row per record, or one for all.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"; 2]);
/// let moves = StringArray::from(vec!["e2e4 c5", "1. e4 Ke7 2. Ke2"]);
/// let after = fenkit_arrow::fen_play(&fens, &moves, &Default::default(), &Default::default())?;
/// assert_eq!(after.as_string::<i32>().value(0), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2");
/// assert!(after.is_null(1)); // 1... Ke7 is not legal
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_play(
    input: &dyn Array,
    moves: &dyn Array,
    read: &ReadOptions,
    write: &WriteOptions,
) -> Result<ArrayRef, ArrowError> {
    let moves = Beside::new(moves, input.len(), "the moves column")?;
    map(
        input,
        &Play {
            moves,
            read: *read,
            write: *write,
        },
    )
}

struct Play<'a> {
    moves: Beside<'a>,
    read: ReadOptions,
    write: WriteOptions,
}

impl Play<'_> {
    fn after(&self, record: &[u8], moves: &[u8]) -> Option<Chess> {
        let mut position = self.read.check(record).position(self.read.castling)?;
        let moves = std::str::from_utf8(moves).ok()?;
        for word in fenkit::games::move_words(moves) {
            let m = fenkit::games::read_move(&position, word).ok()?;
            position.play_unchecked(m);
        }
        Some(position)
    }
}

impl Column for Play<'_> {
    type Builder = StringBuilder;

    fn builder(&self, rows: usize) -> StringBuilder {
        StringBuilder::with_capacity(rows, rows * 64)
    }

    fn push(&self, row: usize, record: Option<&[u8]>, out: &mut StringBuilder) {
        let after = record
            .zip(self.moves.get(row))
            .and_then(|(record, moves)| self.after(record, moves));
        out.append_option(
            after.map(|position| self.write.fen(&position.to_setup(EnPassantMode::Always))),
        );
    }
}

fn ply_fields() -> Fields {
    Fields::from(vec![
        Field::new("ply", DataType::UInt32, false),
        Field::new("san", DataType::Utf8, true),
        Field::new("uci", DataType::Utf8, true),
        Field::new("fen", DataType::Utf8, false),
    ])
}

fn ply_item() -> Arc<Field> {
    Arc::new(Field::new("item", DataType::Struct(ply_fields()), true))
}

/// The type of [`pgn_positions`]' output: a list of structs `{ply, san,
/// uci, fen}`.
pub fn positions_type() -> DataType {
    DataType::List(ply_item())
}

/// Every position of each game's mainline: ply 0 is the start (no move),
/// then one entry per move with its SAN, its UCI and the FEN after it.
/// `movetext` is PGN movetext (comments, variations and NAGs are
/// skipped) or a whole game with its tags; games start from the `[FEN]`
/// tag, else from `start` (one FEN per row, or one for all), else from
/// the standard start (a null start too). Null when a word of the
/// mainline is not a legal move or the start is not valid.
///
/// ```
/// use arrow_array::{Array, StringArray, StructArray, cast::AsArray};
///
/// let games = StringArray::from(vec!["1. e4 {best by test} e5 (1... c5) 2. Nf3 *"]);
/// let plies = fenkit_arrow::pgn_positions(&games, None, &Default::default())?;
/// let game = plies.as_list::<i32>().value(0);
/// let game: &StructArray = game.as_struct();
/// assert_eq!(game.len(), 4);
/// assert_eq!(game.column_by_name("uci").unwrap().as_string::<i32>().value(3), "g1f3");
/// assert_eq!(game.column_by_name("fen").unwrap().as_string::<i32>().value(1), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn pgn_positions(
    movetext: &dyn Array,
    start: Option<&dyn Array>,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    let start = start
        .map(|start| Beside::new(start, movetext.len(), "the start column"))
        .transpose()?;
    map(movetext, &Positions { start, read: *read })
}

struct Positions<'a> {
    start: Option<Beside<'a>>,
    read: ReadOptions,
}

impl Positions<'_> {
    /// Plays one game into `out`'s values; `None` when it cannot be
    /// played.
    fn game(&self, row: usize, text: &[u8], out: &mut StructBuilder) -> Option<usize> {
        let start = start_of(self.start.as_ref(), row, &self.read)?;
        let mode = self.read.castling;
        let mut plies = 0;
        let mut fen = Vec::with_capacity(96);
        let mut visitor = Plies::new(|ply| {
            plies += 1;
            fen.clear();
            WriteOptions::default()
                .write_fen(&ply.position.to_setup(EnPassantMode::Always), &mut fen);
            field::<UInt32Builder>(out, 0).append_value(ply.ply as u32);
            field::<StringBuilder>(out, 1).append_option(ply.san.map(|san| san.to_string()));
            field::<StringBuilder>(out, 2)
                .append_option(ply.played.map(|m| UciMove::from_move(m, mode).to_string()));
            // The writer writes ASCII only.
            field::<StringBuilder>(out, 3).append_value(std::str::from_utf8(&fen).expect("ASCII"));
            out.append(true);
        })
        .starting_at(start);
        let played = Reader::new(text).read_game(&mut visitor);
        drop(visitor);
        played_through(played, text).then_some(plies)
    }
}

/// Where row `row`'s game starts: its start column's position, else the
/// standard start; `None` when the start given is not valid.
pub(crate) fn start_of(
    start: Option<&Beside<'_>>,
    row: usize,
    read: &ReadOptions,
) -> Option<Chess> {
    match start.map(|start| start.get(row)) {
        None | Some(None) => Some(Chess::default()),
        Some(Some(fen)) => read.check(fen).position(read.castling),
    }
}

/// Whether a game was played through: pgn-reader skips words that are no
/// SAN (`Zz9`), so a game with one is not played in full.
pub(crate) fn played_through(
    played: std::io::Result<Option<fenkit::games::pgn::Output>>,
    text: &[u8],
) -> bool {
    matches!(played, Ok(Some(Ok(_)))) && first_word_not_san(text).is_none()
}

pub(crate) fn field<B: arrow_array::builder::ArrayBuilder>(
    out: &mut StructBuilder,
    index: usize,
) -> &mut B {
    out.field_builder(index).expect("a ply field")
}

impl Column for Positions<'_> {
    type Builder = ListBuilder<StructBuilder>;

    fn builder(&self, rows: usize) -> Self::Builder {
        ListBuilder::with_capacity(StructBuilder::from_fields(ply_fields(), rows * 80), rows)
            .with_field(ply_item())
    }

    fn push(&self, row: usize, record: Option<&[u8]>, out: &mut Self::Builder) {
        let played = record.map(|text| self.game(row, text, out.values()));
        match played {
            Some(Some(_)) => out.append(true),
            None => out.append_null(),
            Some(None) => {
                // The game broke off: its plies so far stay in the values
                // but belong to no list, as arrow allows; the row is null.
                out.append_null()
            }
        }
    }
}
