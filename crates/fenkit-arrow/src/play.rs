//! Moves played from records: the position after a list of moves, and
//! every position of a game's movetext.

use arrow_array::{
    Array, ArrayRef,
    builder::{ArrayBuilder, ListBuilder, StringBuilder, StructBuilder, UInt32Builder},
};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use fenkit::{ReadOptions, WriteOptions, variants::VariantPosition};
use fenkit_games::pgn::Ply;
use shakmaty::{CastlingMode, EnPassantMode, Position, uci::UciMove};

use crate::{
    map::{Column, map},
    plies,
    strings::BesideValues,
};

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
    let moves = BesideValues::new(moves, input.len(), "the moves column")?;
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
    moves: BesideValues<'a>,
    read: ReadOptions,
    write: WriteOptions,
}

impl Play<'_> {
    fn after(&self, record: &[u8], moves: &[u8]) -> Option<VariantPosition> {
        let checked = self.read.check(record);
        let mut position = checked.variant_position(self.read.castling)?;
        let moves = std::str::from_utf8(moves).ok()?;
        for word in fenkit::moves::move_words(moves) {
            let m = fenkit::moves::read_variant_move(&position, word).ok()?;
            fenkit::variants::play(&mut position, m);
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

/// The fields of [`pgn_positions`]' structs.
fn position_fields() -> Fields {
    Fields::from(vec![
        Field::new("ply", DataType::UInt32, false),
        Field::new("san", DataType::Utf8, true),
        Field::new("uci", DataType::Utf8, true),
        Field::new("fen", DataType::Utf8, false),
    ])
}

/// A builder of [`pgn_positions`]' lists for `games` games holding
/// `plies` plies and `bytes` bytes of text, sized up front.
pub(crate) fn positions_builder(
    games: usize,
    plies: usize,
    bytes: usize,
) -> ListBuilder<StructBuilder> {
    let fields = position_fields();
    let field_builders: Vec<Box<dyn ArrayBuilder>> = vec![
        Box::new(UInt32Builder::with_capacity(plies)),
        Box::new(StringBuilder::with_capacity(plies, bytes / 8)),
        Box::new(StringBuilder::with_capacity(plies, bytes / 8)),
        Box::new(StringBuilder::with_capacity(plies, bytes)),
    ];
    let values = StructBuilder::new(fields.clone(), field_builders);
    ListBuilder::with_capacity(values, games).with_field(plies::item(fields))
}

/// The type of [`pgn_positions`]' output: a list of structs `{ply, san,
/// uci, fen}`.
pub fn positions_type() -> DataType {
    plies::list_type(position_fields())
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
    let positions = Positions {
        mode: read.castling,
    };
    plies::per_ply(movetext, start, read, &positions)
}

/// A ply's position: its number, its move in SAN and UCI, the FEN after.
struct Positions {
    /// How UCI writes castling.
    mode: CastlingMode,
}

impl plies::PlyFields for Positions {
    const ANNOTATED: bool = false;
    type Game = ();

    fn fields(&self) -> Fields {
        position_fields()
    }

    fn write(&self, ply: &Ply<'_>, (text, ()): (&mut Vec<u8>, &mut ()), out: &mut StructBuilder) {
        text.clear();
        let texts = PlyTexts::write(ply, self.mode, text);
        texts.append_to(ply.ply as u32, text, out);
    }
}

/// Where a ply's SAN, UCI and FEN end in a buffer holding the three one
/// after the other (no SAN nor UCI for ply 0: empty, written as null).
#[derive(Copy, Clone)]
pub(crate) struct PlyTexts {
    san: u32,
    uci: u32,
    fen: u32,
}

impl PlyTexts {
    /// Appends `ply`'s SAN, UCI and FEN to `buf`; where they end.
    pub(crate) fn write(ply: &Ply<'_>, mode: CastlingMode, buf: &mut Vec<u8>) -> PlyTexts {
        use std::io::Write as _;
        if let Some(san) = ply.san {
            let _ = write!(buf, "{san}");
        }
        let san = buf.len() as u32;
        if let Some(played) = ply.played {
            let _ = write!(buf, "{}", UciMove::from_move(played, mode));
        }
        let uci = buf.len() as u32;
        WriteOptions::default().write_fen(&ply.position.to_setup(EnPassantMode::Always), buf);
        PlyTexts {
            san,
            uci,
            fen: buf.len() as u32,
        }
    }

    /// Appends the fields of ply `ply`, its texts in `buf` from `from`
    /// (where the previous ply's end), to `out` (not the struct's own
    /// validity).
    pub(crate) fn append_after(&self, ply: u32, from: usize, buf: &str, out: &mut StructBuilder) {
        let text = |range: std::ops::Range<usize>| &buf[range];
        let (san, uci, fen) = (self.san as usize, self.uci as usize, self.fen as usize);
        plies::field::<UInt32Builder>(out, 0).append_value(ply);
        let with_move = ply > 0;
        plies::field::<StringBuilder>(out, 1).append_option(with_move.then(|| text(from..san)));
        plies::field::<StringBuilder>(out, 2).append_option(with_move.then(|| text(san..uci)));
        plies::field::<StringBuilder>(out, 3).append_value(text(uci..fen));
    }

    /// As [`append_after`](Self::append_after), the texts from the start
    /// of `buf`.
    fn append_to(&self, ply: u32, buf: &[u8], out: &mut StructBuilder) {
        // SAN, UCI and the writer's FEN are ASCII.
        let buf = std::str::from_utf8(buf).expect("ASCII");
        self.append_after(ply, 0, buf, out)
    }
}

/// The positions of one game, gathered as it is played (on any thread),
/// appended to a batch's list column afterwards: what `read_pgn`'s
/// `positions` column holds, the same structs as [`pgn_positions`]'.
#[derive(Default)]
pub(crate) struct GamePositions {
    text: Vec<u8>,
    plies: Vec<PlyTexts>,
}

impl GamePositions {
    pub(crate) fn push(&mut self, ply: &Ply<'_>, mode: CastlingMode) {
        self.plies.push(PlyTexts::write(ply, mode, &mut self.text));
    }

    /// Appends this game's list to `out`.
    pub(crate) fn append_to(&self, out: &mut ListBuilder<StructBuilder>) {
        // SAN, UCI and the writer's FEN are ASCII: checked once a game.
        let text = std::str::from_utf8(&self.text).expect("ASCII");
        let mut from = 0;
        for (ply, texts) in self.plies.iter().enumerate() {
            texts.append_after(ply as u32, from, text, out.values());
            out.values().append(true);
            from = texts.fen as usize;
        }
        out.append(true);
    }

    /// The bytes it holds, to size a batch's builders.
    pub(crate) fn text_len(&self) -> usize {
        self.text.len()
    }

    pub(crate) fn len(&self) -> usize {
        self.plies.len()
    }
}
