//! The 960 start positions of Chess960, by their standard number.

use shakmaty::{Bitboard, Board, Color, File, Rank, Role, Setup, Square};

/// Where the two knights stand among the five squares left after the
/// bishops and the queen, for each remainder 0 to 9.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The Chess960 start position number `number` (0 to 959), in the
/// standard numbering, with castling rights for both rooks of each side.
///
/// ```
/// use fenkit::{CastlingNotation, WriteOptions};
/// use shakmaty::Setup;
///
/// assert_eq!(fenkit::chess960_start(518), Some(Setup::initial()));
/// let first = fenkit::chess960_start(0).unwrap();
/// let shredder = WriteOptions::default().with_castling(CastlingNotation::Shredder);
/// let mut fen = Vec::new();
/// shredder.write_fen(&first, &mut fen);
/// assert_eq!(fen, b"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
/// assert_eq!(fenkit::chess960_start(960), None);
/// ```
pub fn chess960_start(number: u32) -> Option<Setup> {
    if number >= 960 {
        return None;
    }
    let mut rest = number as usize;
    let mut back_rank: [Option<Role>; 8] = [None; 8];
    // The bishops: one on a light square (b, d, f, h), one on a dark one.
    back_rank[rest % 4 * 2 + 1] = Some(Role::Bishop);
    rest /= 4;
    back_rank[rest % 4 * 2] = Some(Role::Bishop);
    rest /= 4;
    let mut place = |nth: usize, role: Role| {
        let file = (0..8)
            .filter(|&f| back_rank[f].is_none())
            .nth(nth)
            .expect("enough empty squares");
        back_rank[file] = Some(role);
    };
    place(rest % 6, Role::Queen);
    rest /= 6;
    let (first, second) = KNIGHTS[rest];
    // The second knight's index counts the first one's square as taken.
    place(second, Role::Knight);
    place(first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place(0, role);
    }

    let mut board = Board::empty();
    let mut castling_rights = Bitboard::EMPTY;
    for (file, role) in back_rank.iter().enumerate() {
        let file = File::new(file as u32);
        let role = role.expect("every square filled");
        for color in Color::ALL {
            let square = Square::from_coords(file, color.backrank());
            board.set_piece_at(square, role.of(color));
            let pawn = Square::from_coords(file, color.relative_rank(Rank::Second));
            board.set_piece_at(pawn, color.pawn());
            if role == Role::Rook {
                castling_rights.add(square);
            }
        }
    }
    Some(Setup {
        board,
        castling_rights,
        ..Setup::initial()
    })
}

/// The number of the Chess960 start position `setup` is (0 to 959, 518
/// the classical start), as python-chess's `Board.chess960_pos()` says it:
/// the placement of a start position, White to move, castling rights for
/// all four rooks, no en passant square; the clocks aside. `None` for any
/// other position.
///
/// ```
/// use shakmaty::Setup;
///
/// assert_eq!(fenkit::chess960_number(&Setup::initial()), Some(518));
/// let start = fenkit::chess960_start(0).unwrap();
/// assert_eq!(fenkit::chess960_number(&start), Some(0));
/// let mut black = Setup::initial();
/// black.turn = shakmaty::Color::Black;
/// assert_eq!(fenkit::chess960_number(&black), None);
/// ```
pub fn chess960_number(setup: &Setup) -> Option<u32> {
    // White's back rank gives the number (the inverse of
    // `chess960_start`); the whole setup is then compared with that
    // start, so that every other field must agree too.
    let roles: Vec<Role> = (0..8)
        .map(|file| {
            setup
                .board
                .role_at(Square::from_coords(File::new(file), Rank::First))
        })
        .collect::<Option<_>>()?;
    let bishop = |f: &usize| roles[*f] == Role::Bishop;
    let light = (0..8).filter(bishop).find(|f| f % 2 == 1)?;
    let dark = (0..8).filter(bishop).find(|f| f % 2 == 0)?;
    let mut rest: Vec<Role> = (0..8)
        .filter(|&f| f != light && f != dark)
        .map(|f| roles[f])
        .collect();
    let queen = rest.iter().position(|&role| role == Role::Queen)?;
    rest.remove(queen);
    let mut knights = rest
        .iter()
        .enumerate()
        .filter(|(_, role)| **role == Role::Knight)
        .map(|(at, _)| at);
    let pair = (knights.next()?, knights.next()?);
    let knights = KNIGHTS.iter().position(|&known| known == pair)?;
    let number = (((knights * 6 + queen) * 4 + dark / 2) * 4 + light / 2) as u32;
    let start = chess960_start(number)?;
    let same = setup.board == start.board
        && setup.turn == Color::White
        && setup.castling_rights == start.castling_rights
        && setup.ep_square.is_none()
        && setup.pockets.is_none()
        && setup.remaining_checks.is_none()
        && setup.promoted.is_empty();
    same.then_some(number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Chess, FromSetup};

    #[test]
    fn every_start_position_is_distinct_and_legal_in_chess960() {
        let mut seen = std::collections::HashSet::new();
        for number in 0..960 {
            let setup = chess960_start(number).unwrap();
            assert!(seen.insert(setup.board.clone()), "{number} repeats");
            assert_eq!(chess960_number(&setup), Some(number));
            assert!(
                Chess::from_setup(setup, CastlingMode::Chess960).is_ok(),
                "{number}"
            );
        }
    }
}
