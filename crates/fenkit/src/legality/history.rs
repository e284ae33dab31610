//! What a position says about the game that reached it: pawns that left
//! their files took something, bishops behind unmoved pawns never left
//! home, and the halfmove clock cannot count more plies than were played.

use shakmaty::{Bitboard, Board, CastlingMode, Color, File, Rank, Setup, Square};

use super::Violation;
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

/// The fewest captures that bring pawns from their start files (one each)
/// to the files they stand on: each capture moves a pawn one file over.
fn fewest_captures(board: &Board, color: Color) -> usize {
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
    if File::ALL
        .iter()
        .all(|&file| !(pawns & Bitboard::from(file)).more_than_one())
    {
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
fn bishop_homes(color: Color) -> [(Square, [Square; 2]); 2] {
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

fn trapped_bishops(board: &Board, color: Color, out: &mut Vec<Violation>) {
    let ours = board.by_color(color);
    let own_pawns = board.pawns() & ours;
    let suspect = bishop_homes(color).iter().any(|&(home, [left, right])| {
        own_pawns.contains(left)
            && own_pawns.contains(right)
            && (board.bishops() & ours).without(home).any()
    });
    if !suspect {
        return;
    }
    let pawns = (board.pawns() & ours).count();
    let bishops = board.bishops() & ours;
    let spare = 8 - pawns;
    // Promotions that other pieces already need.
    let role_surplus =
        |squares: Bitboard, start: usize| (squares & ours).count().saturating_sub(start);
    let others = role_surplus(board.queens(), 1)
        + role_surplus(board.rooks(), 2)
        + role_surplus(board.knights(), 2);
    let mut promoted = others;
    let mut trapped = Vec::new();
    for (home, [left, right]) in bishop_homes(color) {
        let shade = if Bitboard::LIGHT_SQUARES.contains(home) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        let same_shade = bishops & shade;
        let shut_in =
            (board.pawns() & ours).contains(left) && (board.pawns() & ours).contains(right);
        if shut_in {
            let away = same_shade.without(home);
            promoted += away.count();
            if away.any() {
                trapped.push((home, left, right, away));
            }
        } else {
            promoted += same_shade.count().saturating_sub(1);
        }
    }
    // Promotions the material rule counts, blind to shut-in homes: when
    // those are too many already, it has reported them.
    let free = others
        + [Bitboard::LIGHT_SQUARES, Bitboard::DARK_SQUARES]
            .iter()
            .map(|&shade| (bishops & shade).count().saturating_sub(1))
            .sum::<usize>();
    if promoted <= spare || free > spare {
        return;
    }
    for (home, left, right, away) in trapped {
        let list = join_and(away.into_iter().map(|s| s.to_string()));
        let adjective = color_adjective(color);
        out.push(Violation::new(
            Code::TrappedBishop,
            Field::Placement,
            away.first(),
            format!(
                "the {adjective} {} on {list} cannot be the {home} bishop: the pawns on {left} and {right} never moved, so it never left {home}; a promoted pawn would explain {}, but {} has {}",
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

fn halfmove_clock(setup: &Setup, out: &mut Vec<Violation>) {
    let plies = 2 * (u64::from(setup.fullmoves.get()) - 1) + u64::from(setup.turn == Color::Black);
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
