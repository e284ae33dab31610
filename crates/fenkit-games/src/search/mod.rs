//! Finding games by what their positions show: a position reached (by
//! transposition too), a material signature, pieces where a pattern
//! wants them. A [`Query`] is asked of every position of a game's
//! mainline; the first that meets all its conditions is where the game
//! matches.

mod first;
mod pattern;
mod signature;

use std::fmt;

use shakmaty::{Bitboard, Board, Color, EnPassantMode, Position, Square};

pub use first::{FirstMatch, Found};
pub use pattern::Pattern;
pub use signature::Signature;

/// A signature or a pattern that cannot be read: where (a byte offset of
/// the text) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadQuery {
    pub at: usize,
    pub message: String,
}

impl BadQuery {
    fn at<T>(at: usize, message: impl Into<String>) -> Result<T, BadQuery> {
        Err(BadQuery {
            at,
            message: message.into(),
        })
    }
}

impl fmt::Display for BadQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BadQuery {}

/// A position as the standard's four-field key compares positions: the
/// placement, the side to move, the castling rights, and the en passant
/// square only where a legal capture exists. So a game that reaches the
/// position by another order of moves reaches it, and a double push that
/// no pawn can take makes no other position.
///
/// ```
/// use fenkit_games::search::PositionKey;
/// use shakmaty::{Chess, Position, san::San};
///
/// let play = |moves: &[&str]| {
///     let mut position = Chess::default();
///     for san in moves {
///         let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
///         position.play_unchecked(m);
///     }
///     position
/// };
/// let key = PositionKey::of(&play(&["e4", "e5", "Nf3"]));
/// assert!(key.matches(&play(&["Nf3", "e5", "e4"])));
/// assert!(!key.matches(&play(&["e4", "e5"])));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionKey {
    board: Board,
    turn: Color,
    castling: Bitboard,
    en_passant: Option<Square>,
    zobrist: u64,
}

/// The 64-bit key a search index files a position under: its Zobrist key
/// with the en passant square only where a capture is legal, so that two
/// positions [`PositionKey`] calls one share it.
///
/// ```
/// use shakmaty::Chess;
///
/// assert_eq!(fenkit_games::search::zobrist_key(&Chess::default()), 0x463b96181691fc9c);
/// ```
pub fn zobrist_key<P: Position>(position: &P) -> u64 {
    position
        .zobrist_hash::<shakmaty::zobrist::Zobrist64>(EnPassantMode::Legal)
        .0
}

impl PositionKey {
    pub fn of<P: Position>(position: &P) -> PositionKey {
        PositionKey {
            board: position.board().clone(),
            turn: position.turn(),
            castling: position.castles().castling_rights(),
            en_passant: position.ep_square(EnPassantMode::Legal),
            zobrist: zobrist_key(position),
        }
    }

    /// The position's [`zobrist_key`], by which an index finds it.
    pub fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// Whether `position` is this one. The board first: it differs in
    /// almost every position searched, and the legal en passant square
    /// costs a move generation.
    pub fn matches(&self, position: &impl Position) -> bool {
        position.board() == &self.board
            && position.turn() == self.turn
            && position.castles().castling_rights() == self.castling
            && position.ep_square(EnPassantMode::Legal) == self.en_passant
    }
}

/// What a position must show to match: the position itself, any one of
/// the material signatures, and every pattern, all at once. An empty
/// query matches every position.
///
/// ```
/// use fenkit_games::search::Query;
/// use shakmaty::{Chess, Position};
///
/// let query = Query {
///     material: vec!["KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP".parse()?],
///     patterns: vec!["8/8/8/8/8/8/8/4K3".parse()?],
///     ..Query::default()
/// };
/// assert!(query.matches(&Chess::default()));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Query {
    pub position: Option<PositionKey>,
    /// Any one of them.
    pub material: Vec<Signature>,
    /// All of them.
    pub patterns: Vec<Pattern>,
}

impl Query {
    pub fn matches(&self, position: &impl Position) -> bool {
        let board = position.board();
        (self.material.is_empty() || self.material.iter().any(|s| s.matches(board)))
            && self.patterns.iter().all(|pattern| pattern.matches(board))
            && self
                .position
                .as_ref()
                .is_none_or(|key| key.matches(position))
    }
}

/// A game's text with a comment `{fen search: ply N}` after the move that
/// reached ply `ply` (before the first move for ply 0), the blanks around
/// the game trimmed: a game found, its place shown.
///
/// ```
/// let text = b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n";
/// assert!(fenkit_games::search::marked(text, 2).ends_with(b"1. e4 e5 {fen search: ply 2} 2. Nf3 *"));
/// assert!(fenkit_games::search::marked(text, 0).ends_with(b"{fen search: ply 0} 1. e4 e5 2. Nf3 *"));
/// ```
pub fn marked(text: &[u8], ply: usize) -> Vec<u8> {
    let at = match ply {
        0 => {
            crate::pgn::GameText {
                line: 1,
                text: text.to_vec(),
            }
            .movetext_range()
            .start
        }
        ply => crate::pgn::mainline_move(text, ply).map_or(text.len(), |at| at.end),
    };
    let comment = match ply {
        0 => "{fen search: ply 0} ".to_string(),
        ply => format!(" {{fen search: ply {ply}}}"),
    };
    [&text[..at], comment.as_bytes(), &text[at..]]
        .concat()
        .trim_ascii()
        .to_vec()
}
