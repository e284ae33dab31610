//! Canonical FEN from a [`Setup`]: the one spelling the strict parser reads
//! back to the same setup.

use shakmaty::{
    Bitboard, Board, CastlingMode, Color, EnPassantMode, Position, Role, Setup, Square, attacks,
};

use crate::{Operation, WriteOptions, castling, epd::write_operations, variants};

/// The 64 squares of `board` as letters, rank 8 first and files a to h,
/// `.` for an empty square: the board of the classic exercise without its
/// line breaks, as one fixed-size value that a column can hold.
///
/// ```
/// let letters = fenkit::board_letters(&shakmaty::Board::new());
/// assert_eq!(&letters[..16], b"rnbqkbnrpppppppp");
/// assert_eq!(letters[16..48], [b'.'; 32]);
/// ```
pub fn board_letters(board: &Board) -> [u8; 64] {
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

/// Appends the first field of `setup`: its placement, and a variant's
/// pocket after it (none in a standard setup).
fn write_placement_field(setup: &Setup, out: &mut Vec<u8>) {
    write_placement(&setup.board, setup.promoted, out);
    if let Some(pockets) = &setup.pockets {
        variants::write_pockets(pockets, out);
    }
}

/// Appends the piece placement field of `board`, with `~` after each
/// piece on `promoted` (Crazyhouse's promoted pieces; none in standard
/// chess).
pub(crate) fn write_placement(board: &Board, promoted: Bitboard, out: &mut Vec<u8>) {
    let letters = board_letters(board);
    // Rank 8 first, as the letters: bits 0 to 7 are a8 to h8.
    let occupied = board.occupied().flip_vertical().0;
    // Measured: a branch on each square's emptiness was mispredicted so
    // often that it took a third of `fen pgn`'s time. Here only occupied
    // squares are visited, and a run's digit is always stored and kept
    // only when the run is not empty (no branch); the field is built on
    // the stack and appended at once. At most 8 letters and 8 `~` a rank,
    // 7 slashes, and the one byte a digit not kept may take.
    let mut field = [0u8; 8 * 16 + 7 + 1];
    let mut len = 0;
    for row in 0..8 {
        if row > 0 {
            field[len] = b'/';
            len += 1;
        }
        let mut rank = (occupied >> (row * 8)) as u8;
        let mut next_file = 0;
        while rank != 0 {
            let file = rank.trailing_zeros() as usize;
            let run = file - next_file;
            field[len] = b'0' + run as u8;
            len += usize::from(run != 0);
            field[len] = letters[row * 8 + file];
            len += 1;
            // Row 0 is rank 8.
            if promoted.any() && promoted.contains(Square::new(((7 - row) * 8 + file) as u32)) {
                field[len] = b'~';
                len += 1;
            }
            next_file = file + 1;
            rank &= rank - 1;
        }
        let run = 8 - next_file;
        field[len] = b'0' + run as u8;
        len += usize::from(run != 0);
    }
    out.extend_from_slice(&field[..len]);
}

/// Appends `value` in decimal: the counters of FEN and EPD, and the
/// numbers of the JSON lines.
pub(crate) fn write_decimal(value: u64, out: &mut Vec<u8>) {
    let mut digits = [0u8; 20];
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
    write_position(setup, &WriteOptions::default(), out);
    write_clocks(setup, out);
}

impl WriteOptions {
    /// Whether the en passant square of `setup` is written by the fallback
    /// rule of the `Legal` policy: a pawn could capture, but the position
    /// cannot be played from, so whether the capture is legal is not
    /// known.
    ///
    /// ```
    /// use fenkit::WriteOptions;
    /// use shakmaty::EnPassantMode;
    ///
    /// // No black king: the b5 pawn's capture on a6 cannot be judged.
    /// let setup = fenkit::parse(b"1r6/8/8/pP6/8/8/8/1K6 w - a6 0 1")?.setup;
    /// let legal = WriteOptions::default().with_ep(EnPassantMode::Legal);
    /// assert!(legal.ep_undecided(&setup));
    /// assert_eq!(legal.fen(&setup), "1r6/8/8/pP6/8/8/8/1K6 w - a6 0 1");
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn ep_undecided(&self, setup: &Setup) -> bool {
        self.ep == EnPassantMode::Legal
            && ep_square(setup, EnPassantMode::PseudoLegal).is_some()
            && crate::legality::playable(setup, CastlingMode::Chess960).is_none()
    }

    /// Appends the FEN of `setup` in the castling notation and en passant
    /// policy of these options: the writing side of
    /// [`ReadOptions::parse`](crate::ReadOptions::parse).
    ///
    /// ```
    /// use fenkit::WriteOptions;
    /// use shakmaty::EnPassantMode;
    ///
    /// // After 1. e4 no black pawn can take on e3.
    /// let setup = fenkit::parse(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?.setup;
    /// let legal = WriteOptions::default().with_ep(EnPassantMode::Legal);
    /// let mut out = Vec::new();
    /// legal.write_fen(&setup, &mut out);
    /// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert_eq!(legal.fen(&setup).as_bytes(), out);
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn write_fen(&self, setup: &Setup, out: &mut Vec<u8>) {
        write_position(setup, self, out);
        write_clocks(setup, out);
    }

    /// The FEN of `setup` as a new string.
    pub fn fen(&self, setup: &Setup) -> String {
        let mut out = Vec::with_capacity(90);
        self.write_fen(setup, &mut out);
        // The writer writes ASCII only.
        String::from_utf8(out).expect("ASCII")
    }

    /// The piece placement field of `setup` as [`WriteOptions::write_fen`]
    /// writes it (a variant's pocket and promoted pieces included), for a
    /// front end that shows the fields apart.
    ///
    /// ```
    /// let setup = fenkit::parse(b"4k3/8/8/8/8/8/8/4K2R b K - 0 1")?.setup;
    /// let options = fenkit::WriteOptions::default();
    /// assert_eq!(options.placement(&setup), "4k3/8/8/8/8/8/8/4K2R");
    /// assert_eq!(options.castling(&setup), "K");
    /// assert_eq!(options.ep_square(&setup), None);
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn placement(&self, setup: &Setup) -> String {
        let mut out = Vec::with_capacity(72);
        write_placement_field(setup, &mut out);
        String::from_utf8(out).expect("ASCII")
    }

    /// The castling field of `setup` in these options' notation (`-`
    /// for no right).
    pub fn castling(&self, setup: &Setup) -> String {
        let mut out = Vec::with_capacity(4);
        castling::write_castling(setup, self.castling, &mut out);
        String::from_utf8(out).expect("ASCII")
    }

    /// The en passant square written for `setup` under these options'
    /// policy.
    pub fn ep_square(&self, setup: &Setup) -> Option<shakmaty::Square> {
        ep_square(setup, self.ep)
    }

    /// Appends the EPD of `setup`: the four position fields, then
    /// `operations`, each ended by `;`.
    ///
    /// ```
    /// use fenkit::{Operation, WriteOptions};
    /// use shakmaty::Setup;
    ///
    /// let mut out = Vec::new();
    /// let operations = [Operation::token("bm", "e4"), Operation::token("hmvc", "0")];
    /// WriteOptions::default().write_epd(&Setup::initial(), &operations, &mut out);
    /// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; hmvc 0;");
    /// ```
    pub fn write_epd(&self, setup: &Setup, operations: &[Operation], out: &mut Vec<u8>) {
        write_position(setup, self, out);
        write_operations(operations, out);
    }
}

/// The four position fields: placement, side, castling, en passant.
pub(crate) fn write_position(setup: &Setup, options: &WriteOptions, out: &mut Vec<u8>) {
    write_placement_field(setup, out);
    out.extend_from_slice(setup.turn.fold_wb(b" w ", b" b "));
    castling::write_castling(setup, options.castling, out);
    out.push(b' ');
    match ep_square(setup, options.ep) {
        Some(square) => square.append_ascii_to(out),
        None => out.push(b'-'),
    }
    if let Some(checks) = &setup.remaining_checks {
        write_remaining_checks(checks, out);
    }
}

fn write_clocks(setup: &Setup, out: &mut Vec<u8>) {
    out.push(b' ');
    write_decimal(u64::from(setup.halfmoves), out);
    out.push(b' ');
    write_decimal(u64::from(setup.fullmoves.get()), out);
}

/// The en passant square to write under `mode`.
///
/// `Legal` asks whether a legal capture exists, which only a position that
/// can be played from answers. On one that cannot (a side without its
/// king, say), the rule is to keep the square when a pawn could capture,
/// as `PseudoLegal` does; [`WriteOptions::ep_undecided`] tells a caller
/// when that happened, so that it can warn.
fn ep_square(setup: &Setup, mode: EnPassantMode) -> Option<Square> {
    let ep = setup.ep_square?;
    let (turn, board) = (setup.turn, &setup.board);
    // A guard, so that the default policy looks at no pawn.
    let pawn_ready =
        || (attacks::pawn_attacks(!turn, ep) & board.pawns() & board.by_color(turn)).any();
    match mode {
        EnPassantMode::Always => Some(ep),
        _ if !pawn_ready() => None,
        EnPassantMode::PseudoLegal => Some(ep),
        EnPassantMode::Legal => match crate::legality::playable(setup, CastlingMode::Chess960) {
            Some(pos) => pos.ep_square(EnPassantMode::Legal),
            // No legal position to judge by: keep what a pawn could take.
            None => Some(ep),
        },
    }
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
    write_board_lines(&board_letters(board), out);
}

/// Appends the 64 `letters` of a board (as [`board_letters`] gives them)
/// as 8 lines of 8 characters, each ending in `\n`.
///
/// ```
/// let read = fenkit::ReadOptions::default();
/// let mut letters = [0; 64];
/// read.parse_with_letters(b"8/8/8/8/8/8/8/K6k w - - 0 1", &mut letters)?;
/// let mut out = Vec::new();
/// fenkit::write_board_lines(&letters, &mut out);
/// assert!(out.ends_with(b"........\nK......k\n"));
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn write_board_lines(letters: &[u8; 64], out: &mut Vec<u8>) {
    // Built whole and appended once: eight small appends cost more than
    // the letters.
    let mut text = [b'\n'; 72];
    for (line, row) in text.chunks_exact_mut(9).zip(letters.chunks_exact(8)) {
        line[..8].copy_from_slice(row);
    }
    out.extend_from_slice(&text);
}

/// Side to move, castling rights and en passant square in words, as a
/// diagram's caption and an editor's hover say them: `White to move ·
/// castling KQkq · en passant e3`.
///
/// ```
/// let setup = fenkit::parse(b"4k3/8/8/8/8/8/8/4K2R b K - 0 1")?.setup;
/// assert_eq!(fenkit::fields_in_words(&setup), "Black to move · castling K");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn fields_in_words(setup: &Setup) -> String {
    let options = WriteOptions::default();
    let mut words = format!("{} to move", setup.turn.fold_wb("White", "Black"));
    match options.castling(setup) {
        rights if rights == "-" => words.push_str(" · no castling"),
        rights => {
            words.push_str(" · castling ");
            words.push_str(&rights);
        }
    }
    if let Some(square) = options.ep_square(setup) {
        words.push_str(" · en passant ");
        words.push_str(&square.to_string());
    }
    words
}

