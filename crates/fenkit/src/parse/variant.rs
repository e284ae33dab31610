//! The fields lichess's variants add to a record, read before the six
//! fields: a Crazyhouse pocket after the placement (`[Qn]`, or lichess's
//! ninth rank `/Qn`), `~` after a promoted piece, and Three-check's
//! counters (`3+3`, the checks each side has still to give, after the en
//! passant square; or lichess's `+1+2`, the checks given, after the
//! fullmove number). Each is taken out of the record, the rest read as
//! the standard's six fields are, and every problem is then put back at
//! its column in the record as written.

use shakmaty::{Bitboard, ByColor, ByRole, Color, File, Rank, RemainingChecks, Role, Square};

use super::*;
use crate::variants::{Variant, variant_name};

/// Reads `record` as a record of `options.variant` (not standard chess).
pub(super) fn parse(options: &ReadOptions, record: &[u8]) -> Result<Parsed, ParseError> {
    let variant = options.variant;
    let mut found = Found::new(variant);
    let reduced = found.take_out(record);
    let standard = ReadOptions {
        variant: Variant::Chess,
        ..*options
    };
    let read = standard.parse(&reduced.bytes);
    let mut problems = found.problems;
    match read {
        Ok(mut parsed) => {
            parsed.fields = reduced.fields(&parsed.fields);
            for warning in &mut parsed.warnings {
                warning.span = reduced.span(warning.span);
            }
            if !problems.is_empty() {
                problems.extend(parsed.warnings);
                problems.sort_by_key(|d| d.span.start);
                return Err(ParseError::new(problems, parsed.fields).located(record));
            }
            let setup = &mut parsed.setup;
            setup.promoted = found.promoted;
            if variant == Variant::Crazyhouse {
                setup.pockets = Some(found.pockets.unwrap_or_default());
            }
            if variant == Variant::ThreeCheck {
                setup.remaining_checks = Some(found.checks.unwrap_or_default());
            }
            // The record as written is not the canonical FEN it reads as:
            // the fields it adds are written in one way of two.
            parsed.canonical = false;
            Ok(parsed)
        }
        Err(err) => {
            let fields = reduced.fields(err.fields());
            problems.extend(err.into_diagnostics().into_iter().map(|mut d| {
                d.span = reduced.span(d.span);
                d
            }));
            problems.sort_by_key(|d| d.span.start);
            Err(ParseError::new(problems, fields).located(record))
        }
    }
}

/// A record with the variant's fields taken out, and for each of its
/// bytes (and its end) the offset in the record as written.
struct Reduced {
    bytes: Vec<u8>,
    origin: Vec<usize>,
}

impl Reduced {
    /// A span of the reduced record, in the record as written.
    fn span(&self, span: Span) -> Span {
        let at = |offset: usize| self.origin[offset.min(self.origin.len() - 1)];
        let start = at(span.start);
        let end = match span.end > span.start {
            true => at(span.end - 1) + 1,
            false => start,
        };
        Span::new(start, end)
    }

    fn fields(&self, fields: &FieldSpans) -> FieldSpans {
        let record_len = self.origin.last().copied().unwrap_or(0);
        fields.map(record_len, |span| self.span(span))
    }
}

/// What the variant's fields say, and their problems.
struct Found {
    variant: Variant,
    pockets: Option<ByColor<ByRole<u8>>>,
    promoted: Bitboard,
    checks: Option<ByColor<RemainingChecks>>,
    problems: Vec<Diagnostic>,
}

impl Found {
    fn new(variant: Variant) -> Found {
        Found {
            variant,
            pockets: None,
            promoted: Bitboard::EMPTY,
            checks: None,
            problems: Vec::new(),
        }
    }

    fn problem(&mut self, code: Code, field: Field, span: Span, message: String) {
        self.problems
            .push(Diagnostic::new(code, field, span, message));
    }

