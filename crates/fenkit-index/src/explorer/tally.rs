//! Counting games into rows, in memory; the caller spills the rows,
//! sorted, when more would not fit ([`Tally::fits`]).

use rustc_hash::FxHashMap;
use shakmaty::Color;

use super::{Counts, ExplorerGame, Row, RowKey, TopGame, TopGames};

/// The rows counted so far.
///
/// ```
/// use fenkit_index::explorer::{ExplorerGame, Tally};
///
/// let tags = [Some("1-0"), None, Some("a"), Some("b"), Some("2000"), Some("2200"), Some("180+0"), None, Some("2024.01.02")];
/// let game = ExplorerGame::from_tags(1, &tags).unwrap();
/// let mut tally = Tally::default();
/// tally.add_game(&game, &[(11, 796), (22, 3380)]);
/// tally.add_game(&game, &[(11, 796)]);
/// let rows = tally.take_sorted();
/// assert_eq!(rows.len(), 2);
/// assert_eq!((rows[0].counts.white, rows[0].counts.rating_sum), (2, 4200));
/// ```
#[derive(Default)]
pub struct Tally {
    rows: FxHashMap<RowKey, (Counts, TopGames)>,
}

/// What a row costs in memory at most: its place in the map (key,
/// counts, top games: 112 bytes, and the map's share), then its copy
/// when the rows are sorted ([`Tally::take_sorted`]).
const ROW_BYTES: usize = 256;

impl Tally {
    /// Counts `game`, which played `moves`: each its position's
    /// [`fenkit::transposition_key`] and Polyglot move, loops removed
    /// ([`without_loops`]).
    pub fn add_game(&mut self, game: &ExplorerGame, moves: &[(u64, u16)]) {
        let mut counts = Counts::default();
        match game.winner {
            Some(Color::White) => counts.white = 1,
            Some(Color::Black) => counts.black = 1,
            None => counts.draws = 1,
        }
        if let Some(rating) = game.rating() {
            counts.rated = 1;
            counts.rating_sum = u64::from(rating);
        }
        let top = TopGame {
            rating: game.rating().unwrap_or(0),
            game: game.number,
        };
        for &(position, raw_move) in moves {
            let key = RowKey {
                position,
                raw_move,
                speed: game.speed,
                month: game.month,
            };
            let (row_counts, row_top) = self.rows.entry(key).or_default();
            row_counts.add(&counts);
            row_top.offer(top);
        }
    }

    /// Whether `extra` more rows keep the tally within `bytes` of memory:
    /// rows fit while the map has room, and when it must grow, while its
    /// table grown (twice the rows) and their sorted copy fit. The map
    /// grows only as rows come, so a small input takes little memory.
    pub fn fits(&self, extra: usize, bytes: usize) -> bool {
        let needed = self.rows.len() + extra;
        needed <= self.rows.capacity() || needed.max(self.rows.capacity() * 2) * ROW_BYTES <= bytes
    }

    /// Adds `row` (rows counted elsewhere: another machine's, a file's).
    pub fn add_row(&mut self, row: &Row) {
        let (counts, top) = self.rows.entry(row.key).or_default();
        counts.add(&row.counts);
        top.merge(&row.top);
    }

    /// Rows held.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The rows, sorted by key; the tally is left empty, its map kept for
    /// the next rows.
    pub fn take_sorted(&mut self) -> Vec<Row> {
        let mut rows: Vec<Row> = self
            .rows
            .drain()
            .map(|(key, (counts, top))| Row { key, counts, top })
            .collect();
        rows.sort_unstable_by_key(|row| row.key);
        rows
    }
}

/// A game's moves as the explorer counts them: when the game comes back
/// to a position, the moves between are left out, as if it had played
/// the last move from there the first time. So a game counts once in
/// each position it reached, and the counts of a position's moves add up
/// to the games that reached it (and went on).
///
/// ```
/// use fenkit_index::explorer::without_loops;
///
/// // A: Nf3, B: Ng1 back to A, then e4.
/// let mut moves = vec![(1, 10), (2, 20), (1, 30), (3, 40)];
/// without_loops(&mut moves);
/// assert_eq!(moves, [(1, 30), (3, 40)]);
/// ```
pub fn without_loops(moves: &mut Vec<(u64, u16)>) {
    let mut kept = 0;
    for at in 0..moves.len() {
        let (position, _) = moves[at];
        // A position met again: forget the loop from its first visit.
        if let Some(first) = moves[..kept].iter().position(|&(p, _)| p == position) {
            kept = first;
        }
        moves[kept] = moves[at];
        kept += 1;
    }
    moves.truncate(kept);
}
