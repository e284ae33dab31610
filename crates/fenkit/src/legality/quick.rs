//! The quick answer for the usual position. Nearly every record a user
//! checks is legal, and proving that takes a few dozen bit operations: one
//! king a side, no pawn on a back rank, no check the side that just moved
//! left standing. The rules' full reasoning, which names squares and
//! builds messages, runs only when a test here cannot say yes.
//!
//! Each test is a sufficient condition for one group of rules in
//! [`super::rules_of_play`] or the history rules to find nothing; "no"
//! means "look closer", never "illegal". The property tests hold both
//! answers to the full rules on positions near the edge of legality.

use shakmaty::{Bitboard, Board, CastlingMode, Color, File, Setup, Square};

use super::{
    history::{away_from_home, bishop_homes, fewest_captures, plies_played, stacked},
    piece_counts, promotions, valid_ep,
};

/// Whether `setup` surely breaks no rule of play: what
/// [`super::unplayable`] would find is nothing. For a position from a game,
/// nearly always yes; a "no" only means the full rules must decide.
///
/// ```
/// use shakmaty::CastlingMode::Standard;
///
/// let start = fenkit::parse(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?.setup;
/// assert!(fenkit::legality::surely_playable(&start, Standard));
/// // Black's king in check with White to move: the full rules decide (and refuse).
/// let check = fenkit::parse(b"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")?.setup;
/// assert!(!fenkit::legality::surely_playable(&check, Standard));
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn surely_playable(setup: &Setup, mode: CastlingMode) -> bool {
    let board = &setup.board;
    let (Some(white_king), Some(black_king)) = (
        (board.kings() & board.white()).single_square(),
        (board.kings() & board.black()).single_square(),
    ) else {
        return false;
    };
    (board.pawns() & Bitboard::BACKRANKS).is_empty()
        && Color::ALL
            .into_iter()
            .all(|color| material_fits(board, color))
        && checks_fit(setup, [white_king, black_king])
        && castling_fits(setup, mode, [white_king, black_king])
        && setup
            .ep_square
            .is_none_or(|_| setup.halfmoves == 0 && valid_ep(setup).is_some())
}

/// Whether `setup` surely breaks no rule at all: [`crate::violations`]
/// would find nothing, not even a warning about the game's history.
///
/// ```
/// use shakmaty::CastlingMode::Standard;
///
/// let ruy_lopez = fenkit::parse(b"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")?.setup;
/// assert!(fenkit::legality::surely_valid(&ruy_lopez, Standard));
/// // Legal, but a clock of 30 plies at move 3 is implausible: the full rules say so.
/// let clock = fenkit::parse(b"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 30 3")?.setup;
/// assert!(!fenkit::legality::surely_valid(&clock, Standard));
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn surely_valid(setup: &Setup, mode: CastlingMode) -> bool {
    let board = &setup.board;
    surely_playable(setup, mode)
        && u64::from(setup.halfmoves) <= plies_played(setup)
        && Color::ALL.into_iter().all(|color| {
            // Bishops count only in standard chess.
            captures_fit(board, color)
                && (mode == CastlingMode::Chess960 || !bishop_away(board, color))
        })
}

/// At most 16 pieces and 8 pawns, and no more pieces beyond a side's start
/// than its missing pawns can have become.
fn material_fits(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    let pawns = (board.pawns() & ours).count();
    // No piece beyond the start's (tested without counting: a count is a
    // dozen instructions on a processor without POPCNT): then 8 pieces
    // besides the pawns, and nothing promoted.
    let at_most_one = |b: Bitboard| !b.more_than_one();
    let at_most_two = |b: Bitboard| !Bitboard(b.0 & b.0.wrapping_sub(1)).more_than_one();
    let bishops = board.bishops() & ours;
    if at_most_one(board.queens() & ours)
        && at_most_two(board.rooks() & ours)
        && at_most_two(board.knights() & ours)
        && at_most_one(bishops & Bitboard::LIGHT_SQUARES)
        && at_most_one(bishops & Bitboard::DARK_SQUARES)
    {
        return pawns <= 8;
    }
    ours.count() <= 16 && pawns + promotions(&piece_counts(board, color)) <= 8
}

/// Neither king in check, or the side to move in check from one piece
/// with no en passant square to explain: what the check rules accept
/// without a second look.
fn checks_fit(setup: &Setup, [white_king, black_king]: [Square; 2]) -> bool {
    let board = &setup.board;
    let turn = setup.turn;
    let (ours, theirs) = match turn {
        Color::White => (white_king, black_king),
        Color::Black => (black_king, white_king),
    };
    let occupied = board.occupied();
    if board.attacks_to(theirs, turn, occupied).any() {
        return false;
    }
    let checkers = board.attacks_to(ours, !turn, occupied);
    checkers.is_empty() || (!checkers.more_than_one() && setup.ep_square.is_none())
}

