//! Position keys: the four-field key that opening classification uses, its
//! 64-bit Zobrist hash (the explorer's and the ECO table's), and the 64-bit
//! Polyglot Zobrist key of opening books.

use shakmaty::{Chess, EnPassantMode, Position, zobrist::Zobrist64};

use crate::{CastlingNotation, WriteOptions, write};

/// The four-field key of a position: placement, active color, castling
/// availability and the en passant square, the last written only when a
/// legal en passant capture exists, so that transpositions meet.
///
/// ```
/// use shakmaty::{CastlingMode, Chess, FromSetup};
///
/// // After 1. e4 the en passant square e3 cannot be used: the key leaves it out.
/// let setup = fenkit::parse(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?.setup;
/// let pos = Chess::from_setup(setup, CastlingMode::Standard).expect("legal");
/// assert_eq!(fenkit::opening_key(&pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn opening_key(pos: &Chess) -> String {
    let mut out = Vec::with_capacity(80);
    write_opening_key(pos, CastlingNotation::Standard, &mut out);
    // Only ASCII bytes are ever written.
    String::from_utf8_lossy(&out).into_owned()
}

/// Appends the four-field key of [`opening_key`] to `out`, for writing
/// many, its castling rights in `notation` (`Standard` writes X-FEN for a
/// Chess960 position).
///
/// ```
/// use fenkit::CastlingNotation;
/// use shakmaty::{CastlingMode, Chess, FromSetup};
///
/// let setup = fenkit::chess960_start(0).unwrap(); // BBQNNRKR
/// let pos = Chess::from_setup(setup, CastlingMode::Chess960).expect("legal");
/// let mut key = Vec::new();
/// fenkit::write_opening_key(&pos, CastlingNotation::Shredder, &mut key);
/// assert!(key.ends_with(b" w HFhf -"));
/// ```
pub fn write_opening_key(pos: &impl Position, notation: CastlingNotation, out: &mut Vec<u8>) {
    let options = WriteOptions::default().with_castling(notation);
    write::write_position(&pos.to_setup(EnPassantMode::Legal), &options, out);
}

/// The Polyglot key of a position, as opening books in the Polyglot format
/// store it. The en passant file counts only when a pawn of the side to
/// move stands ready to capture, as the Polyglot format says.
///
/// ```
/// use shakmaty::Chess;
///
/// assert_eq!(fenkit::polyglot_key(&Chess::default()), 0x463b96181691fc9c);
/// ```
pub fn polyglot_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0
}

/// The 64-bit Zobrist key of [`opening_key`]'s four fields: the en passant
/// square counts only when a capture there is legal, so that positions
/// reached by different move orders meet (unlike [`polyglot_key`], which
/// follows the Polyglot format's looser rule).
///
/// ```
/// use shakmaty::{Chess, Position, uci::UciMove};
///
/// let play = |moves: &[&str]| {
///     let mut pos = Chess::default();
///     for uci in moves {
///         let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
///         pos.play_unchecked(m);
///     }
///     pos
/// };
/// // 1. d4 Nf6 2. c4 and 1. c4 Nf6 2. d4 reach one position.
/// let (a, b) = (play(&["d2d4", "g8f6", "c2c4"]), play(&["c2c4", "g8f6", "d2d4"]));
/// assert_eq!(fenkit::transposition_key(&a), fenkit::transposition_key(&b));
/// ```
pub fn transposition_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}
