//! Material signatures: each side's pieces, as endgame tables name them.

use std::{fmt, str::FromStr};

use shakmaty::{Board, ByColor, ByRole, Color, Role};

use super::BadQuery;

/// Which pieces each side has: White's, `v`, Black's, each side its king
/// then queens, rooks, bishops, knights and pawns (`KRPvKR`: a rook and a
/// pawn against a rook), as endgame tables and pgn-extract's `-z` name
/// them. A side written with `+` at its end has at least those pieces
/// (`KQ+vK`: White has a queen and maybe more, Black a bare king).
/// Either colour is two signatures, one each way round.
///
/// ```
/// use fenkit_games::search::Signature;
/// use shakmaty::{Chess, Position, fen::Fen, CastlingMode};
///
/// let fen: Fen = "8/8/4k3/8/2R5/8/4KP2/3r4 w - - 0 1".parse()?;
/// let position: Chess = fen.into_position(CastlingMode::Standard)?;
/// let exactly: Signature = "KRPvKR".parse()?;
/// let at_least: Signature = "KR+vKR".parse()?;
/// assert!(exactly.matches(position.board()) && at_least.matches(position.board()));
/// assert!(!"KRvKR".parse::<Signature>()?.matches(position.board()));
/// assert_eq!(Signature::of(position.board()).to_string(), "KRPvKR");
/// assert_eq!("KPRvRK".parse::<Signature>()?.to_string(), "KRPvKR");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    counts: ByColor<ByRole<u8>>,
    /// The side has at least its pieces, not exactly them.
    at_least: ByColor<bool>,
}

/// The roles in the order a signature writes them.
const ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

impl Signature {
    /// The exact signature of a board.
    pub fn of(board: &Board) -> Signature {
        Signature {
            counts: board.material(),
            at_least: ByColor::new_with(|_| false),
        }
    }

    /// Whether `board` has these pieces: exactly, or at least for a side
    /// written with `+`.
    pub fn matches(&self, board: &Board) -> bool {
        self.counts_match(&board.material())
    }

    /// Whether the pieces of `exact` (a board's signature) meet these.
    ///
    /// ```
    /// use fenkit_games::search::Signature;
    ///
    /// let query: Signature = "KR+vK".parse()?;
    /// assert!(query.covers(&"KRRvK".parse()?) && !query.covers(&"KQvK".parse()?));
    /// # Ok::<_, fenkit_games::search::BadQuery>(())
    /// ```
    pub fn covers(&self, exact: &Signature) -> bool {
        self.counts_match(&exact.counts)
    }

    fn counts_match(&self, material: &ByColor<ByRole<u8>>) -> bool {
        Color::ALL.iter().all(|&color| {
            let (want, have) = (self.counts[color], material[color]);
            match self.at_least[color] {
                true => ORDER.iter().all(|&role| have[role] >= want[role]),
                false => have == want,
            }
        })
    }

    /// The counts of an exact signature in 52 bits, for an index to
    /// store: per side, pawns in 6 bits (a horde has 36), the other
    /// pieces in 4.
    ///
    /// ```
    /// use fenkit_games::search::Signature;
    ///
    /// let signature: Signature = "KQRRBBNNPPPPPPPPvKRP".parse()?;
    /// assert_eq!(Signature::from_bits(signature.to_bits()), Some(signature));
    /// # Ok::<_, fenkit_games::search::BadQuery>(())
    /// ```
    pub fn to_bits(&self) -> u64 {
        let mut bits = 0u64;
        for color in Color::ALL {
            for role in ORDER {
                let width = if role == Role::Pawn { 6 } else { 4 };
                let most = (1u8 << width) - 1;
                bits = bits << width | u64::from(self.counts[color][role].min(most));
            }
        }
        bits
    }

    /// The exact signature [`Signature::to_bits`] stored; `None` for bits
    /// that are no signature's.
    pub fn from_bits(mut bits: u64) -> Option<Signature> {
        let mut counts = ByColor::<ByRole<u8>>::default();
        for color in [Color::Black, Color::White] {
            for role in ORDER.iter().rev() {
                let width = if *role == Role::Pawn { 6 } else { 4 };
                counts[color][*role] = (bits & ((1 << width) - 1)) as u8;
                bits >>= width;
            }
        }
        (bits == 0).then_some(Signature {
            counts,
            at_least: ByColor::new_with(|_| false),
        })
    }
}

impl FromStr for Signature {
    type Err = BadQuery;

    fn from_str(text: &str) -> Result<Signature, BadQuery> {
        let Some((white, black)) = text.split_once('v') else {
            return BadQuery::at(
                0,
                "a signature is White's pieces, 'v', Black's pieces: KRPvKR",
            );
        };
        let mut counts = ByColor::<ByRole<u8>>::default();
        let mut at_least = ByColor::new_with(|_| false);
        let sides = [
            (Color::White, white, 0),
            (Color::Black, black, white.len() + 1),
        ];
        for (color, side, start) in sides {
            let (pieces, more) = match side.strip_suffix('+') {
                Some(pieces) => (pieces, true),
                None => (side, false),
            };
            at_least[color] = more;
            for (offset, letter) in pieces.char_indices() {
                let role = match letter {
                    'K' | 'k' => Role::King,
                    'Q' | 'q' => Role::Queen,
                    'R' | 'r' => Role::Rook,
                    'B' | 'b' => Role::Bishop,
                    'N' | 'n' => Role::Knight,
                    'P' | 'p' => Role::Pawn,
                    other => {
                        return BadQuery::at(
                            start + offset,
                            format!("'{other}' is no piece: a side is K, then Q R B N P"),
                        );
                    }
                };
                counts[color][role] += 1;
                if counts[color][role] > 10 {
                    return BadQuery::at(start + offset, "no side has more than 10 of a piece");
                }
            }
            let side = if color.is_white() {
                "White's"
            } else {
                "Black's"
            };
            match counts[color].king {
                0 => {
                    return BadQuery::at(
                        start,
                        format!("{side} side has no king: each side is K, then Q R B N P"),
                    );
                }
                1 => {}
                kings => {
                    return BadQuery::at(
                        start,
                        format!("{side} side has {kings} kings; each side has one"),
                    );
                }
            }
        }
        Ok(Signature { counts, at_least })
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            if color.is_black() {
                f.write_str("v")?;
            }
            for role in ORDER {
                for _ in 0..self.counts[color][role] {
                    write!(f, "{}", role.upper_char())?;
                }
            }
            if self.at_least[color] {
                f.write_str("+")?;
            }
        }
        Ok(())
    }
}
