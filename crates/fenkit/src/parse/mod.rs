//! The strict FEN parser: six fields separated by single spaces, each exactly
//! as the standard writes it, into a shakmaty [`Setup`].
//!
//! The parser reports every independent problem of a record, not only the
//! first, and allocates nothing unless there is a problem to report.

mod dialects;
mod epd_tail;
mod fields;
mod parsed;
mod placement;
mod quick;
mod quotes;
mod repair;
mod spans;
mod split;
mod squares;
mod unwrap;
mod variant;

pub use parsed::{ParseError, Parsed};
pub use placement::placement_span;
pub use spans::FieldSpans;

use dialects::*;
use epd_tail::*;
use quotes::*;
use spans::*;
use split::*;

use core::{fmt, num::NonZeroU32};

use shakmaty::{CastlingMode, Setup};

use crate::{
    Code, Diagnostic, Field, Format, ReadOptions, Span,
    epd::{self, Operation},
    found::Found,
    words::{count, join_and},
};

/// Parses one FEN record strictly, as the standard defines it.
///
/// ```
/// use shakmaty::{Color, Square};
///
/// let parsed = fenkit::parse(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
/// assert_eq!(parsed.setup.turn, Color::Black);
/// assert_eq!(parsed.setup.ep_square, Some(Square::E3));
///
/// // Every independent problem is reported, each at its own bytes.
/// let err = fenkit::parse(b"rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1").unwrap_err();
/// let codes: Vec<_> = err.diagnostics().iter().map(|d| d.code.as_str()).collect();
/// assert_eq!(codes, ["rank-too-long", "ep-wrong-rank"]);
/// assert_eq!(err.diagnostics()[0].span.start, 24);
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn parse(record: &[u8]) -> Result<Parsed, ParseError> {
    ReadOptions::default().parse(record)
}

impl ReadOptions {
    /// Parses one record as these options say: FEN or EPD, standard or
    /// Chess960 castling letters, strict or lenient.
    ///
    /// ```
    /// let lenient = fenkit::ReadOptions::default().with_lenient(true);
    /// let parsed = lenient.parse("8/8/8/4k3/8/8/8/4K3 w – –".as_bytes())?;
    /// assert_eq!(fenkit::Fen::from(parsed.setup.clone()).to_string(), "8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    /// let repairs: Vec<_> = parsed.warnings.iter().map(|w| w.code.as_str()).collect();
    /// assert_eq!(repairs, ["bad-castling-char", "bad-ep-square", "missing-field"]);
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn parse(&self, record: &[u8]) -> Result<Parsed, ParseError> {
        self.parse_expanding(record, &mut [0; 72], &mut false)
    }

    /// Parses `record` as [`ReadOptions::parse`] does and, when it is
    /// well-formed, writes the 64 letters of its board into `letters` (as
    /// [`board_letters`](crate::board_letters) gives them): for the usual
    /// record, the placement's bytes are expanded once, the letters kept
    /// and the bitboards read off them, never the letters written back
    /// from the bitboards. (The letters go into the caller's array, not
    /// into the result: a parse result is large, and each move a copy.)
    ///
    /// ```
    /// let read = fenkit::ReadOptions::default();
    /// let mut letters = [0; 64];
    /// let parsed = read.parse_with_letters(b"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &mut letters)?;
    /// assert_eq!(&letters[..8], b"....k...");
    /// assert_eq!(&letters[48..], b"....P.......K...");
    /// assert_eq!(letters, fenkit::board_letters(&parsed.setup.board));
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn parse_with_letters(
        &self,
        record: &[u8],
        letters: &mut [u8; 64],
    ) -> Result<Parsed, ParseError> {
        let mut squares = [0; 72];
        let mut expanded = false;
        let parsed = self.parse_expanding(record, &mut squares, &mut expanded);
        if let Ok(parsed) = &parsed {
            *letters = match expanded {
                true => core::array::from_fn(|square| squares[square]),
                false => crate::board_letters(&parsed.setup.board),
            };
        }
        parsed
    }

