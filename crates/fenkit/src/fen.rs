//! A FEN record as a value: read strictly from text, written canonically.

use core::{fmt, str::FromStr};

use shakmaty::{CastlingMode, EnPassantMode, FromSetup, Position, PositionError, Setup};

use crate::{ParseError, ReadOptions};

/// A FEN record: the six fields of a position, as a value.
///
/// Read with [`FromStr`] exactly as the standard writes a record (every
/// problem found comes back in the [`ParseError`]), written by
/// [`Display`](fmt::Display) canonically, the one way fenkit writes a FEN
/// into a string ([`write_fen`](crate::write_fen) appends the same bytes to
/// a buffer, for writing many). The model is shakmaty's `Fen`; this one
/// reads strictly and says why it refuses.
///
/// ```
/// use fenkit::Fen;
/// use shakmaty::{CastlingMode, Chess, Position, san::San};
///
/// let fen: Fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
/// let mut position: Chess = fen.into_position(CastlingMode::Standard)?;
/// let push = "e4".parse::<San>()?.to_move(&position)?;
/// position.play_unchecked(push);
/// // The standard's en passant square after every double push.
/// assert_eq!(
///     Fen::from_position(&position).to_string(),
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
/// );
///
/// let err = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQqk - 0 1".parse::<Fen>().unwrap_err();
/// assert_eq!(err.diagnostics()[0].code.as_str(), "castling-order");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen(Setup);

impl Fen {
    /// The record of `setup`, as it stands.
    pub const fn from_setup(setup: Setup) -> Fen {
        Fen(setup)
    }

    /// The record of a position, with the en passant square after every
    /// double pawn push, as the standard says (not only when a capture is
    /// legal).
    pub fn from_position(position: &impl Position) -> Fen {
        Fen(position.to_setup(EnPassantMode::Always))
    }

    /// Reads a record from bytes, as [`FromStr`] does from text.
    pub fn from_ascii(record: &[u8]) -> Result<Fen, ParseError> {
        // Strict reading of six fields: the default options.
        ReadOptions::default()
            .parse(record)
            .map(|parsed| Fen(parsed.setup))
    }

    pub const fn as_setup(&self) -> &Setup {
        &self.0
    }

    pub fn into_setup(self) -> Setup {
        self.0
    }

    /// The position, when the rules of chess allow it (shakmaty's verdict;
    /// [`check`](crate::check) says in words why one is refused).
    pub fn into_position<P: FromSetup + Position>(
        self,
        mode: CastlingMode,
    ) -> Result<P, PositionError<P>> {
        P::from_setup(self.0, mode)
    }
}

impl FromStr for Fen {
    type Err = ParseError;

    fn from_str(record: &str) -> Result<Fen, ParseError> {
        Fen::from_ascii(record.as_bytes())
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::WriteOptions::default().fen(&self.0))
    }
}

impl From<Setup> for Fen {
    fn from(setup: Setup) -> Fen {
        Fen(setup)
    }
}

impl From<Fen> for Setup {
    fn from(fen: Fen) -> Setup {
        fen.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_and_writes_back_and_epd_is_no_fen() {
        let record = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 40";
        let fen: Fen = record.parse().unwrap();
        assert_eq!(fen.to_string(), record);
        assert_eq!(Fen::from(fen.clone().into_setup()), fen);
        // Four fields and an operation are EPD, not a FEN record.
        assert!(
            "r3k2r/8/8/8/8/8/8/R3K2R b Kq - bm Kg1;"
                .parse::<Fen>()
                .is_err()
        );
        assert_eq!(
            Fen::from_setup(Setup::initial()).to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }
}
