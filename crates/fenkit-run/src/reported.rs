//! A record read or checked and its problems reported, as most jobs
//! start one: with one hint when another reading would take it (a
//! variant, EPD's four fields, a lenient repair, Chess960 castling),
//! naming only flags the subcommand has ([`Output::offers`]).

use std::io;

use fenkit::variants::VariantPosition;
use fenkit::{Class, Code, Diagnostic, ParseError, Parsed, ReadOptions, Record, Severity};
use shakmaty::{CastlingMode, Chess};

use crate::{
    output::Output,
    run::{Job, Parallel},
};

/// Reports the diagnostics of `record` and, when it is invalid as read but
/// another reading would take it, one hint naming the option: `--variant`
/// for a variant's record, `--input epd` for four fields, `--lenient` for
/// a malformed record it would repair, `--chess960` for a valid Chess960
/// position. A hint names only flags the subcommand has
/// ([`Output::offers`]).
pub fn report(
    options: &ReadOptions,
    record: &Record,
    diagnostics: &[Diagnostic],
    out: &mut Output,
) -> io::Result<()> {
    out.diagnostics(record, diagnostics)?;
    let errors: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    if errors.is_empty() {
        return Ok(());
    }
    let malformed = errors.iter().any(|d| d.code.class() == Class::Malformed);
    // A Crazyhouse pocket or promoted piece, Three-check's counters, a
    // Horde of pawns: the variant that reads the record, named.
    if options.variant == fenkit::variants::Variant::Chess
        && out.offers("variant")
        && let Some(variant) = variant_reading(options, record.bytes)
    {
        return out.hint(
            record,
            &format!("--variant {variant} reads this record as a valid position of that variant"),
        );
    }
    if malformed && !options.lenient {
        let lenient = options.with_lenient(true);
        let offers_lenient = out.offers("lenient");
        // Four fields read as FEN: the standard's EPD form.
        let epd = options.with_format(fenkit::Format::Epd);
        let four_fields = options.format == fenkit::Format::Fen
            && errors.iter().any(|d| d.code == Code::MissingField);
        if four_fields && out.offers("input") && epd.parse(record.bytes).is_ok() {
            let hint = match offers_lenient {
                true => {
                    "--input epd reads this record as EPD (four fields, the clocks left out), --lenient as FEN with the clocks '0 1'"
                }
                false => "--input epd reads this record as EPD (four fields, the clocks left out)",
            };
            return out.hint(record, hint);
        }
        if offers_lenient && let Ok(parsed) = lenient.parse(record.bytes) {
            let written = parsed.to_record_text();
            return out.hint(
                record,
                &format!("--lenient reads this record as '{written}'"),
            );
        }
    }
    // Castling rights that only Chess960 explains: rook files, or rights
    // whose king or rook is elsewhere, in a valid Chess960 position.
    let castling_only = errors.iter().all(|d| {
        matches!(
            d.code,
            Code::BadCastlingChar | Code::CastlingNoKing | Code::CastlingNoRook
        )
    });
    let chess960 = options.with_castling(CastlingMode::Chess960);
    if castling_only
        && !options.castling.is_chess960()
        && out.offers("chess960")
        && chess960.check(record.bytes).is_valid()
    {
        return out.hint(
            record,
            "--chess960 reads this record as a valid Chess960 position",
        );
    }
    Ok(())
}

/// The variant (as `--variant` names it) that reads `record` as a valid
/// position, when its fields are a variant's: a pocket or a `~`
/// (Crazyhouse), counters of checks (Three-check), White without a king
/// and with more than eight pawns (Horde). Only these shapes: a record
/// missing a king by a slip is no Antichess position, nor one a checking
/// king makes illegal a Racing Kings one (which forbids checks too).
fn variant_reading(options: &ReadOptions, record: &[u8]) -> Option<&'static str> {
    use fenkit::variants::Variant;
    let placement = record.split(|&b| b == b' ').next().unwrap_or(record);
    let count = |byte: u8| placement.iter().filter(|&&b| b == byte).count();
    // Three-check's counters (`3+3`, `+2+0`) are digits and `+` alone:
    // not a move's check sign in an EPD operation (`bm Qd1+`).
    let counters = record.split(|&b| b == b' ').take(7).any(|word| {
        word.contains(&b'+')
            && word.iter().any(u8::is_ascii_digit)
            && word.iter().all(|&b| b == b'+' || b.is_ascii_digit())
    });
    let candidates = [
        // A pocket (`[Qn]`) and promoted pieces (`~`) stand in the
        // placement's word, not in an EPD operation's text.
        (
            Variant::Crazyhouse,
            "crazyhouse",
            placement.contains(&b'[') || placement.contains(&b'~'),
        ),
        (Variant::ThreeCheck, "threecheck", counters),
        (Variant::Horde, "horde", count(b'K') == 0 && count(b'P') > 8),
    ];
    candidates
        .into_iter()
        .filter(|(_, _, shaped)| *shaped)
        .find(|(variant, _, _)| {
            let read = options.with_variant(*variant);
            read.check(record).is_valid()
        })
        .map(|(_, name, _)| name)
}