    /// Parses `record`, and says in `expanded` whether `squares` holds its
    /// placement expanded (the quick path read it).
    fn parse_expanding(
        &self,
        record: &[u8],
        squares: &mut squares::Squares,
        expanded: &mut bool,
    ) -> Result<Parsed, ParseError> {
        // A variant's fields are taken out first, the rest read as below.
        if self.variant != shakmaty::variant::Variant::Chess {
            return variant::parse(self, record);
        }
        // Before looking for EPD's ';': a record the quick path reads has
        // none (its last two fields are digits).
        if self.format != Format::Epd
            && let Some(parsed) = quick::parse(record, self.castling, squares, false)
        {
            *expanded = true;
            return Ok(parsed);
        }
        // A four-field EPD record, as books write them.
        if self.format != Format::Fen
            && let Some(parsed) = quick::parse(record, self.castling, squares, true)
        {
            *expanded = true;
            return Ok(parsed);
        }
        let epd = match self.format {
            Format::Fen => false,
            Format::Epd => true,
            Format::Auto => epd_shaped(record),
        };
        let result = match parse_record(record, epd, self.castling, self.lenient) {
            Err(err) if self.lenient => {
                repair::parse(record, epd, self.castling).unwrap_or(Err(err))
            }
            result => result,
        };
        result.map_err(|err| err.located(record))
    }
}

/// Whether a record is EPD by its shape, as [`Format::Auto`] reads: it
/// holds `;`, or has exactly the four position fields, or an opcode
/// follows the four fields (an EPD record whose `;` were forgotten), or
/// FEN's two clocks and then an opcode do (`… - 0 1 bm e4`).
pub(crate) fn epd_shaped(record: &[u8]) -> bool {
    // A whole-record search without early exit: vector instructions.
    if record.iter().fold(false, |found, &b| found | (b == b';')) {
        return true;
    }
    // Control bytes at the end are no field.
    let end = record.len()
        - record
            .iter()
            .rev()
            .take_while(|b| matches!(b, b'\0' | b'\r' | b'\x0b' | b'\x0c' | b' ' | b'\t'))
            .count();
    let record = &record[..end];
    let mut tokens = record
        .split(|&b| matches!(b, b' ' | b'\t'))
        .filter(|token| !token.is_empty());
    if tokens.by_ref().take(4).count() < 4 {
        return false;
    }
    let Some(fifth) = tokens.next() else {
        return true;
    };
    let digits = |token: &[u8]| token.iter().all(u8::is_ascii_digit);
    epd::is_known_opcode(fifth)
        || digits(fifth)
            && tokens.next().is_some_and(digits)
            && tokens.next().is_some_and(epd::is_known_opcode)
}

/// Parses a FEN record, or an EPD record with `epd`, strictly; with
/// `dialects`, the ways of writing whose meaning is plain (FEN clocks in
/// EPD, `;` in front of operations, control bytes at the end,
/// `startpos`…) are read, each a warning.
#[inline]
pub(crate) fn parse_record(
    record: &[u8],
    epd: bool,
    castling_mode: CastlingMode,
    dialects: bool,
) -> Result<Parsed, ParseError> {
    parse_fields(record, epd, castling_mode, dialects)
        .map_err(|err| quoted(record, epd, castling_mode).unwrap_or(err))
}

