//! How records are read and written: the dialect of castling letters, the
//! record format, lenient repair, which rules count, and which en passant
//! square to write.

use shakmaty::{CastlingMode, EnPassantMode};

/// The shape of a record.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Six fields.
    #[default]
    Fen,
    /// Four position fields, then operations ended by `;`.
    Epd,
    /// EPD when the record holds a `;`, else FEN.
    Auto,
}

/// Which rules make a record invalid.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strictness {
    /// The rules of chess only; what is merely implausible is a warning.
    #[default]
    Rules,
    /// Also what no game from the standard start reaches, such as a
    /// halfmove clock larger than the plies played.
    Plausible,
}

/// How records are read.
///
/// ```
/// use fenkit::ReadOptions;
/// use shakmaty::CastlingMode;
///
/// // Shredder-FEN castling rights, read as Chess960.
/// let chess960 = ReadOptions { castling: CastlingMode::Chess960, ..ReadOptions::default() };
/// let record = b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// assert!(chess960.check(record).is_valid());
/// assert!(!fenkit::check(record).is_valid());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    /// `Standard`: castling letters are `KQkq`, for rooks on the corners.
    /// `Chess960`: X-FEN (`KQkq` for the outermost rooks, file letters for
    /// inner ones) and Shredder-FEN (file letters only) as well.
    pub castling: CastlingMode,
    pub format: Format,
    /// Repair what people paste (missing counters, look-alike dashes,
    /// quotes, odd separators…), each repair reported as a warning.
    pub lenient: bool,
    pub strictness: Strictness,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            castling: CastlingMode::Standard,
            format: Format::Fen,
            lenient: false,
            strictness: Strictness::Rules,
        }
    }
}

/// How castling rights are written.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// `KQkq` for rooks on the corners; a right of any other rook (Chess960)
    /// by its file letter, as X-FEN does.
    #[default]
    Standard,
    /// `KQkq` for the outermost rook on each wing, file letters for inner
    /// rooks.
    XFen,
    /// File letters only, such as `HAha`.
    Shredder,
}

/// How records are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    pub castling: CastlingNotation,
    /// Which en passant square to write: `Always` (the standard: whenever
    /// the last move was a double push), `PseudoLegal` (only when a pawn
    /// stands ready to capture), `Legal` (only when a legal capture exists).
    pub ep: EnPassantMode,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            castling: CastlingNotation::Standard,
            ep: EnPassantMode::Always,
        }
    }
}
