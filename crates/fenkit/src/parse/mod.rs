//! The strict FEN parser: six fields separated by single spaces, each exactly
//! as the standard writes it, into a shakmaty [`Setup`].
//!
//! The parser reports every independent problem of a record, not only the
//! first, and allocates nothing unless there is a problem to report.

mod fields;
mod placement;
mod quick;
mod repair;
mod squares;
mod unwrap;

pub use placement::placement_span;

use core::{fmt, num::NonZeroU32};

use shakmaty::{CastlingMode, Setup};

use crate::{
    Code, Diagnostic, Field, Format, ReadOptions, Span,
    epd::{self, Operation},
    found::Found,
    words::{count, join_and},
};

/// Where each field of a record stands, as byte spans into the record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldSpans {
    /// The six FEN fields, then the operations of an EPD record.
    fields: [Slot; 7],
    record_len: u32,
}

impl Default for FieldSpans {
    fn default() -> FieldSpans {
        FieldSpans::empty(0)
    }
}

/// A field's span in 32-bit offsets, or [`ABSENT`]: a parse result is
/// moved around by value, and half its size was spans. Offsets past 4 GiB
/// saturate (no record is that long and well-formed).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Slot {
    start: u32,
    end: u32,
}

const ABSENT: Slot = Slot {
    start: u32::MAX,
    end: u32::MAX,
};

fn narrow(offset: usize) -> u32 {
    u32::try_from(offset).map_or(u32::MAX - 1, |n| n.min(u32::MAX - 1))
}

impl Slot {
    fn of(span: Span) -> Slot {
        Slot {
            start: narrow(span.start),
            end: narrow(span.end),
        }
    }

    fn span(self) -> Option<Span> {
        (self != ABSENT).then(|| Span::new(self.start as usize, self.end as usize))
    }
}

impl FieldSpans {
    fn empty(record_len: usize) -> FieldSpans {
        FieldSpans {
            fields: [ABSENT; 7],
            record_len: narrow(record_len),
        }
    }

    /// The span of `field`, if the record has it. [`Field::Record`] is the
    /// whole record.
    pub fn get(&self, field: Field) -> Option<Span> {
        match Self::slot(field) {
            Some(slot) => self.fields[slot].span(),
            None => Some(Span::new(0, self.record_len as usize)),
        }
    }

    /// Where `field` is kept; the record as a whole has no slot.
    const fn slot(field: Field) -> Option<usize> {
        Some(match field {
            Field::Record => return None,
            Field::Placement => 0,
            Field::Side => 1,
            Field::Castling => 2,
            Field::EnPassant => 3,
            Field::Halfmove => 4,
            Field::Fullmove => 5,
            Field::Operations => 6,
        })
    }

    fn set(&mut self, field: Field, span: Span) {
        if let Some(slot) = Self::slot(field) {
            self.fields[slot] = Slot::of(span);
        }
    }

    /// The same spans, each mapped by `map` (from a repaired record back
    /// to the one that was read).
    pub(crate) fn map(&self, record_len: usize, map: impl Fn(Span) -> Span) -> FieldSpans {
        FieldSpans {
            fields: self
                .fields
                .map(|slot| slot.span().map_or(ABSENT, |span| Slot::of(map(span)))),
            record_len: narrow(record_len),
        }
    }

    /// The span of `field`, or the end of the record where the field is
    /// missing.
    pub fn get_or_end(&self, field: Field) -> Span {
        self.get(field).unwrap_or(Span::new(
            self.record_len as usize,
            self.record_len as usize,
        ))
    }
}

/// A well-formed record: the position and where its fields stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub setup: Setup,
    pub fields: FieldSpans,
    /// The operations of an EPD record, in order (`hmvc` and `fmvn` among
    /// them, also read into the setup's clocks); empty for FEN.
    pub operations: Vec<Operation>,
    /// What lenient reading repaired, as warnings; empty in strict reading.
    pub warnings: Vec<Diagnostic>,
    /// Whether the record was read as EPD.
    pub is_epd: bool,
    /// Whether the record is known to be its own canonical FEN, byte for
    /// byte what [`write_fen`](crate::write_fen) writes for the setup, so
    /// that a caller can take the record for it: true for the usual record
    /// (the quick path reads only canonical ones), false when unknown.
    pub canonical: bool,
}

