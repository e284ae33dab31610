//! A game's first plies gathered as it is played: each move of the first
//! `max_ply` plies with the key of the position it was played in. A
//! Polyglot book counts them by Polyglot key and mover, the explorer by
//! transposition key; the gathering is one.

use shakmaty::{Chess, Color, FromSetup, Move, Position};

/// The moves of one game's first plies, each with the key of the position
/// it was played in, its move in Polyglot's encoding
/// ([`encode_move`](crate::book::encode_move)).
///
/// ```
/// use fenkit_books::FirstPlies;
/// use shakmaty::{Chess, Position, uci::UciMove};
///
/// let mut moves = FirstPlies::new(1, fenkit::transposition_key);
/// let mut position = Chess::default();
/// moves.ply(0, None, &position);
/// for uci in ["e2e4", "e7e5"] {
///     let m = uci.parse::<UciMove>()?.to_move(&position)?;
///     position.play_unchecked(m);
///     moves.ply(1, Some(m), &position);
/// }
/// assert_eq!(moves.moves().len(), 1); // the first ply only
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct FirstPlies<K> {
    max_ply: usize,
    key: fn(&Chess) -> K,
    moves: Vec<(K, u16)>,
    /// The key of the position the next move is played in, while counted.
    before: Option<K>,
}

/// A book's key of a position: its Polyglot key and the side to move,
/// whose result weighs the move.
pub fn book_key(position: &Chess) -> (u64, Color) {
    (fenkit::polyglot_key(position), position.turn())
}

/// The book key of `position` with its colours swapped and its board
/// flipped ([`mirrored`]): what a colour-inverted book (`fen book make
/// --mirror`) counts a move under, with the move mirrored too
/// ([`mirror_move`](crate::book::mirror_move)).
///
/// ```
/// use shakmaty::{Chess, Color};
///
/// // The start mirrored is the start with Black to move.
/// let (key, turn) = fenkit_books::mirrored_book_key(&Chess::default());
/// assert_eq!(turn, Color::Black);
/// assert_ne!(key, fenkit::polyglot_key(&Chess::default()));
/// ```
pub fn mirrored_book_key(position: &Chess) -> (u64, Color) {
    book_key(&mirrored(position))
}

/// `position` with its colours swapped and its board flipped, as
/// python-chess's `Board.mirror()`: a legal position stays legal.
pub fn mirrored(position: &Chess) -> Chess {
    let setup = position
        .to_setup(shakmaty::EnPassantMode::Always)
        .into_mirrored();
    shakmaty::Chess::from_setup(setup, shakmaty::CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
        .unwrap_or_else(|_| unreachable!("the mirror of a legal position is legal"))
}

impl<K: Copy> FirstPlies<K> {
    pub fn new(max_ply: usize, key: fn(&Chess) -> K) -> FirstPlies<K> {
        FirstPlies {
            max_ply,
            key,
            moves: Vec::new(),
            before: None,
        }
    }

    /// Ply `ply` of the game: `position`, reached by `played` (none at
    /// ply 0, which starts a game afresh).
    pub fn ply(&mut self, ply: usize, played: Option<Move>, position: &Chess) {
        if ply == 0 {
            self.clear();
        }
        if let (Some(played), Some(before)) = (played, self.before.take()) {
            self.moves.push((before, crate::book::encode_move(played)));
        }
        if ply < self.max_ply {
            self.before = Some((self.key)(position));
        }
    }

    /// The moves gathered so far.
    pub fn moves(&self) -> &[(K, u16)] {
        &self.moves
    }

    /// The moves gathered; the next game starts afresh.
    pub fn take(&mut self) -> Vec<(K, u16)> {
        self.before = None;
        std::mem::take(&mut self.moves)
    }

    /// Forgets the game: the next starts afresh.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.before = None;
    }
}