    /// The record without the variant's fields, each read on the way.
    fn take_out(&mut self, record: &[u8]) -> Reduced {
        let mut reduced = Reduced {
            bytes: Vec::with_capacity(record.len()),
            origin: Vec::with_capacity(record.len() + 1),
        };
        let keep = |reduced: &mut Reduced, at: usize| {
            reduced.bytes.push(record[at]);
            reduced.origin.push(at);
        };
        let placement_end = record
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(record.len());
        let (board_end, pocket) = self.pocket_bounds(&record[..placement_end]);
        if let Some((start, end)) = pocket {
            self.read_pocket(record, start, end);
        }
        for at in self.placement(record, board_end) {
            keep(&mut reduced, at);
        }
        // The fields after the placement, each with its offset.
        let mut fields: Vec<(usize, usize)> = Vec::new();
        let mut at = placement_end;
        while at < record.len() {
            let start = at;
            while at < record.len() && !record[at].is_ascii_whitespace() {
                at += 1;
            }
            if at > start {
                fields.push((start, at));
            }
            at += usize::from(at < record.len());
        }
        // `W+B` after the en passant square, `+W+B` at the end.
        let remaining = fields
            .get(3)
            .filter(|&&(s, e)| counters(&record[s..e], false).is_some())
            .copied();
        let given = fields
            .last()
            .filter(|&&(s, e)| counters(&record[s..e], true).is_some())
            .copied();
        let counted = remaining.or(given);
        if let Some((start, end)) = counted {
            self.read_checks(record, start, end, remaining.is_some());
        }
        // The rest as written, the counters left out with the blank
        // before them.
        let left_out = counted.map_or(record.len()..record.len(), |(start, end)| start - 1..end);
        for byte in (placement_end..record.len()).filter(|at| !left_out.contains(at)) {
            keep(&mut reduced, byte);
        }
        reduced.origin.push(record.len());
        reduced
    }