impl From<Parsed> for Setup {
    fn from(parsed: Parsed) -> Setup {
        parsed.setup
    }
}

/// A record that is not well-formed FEN, with every problem found in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    // Boxed: the error path allocates anyway, and this keeps `Result` small.
    inner: Box<Problems>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Problems {
    diagnostics: Vec<Diagnostic>,
    fields: FieldSpans,
    /// The 1-based column, in characters, of the first problem.
    first_column: usize,
}

impl ParseError {
    pub(crate) fn new(diagnostics: Vec<Diagnostic>, fields: FieldSpans) -> ParseError {
        ParseError {
            inner: Box::new(Problems {
                diagnostics,
                fields,
                first_column: 0,
            }),
        }
    }

    /// The error with the column of its first problem taken from the
    /// record it was read from, for `Display`.
    fn located(mut self, record: &[u8]) -> ParseError {
        if let Some(first) = self.inner.diagnostics.first() {
            self.inner.first_column = crate::column(record, first.span.start);
        }
        self
    }

    /// The problems, in the order they stand in the record. Never empty.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.inner.diagnostics
    }

    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.inner.diagnostics
    }

    /// Where the fields that could be told apart stand.
    pub fn fields(&self) -> &FieldSpans {
        &self.inner.fields
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let diagnostics = self.diagnostics();
        let Some(first) = diagnostics.first() else {
            return f.write_str("not a well-formed FEN record");
        };
        write!(f, "column {}: {}", self.inner.first_column, first.message)?;
        match diagnostics.len() {
            1 => Ok(()),
            n => write!(f, " (and {} more problems)", n - 1),
        }
    }
}

impl std::error::Error for ParseError {}

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
    /// let lenient = fenkit::ReadOptions { lenient: true, ..Default::default() };
    /// let parsed = lenient.parse("8/8/8/4k3/8/8/8/4K3 w – –".as_bytes())?;
    /// assert_eq!(fenkit::to_fen(&parsed.setup), "8/8/8/4k3/8/8/8/4K3 w - - 0 1");
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

/// For a record inside quotes: one diagnostic for the quotes, then the
/// problems of what stands inside them.
#[cold]
fn quoted(record: &[u8], epd: bool, castling_mode: CastlingMode) -> Option<ParseError> {
    let (mut lo, mut hi) = (0, record.len());
    while let Some(inside) = inside_quotes(record, lo, hi) {
        (lo, hi) = inside;
    }
    if lo == 0 {
        return None;
    }
    let mut diagnostics = vec![Diagnostic::new(
        Code::QuotedRecord,
        Field::Record,
        Span::new(0, record.len()),
        "the record stands inside quotes; FEN has none: the record starts with the piece placement and ends with the fullmove number",
    )];
    let shift = |span: Span| Span::new(span.start + lo, span.end + lo);
    let fields = match parse_fields(&record[lo..hi], epd, castling_mode, false) {
        Ok(parsed) => parsed.fields.map(record.len(), shift),
        Err(err) => {
            diagnostics.extend(err.diagnostics().iter().map(|d| Diagnostic {
                span: shift(d.span),
                ..d.clone()
            }));
            err.fields().map(record.len(), shift)
        }
    };
    Some(ParseError::new(diagnostics, fields))
}

/// The bounds inside the quote marks that open at `lo` and close at `hi`,
/// when both are there.
pub(crate) fn inside_quotes(record: &[u8], lo: usize, hi: usize) -> Option<(usize, usize)> {
    let open = if lo < hi { quote_len(record, lo) } else { 0 };
    let close = quote_before(record, hi);
    (open > 0 && close > 0 && lo + open <= hi - close).then_some((lo + open, hi - close))
}

