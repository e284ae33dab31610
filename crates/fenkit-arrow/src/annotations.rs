//! What each ply of a game says besides its move: the clock, the time the
//! move took, the evaluation, glyphs, the comment's words, arrows and
//! circled squares, as lichess and ChessBase write them.

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef,
    builder::{
        ArrayBuilder, Float64Builder, Int32Builder, ListBuilder, StringBuilder, StructBuilder,
        UInt8Builder, UInt32Builder,
    },
};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use fenkit::ReadOptions;
use fenkit_games::pgn::Ply;
use fenkit_games::{Eval, advice::ply_accuracy};
use shakmaty::Position;

use crate::plies::{self, field};

fn list_of(item: DataType) -> DataType {
    DataType::List(Arc::new(Field::new("item", item, true)))
}

fn annotation_fields() -> Fields {
    Fields::from(vec![
        Field::new("ply", DataType::UInt32, false),
        Field::new("san", DataType::Utf8, true),
        Field::new("clock", DataType::Float64, true),
        Field::new("emt", DataType::Float64, true),
        Field::new("eval_cp", DataType::Int32, true),
        Field::new("eval_mate", DataType::Int32, true),
        Field::new("nags", list_of(DataType::UInt8), true),
        Field::new("comment", DataType::Utf8, true),
        Field::new("arrows", list_of(DataType::Utf8), true),
        Field::new("circles", list_of(DataType::Utf8), true),
        Field::new("accuracy", DataType::Float64, true),
    ])
}

/// The type of [`pgn_annotations`]' output: a list of structs `{ply, san,
/// clock, emt, eval_cp, eval_mate, nags, comment, arrows, circles,
/// accuracy}`.
pub fn annotations_type() -> DataType {
    plies::list_type(annotation_fields())
}

/// What each ply of each game's mainline says besides its move, ply 0
/// being what stands before the first move: the mover's clock after the
/// move and the time it took (`[%clk]`, `[%emt]`, in seconds), the
/// evaluation from White's view (`[%eval]`, centipawns or mate in N),
/// numeric annotation glyphs (`$1`, `!?`), the comment's words with the
/// commands taken out, lichess's arrows and circles (`Ge2e4`, `Rd4`), and
/// the move's accuracy from 0 to 100 by lichess's formula over the
/// evaluations before and after it (`fenkit_games::advice::ply_accuracy`).
/// Rows are as [`pgn_positions`](crate::pgn_positions) takes them, and
/// null where it gives null: the two zip by ply.
///
/// ```
/// use arrow_array::{Array, StringArray, StructArray, cast::AsArray, types::Float64Type};
///
/// let games = StringArray::from(vec!["1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 $1 *"]);
/// let plies = fenkit_arrow::pgn_annotations(&games, None, &Default::default())?;
/// let game = plies.as_list::<i32>().value(0);
/// let game: &StructArray = game.as_struct();
/// assert_eq!(game.len(), 3);
/// assert_eq!(game.column_by_name("clock").unwrap().as_primitive::<Float64Type>().value(1), 180.0);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn pgn_annotations(
    movetext: &dyn Array,
    start: Option<&dyn Array>,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    plies::per_ply(movetext, start, read, &Notes)
}

/// A ply's annotations.
struct Notes;

/// The item builder of a list field of a ply's struct.
fn list<B: ArrayBuilder>(out: &mut StructBuilder, index: usize) -> &mut B {
    field::<ListBuilder<Box<dyn ArrayBuilder>>>(out, index)
        .values()
        .as_any_mut()
        .downcast_mut::<B>()
        .expect("the list's item builder")
}

impl plies::PlyFields for Notes {
    const ANNOTATED: bool = true;
    /// The evaluation of the ply before.
    type Game = Option<Eval>;

    fn fields(&self) -> Fields {
        annotation_fields()
    }

    fn write(
        &self,
        ply: &Ply<'_>,
        (_, before): (&mut Vec<u8>, &mut Option<Eval>),
        out: &mut StructBuilder,
    ) {
        let notes = ply.annotations;
        let accuracy = match ply.ply {
            0 => None,
            n => ply_accuracy(n, !ply.position.turn(), *before, notes.eval),
        };
        *before = notes.eval;
        let (cp, mate) = match notes.eval {
            Some(Eval::Centipawns { cp, .. }) => (Some(cp), None),
            Some(Eval::Mate { moves, .. }) => (None, Some(moves)),
            None => (None, None),
        };
        field::<UInt32Builder>(out, 0).append_value(ply.ply as u32);
        field::<StringBuilder>(out, 1).append_option(ply.san.map(|san| san.to_string()));
        field::<Float64Builder>(out, 2).append_option(notes.clock);
        field::<Float64Builder>(out, 3).append_option(notes.emt);
        field::<Int32Builder>(out, 4).append_option(cp);
        field::<Int32Builder>(out, 5).append_option(mate);
        list::<UInt8Builder>(out, 6).append_slice(&notes.nags);
        field::<ListBuilder<Box<dyn ArrayBuilder>>>(out, 6).append(true);
        let comment = (!notes.comment.is_empty()).then_some(notes.comment.as_str());
        field::<StringBuilder>(out, 7).append_option(comment);
        for (index, drawn) in [(8, &notes.arrows), (9, &notes.circles)] {
            for each in drawn {
                list::<StringBuilder>(out, index).append_value(each.to_string());
            }
            field::<ListBuilder<Box<dyn ArrayBuilder>>>(out, index).append(true);
        }
        field::<Float64Builder>(out, 10).append_option(accuracy);
    }
}