/// A record written canonically: EPD with `operations` when it was read
/// as EPD, FEN otherwise (`Parsed::to_record_text`,
/// `Checked::to_record_text`).
pub(crate) fn record_text(setup: &Setup, operations: &[Operation], is_epd: bool) -> String {
    if !is_epd {
        return WriteOptions::default().fen(setup);
    }
    let mut out = Vec::new();
    WriteOptions::default().write_epd(setup, operations, &mut out);
    // Only ASCII and the operations' own UTF-8 text are written.
    String::from_utf8_lossy(&out).into_owned()
}

/// Appends ` W+B`, the checks each side has still to give in Three-check.
fn write_remaining_checks(
    checks: &shakmaty::ByColor<shakmaty::RemainingChecks>,
    out: &mut Vec<u8>,
) {
    out.push(b' ');
    write_decimal(u64::from(u32::from(checks.white)), out);
    out.push(b'+');
    write_decimal(u64::from(u32::from(checks.black)), out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_in_full() {
        for value in [0, 7, 10, 39, 1000, u32::MAX] {
            let mut out = Vec::new();
            write_decimal(u64::from(value), &mut out);
            assert_eq!(out, value.to_string().as_bytes());
        }
    }

    #[test]
    fn non_corner_castling_rights_use_file_letters() {
        let mut setup = Setup::initial();
        setup.castling_rights = shakmaty::Bitboard::from(Square::B1) | Square::H1 | Square::G8;
        let fen = crate::Fen::from(setup).to_string();
        assert!(fen.contains(" w KBg - "), "{fen}");
    }
}