/// The length of the quote mark at `pos`: ASCII or typographic.
fn quote_len(record: &[u8], pos: usize) -> usize {
    if pos >= record.len() {
        return 0;
    }
    match Found::at(record, pos) {
        (Found::Ascii(b'"' | b'\'' | b'`'), _) => 1,
        (Found::Unicode('“' | '”' | '„' | '‘' | '’' | '«' | '»'), len) => len,
        _ => 0,
    }
}

/// The length of the quote mark that ends at `end`, if one does.
fn quote_before(record: &[u8], end: usize) -> usize {
    (1..=3.min(end))
        .find(|&len| quote_len(record, end - len) == len)
        .unwrap_or(0)
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

/// The record without the control bytes (NUL, CR, form feed, vertical
/// tab) that old C tools leave at a line's end, each run reported.
fn without_control_at_end<'a>(record: &'a [u8], dialects: &mut Vec<Diagnostic>) -> &'a [u8] {
    let is_control = |b: &u8| matches!(b, b'\0' | b'\r' | b'\x0b' | b'\x0c');
    let controls = record.iter().rev().take_while(|b| is_control(b)).count();
    if controls == 0 || controls == record.len() {
        return record;
    }
    // Blanks before the control bytes go with them: the line ended there.
    let kept = record.len() - controls;
    let kept = kept
        - record[..kept]
            .iter()
            .rev()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
    let mut names: Vec<&str> = record[kept..]
        .iter()
        .filter(|b| is_control(b))
        .map(|&b| match b {
            b'\0' => "NUL",
            b'\r' => "carriage return",
            b'\x0c' => "form feed",
            _ => "vertical tab",
        })
        .collect();
    names.dedup();
    dialects.push(Diagnostic::new(
        Code::ControlAtEnd,
        Field::Record,
        Span::new(kept, record.len()),
        format!(
            "the record ends with {} (a control {}, as old tools leave at a line's end); a record ends with its last field",
            join_and(names.iter().copied()),
            if controls == 1 { "byte" } else { "bytes" },
        ),
    ));
    &record[..kept]
}

/// `startpos`, the UCI name of the standard start, read as that position.
#[cold]
fn startpos(
    record: &[u8],
    epd: bool,
    dialects: Vec<Diagnostic>,
    accept_dialects: bool,
) -> Result<Parsed, ParseError> {
    let mut fields = FieldSpans::empty(record.len());
    fields.set(Field::Placement, Span::new(0, record.len()));
    let mut dialects = dialects;
    dialects.push(Diagnostic::new(
        Code::Startpos,
        Field::Record,
        Span::new(0, record.len()),
        "'startpos' is the UCI name of the standard start position; FEN writes it 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'",
    ));
    if !accept_dialects {
        return Err(ParseError::new(dialects, fields));
    }
    Ok(Parsed {
        setup: Setup::initial(),
        fields,
        operations: Vec::new(),
        warnings: dialects.into_iter().map(Diagnostic::into_warning).collect(),
        is_epd: epd,
        canonical: false,
    })
}

/// The operations of an EPD record, which stand at `span`; FEN's two
/// clocks before them (a dialect) are read as the `hmvc` and `fmvn`
/// operations that say the same, and more than one blank before them
/// is reported.
fn read_epd_tail(
    record: &[u8],
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
    dialects: &mut Vec<Diagnostic>,
) -> epd::ReadOperations {
    let bytes = &record[span.start..span.end];
    let blanks = bytes
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    if blanks > 0 {
        let run = Span::new(span.start - 1, span.start + blanks);
        dialects.push(bad_separator(
            &record[run.start..run.end],
            run,
            record.len(),
        ));
    }
    let Some(clocks) = epd::fen_clocks(bytes) else {
        return epd::read_operations(bytes, span.start, diagnostics, dialects);
    };
    let shift = |s: Span| Span::new(span.start + s.start, span.start + s.end);
    let (halfmove, fullmove) = (shift(clocks.halfmove), shift(clocks.fullmove));
    dialects.push(fen_clocks_dialect(record, halfmove, fullmove));
    let mut read = epd::read_operations(
        &bytes[clocks.rest..],
        span.start + clocks.rest,
        diagnostics,
        dialects,
    );
    let text = |s: Span| crate::words::shown(&record[s.start..s.end]);
    read.operations.splice(
        0..0,
        [
            Operation::token("hmvc", text(halfmove)),
            Operation::token("fmvn", text(fullmove)),
        ],
    );
    read.first_operands
        .splice(0..0, [Some(halfmove), Some(fullmove)]);
    read
}

