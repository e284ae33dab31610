//! Canonical FEN from a [`Setup`]: the one spelling the strict parser reads
//! back to the same setup.

use shakmaty::{Board, Color, Role, Setup, Square};

/// The standard castling letters in their canonical order, with the rook
/// square each stands for.
pub(crate) const CASTLING_LETTERS: [(u8, Square); 4] = [
    (b'K', Square::H1),
    (b'Q', Square::A1),
    (b'k', Square::H8),
    (b'q', Square::A8),
];

/// The standard letter for a castling right by its rook square.
pub(crate) fn castling_letter(rook: Square) -> Option<u8> {
    CASTLING_LETTERS
        .iter()
        .find(|&&(_, square)| square == rook)
        .map(|&(letter, _)| letter)
}

/// The FEN letter of every square, a8 first as FEN writes them, `b'.'` for
/// an empty square.
pub(crate) fn letters(board: &Board) -> [u8; 64] {
    let mut letters = [b'.'; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            let letter = role.of(color).char() as u8;
            for square in board.by_piece(role.of(color)) {
                // Rank 8 first: flip the rank, keep the file.
                letters[square.flip_vertical().to_usize()] = letter;
            }
        }
    }
    letters
}

/// Appends the piece placement field of `board`.
pub fn write_placement(board: &Board, out: &mut Vec<u8>) {
    let letters = letters(board);
    for (rank, row) in letters.chunks_exact(8).enumerate() {
        if rank > 0 {
            out.push(b'/');
        }
        let mut empty = 0u8;
        for &letter in row {
            if letter == b'.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push(b'0' + empty);
                empty = 0;
            }
            out.push(letter);
        }
        if empty > 0 {
            out.push(b'0' + empty);
        }
    }
}

fn write_u32(value: u32, out: &mut Vec<u8>) {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    let mut rest = value;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// Appends the canonical FEN of `setup` to `out`.
///
/// The en passant square is written whenever the setup has one, as the
/// standard says, whether or not a capture is possible. Castling rights on
/// the corners are written `KQkq`; rights of other rooks (Chess960) by
/// their file letter.
///
/// ```
/// use shakmaty::Setup;
///
/// let mut out = Vec::new();
/// fenkit::write_fen(&Setup::initial(), &mut out);
/// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
pub fn write_fen(setup: &Setup, out: &mut Vec<u8>) {
    write_placement(&setup.board, out);
    out.extend_from_slice(setup.turn.fold_wb(b" w ", b" b "));
    let rights = setup.castling_rights;
    if rights.is_empty() {
        out.push(b'-');
    }
    for (letter, rook) in CASTLING_LETTERS {
        if rights.contains(rook) {
            out.push(letter);
        }
    }
    for color in Color::ALL {
        for rook in rights & color.backrank() {
            if castling_letter(rook).is_none() {
                let file = rook.file().char() as u8;
                out.push(color.fold_wb(file.to_ascii_uppercase(), file));
            }
        }
    }
    out.push(b' ');
    match setup.ep_square {
        Some(square) => square.append_ascii_to(out),
        None => out.push(b'-'),
    }
    out.push(b' ');
    write_u32(setup.halfmoves, out);
    out.push(b' ');
    write_u32(setup.fullmoves.get(), out);
}

/// The canonical FEN of `setup`.
///
/// ```
/// let record = "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39";
/// let parsed = fenkit::parse(record.as_bytes())?;
/// assert_eq!(fenkit::to_fen(&parsed.setup), record);
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn to_fen(setup: &Setup) -> String {
    let mut out = Vec::with_capacity(90);
    write_fen(setup, &mut out);
    // Only ASCII bytes are ever written.
    String::from_utf8_lossy(&out).into_owned()
}

/// Appends the board as 8 lines of 8 characters, rank 8 first, `.` for an
/// empty square and the FEN letter for a piece, each line ending in `\n`.
///
/// ```
/// use shakmaty::Board;
///
/// let mut out = Vec::new();
/// fenkit::write_board_text(&Board::new(), &mut out);
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\n"
/// );
/// ```
pub fn write_board_text(board: &Board, out: &mut Vec<u8>) {
    let letters = letters(board);
    for row in letters.chunks_exact(8) {
        out.extend_from_slice(row);
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_in_full() {
        for value in [0, 7, 10, 39, 1000, u32::MAX] {
            let mut out = Vec::new();
            write_u32(value, &mut out);
            assert_eq!(out, value.to_string().as_bytes());
        }
    }

    #[test]
    fn non_corner_castling_rights_use_file_letters() {
        let mut setup = Setup::initial();
        setup.castling_rights = shakmaty::Bitboard::from(Square::B1) | Square::H1 | Square::G8;
        assert!(to_fen(&setup).contains(" w KBg - "), "{}", to_fen(&setup));
    }
}
