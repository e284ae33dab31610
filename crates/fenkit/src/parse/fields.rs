//! The five short fields: active color, castling availability, en passant
//! square, halfmove clock and fullmove number.

use shakmaty::{Bitboard, Board, CastlingMode, Color, File, Rank, Square};

use crate::{
    Code, Diagnostic, Field, Span,
    castling::{CASTLING_LETTERS, side_rook},
    found::Found,
    words::shown,
};

/// Reports the first unprintable or non-ASCII character of a field, which
/// explains the field better than any word about its content.
fn unprintable(
    bytes: &[u8],
    offset: usize,
    field: Field,
    code: Code,
    expected: &str,
) -> Option<Diagnostic> {
    let (pos, found, len) = Found::first_unprintable(bytes)?;
    Some(Diagnostic::new(
        found.code_or(code),
        field,
        Span::at(offset + pos, len),
        format!("{found} in the {}; {expected}", field.describe()),
    ))
}

pub(super) fn side(
    bytes: &[u8],
    offset: usize,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Color> {
    match bytes {
        b"w" => return Some(Color::White),
        b"b" => return Some(Color::Black),
        _ => {}
    }
    const EXPECTED: &str = "expected 'w' (White to move) or 'b' (Black to move)";
    let diagnostic = unprintable(bytes, offset, Field::Side, Code::BadSide, EXPECTED)
        .unwrap_or_else(|| {
            let case = if matches!(bytes, b"W" | b"B") {
                ", in lowercase"
            } else {
                ""
            };
            Diagnostic::new(
                Code::BadSide,
                Field::Side,
                Span::at(offset, bytes.len()),
                format!("active color is '{}'; {EXPECTED}{case}", shown(bytes)),
            )
        });
    diagnostics.push(diagnostic);
    None
}

pub(super) fn castling(
    bytes: &[u8],
    offset: usize,
    board: Option<&Board>,
    mode: CastlingMode,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Bitboard> {
    if bytes == b"-" {
        return Some(Bitboard::EMPTY);
    }
    let whole_field = |code, message| {
        Diagnostic::new(
            code,
            Field::Castling,
            Span::at(offset, bytes.len()),
            message,
        )
    };
    let is_file = |b: &u8| matches!(b, b'A'..=b'H' | b'a'..=b'h');
    let chess960 = mode.is_chess960();
    if !chess960
        && bytes.iter().any(is_file)
        && bytes.iter().all(|b| is_file(b) || b"KQkq".contains(b))
    {
        diagnostics.push(whole_field(
            Code::BadCastlingChar,
            format!(
                "castling rights '{}' name rook files (Shredder-FEN or X-FEN, for Chess960); standard FEN writes them as K, Q, k and q (read the record as Chess960 to accept them)",
                shown(bytes)
            ),
        ));
        return None;
    }
    let errors_before = diagnostics.len();
    let mut rights = Bitboard::EMPTY;
    // Letters in the order of first appearance, to judge their order.
    let mut order = [0u8; 4];
    let mut distinct = 0;
    let mut pos = 0;
    while pos < bytes.len() {
        let byte = bytes[pos];
        let (found, len) = Found::at(bytes, pos);
        let span = Span::at(offset + pos, len);
        pos += len;
        let rook = if b"KQkq".contains(&byte) {
            Some(side_rook(byte, board, mode))
        } else if chess960 && is_file(&byte) {
            let color = Color::from_white(byte.is_ascii_uppercase());
            let file = File::new(u32::from(byte.to_ascii_lowercase() - b'a'));
            Some(Square::from_coords(file, color.backrank()))
        } else {
            None
        };
        if let Some(rook) = rook {
            if rights.contains(rook) {
                diagnostics.push(Diagnostic::new(
                    Code::CastlingRepeat,
                    Field::Castling,
                    span,
                    format!(
                        "'{}' gives the castling right of the rook on {rook} again; each right is written once",
                        byte as char
                    ),
                ));
            } else {
                rights.add(rook);
                if let Some(slot) = order.get_mut(distinct) {
                    *slot = byte;
                    distinct += 1;
                }
            }
            continue;
        }
        let letters = if chess960 {
            "K, Q, k, q or a rook's file letter (A to H for White, a to h for Black)"
        } else {
            "K (White, king side), Q (White, queen side), k and q (Black)"
        };
        let message = match byte {
            b'-' => "'-' stands alone for no castling rights; it is never combined with letters"
                .to_string(),
            _ => format!("{found} is not a castling letter; expected '-' or {letters}"),
        };
        diagnostics.push(Diagnostic::new(
            found.code_or(Code::BadCastlingChar),
            Field::Castling,
            span,
            message,
        ));
    }
    let written = &order[..distinct];
    if !chess960
        && !written
            .is_sorted_by_key(|&letter| CASTLING_LETTERS.iter().position(|&(l, _)| l == letter))
    {
        diagnostics.push(whole_field(
            Code::CastlingOrder,
            format!(
                "castling letters '{}' are out of order; write them White before Black and king side before queen side: '{}'",
                shown(bytes),
                canonical_castling(written)
            ),
        ));
    }
    (diagnostics.len() == errors_before).then_some(rights)
}

/// The standard letters among `written`, in the order `KQkq`.
pub(crate) fn canonical_castling(written: &[u8]) -> String {
    CASTLING_LETTERS
        .iter()
        .filter(|(letter, _)| written.contains(letter))
        .map(|&(letter, _)| letter as char)
        .collect()
}

/// The en passant square: `Some(None)` for `-`, `None` when malformed.
pub(super) fn en_passant(
    bytes: &[u8],
    offset: usize,
    turn: Option<Color>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Option<Square>> {
    if bytes == b"-" {
        return Some(None);
    }
    const EXPECTED: &str = "expected '-' or a square on rank 3 or 6, such as e3";
    if let Some(diagnostic) =
        unprintable(bytes, offset, Field::EnPassant, Code::BadEpSquare, EXPECTED)
    {
        diagnostics.push(diagnostic);
        return None;
    }
    let span = Span::at(offset, bytes.len());
    let square = match *bytes {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Square::from_coords(
            File::new(u32::from(file - b'a')),
            Rank::new(u32::from(rank - b'1')),
        ),
        _ => {
            let message = match *bytes {
                [file @ b'A'..=b'H', rank @ b'1'..=b'8'] => format!(
                    "en passant square '{}' has an uppercase file letter; write '{}{}'",
                    shown(bytes),
                    file.to_ascii_lowercase() as char,
                    rank as char
                ),
                _ => format!(
                    "en passant square '{}' is not a square name; {EXPECTED}",
                    shown(bytes)
                ),
            };
            diagnostics.push(Diagnostic::new(
                Code::BadEpSquare,
                Field::EnPassant,
                span,
                message,
            ));
            return None;
        }
    };
    let Some(message) = crate::en_passant::ep_rank_problem(square, turn) else {
        return Some(Some(square));
    };
    diagnostics.push(Diagnostic::new(
        Code::EpWrongRank,
        Field::EnPassant,
        span,
        message,
    ));
    None
}

/// The halfmove clock (any `u32`) or the fullmove number (a positive `u32`).
pub(super) fn number(
    bytes: &[u8],
    offset: usize,
    field: Field,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<u32> {
    plain_number(bytes, field).or_else(|| diagnose_number(bytes, offset, field, diagnostics))
}

/// The quick path of [`number`]: digits only, no leading zero, at most
/// nine of them (within `u32`), and 0 only for the halfmove clock.
#[inline]
pub(super) fn plain_number(bytes: &[u8], field: Field) -> Option<u32> {
    if let [first @ b'1'..=b'9', rest @ ..] = bytes
        && rest.len() < 9
        && rest.iter().all(u8::is_ascii_digit)
    {
        return Some(rest.iter().fold(u32::from(first - b'0'), |acc, &b| {
            acc * 10 + u32::from(b - b'0')
        }));
    }
    (bytes == b"0" && field == Field::Halfmove).then_some(0)
}

#[cold]
fn diagnose_number(
    bytes: &[u8],
    offset: usize,
    field: Field,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<u32> {
    let name = field.describe();
    let kind = match field {
        Field::Fullmove => "a positive whole number",
        _ => "a whole number from 0",
    };
    let expected = format!("the {name} is {kind}, written in digits");
    let bad = |code, span, message| Some(Diagnostic::new(code, field, span, message));
    let diagnostic = if let Some(d) = unprintable(bytes, offset, field, Code::BadNumber, &expected)
    {
        Some(d)
    } else if let Some(pos) = bytes.iter().position(|b| !b.is_ascii_digit()) {
        let (found, len) = Found::at(bytes, pos);
        let what = match bytes[pos] {
            b'+' | b'-' if pos == 0 && bytes.len() > 1 => {
                format!("has a sign; {kind} is written without one")
            }
            _ => format!("is not a number: {found} is not a digit; {expected}"),
        };
        bad(
            Code::BadNumber,
            Span::at(offset + pos, len),
            format!("the {name} '{}' {what}", shown(bytes)),
        )
    } else if bytes.len() > 1 && bytes[0] == b'0' {
        let zeros = bytes
            .iter()
            .take_while(|&&b| b == b'0')
            .count()
            .min(bytes.len() - 1);
        let trimmed = &bytes[zeros..];
        bad(
            Code::LeadingZero,
            Span::at(offset, zeros),
            format!(
                "the {name} '{}' has a leading zero; write it as '{}'",
                shown(bytes),
                shown(trimmed)
            ),
        )
    } else {
        let value = bytes.iter().try_fold(0u32, |acc, &b| {
            acc.checked_mul(10)?.checked_add(u32::from(b - b'0'))
        });
        match value {
            Some(0) if field == Field::Fullmove => bad(
                Code::FullmoveZero,
                Span::at(offset, bytes.len()),
                "the fullmove number is 0; it starts at 1 and grows by 1 after each move of Black"
                    .to_string(),
            ),
            Some(value) => return Some(value),
            None => bad(
                Code::ClockOverflow,
                Span::at(offset, bytes.len()),
                format!(
                    "the {name} {} is larger than {}, the largest fenkit stores",
                    shown(bytes),
                    u32::MAX
                ),
            ),
        }
    };
    diagnostics.extend(diagnostic);
    None
}