/// The one diagnostic of FEN's clocks in an EPD record.
fn fen_clocks_dialect(record: &[u8], halfmove: Span, fullmove: Span) -> Diagnostic {
    let text = |span: Span| crate::words::shown(&record[span.start..span.end]);
    let (h, f) = (text(halfmove), text(fullmove));
    Diagnostic::new(
        Code::EpdFenClocks,
        Field::Halfmove,
        Span::new(halfmove.start, fullmove.end),
        format!(
            "'{h} {f}' after the four fields are FEN's halfmove clock and fullmove number; EPD writes them as operations: 'hmvc {h}; fmvn {f};'"
        ),
    )
}

/// The length of the blank at `pos`: ASCII white space, or a no-break
/// space pasted from a web page (a separator, if a bad one).
fn blank_len(record: &[u8], pos: usize) -> usize {
    match record[pos] {
        b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c' => 1,
        0xc2 if record.get(pos + 1) == Some(&0xa0) => 2,
        _ => 0,
    }
}

/// Splits a record of exactly six fields and five single spaces (or, for
/// EPD, four fields and the operations after a single space), and gives up
/// on anything else: the quick path for the common case.
#[inline]
fn split_well_formed(record: &[u8], wanted: usize, spans: &mut FieldSpans) -> bool {
    let fields = &mut spans.fields;
    let mut count = 0;
    let mut start = 0;
    for (pos, &byte) in record.iter().enumerate() {
        if byte == b' ' {
            if pos == start {
                return false;
            }
            fields[count] = Slot::of(Span::new(start, pos));
            count += 1;
            start = pos + 1;
            if count == wanted {
                // Only EPD goes on after its last field: to the operations.
                if wanted == 6 || start == record.len() {
                    return false;
                }
                fields[6] = Slot::of(Span::new(start, record.len()));
                return true;
            }
        } else if byte < b' ' || byte == 0xc2 {
            // Another blank, maybe: the slow path knows.
            return false;
        }
    }
    if count != wanted - 1 || start == record.len() {
        return false;
    }
    fields[wanted - 1] = Slot::of(Span::new(start, record.len()));
    true
}

/// Splits the record at runs of blanks, reporting every run that is not a
/// single space, and the field count when it is not six (or, for EPD, when
/// the four position fields are not all there).
fn split_fields(record: &[u8], epd: bool, diagnostics: &mut Vec<Diagnostic>) -> FieldSpans {
    let mut spans = FieldSpans::empty(record.len());
    let wanted = if epd { 4 } else { 6 };
    if !split_well_formed(record, wanted, &mut spans) {
        spans = split_and_diagnose(record, wanted, diagnostics);
    }
    spans
}

