//! The quick path for the usual FEN record: six fields, five single
//! spaces, each field exactly as the standard writes it. Nothing here
//! explains; a record with anything unusual gets `None` and is read again
//! by the general path, which finds every problem and says where.

use core::num::NonZeroU32;

use shakmaty::{Bitboard, CastlingMode, Color, File, Setup, Square};

use super::{FieldSpans, Parsed, Slot, fields, placement, squares};
use crate::{Field, Span, castling::CASTLING_LETTERS};

/// Reads `record` as a usual FEN record (or, with `four`, as an EPD record
/// of the four position fields alone), with its placement expanded into
/// `squares` on the way.
#[inline(always)]
pub(super) fn parse(
    record: &[u8],
    mode: CastlingMode,
    squares: &mut squares::Squares,
    four: bool,
) -> Option<Parsed> {
    let last = if four { 3 } else { 5 };
    // The placement ends at the first space, found as it is expanded.
    let placement = squares::expand_field(record, squares)?;
    let mut fields = FieldSpans::empty(record.len());
    fields.fields[0] = Slot::of(Span::new(0, placement));
    let mut field = 0;
    let mut start = placement + 1;
    for (at, &byte) in record.iter().enumerate().skip(start) {
        if byte == b' ' {
            field += 1;
            if field == last {
                return None;
            }
            fields.fields[field] = Slot::of(Span::new(start, at));
            start = at + 1;
        }
    }
    if field != last - 1 || start > record.len() {
        return None;
    }
    fields.fields[last] = Slot::of(Span::new(start, record.len()));
    let text = |slot: usize| {
        let Slot { start, end } = fields.fields[slot];
        &record[start as usize..end as usize]
    };

    let turn = match text(1) {
        b"w" => Color::White,
        b"b" => Color::Black,
        _ => return None,
    };
    let castling_rights = castling(text(2), mode)?;
    let ep_square = en_passant(text(3), turn)?;
    let (halfmoves, fullmoves) = match four {
        // EPD without operations: the clocks EPD implies.
        true => (0, NonZeroU32::MIN),
        false => (
            fields::plain_number(text(4), Field::Halfmove)?,
            NonZeroU32::new(fields::plain_number(text(5), Field::Fullmove)?)?,
        ),
    };
    Some(Parsed {
        setup: Setup {
            board: placement::board_on(squares),
            turn,
            castling_rights,
            ep_square,
            halfmoves,
            fullmoves,
            ..Setup::empty()
        },
        fields,
        operations: Vec::new(),
        warnings: Vec::new(),
        is_epd: four,
        canonical: !four,
    })
}

/// `-`, or standard castling letters each once in the order `KQkq`.
fn castling(bytes: &[u8], mode: CastlingMode) -> Option<Bitboard> {
    if bytes == b"-" {
        return Some(Bitboard::EMPTY);
    }
    // Chess960 letters name rooks by the board: the general path knows.
    if mode.is_chess960() || bytes.is_empty() {
        return None;
    }
    let mut rights = Bitboard::EMPTY;
    let mut next = 0;
    for &byte in bytes {
        let at = next
            + CASTLING_LETTERS[next..]
                .iter()
                .position(|&(l, _)| l == byte)?;
        rights.add(CASTLING_LETTERS[at].1);
        next = at + 1;
    }
    Some(rights)
}

/// `-`, or the square on the rank a double push by the side that just
/// moved passes over.
fn en_passant(bytes: &[u8], turn: Color) -> Option<Option<Square>> {
    match *bytes {
        [b'-'] => Some(None),
        [file @ b'a'..=b'h', rank] if rank == b'1' + crate::ep_rank(turn) as u8 => Some(Some(
            Square::from_coords(File::new(u32::from(file - b'a')), crate::ep_rank(turn)),
        )),
        _ => None,
    }
}
