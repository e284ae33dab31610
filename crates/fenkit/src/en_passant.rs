//! The en passant square's one rule: it is the square the last double
//! pawn push passed over, so it stands on the sixth rank from the side to
//! move (rank 6 with White to move, rank 3 with Black to move). The
//! parser, the rules of chess, the quick paths and the service's board
//! editor all ask here; it sits below both parsing and legality.

use shakmaty::{Color, Rank, Square};

use crate::words::{color_adjective, side_name};

/// The rank an en passant square stands on with `turn` to move.
///
/// ```
/// use shakmaty::{Color, Rank};
///
/// assert_eq!(fenkit::ep_rank(Color::White), Rank::Sixth);
/// assert_eq!(fenkit::ep_rank(Color::Black), Rank::Third);
/// ```
pub fn ep_rank(turn: Color) -> Rank {
    turn.relative_rank(Rank::Sixth)
}

/// The squares an en passant square may stand on with `turn` to move, a
/// to h.
///
/// ```
/// use shakmaty::{Color, Square};
///
/// assert_eq!(fenkit::ep_squares(Color::Black).next(), Some(Square::A3));
/// ```
pub fn ep_squares(turn: Color) -> impl Iterator<Item = Square> {
    shakmaty::File::ALL
        .into_iter()
        .map(move |file| Square::from_coords(file, ep_rank(turn)))
}

/// What is wrong with en passant square `square` by its rank alone, with
/// `turn` to move (or either side, when the side is not known): the square
/// is the one the last double push passed over, so it is on rank 6 with
/// White to move and on rank 3 with Black to move.
pub(crate) fn ep_rank_problem(square: Square, turn: Option<Color>) -> Option<String> {
    let rank = square.rank();
    Some(match turn {
        Some(turn) if rank == ep_rank(turn) => return None,
        None if matches!(rank, Rank::Third | Rank::Sixth) => return None,
        Some(turn) if rank == turn.relative_rank(Rank::Third) => format!(
            "en passant square {square} is on rank {}, but {} is to move: after a {} double pawn push the square is on rank {}",
            rank.char(),
            side_name(turn),
            color_adjective(!turn),
            ep_rank(turn).char()
        ),
        Some(turn) => format!(
            "en passant square {square} is on rank {}; with {} to move it is on rank {}, the square the {} pawn passed over",
            rank.char(),
            side_name(turn),
            ep_rank(turn).char(),
            color_adjective(!turn)
        ),
        None => format!(
            "en passant square {square} is on rank {}; it is on rank 6 with White to move and on rank 3 with Black to move",
            rank.char()
        ),
    })
}
