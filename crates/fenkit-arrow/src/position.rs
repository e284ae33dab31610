//! What a position holds: side to move, material, check status, opening.

use arrow_array::{
    Array, ArrayRef,
    builder::{StringBuilder, UInt8Builder},
};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use fenkit::ReadOptions;
use shakmaty::{Color, Role};

use crate::map::{map_struct, map_text, map_values};

/// Each well-formed record's side to move, `white` or `black`; null for a
/// malformed record.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec!["4k3/8/8/8/8/8/8/4K3 b - - 0 1"]);
/// let side = fenkit_arrow::fen_side(&fens, &Default::default())?;
/// assert_eq!(side.as_string::<i32>().value(0), "black");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_side(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_text(input, 5, |record| {
        let parsed = read.parse(record).ok()?;
        Some(parsed.setup.turn.fold_wb("white", "black"))
    })
}

/// Each well-formed record in words, as a screen reader says it (`fen
/// describe --style spoken`): each side's pieces with their squares, the
/// side to move (with check, checkmate or stalemate where the position can
/// be played), castling and en passant; null for a malformed record.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec![Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), None]);
/// let words = fenkit_arrow::fen_describe(&fens, &Default::default())?;
/// assert_eq!(words.as_string::<i32>().value(0), "White: King on e1. Black: King on e8. White to move.");
/// assert!(words.is_null(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_describe(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    use fenkit::description::{Style, describe};
    map_text(input, 160, |record| {
        let checked = read.check(record);
        let setup = checked.setup.as_ref()?;
        let position = checked.variant_position(read.castling);
        let words = describe(setup, position.as_ref(), Style::Spoken);
        Some(words.trim_end().to_owned())
    })
}

/// The Chess960 start number (0 to 959, 518 the classical start) of each
/// record that is a Chess960 start position, as python-chess's
/// `Board.chess960_pos()` says it (castling read as Chess960's, whatever
/// the options say); null for any other position and for a malformed
/// record.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray, types::UInt16Type};
///
/// let fens = StringArray::from(vec![
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
/// ]);
/// let numbers = fenkit_arrow::fen_chess960_number(&fens, &Default::default())?;
/// assert_eq!(numbers.as_primitive::<UInt16Type>().value(0), 518);
/// assert!(numbers.is_null(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_chess960_number(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    // Read with Chess960 castling whatever was asked, as `fen chess960
    // --number` reads: `KQkq` then means the outermost rooks, which a
    // start position other than 518 has away from the corners.
    let mut read = *read;
    read.castling = shakmaty::CastlingMode::Chess960;
    map_values::<arrow_array::builder::UInt16Builder>(input, |record| {
        let parsed = read.parse(record).ok()?;
        fenkit::chess960_number(&parsed.setup).and_then(|number| u16::try_from(number).ok())
    })
}

/// What [`fen_material`] counts, in the order of its fields: White's
/// pieces by kind in shakmaty's order (pawn to king), then Black's. A
/// constant, for the loop over every row.
const PIECES: [(Color, Role); 12] = {
    let mut pieces = [(Color::White, Role::Pawn); 12];
    let mut at = 0;
    while at < 12 {
        pieces[at] = (Color::ALL[at / 6], Role::ALL[at % 6]);
        at += 1;
    }
    pieces
};

fn material_fields() -> Fields {
    let kinds = ["pawns", "knights", "bishops", "rooks", "queens", "kings"];
    PIECES
        .iter()
        .zip(kinds.iter().cycle())
        .map(|((color, _), kind)| {
            let name = format!("{}_{kind}", color.fold_wb("white", "black"));
            Field::new(name, DataType::UInt8, true)
        })
        .collect()
}

/// The type of [`fen_material`]'s output: a struct of twelve counts,
/// `white_pawns` … `black_kings`.
pub fn material_type() -> DataType {
    DataType::Struct(material_fields())
}

/// Each well-formed record's pieces, counted by color and kind; null for
/// a malformed record.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray, types::UInt8Type};
///
/// let fens = StringArray::from(vec!["4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"]);
/// let material = fenkit_arrow::fen_material(&fens, &Default::default())?;
/// let pawns = material.as_struct().column_by_name("white_pawns").unwrap().as_primitive::<UInt8Type>().value(0);
/// assert_eq!(pawns, 3);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_material(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_struct(input, material_fields(), |record, out| {
        let parsed = record.and_then(|record| read.parse(record).ok());
        for (field, &(color, role)) in PIECES.iter().enumerate() {
            let count = parsed.as_ref().map(|parsed| {
                let board = &parsed.setup.board;
                // At most 64 pieces stand on a board.
                (board.by_color(color) & board.by_role(role)).count() as u8
            });
            let counts: &mut UInt8Builder = out.field_builder(field).expect("a count field");
            // A null row's fields are null too, so that a field taken out
            // of the struct (SQL's `material['white_pawns']`) is null.
            counts.append_option(count);
        }
        out.append(parsed.is_some());
    })
}

/// Each valid record's check status: `none`, `check`, `checkmate` or
/// `stalemate`; null for a record that is not valid.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec!["7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "7k/8/6QK/8/8/8/8/8 b - - 0 1"]);
/// let status = fenkit_arrow::fen_check_status(&fens, &Default::default())?;
/// assert_eq!(status.as_string::<i32>().value(0), "checkmate");
/// assert_eq!(status.as_string::<i32>().value(1), "stalemate");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_check_status(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_text(input, 5, |record| {
        let position = read.check(record).variant_position(read.castling)?;
        Some(fenkit::CheckStatus::of_variant(&position).as_str())
    })
}

fn opening_fields() -> Fields {
    Fields::from(vec![
        Field::new("eco", DataType::Utf8, true),
        Field::new("name", DataType::Utf8, true),
    ])
}

/// The type of [`fen_opening`]'s output: a struct `{eco, name}`.
pub fn opening_type() -> DataType {
    DataType::Struct(opening_fields())
}

/// The named opening each valid record's position is, from the ECO table
/// (by position, so transpositions find their name): `{eco, name}`; null
/// for a position no line of the table reaches, or a record that is not
/// valid.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec!["r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"]);
/// let opening = fenkit_arrow::fen_opening(&fens, &Default::default())?;
/// let opening = opening.as_struct();
/// assert_eq!(opening.column_by_name("eco").unwrap().as_string::<i32>().value(0), "C60");
/// assert_eq!(opening.column_by_name("name").unwrap().as_string::<i32>().value(0), "Ruy Lopez");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_opening(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_struct(input, opening_fields(), |record, out| {
        let position = record.and_then(|record| read.check(record).position(read.castling));
        let opening = position.as_ref().and_then(fenkit_games::opening);
        for field in 0..2 {
            let text: &mut StringBuilder = out.field_builder(field).expect("a text field");
            text.append_option(opening.map(|o| if field == 0 { o.eco } else { o.name }));
        }
        out.append(opening.is_some());
    })
}