#[cold]
fn split_and_diagnose(
    record: &[u8],
    wanted: usize,
    diagnostics: &mut Vec<Diagnostic>,
) -> FieldSpans {
    let mut spans = FieldSpans::empty(record.len());
    let mut tokens: Vec<Span> = Vec::with_capacity(wanted);
    let mut separators: Vec<Span> = Vec::new();
    let mut operations = None;
    let mut pos = 0;
    while pos < record.len() {
        let start = pos;
        if blank_len(record, pos) > 0 {
            while pos < record.len() && blank_len(record, pos) > 0 {
                pos += blank_len(record, pos);
            }
            separators.push(Span::new(start, pos));
            continue;
        }
        if tokens.len() == wanted && wanted == 4 {
            // EPD: the rest of the record is its operations.
            operations = Some(Span::new(start, record.len()));
            break;
        }
        while pos < record.len() && blank_len(record, pos) == 0 {
            pos += 1;
        }
        tokens.push(Span::new(start, pos));
    }
    let slip = slip(record, &tokens, &separators, wanted);
    for &run in &separators {
        let bytes = &record[run.start..run.end];
        let explained = matches!(slip, Some(Slip::MissingBetween { run: r, .. }) if r == run);
        if (run.start == 0 || run.end == record.len() || bytes != b" ") && !explained {
            diagnostics.push(bad_separator(bytes, run, record.len()));
        }
    }
    if let Some(ops) = operations {
        spans.fields[6] = Slot::of(ops);
    }
    // The fields as the slip, if any, lays them out.
    let mut fields: Vec<Option<Span>> = tokens.iter().copied().map(Some).collect();
    match slip {
        Some(Slip::GluedSide { at }) => {
            fields[0] = Some(Span::new(tokens[0].start, at));
            fields.insert(1, Some(Span::at(at, 1)));
        }
        Some(Slip::MissingBetween { field, .. }) => fields.insert(field, None),
        None => {}
    }
    if let Some(slip) = slip {
        diagnostics.push(slip_diagnostic(record, slip));
    }
    let count = fields.len();
    let mut extra: Option<Span> = None;
    for (index, field) in fields.into_iter().enumerate() {
        match (spans.fields[..wanted].get_mut(index), field) {
            (Some(slot), Some(span)) => *slot = Slot::of(span),
            (Some(_), None) => {}
            (None, Some(span)) => {
                extra = Some(Span::new(extra.map_or(span.start, |e| e.start), span.end));
            }
            (None, None) => {}
        }
    }
    if count < wanted {
        diagnostics.push(missing_fields(count, wanted, record.len()));
    }
    if let Some(span) = extra {
        diagnostics.push(extra_fields(record, span, count));
    }
    spans
}

/// One typo that shifts every field after it, told apart so that it gets
/// one diagnostic instead of one per shifted field.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Slip {
    /// The space between the placement and the active color was lost: the
    /// side letter stands at `at`, glued to the last rank.
    GluedSide { at: usize },
    /// Two spaces (`run`) stand where a field and its separators should
    /// be: field number `field` (0-based) is missing.
    MissingBetween { field: usize, run: Span },
}

/// The slip that explains a FEN record one field short, if there is one
/// and it is unambiguous: the last token of the placement is a side
/// letter (`w`, or a `b` that makes rank 1 nine squares long) while the
/// next token is no side letter; or exactly one run of two spaces inside
/// the record.
pub(crate) fn slip(
    record: &[u8],
    tokens: &[Span],
    separators: &[Span],
    wanted: usize,
) -> Option<Slip> {
    if wanted != 6 || tokens.len() != wanted - 1 {
        return None;
    }
    let first = &record[tokens[0].start..tokens[0].end];
    let second = &record[tokens[1].start..tokens[1].end];
    let last_rank = first.rsplit(|&b| b == b'/').next().unwrap_or(first);
    let squares: u32 = last_rank
        .iter()
        .map(|&b| {
            if b.is_ascii_digit() {
                u32::from(b - b'0')
            } else {
                1
            }
        })
        .sum();
    let glued = match first.last() {
        Some(b'w') => true,
        Some(b'b') => squares == 9,
        _ => false,
    };
    if glued && first.contains(&b'/') && !matches!(second, b"w" | b"b") {
        return Some(Slip::GluedSide {
            at: tokens[0].end - 1,
        });
    }
    let inside =
        |run: &&Span| run.start > tokens[0].start && run.end < tokens[tokens.len() - 1].end;
    let mut doubled = separators
        .iter()
        .filter(inside)
        .filter(|run| &record[run.start..run.end] == b"  ");
    match (doubled.next(), doubled.next()) {
        (Some(&run), None) => {
            let field = tokens.iter().take_while(|t| t.end <= run.start).count();
            Some(Slip::MissingBetween { field, run })
        }
        _ => None,
    }
}

