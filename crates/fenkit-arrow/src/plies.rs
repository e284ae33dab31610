//! The driver of the per-ply column functions (`pgn_positions`,
//! `pgn_annotations`): each row a game, played once from its start, into
//! a list of structs, one struct a ply; what a struct holds is the
//! function's ([`PlyFields`]).

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef,
    builder::{ArrayBuilder, ListBuilder, StructBuilder},
};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use fenkit::ReadOptions;
use fenkit_games::{
    PlayedGame,
    pgn::{Plies, Ply},
};
use shakmaty::Chess;

use crate::{
    map::{Column, map},
    strings::BesideValues,
};

/// What one ply's struct holds, and how it is written.
pub(crate) trait PlyFields: Sync {
    /// Whether the plies carry their annotations (read only when asked:
    /// they cost the comments' parse).
    const ANNOTATED: bool;

    /// What a game's plies carry from one to the next (the evaluation
    /// before, for a move's accuracy); made anew for each game.
    type Game: Default;

    fn fields(&self) -> Fields;

    /// Appends one value to each field of `out` (not the struct's own
    /// validity); `state` is a buffer kept across plies and the game's
    /// [`PlyFields::Game`].
    fn write(&self, ply: &Ply<'_>, state: (&mut Vec<u8>, &mut Self::Game), out: &mut StructBuilder);
}

/// A list of structs of `fields`.
pub(crate) fn list_type(fields: Fields) -> DataType {
    DataType::List(item(fields))
}

pub(crate) fn item(fields: Fields) -> Arc<Field> {
    Arc::new(Field::new("item", DataType::Struct(fields), true))
}

/// A field's builder of a ply's struct.
pub(crate) fn field<B: ArrayBuilder>(out: &mut StructBuilder, index: usize) -> &mut B {
    out.field_builder(index).expect("a ply field")
}

/// Each game of `movetext` into a list of `what`'s structs; games start
/// from their `[FEN]` tag, else from `start` (one FEN per row, or one for
/// all), else from the standard start. Null when a word of the mainline
/// is not a legal move or the start is not valid.
pub(crate) fn per_ply<P: PlyFields>(
    movetext: &dyn Array,
    start: Option<&dyn Array>,
    read: &ReadOptions,
    what: &P,
) -> Result<ArrayRef, ArrowError> {
    let start = start
        .map(|start| BesideValues::new(start, movetext.len(), "the start column"))
        .transpose()?;
    map(
        movetext,
        &PerPly {
            start,
            read: *read,
            what,
        },
    )
}

struct PerPly<'a, P> {
    start: Option<BesideValues<'a>>,
    read: ReadOptions,
    what: &'a P,
}

impl<P: PlyFields> PerPly<'_, P> {
    /// Where row `row`'s game starts; `None` when the start given is not
    /// valid.
    fn start(&self, row: usize) -> Option<Chess> {
        match self.start.as_ref().map(|start| start.get(row)) {
            None | Some(None) => Some(Chess::default()),
            Some(Some(fen)) => self.read.check(fen).position(self.read.castling),
        }
    }

    /// Plays one game into `out`'s values; whether it was played through.
    fn game(&self, row: usize, text: &[u8], out: &mut StructBuilder) -> bool {
        let Some(start) = self.start(row) else {
            return false;
        };
        let mut scratch = Vec::with_capacity(96);
        let mut game = P::Game::default();
        let visitor = Plies::new(|ply| {
            self.what.write(&ply, (&mut scratch, &mut game), out);
            out.append(true);
        })
        .starting_at(start);
        let mut visitor = match P::ANNOTATED {
            true => visitor.keeping_annotations(),
            false => visitor,
        };
        // Read as `fen pgn` reads it, through the one door: movetext
        // dialects (`0-0`, `e.p.`, `++`) rewritten, nothing played past a
        // word that is no move.
        let played = visitor.play(&mut text.to_vec());
        matches!(played, Some(PlayedGame { outcome: Ok(_), .. }))
    }
}

impl<P: PlyFields> Column for PerPly<'_, P> {
    type Builder = ListBuilder<StructBuilder>;

    fn builder(&self, rows: usize) -> Self::Builder {
        let fields = self.what.fields();
        ListBuilder::with_capacity(StructBuilder::from_fields(fields.clone(), rows * 80), rows)
            .with_field(item(fields))
    }

    fn push(&self, row: usize, record: Option<&[u8]>, out: &mut Self::Builder) {
        match record.map(|text| self.game(row, text, out.values())) {
            Some(true) => out.append(true),
            // A game that broke off keeps its plies so far in the values,
            // in no list, as arrow allows; the row is null.
            Some(false) | None => out.append_null(),
        }
    }
}