fn parse_fields(
    record: &[u8],
    epd: bool,
    castling_mode: CastlingMode,
    accept_dialects: bool,
) -> Result<Parsed, ParseError> {
    let mut diagnostics = Vec::new();
    // What deviates from the standard with a plain meaning: errors in
    // strict reading, warnings in lenient reading.
    let mut dialects = Vec::new();
    let record = without_control_at_end(record, &mut dialects);
    if record == b"startpos" {
        return startpos(record, epd, dialects, accept_dialects);
    }
    let mut fields = split_fields(record, epd, &mut diagnostics);
    if epd
        && let Some(span) = fields.get(Field::EnPassant)
        && span.len() > 1
        && record[span.end - 1] == b';'
    {
        // `… w - -; bm e4;`: the ';' written after the position.
        fields.set(Field::EnPassant, Span::new(span.start, span.end - 1));
        let rest = fields
            .get(Field::Operations)
            .map_or(span.end, |ops| ops.end);
        fields.set(Field::Operations, Span::new(span.end - 1, rest));
    }
    let text = |field: Field| {
        fields
            .get(field)
            .map(|span| (span, &record[span.start..span.end]))
    };

    let board = text(Field::Placement)
        .and_then(|(span, bytes)| placement::parse(bytes, span.start, &mut diagnostics));
    let turn = text(Field::Side)
        .and_then(|(span, bytes)| fields::side(bytes, span.start, &mut diagnostics));
    let castling_rights = text(Field::Castling).and_then(|(span, bytes)| {
        fields::castling(
            bytes,
            span.start,
            board.as_ref(),
            castling_mode,
            &mut diagnostics,
        )
    });
    let ep_square = text(Field::EnPassant)
        .and_then(|(span, bytes)| fields::en_passant(bytes, span.start, turn, &mut diagnostics));
    let mut operations = Vec::new();
    let (halfmoves, fullmoves) = if epd {
        let mut clocks = (Some(0), Some(1));
        let read = fields
            .get(Field::Operations)
            .map(|span| read_epd_tail(record, span, &mut diagnostics, &mut dialects));
        if let Some(read) = read {
            for (operation, operand) in read.operations.iter().zip(&read.first_operands) {
                let (field, clock) = match operation.opcode.as_str() {
                    "hmvc" => (Field::Halfmove, &mut clocks.0),
                    "fmvn" => (Field::Fullmove, &mut clocks.1),
                    _ => continue,
                };
                let Some(span) = *operand else {
                    diagnostics.push(Diagnostic::new(
                        Code::EpdBadOperand,
                        Field::Operations,
                        fields.get_or_end(Field::Operations),
                        format!(
                            "'{}' has no operand; it takes the {}",
                            operation.opcode,
                            field.describe()
                        ),
                    ));
                    continue;
                };
                fields.set(field, span);
                *clock = fields::number(
                    &record[span.start..span.end],
                    span.start,
                    field,
                    &mut diagnostics,
                );
            }
            operations = read.operations;
        }
        clocks
    } else {
        let halfmoves = text(Field::Halfmove).and_then(|(span, bytes)| {
            fields::number(bytes, span.start, Field::Halfmove, &mut diagnostics)
        });
        let fullmoves = text(Field::Fullmove).and_then(|(span, bytes)| {
            fields::number(bytes, span.start, Field::Fullmove, &mut diagnostics)
        });
        (halfmoves, fullmoves)
    };

    // Every field read, or the record is not well-formed.
    let setup = || {
        Some(Setup {
            board: board?,
            turn: turn?,
            castling_rights: castling_rights?,
            ep_square: ep_square?,
            halfmoves: halfmoves?,
            fullmoves: NonZeroU32::new(fullmoves?).unwrap_or(NonZeroU32::MIN),
            ..Setup::empty()
        })
    };
    match setup() {
        Some(setup) if diagnostics.is_empty() && (accept_dialects || dialects.is_empty()) => {
            let mut warnings: Vec<Diagnostic> =
                dialects.into_iter().map(Diagnostic::into_warning).collect();
            warnings.sort_by_key(|d| d.span.start);
            Ok(Parsed {
                setup,
                fields,
                operations,
                warnings,
                is_epd: epd,
                canonical: false,
            })
        }
        _ => {
            // Separator problems were found before the fields': put every
            // problem where it stands in the record. Lenient reading keeps
            // a dialect a warning, even beside what it cannot repair.
            diagnostics.extend(dialects.into_iter().map(|d| match accept_dialects {
                true => d.into_warning(),
                false => d,
            }));
            diagnostics.sort_by_key(|d| d.span.start);
            Err(ParseError::new(diagnostics, fields))
        }
    }
}

#[cfg(test)]
mod tests;