/// The one diagnostic of a slip.
pub(crate) fn slip_diagnostic(record: &[u8], slip: Slip) -> Diagnostic {
    match slip {
        Slip::GluedSide { at } => {
            let side = record[at] as char;
            Diagnostic::new(
                Code::BadSeparator,
                Field::Record,
                Span::new(at, at),
                format!(
                    "the space between the piece placement and the active color is missing: '{side}' is glued to the last rank; write ' {side}'"
                ),
            )
        }
        Slip::MissingBetween { field, run } => {
            let field = Field::ALL[field];
            let at = run.start + 1;
            let value = match field {
                Field::Castling | Field::EnPassant => " ('-' for none)",
                _ => "",
            };
            Diagnostic::new(
                Code::MissingField,
                field,
                Span::new(at, at),
                format!(
                    "the {} is missing: two spaces stand where it should be; write it between them{value}",
                    field.describe()
                ),
            )
        }
    }
}

fn bad_separator(run: &[u8], span: Span, record_len: usize) -> Diagnostic {
    let mut counts = [0usize; 5];
    let mut pos = 0;
    while pos < run.len() {
        let kind = match run[pos] {
            b' ' => 0,
            b'\t' => 1,
            b'\r' => 2,
            0xc2 => 3,
            _ => 4,
        };
        counts[kind] += 1;
        pos += blank_len(run, pos).max(1);
    }
    let names = [
        ("space", "spaces"),
        ("tab", "tabs"),
        ("carriage return", "carriage returns"),
        ("no-break space (U+00A0)", "no-break spaces (U+00A0)"),
        ("other blank", "other blanks"),
    ];
    let what = join_and(
        counts
            .iter()
            .zip(names)
            .filter(|(n, _)| **n > 0)
            .map(|(&n, (one, many))| count(n, one, many)),
    );
    let message = if span.start == 0 {
        format!("the record starts with {what}; it starts with the piece placement")
    } else if span.end == record_len {
        format!("the record ends with {what}; it ends with the fullmove number")
    } else {
        format!("fields are separated by {what}; FEN separates fields by exactly 1 space")
    };
    Diagnostic::new(Code::BadSeparator, Field::Record, span, message)
}

fn missing_fields(present: usize, wanted: usize, record_len: usize) -> Diagnostic {
    let missing = &Field::ALL[present..wanted];
    let shape = if wanted == 4 {
        "an EPD record has 4 fields before its operations"
    } else {
        "a FEN record has 6 fields"
    };
    let names = join_and(missing.iter().map(|f| f.describe()));
    let verb = if missing.len() == 1 { "is" } else { "are" };
    let message = if present == 0 {
        format!(
            "the record is empty; {shape}: {}",
            join_and(Field::ALL[..wanted].iter().map(|f| f.describe()))
        )
    } else {
        format!(
            "the record ends after {}; the {names} {verb} missing ({shape})",
            count(present, "field", "fields")
        )
    };
    Diagnostic::new(
        Code::MissingField,
        missing[0],
        Span::new(record_len, record_len),
        message,
    )
}

fn extra_fields(record: &[u8], span: Span, count: usize) -> Diagnostic {
    let text = crate::words::shown(&record[span.start..span.end]);
    let shown: String = text.chars().take(40).collect();
    let ellipsis = if shown.len() < text.len() { "…" } else { "" };
    Diagnostic::new(
        Code::ExtraField,
        Field::Record,
        span,
        format!(
            "the record has {count} fields; a FEN record has 6, so '{shown}{ellipsis}' is extra"
        ),
    )
}

#[cfg(test)]
mod tests;
