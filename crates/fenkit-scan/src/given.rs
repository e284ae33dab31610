//! What the caller knows that a picture cannot show, and the words every
//! front end reads it from (the command's flags, the service's
//! parameters, Python's keywords), with one message each for words that
//! are none.

use shakmaty::{Bitboard, Color, Rank, Square};

/// What the caller knows that a picture cannot show; `None` where the
/// scanner is to find or assume it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// The side to move.
    pub side: Option<Color>,
    /// The castling rights, as the rooks that may castle.
    pub castling: Option<Bitboard>,
    /// The en passant square (`Some(None)`: none).
    pub en_passant: Option<Option<Square>>,
    /// The side shown at the bottom of the picture.
    pub bottom: Option<Color>,
}

impl Given {
    /// Castling rights from standard letters (`KQkq`, any subset in that
    /// order, or `-`), as the rooks that may castle.
    ///
    /// ```
    /// use shakmaty::Square;
    /// let rooks = fenkit_scan::Given::castling_from_letters("Kq").unwrap();
    /// assert_eq!(rooks.into_iter().collect::<Vec<_>>(), [Square::H1, Square::A8]);
    /// assert!(fenkit_scan::Given::castling_from_letters("qK").is_none());
    /// ```
    pub fn castling_from_letters(letters: &str) -> Option<Bitboard> {
        if letters == "-" {
            return Some(Bitboard::EMPTY);
        }
        let mut rooks = Bitboard::EMPTY;
        let mut rest = letters;
        for (letter, rook) in [
            ('K', Square::H1),
            ('Q', Square::A1),
            ('k', Square::H8),
            ('q', Square::A8),
        ] {
            if let Some(after) = rest.strip_prefix(letter) {
                rooks.add(rook);
                rest = after;
            }
        }
        (rest.is_empty() && !letters.is_empty()).then_some(rooks)
    }

    /// The side to move from `w` or `b` (or `white`, `black`); the
    /// message every front end gives otherwise.
    pub fn side_from_word(word: &str) -> Result<Color, String> {
        match word {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err("the side to move is w or b".into()),
        }
    }

    /// Castling rights from letters, with the message every front end
    /// gives for letters that are none.
    pub fn castling_from_word(word: &str) -> Result<Bitboard, String> {
        Given::castling_from_letters(word)
            .ok_or_else(|| "castling rights are any of K, Q, k, q in that order, or -".into())
    }

    /// An en passant square (on the third or sixth rank) or `-` for none.
    pub fn en_passant_from_word(word: &str) -> Result<Option<Square>, String> {
        if word == "-" {
            return Ok(None);
        }
        match word.parse::<Square>() {
            Ok(square) if matches!(square.rank(), Rank::Third | Rank::Sixth) => Ok(Some(square)),
            _ => Err("the en passant square is on the third or sixth rank (e3, e6), or -".into()),
        }
    }

    /// The side at the bottom: `auto` (found from the pieces), `white`
    /// or `black`.
    pub fn bottom_from_word(word: &str) -> Result<Option<Color>, String> {
        match word {
            "auto" => Ok(None),
            "white" => Ok(Some(Color::White)),
            "black" => Ok(Some(Color::Black)),
            _ => Err("the orientation is auto, white or black".into()),
        }
    }
}