/// No castling rights, or (in standard chess) each right's rook on its
/// corner and its king on the e-file square of the same rank.
fn castling_fits(setup: &Setup, mode: CastlingMode, kings: [Square; 2]) -> bool {
    let rights = setup.castling_rights;
    if rights.is_empty() {
        return true;
    }
    if mode == CastlingMode::Chess960 || (rights & !Bitboard::CORNERS).any() {
        return false;
    }
    let board = &setup.board;
    Color::ALL.into_iter().zip(kings).all(|(color, king)| {
        let ours = rights & Bitboard::from(color.backrank());
        ours.is_empty()
            || (king == Square::from_coords(File::E, color.backrank())
                && (ours & !(board.rooks() & board.by_color(color))).is_empty())
    })
}

/// Whether the pieces `color`'s opponent lost pay for the captures its
/// pawns needed to reach their files. One pawn a file needs none; each
/// pawn beyond one on a file needs at most 7 (the first pawn of each file
/// keeps its own, the others take free files, none more than 7 away). Only
/// when that bound does not settle it are the captures counted.
fn captures_fit(board: &Board, color: Color) -> bool {
    let pawns = board.pawns() & board.by_color(color);
    if !stacked(pawns) {
        return true;
    }
    let mut files = pawns.0;
    files |= files >> 32;
    files |= files >> 16;
    files |= files >> 8;
    let extra = pawns.count() - (files & 0xff).count_ones() as usize;
    let lost = 16 - board.by_color(!color).count();
    7 * extra <= lost
        || nearest_free_captures(pawns) <= lost
        || fewest_captures(board, color) <= lost
}

/// A bound on the captures `pawns` needed, cheaper than the least: file by
/// file, each pawn takes the nearest start file still free. That is one
/// way to match pawns to start files, so never fewer captures than the
/// best; usually as few.
fn nearest_free_captures(pawns: Bitboard) -> usize {
    let mut free = 0xffu32;
    let mut total = 0;
    for file in 0..8 {
        for _ in 0..(pawns.0 & (0x0101_0101_0101_0101 << file)).count_ones() {
            let below = free & ((2 << file) - 1);
            let above = free >> file << file;
            let down = match below {
                0 => u32::MAX,
                _ => file - (31 - below.leading_zeros()),
            };
            let up = match above {
                0 => u32::MAX,
                _ => above.trailing_zeros() - file,
            };
            let Some(start) = (if down <= up {
                file.checked_sub(down)
            } else {
                file.checked_add(up)
            }) else {
                // No start file left: more than 8 pawns, judged elsewhere.
                return usize::MAX;
            };
            total += down.min(up) as usize;
            free &= !(1 << start);
        }
    }
    total
}

/// Whether a bishop of `color` stands away from a home whose two pawns
/// never moved (c1 behind b2 and d2, f1 behind e2 and g2): the case the
/// trapped-bishop rule weighs against the promoted pieces.
fn bishop_away(board: &Board, color: Color) -> bool {
    bishop_homes(color)
        .into_iter()
        .any(|home| away_from_home(board, color, home).is_some_and(Bitboard::any))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use shakmaty::{Board, ByColor, ByRole};

    use super::*;

    #[test]
    fn a_doubled_pawn_beside_a_free_file_needs_one_capture() {
        use shakmaty::Square::{A2, A3, B4, C2};
        let pawns = Bitboard::from_iter([A2, A3, C2]);
        assert_eq!(nearest_free_captures(pawns), 1);
        // b4 pushes c2 one file over: a, a, b and c go to a, b, c and d.
        assert_eq!(nearest_free_captures(pawns.with(B4)), 3);
    }

    proptest! {
        #[test]
        fn the_nearest_free_file_bound_is_never_below_the_least(bits in any::<u64>()) {
            // At most 8 pawns, off the back ranks.
            let mut pawns = Bitboard(bits) & !Bitboard::BACKRANKS;
            while pawns.count() > 8 {
                pawns.discard(pawns.first().expect("not empty"));
            }
            let board = Board::try_from_bitboards(
                ByRole { pawn: pawns, ..ByRole::default() },
                ByColor { white: pawns, black: Bitboard::EMPTY },
            ).expect("consistent");
            let least = fewest_captures(&board, Color::White);
            let bound = nearest_free_captures(pawns);
            prop_assert!(bound >= least, "{:?}: {} < {}", pawns, bound, least);
        }
    }
}