    /// Where the board ends in the placement, and where its pocket stands
    /// (without the brackets), if it has one: `[…]` at its end, or a
    /// ninth rank in Crazyhouse.
    fn pocket_bounds(&mut self, placement: &[u8]) -> (usize, Option<(usize, usize)>) {
        if let Some(open) = placement.iter().position(|&b| b == b'[') {
            if placement.last() != Some(&b']') || placement.len() < open + 2 {
                let message =
                    "a pocket is written in brackets, such as [Qn], and ends the placement"
                        .to_string();
                let span = Span::new(open, placement.len());
                self.problem(Code::BadPocket, Field::Placement, span, message);
                return (open, None);
            }
            return (open, Some((open + 1, placement.len() - 1)));
        }
        let eighth_slash = placement
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'/')
            .nth(7)
            .map(|(at, _)| at);
        match (self.variant, eighth_slash) {
            (Variant::Crazyhouse, Some(ninth)) => (ninth, Some((ninth + 1, placement.len()))),
            _ => (placement.len(), None),
        }
    }

    /// Reads the pocket at `start..end` of `record`.
    fn read_pocket(&mut self, record: &[u8], start: usize, end: usize) {
        let name = variant_name(self.variant);
        if self.variant != Variant::Crazyhouse {
            let message = format!("a pocket of pieces to drop is Crazyhouse's; {name} has none");
            self.problem(
                Code::PocketNotInVariant,
                Field::Placement,
                Span::new(start.saturating_sub(1), end + 1),
                message,
            );
            return;
        }
        let mut pockets: ByColor<ByRole<u8>> = ByColor::default();
        let mut at = start;
        while at < end {
            let letter = record[at];
            // A character, not a byte: the whole of a non-ASCII one is named.
            let width = match letter {
                0xf0..=0xf7 => 4,
                0xe0..=0xef => 3,
                0xc0..=0xdf => 2,
                _ => 1,
            };
            let next = (at + width).min(end);
            match Role::from_char(char::from(letter.to_ascii_lowercase())) {
                Some(role) if role != Role::King && letter.is_ascii() => {
                    let color = Color::from_white(letter.is_ascii_uppercase());
                    let count = &mut pockets[color][role];
                    *count = count.saturating_add(1);
                }
                _ => {
                    let written = String::from_utf8_lossy(&record[at..next]);
                    let message = format!(
                        "'{}' is no piece a pocket holds: P, N, B, R, Q for White, p, n, b, r, q for Black",
                        crate::printable(&written)
                    );
                    self.problem(
                        Code::BadPocket,
                        Field::Placement,
                        Span::new(at, next),
                        message,
                    );
                }
            }
            at = next;
        }
        self.pockets = Some(pockets);
    }

    /// The offsets of the board's bytes to keep: all but each `~`, read
    /// as a mark on the piece before it.
    fn placement(&mut self, record: &[u8], end: usize) -> Vec<usize> {
        let mut keep = Vec::with_capacity(end);
        let (mut rank, mut file) = (7i32, 0i32);
        let mut after_piece: Option<Square> = None;
        for (at, &byte) in record[..end].iter().enumerate() {
            match byte {
                b'~' => {
                    match (self.variant, after_piece.take()) {
                        (Variant::Crazyhouse, Some(square)) => self.promoted.add(square),
                        (Variant::Crazyhouse, None) => {
                            let message = "'~' marks a promoted piece, and stands right after its letter (Q~); here it follows no piece".to_string();
                            self.problem(
                                Code::BadPromotedMark,
                                Field::Placement,
                                Span::new(at, at + 1),
                                message,
                            );
                        }
                        (variant, _) => {
                            let name = variant_name(variant);
                            let message = format!(
                                "'~' marks a promoted piece in Crazyhouse, where it goes back to a pocket as a pawn; {name} has no such mark"
                            );
                            self.problem(
                                Code::BadPromotedMark,
                                Field::Placement,
                                Span::new(at, at + 1),
                                message,
                            );
                        }
                    }
                    continue;
                }
                b'/' => {
                    rank -= 1;
                    file = 0;
                    after_piece = None;
                }
                b'1'..=b'8' => {
                    file += i32::from(byte - b'0');
                    after_piece = None;
                }
                _ => {
                    // Off the board (a rank too long, a ninth rank), no
                    // square: the six-field reader names the fault.
                    let on_board = (0..8).contains(&rank) && (0..8).contains(&file);
                    after_piece = on_board.then(|| {
                        Square::from_coords(File::new(file as u32), Rank::new(rank as u32))
                    });
                    file += 1;
                }
            }
            keep.push(at);
        }
        keep
    }

    /// Reads Three-check's counters at `start..end`: checks still to give
    /// (`3+3`), or given (`+1+2`).
    fn read_checks(&mut self, record: &[u8], start: usize, end: usize, remaining: bool) {
        let span = Span::new(start, end);
        if self.variant != Variant::ThreeCheck {
            let name = variant_name(self.variant);
            let message = format!(
                "counters of checks ('{}') are Three-check's; {name} has none",
                String::from_utf8_lossy(&record[start..end])
            );
            self.problem(Code::ChecksNotInVariant, Field::Record, span, message);
            return;
        }
        let Some((white, black)) = counters(&record[start..end], !remaining) else {
            return;
        };
        if white > 3 || black > 3 {
            let what = match remaining {
                true => "checks each side has still to give",
                false => "checks each side has given",
            };
            let message = format!(
                "Three-check counts {what} from 0 to 3; '{}' has more",
                String::from_utf8_lossy(&record[start..end])
            );
            self.problem(Code::BadChecks, Field::Record, span, message);
            return;
        }
        let to_give = |n: u32| RemainingChecks::new(if remaining { n } else { 3 - n });
        self.checks = Some(ByColor {
            white: to_give(white),
            black: to_give(black),
        });
    }
}

/// `W+B` (or `+W+B` when `given`) as two numbers.
fn counters(text: &[u8], given: bool) -> Option<(u32, u32)> {
    let text = match given {
        true => text.strip_prefix(b"+")?,
        false => text,
    };
    let plus = text.iter().position(|&b| b == b'+')?;
    let number = |digits: &[u8]| -> Option<u32> {
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        std::str::from_utf8(digits).ok()?.parse().ok()
    };
    Some((number(&text[..plus])?, number(&text[plus + 1..])?))
}
