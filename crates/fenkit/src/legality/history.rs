//! What a position says about the game that reached it: pawns that left
//! their files took something, bishops behind unmoved pawns never left
//! home, and the halfmove clock cannot count more plies than were played.

use shakmaty::{Bitboard, Board, CastlingMode, Color, File, Rank, Setup, Square};

use super::{Violation, piece_counts, promotions};
use crate::{
    Code, Field,
    words::{color_adjective, count, join_and, side_name},
};

pub(super) fn check(setup: &Setup, mode: CastlingMode, out: &mut Vec<Violation>) {
    let board = &setup.board;
    // Beyond these counts the material rules have spoken already.
    let sane = Color::ALL.iter().all(|&color| {
        let ours = board.by_color(color);
        ours.count() <= 16 && (board.pawns() & ours).count() <= 8
    });
    if sane {
        for color in Color::ALL {
            pawn_captures(board, color, out);
            // Chess960 bishops start elsewhere, on squares the board does not tell.
            if mode == CastlingMode::Standard {
                trapped_bishops(board, color, out);
            }
        }
    }
    halfmove_clock(setup, out);
}

/// Whether a pawn of `pawns` stands in front of another on its file: the
/// only way pawns can need captures to reach their files.
pub(super) fn stacked(pawns: Bitboard) -> bool {
    let mut above = pawns.0 << 8;
    above |= above << 8;
    above |= above << 16;
    above |= above << 32;
    pawns.0 & above != 0
}

/// The fewest captures that bring pawns from their start files (one each)
/// to the files they stand on: each capture moves a pawn one file over.
pub(super) fn fewest_captures(board: &Board, color: Color) -> usize {
    let pawns = board.pawns() & board.by_color(color);
    // best[j]: the cheapest match of the pawns so far to start files < j.
    // Pawns come file by file, which is the order an optimal match keeps.
    const NONE: usize = usize::MAX / 2;
    let mut best = [0usize; 9];
    for file in File::ALL {
        for _ in 0..(pawns & Bitboard::from(file)).count() {
            let mut next = [NONE; 9];
            for start in 0..8 {
                next[start + 1] = next[start].min(best[start] + file.to_usize().abs_diff(start));
            }
            best = next;
        }
    }
    best[8]
}

fn pawn_captures(board: &Board, color: Color, out: &mut Vec<Violation>) {
    let pawns = board.pawns() & board.by_color(color);
    // One pawn a file at most: each can stand on its own start file.
    if !stacked(pawns) {
        return;
    }
    let needed = fewest_captures(board, color);
    let lost = 16 - board.by_color(!color).count();
    if needed <= lost {
        return;
    }
    let crowded = join_and(File::ALL.into_iter().filter_map(|file| {
        let n = (pawns & Bitboard::from(file)).count();
        (n > 1).then(|| format!("{n} on the {}-file", file.char()))
    }));
    let shape = if crowded.is_empty() {
        String::new()
    } else {
        format!(" ({crowded})")
    };
    out.push(Violation::new(
        Code::PawnCaptures,
        Field::Placement,
        None,
        format!(
            "{}'s pawns stand on files{shape} that need at least {} to reach, but {} has lost only {}",
            side_name(color),
            count(needed, "capture", "captures"),
            side_name(!color),
            count(lost, "piece", "pieces")
        ),
    ));
}

/// A bishop's home square and the two pawns that shut it in while unmoved.
pub(super) fn bishop_homes(color: Color) -> [(Square, [Square; 2]); 2] {
    let home = |file, left, right| {
        let on = |file| Square::from_coords(file, color.backrank());
        let pawn = |file| Square::from_coords(file, color.relative_rank(Rank::Second));
        (on(file), [pawn(left), pawn(right)])
    };
    [
        home(File::C, File::B, File::D),
        home(File::F, File::E, File::G),
    ]
}