/// Parses `record` as `options` say and reports its repairs (warnings) or
/// its problems; the parsed record when it is well-formed.
pub fn parse_reported(
    options: &ReadOptions,
    record: &Record,
    out: &mut Output,
) -> io::Result<Option<Parsed>> {
    let result = options.parse(record.bytes);
    reported(options, record, &result, out)?;
    Ok(result.ok())
}

/// Reports what parsing `record` gave: its repairs (warnings) or its
/// problems; the parsed record when it is well-formed. By reference: a
/// parse result is large, and each move of it a copy.
pub fn reported<'p>(
    options: &ReadOptions,
    record: &Record,
    result: &'p Result<Parsed, ParseError>,
    out: &mut Output,
) -> io::Result<Option<&'p Parsed>> {
    match result {
        Ok(parsed) => {
            if !parsed.warnings.is_empty() {
                out.diagnostics(record, &parsed.warnings)?;
            }
            Ok(Some(parsed))
        }
        Err(err) => {
            report(options, record, err.diagnostics(), out)?;
            Ok(None)
        }
    }
}

/// Warns about the rules of chess a well-formed record breaks, for the
/// subcommands that print a record as it is whatever its legality
/// (normalize, convert, uniq): their status does not depend on it, but the
/// user is told. Malformed is an error everywhere; illegal is one only
/// where the result depends on legality.
pub fn warn_if_illegal(
    options: &ReadOptions,
    record: &Record,
    parsed: &Parsed,
    out: &mut Output,
) -> io::Result<()> {
    let warnings: Vec<Diagnostic> = match options.variant {
        fenkit::variants::Variant::Chess => {
            fenkit::legality::unplayable(&parsed.setup, options.castling)
                .iter()
                .map(|v| v.locate(record.bytes, &parsed.fields).into_warning())
                .collect()
        }
        variant => {
            fenkit::variants::violations(&parsed.setup, variant, options.castling, &parsed.fields)
                .into_iter()
                .map(Diagnostic::into_warning)
                .collect()
        }
    };
    if warnings.is_empty() {
        return Ok(());
    }
    out.diagnostics(record, &warnings)
}

/// Checks `record` as `options` say, in their variant, and reports what
/// is wrong; the position to play from when it is valid (standard chess's
/// is [`legal_reported`]'s, wrapped).
pub fn legal_variant_reported(
    options: &ReadOptions,
    record: &Record,
    out: &mut Output,
) -> io::Result<Option<fenkit::variants::VariantPosition>> {
    if options.variant == fenkit::variants::Variant::Chess {
        let position = legal_reported(options, record, out)?;
        return Ok(position.map(fenkit::variants::VariantPosition::Chess));
    }
    Ok(checked_reported(options, record, out)?.variant_position(options.castling))
}

/// Checks `record` as `options` say and reports what is wrong; the
/// position to play from when it is valid (keys, openings and books need
/// one: an en passant square counts only when a legal capture exists).
pub fn legal_reported(
    options: &ReadOptions,
    record: &Record,
    out: &mut Output,
) -> io::Result<Option<Chess>> {
    Ok(checked_reported(options, record, out)?.position(options.castling))
}

/// What `moves`, `perft` and `key` do with each valid position, in its
/// variant. They run as [`Positions`], which reads and checks each record
/// and reports what is wrong.
pub trait PositionJob: Clone + Send {
    /// A valid record's position; its status, as [`Job::record`]'s.
    fn position(&mut self, position: VariantPosition, out: &mut Output) -> io::Result<bool>;
}

/// A [`PositionJob`] run over records read as `read` says.
#[derive(Clone)]
pub struct Positions<J> {
    pub read: ReadOptions,
    pub job: J,
}

impl<J: PositionJob> Job for Positions<J> {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        match legal_variant_reported(&self.read, record, out)? {
            Some(position) => self.job.position(position, out),
            None => Ok(false),
        }
    }
}

impl<J: PositionJob> Parallel for Positions<J> {
    type Handed = ();

    fn fork(&self) -> Self {
        self.clone()
    }
}

/// Checks `record` as `options` say and reports what is wrong.
pub fn checked_reported(
    options: &ReadOptions,
    record: &Record,
    out: &mut Output,
) -> io::Result<fenkit::Checked> {
    let checked = options.check(record.bytes);
    if !checked.diagnostics.is_empty() {
        report(options, record, &checked.diagnostics, out)?;
    }
    Ok(checked)
}
