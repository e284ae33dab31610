//! What `fen search` looks for, as column functions: a position's
//! material signature, whether its pieces stand where a pattern wants
//! them, and the first ply at which a game reaches a position.

use std::ops::ControlFlow;

use arrow_array::{
    Array, ArrayRef,
    builder::{BooleanBuilder, Int64Builder},
};
use arrow_schema::ArrowError;
use fenkit::ReadOptions;
use fenkit_games::{
    pgn::{Plies, Ply, Until},
    search::{Pattern, PositionKey, Signature},
};

use crate::{
    map::{Column, map, map_text},
    strings::BesideValues,
};

/// Each well-formed record's material signature: White's pieces, `v`,
/// Black's, each side K then Q R B N P, as `fen search --material`
/// reads them.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec!["8/8/4k3/8/8/3KR3/4P3/8 w - - 0 1"]);
/// let signatures = fenkit_arrow::fen_signature(&fens, &Default::default())?;
/// assert_eq!(signatures.as_string::<i32>().value(0), "KRPvK");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_signature(input: &dyn Array, read: &ReadOptions) -> Result<ArrayRef, ArrowError> {
    map_text(input, 12, |record| {
        let parsed = read.parse(record).ok()?;
        Some(Signature::of(&parsed.setup.board).to_string())
    })
}

/// Whether each well-formed record's pieces stand where `patterns` wants
/// them (one pattern per row, or one for all): a placement whose letters
/// are pieces on their squares, whose digits leave squares free and whose
/// `.` asks for an empty square, as `fen search --pattern` reads it. Null
/// for a record that is not well-formed or a pattern that cannot be read;
/// one pattern for all that cannot be read is an error.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
///
/// let fens = StringArray::from(vec![
///     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
/// ]);
/// let pattern = StringArray::from(vec!["8/8/8/4p3/4P3/8/8/8"]);
/// let matches = fenkit_arrow::fen_matches(&fens, &pattern, &Default::default())?;
/// assert!(matches.as_boolean().value(0) && !matches.as_boolean().value(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn fen_matches(
    input: &dyn Array,
    patterns: &dyn Array,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    let patterns = BesideValues::new(patterns, input.len(), "the pattern column")?;
    let constant = match patterns.constant() {
        Some(Some(text)) => Some(read_pattern(text).map_err(|message| {
            ArrowError::InvalidArgumentError(format!("fen_matches: the pattern: {message}"))
        })?),
        _ => None,
    };
    map(
        input,
        &Matches {
            patterns,
            constant,
            read: *read,
        },
    )
}

fn read_pattern(text: &[u8]) -> Result<Pattern, String> {
    let text = std::str::from_utf8(text).map_err(|_| "not UTF-8".to_string())?;
    text.parse::<Pattern>()
        .map_err(|bad| format!("at column {}: {}", bad.at + 1, bad.message))
}

struct Matches<'a> {
    patterns: BesideValues<'a>,
    /// The one pattern for all rows, read once.
    constant: Option<Pattern>,
    read: ReadOptions,
}

impl Column for Matches<'_> {
    type Builder = BooleanBuilder;

    fn builder(&self, rows: usize) -> BooleanBuilder {
        BooleanBuilder::with_capacity(rows)
    }

    fn push(&self, row: usize, record: Option<&[u8]>, out: &mut BooleanBuilder) {
        let answer = || {
            let parsed = self.read.parse(record?).ok()?;
            let read;
            let pattern = match &self.constant {
                Some(pattern) => pattern,
                None => {
                    read = read_pattern(self.patterns.get(row)?).ok()?;
                    &read
                }
            };
            Some(pattern.matches(&parsed.setup.board))
        };
        out.append_option(answer());
    }
}

/// The first ply at which each game's mainline reaches `positions` (one
/// FEN per row, or one for all), compared as `fen search --fen` compares
/// them (placement, side to move, castling rights, and the en passant
/// square only where a legal capture exists): 0 for its start. Null when
/// the game never does, up to its end or up to a move that cannot be
/// played; null too for a position that is not valid. Each row is PGN
/// movetext or a whole game; a game starts from its `[FEN]` tag, else
/// from the standard start.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray, types::Int64Type};
///
/// let games = StringArray::from(vec!["1. Nf3 Nf6 2. d4 d5 *", "1. e4 e5 *"]);
/// let position = StringArray::from(vec![
///     "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3",
/// ]);
/// let plies = fenkit_arrow::pgn_reaches(&games, &position, &Default::default())?;
/// let plies = plies.as_primitive::<Int64Type>();
/// assert_eq!(plies.value(0), 4);
/// assert!(plies.is_null(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn pgn_reaches(
    movetext: &dyn Array,
    positions: &dyn Array,
    read: &ReadOptions,
) -> Result<ArrayRef, ArrowError> {
    let positions = BesideValues::new(positions, movetext.len(), "the position column")?;
    let key = |fen: &[u8]| {
        let position = read.check(fen).variant_position(read.castling)?;
        Some(PositionKey::of(&position))
    };
    let constant = match positions.constant() {
        Some(Some(fen)) => Some(key(fen)),
        _ => None,
    };
    map(
        movetext,
        &Reaches {
            positions,
            constant,
            read: *read,
        },
    )
}

struct Reaches<'a> {
    positions: BesideValues<'a>,
    /// The key of the one position for all rows (`None` inside when it is
    /// not valid).
    constant: Option<Option<PositionKey>>,
    read: ReadOptions,
}

impl Reaches<'_> {
    fn first_ply(&self, row: usize, text: &[u8]) -> Option<i64> {
        let key = match &self.constant {
            Some(key) => key.clone()?,
            None => {
                let fen = self.positions.get(row)?;
                let position = self.read.check(fen).variant_position(self.read.castling)?;
                PositionKey::of(&position)
            }
        };
        // Read as `fen pgn` reads it, through the one door, and stopped
        // at the first ply that reaches the position.
        let mut first = None;
        let mut plies = Plies::with_handler(Until(|ply: Ply<'_>| {
            if !key.matches(ply.position) {
                return ControlFlow::Continue(());
            }
            first = Some(ply.ply as i64);
            ControlFlow::Break(())
        }));
        let _ = plies.play(&mut text.to_vec());
        drop(plies);
        first
    }
}

impl Column for Reaches<'_> {
    type Builder = Int64Builder;

    fn builder(&self, rows: usize) -> Int64Builder {
        Int64Builder::with_capacity(rows)
    }

    fn push(&self, row: usize, record: Option<&[u8]>, out: &mut Int64Builder) {
        out.append_option(record.and_then(|text| self.first_ply(row, text)));
    }
}