/// A bishop's home as the board shows it.
struct Home {
    square: Square,
    pawns: [Square; 2],
    /// Bishops on squares of the home's color.
    shade_count: usize,
    /// When the home's pawns never moved: the bishops of its color
    /// elsewhere, which cannot have come from it.
    away: Option<Bitboard>,
}

/// The squares of `square`'s color.
fn shade_of(square: Square) -> Bitboard {
    if Bitboard::LIGHT_SQUARES.contains(square) {
        Bitboard::LIGHT_SQUARES
    } else {
        Bitboard::DARK_SQUARES
    }
}

/// When the two pawns of the home on `square` never moved: `color`'s
/// bishops of the home's color elsewhere, which cannot have come from it.
pub(super) fn away_from_home(
    board: &Board,
    color: Color,
    (square, pawns): (Square, [Square; 2]),
) -> Option<Bitboard> {
    let ours = board.by_color(color);
    let own_pawns = board.pawns() & ours;
    let shut_in = pawns.iter().all(|&pawn| own_pawns.contains(pawn));
    shut_in.then(|| (board.bishops() & ours & shade_of(square)).without(square))
}

fn trapped_bishops(board: &Board, color: Color, out: &mut Vec<Violation>) {
    let ours = board.by_color(color);
    let own_pawns = board.pawns() & ours;
    let bishops = board.bishops() & ours;
    let homes = bishop_homes(color).map(|(square, pawns)| Home {
        square,
        pawns,
        shade_count: (bishops & shade_of(square)).count(),
        away: away_from_home(board, color, (square, pawns)),
    });
    if !homes
        .iter()
        .any(|home| home.away.is_some_and(Bitboard::any))
    {
        return;
    }
    let counts = piece_counts(board, color);
    // Promotions the material rule counts, blind to shut-in homes: when
    // those are too many already, it has reported them.
    let free = promotions(&counts);
    let pawns = own_pawns.count();
    let spare = 8 - pawns;
    let promoted = promotions(&counts[..3])
        + homes
            .iter()
            .map(|home| match home.away {
                Some(away) => away.count(),
                None => home.shade_count.saturating_sub(1),
            })
            .sum::<usize>();
    if promoted <= spare || free > spare {
        return;
    }
    for home in homes {
        let Some(away) = home.away.filter(|away| away.any()) else {
            continue;
        };
        let (square, [left, right]) = (home.square, home.pawns);
        let list = join_and(away.into_iter().map(|s| s.to_string()));
        let adjective = color_adjective(color);
        out.push(Violation::new(
            Code::TrappedBishop,
            Field::Placement,
            away.first(),
            format!(
                "the {adjective} {} on {list} cannot be the {square} bishop: the pawns on {left} and {right} never moved, so it never left {square}; a promoted pawn would explain {}, but {} has {}",
                if away.count() == 1 { "bishop" } else { "bishops" },
                if away.count() == 1 { "it" } else { "them" },
                side_name(color),
                match spare {
                    0 => "all 8 pawns".to_string(),
                    _ => format!("{pawns} pawns and more promoted pieces than the {spare} missing"),
                }
            ),
        ));
    }
}

/// The plies played since the start, by the fullmove number and the side
/// to move.
pub(super) fn plies_played(setup: &Setup) -> u64 {
    2 * (u64::from(setup.fullmoves.get()) - 1) + u64::from(setup.turn == Color::Black)
}

fn halfmove_clock(setup: &Setup, out: &mut Vec<Violation>) {
    let plies = plies_played(setup);
    if u64::from(setup.halfmoves) <= plies {
        return;
    }
    out.push(Violation::new(
        Code::HalfmoveExceedsPlies,
        Field::Halfmove,
        None,
        format!(
            "the halfmove clock is {}, but at move {} with {} to move only {} been played since the start",
            setup.halfmoves,
            setup.fullmoves,
            side_name(setup.turn),
            count(plies as usize, "ply has", "plies have")
        ),
    ));
}
