//! Making a Polyglot book from games, by Polyglot's own rules
//! (`polyglot make-book`), so that the same games and options give the
//! same bytes.
//!
//! Each (position, move) of the games' first plies is counted: `n`, the
//! games that played it, and `sum`, their score for the side that moved
//! (2 a win, 1 a draw or an unknown result, 0 a loss). When `n` of a
//! move reaches 16,384, every move of its position has `n` and `sum`
//! halved (rounding up), as Polyglot keeps them in 16 bits. An entry is
//! kept when it was played in at least `min_game` games, scored above
//! nothing, and at least `min_score`; its weight is `sum` (1 each with
//! `uniform`). Entries go out sorted by key, the heaviest move of a
//! position first, moves of equal weight in the order they were first
//! played.
//!
//! [`BookMaker`] counts in memory; [`BookBuilder`] (`spill.rs`) makes a
//! book from more games than memory holds, spilling to disk.

mod spill;

pub use spill::{BookBuilder, BookMade};

use hashbrown::HashTable;
use rustc_hash::FxHashMap;

use fenkit_games::result::book_score;
use shakmaty::Color;

use crate::book::Entry;

/// At this count a position's moves are halved.
const COUNT_MAX: u16 = 16_384;

/// `polyglot make-book`'s options, under its names and with its defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookOptions {
    /// Plies of each game counted (`-max-ply`, 1024).
    pub max_ply: usize,
    /// Games a move needs to be kept (`-min-game`, 3).
    pub min_game: u16,
    /// The score, 0 to 1, a move needs to be kept (`-min-score`, given in
    /// percent there; 0).
    pub min_score: f64,
    /// Only the moves of this side (`-only-white`, `-only-black`).
    pub only: Option<Color>,
    /// Every kept move weighs 1 (`-uniform`).
    pub uniform: bool,
}

impl Default for BookOptions {
    fn default() -> BookOptions {
        BookOptions {
            max_ply: 1024,
            min_game: 3,
            min_score: 0.0,
            only: None,
            uniform: false,
        }
    }
}

/// One move of one position, as the games played it: its counts so far,
/// to be carried from one maker to another (a build larger than memory
/// moves its counts to disk and back, [`BookMaker::counts`] and
/// [`BookMaker::add_count`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCount {
    /// The position's Polyglot key.
    pub key: u64,
    /// The Polyglot move.
    pub raw_move: u16,
    /// The side that played it.
    pub turn: Color,
    /// Games that played it (halved with its position's other moves).
    pub games: u16,
    /// Their score for `turn`: 2 a win, 1 a draw or no result.
    pub score: u16,
}

/// A move's counts in the table: 24 bytes (a map from (position, move)
/// to its counts took 32, and `fen book make` 10% more memory and 6% more
/// time).
#[derive(Clone, Copy, Debug)]
struct Tally {
    key: u64,
    /// When it was first played: moves of equal weight go out in this
    /// order.
    order: u32,
    /// Its position's halvings already applied to it (see
    /// [`BookMaker::halvings`]).
    halved: u32,
    raw_move: u16,
    n: u16,
    sum: u16,
    /// The side that played it (Polyglot keys tell the side, so it is
    /// not part of what finds the move).
    turn: Color,
}

// The size the table's memory is counted by, and that `fits` assumes.
const _: () = assert!(size_of::<Tally>() == 24);

impl Tally {
    fn hash(key: u64, raw_move: u16) -> u64 {
        // Zobrist keys are random already: mixing the move in is enough.
        (key ^ u64::from(raw_move)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// The moves of the games counted so far.
///
/// ```
/// use fenkit_books::make::{BookMaker, BookOptions};
/// use fenkit_books::book::encode_move;
/// use shakmaty::{Chess, Color, Position, uci::UciMove};
///
/// let start = Chess::default();
/// let e4 = encode_move(UciMove::from_ascii(b"e2e4")?.to_move(&start)?);
/// let mut book = BookMaker::new();
/// for _ in 0..3 {
///     // White won: 2 points for White's move.
///     book.add_game([(fenkit::polyglot_key(&start), e4, Color::White)], Some(Color::White));
/// }
/// let entries = book.entries(&BookOptions::default());
/// assert_eq!((entries.len(), entries[0].weight), (1, 6));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct BookMaker {
    /// Each (position, move)'s counts. One table, instead of a list of
    /// moves per position, took `fen book make` on 54,510 games from
    /// 2.0 s to 0.7 s.
    tallies: HashTable<Tally>,
    /// How many times each position's moves were halved. A halving is
    /// applied to a move when it is next counted or read, not to every
    /// move of the position at once: finding a position's moves among
    /// all would take a pass over the book each time, and halving is
    /// the same whenever it is applied (a move is not counted between).
    halvings: FxHashMap<u64, u32>,
    games: u64,
}

impl BookMaker {
    pub fn new() -> BookMaker {
        BookMaker::default()
    }

    /// Games added so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Moves held.
    pub fn len(&self) -> usize {
        self.tallies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tallies.is_empty()
    }

    /// Whether `extra` more moves keep the maker within `bytes` of
    /// memory: moves fit while the map has room, and when it must grow,
    /// while the old table and the new one (twice its size) fit together.
    pub fn fits(&self, extra: usize, bytes: usize) -> bool {
        let needed = self.tallies.len() + extra;
        let capacity = self.tallies.capacity();
        // A table of `capacity` holds about 8/7 as many slots, each an
        // entry and a control byte.
        let slot = size_of::<Tally>() + 1;
        needed <= capacity || capacity.max(needed / 2) * 3 * 8 / 7 * slot <= bytes
    }

    /// Counts a game's moves, in order: each its position's key, its
    /// Polyglot move and the side that played it; `winner` is the
    /// game's (`None` for a draw or no result). The caller stops at the
    /// plies it counts ([`BookOptions::max_ply`]).
    pub fn add_game(
        &mut self,
        moves: impl IntoIterator<Item = (u64, u16, Color)>,
        winner: Option<Color>,
    ) {
        self.games += 1;
        for (key, raw_move, turn) in moves {
            let score = book_score(winner, turn).into();
            self.add_count(MoveCount {
                key,
                raw_move,
                turn,
                games: 1,
                score,
            });
        }
    }

    /// Adds `count` to its move's counts (one game's move, or the counts
    /// of a move from another maker: [`BookMaker::counts`], in order), and
    /// halves the position's moves if the move reaches 16,384 games.
    pub fn add_count(&mut self, count: MoveCount) {
        let order = self.tallies.len() as u32;
        let halvings = match self.halvings.is_empty() {
            true => 0,
            false => self.halvings.get(&count.key).copied().unwrap_or(0),
        };
        let (key, raw_move) = (count.key, count.raw_move);
        let tally = self
            .tallies
            .entry(
                Tally::hash(key, raw_move),
                |t| t.key == key && t.raw_move == raw_move,
                |t| Tally::hash(t.key, t.raw_move),
            )
            .or_insert(Tally {
                key,
                order,
                halved: halvings,
                raw_move,
                n: 0,
                sum: 0,
                turn: count.turn,
            })
            .into_mut();
        halve(tally, halvings);
        tally.n = tally.n.saturating_add(count.games);
        tally.sum = tally.sum.saturating_add(count.score);
        if tally.n >= COUNT_MAX {
            halve(tally, halvings + 1);
            self.halvings.insert(count.key, halvings + 1);
        }
    }

    /// Every move's counts, in the order first played: added in this
    /// order to a new maker, they leave it as this one is.
    pub fn counts(&self) -> Vec<MoveCount> {
        let mut counts: Vec<(u32, MoveCount)> = self
            .tallies
            .iter()
            .map(|tally| (tally.order, self.count_of(*tally)))
            .collect();
        counts.sort_unstable_by_key(|&(order, _)| order);
        counts.into_iter().map(|(_, count)| count).collect()
    }

    /// A move's counts with its position's halvings applied.
    fn count_of(&self, mut tally: Tally) -> MoveCount {
        if !self.halvings.is_empty() {
            let halvings = self.halvings.get(&tally.key).copied().unwrap_or(0);
            halve(&mut tally, halvings);
        }
        MoveCount {
            key: tally.key,
            raw_move: tally.raw_move,
            turn: tally.turn,
            games: tally.n,
            score: tally.sum,
        }
    }

    /// The book's entries: those `options` keep, sorted as a book is.
    pub fn entries(&self, options: &BookOptions) -> Vec<Entry> {
        let counts = self
            .tallies
            .iter()
            .map(|tally| (u64::from(tally.order), self.count_of(*tally)));
        book_entries(counts.collect(), options)
    }
}

/// The entries of `counts` (each with when it was first played) that
/// `options` keeps, sorted as a book is: by key, the heaviest move of a
/// position first, moves of equal weight in the order first played.
fn book_entries(mut counts: Vec<(u64, MoveCount)>, options: &BookOptions) -> Vec<Entry> {
    let weight = |count: &MoveCount| if options.uniform { 1 } else { count.score };
    counts.retain(|(_, count)| options.keeps(count));
    counts.sort_unstable_by(|(a_first, a), (b_first, b)| {
        (a.key.cmp(&b.key))
            .then(weight(b).cmp(&weight(a)))
            .then(a_first.cmp(b_first))
    });
    counts
        .into_iter()
        .map(|(_, count)| Entry {
            key: count.key,
            raw_move: count.raw_move,
            weight: weight(&count),
            learn: 0,
        })
        .collect()
}

impl BookOptions {
    /// Whether a move with these counts goes into the book: played in
    /// `min_game` games, scoring above nothing and at least `min_score`,
    /// by the side asked for.
    pub fn keeps(&self, count: &MoveCount) -> bool {
        let score = f64::from(count.score) / f64::from(count.games) / 2.0;
        count.games >= self.min_game
            && count.score > 0
            && score >= self.min_score
            && self.only.is_none_or(|side| side == count.turn)
    }
}

/// A move's counts over games counted apart and summed (a cluster's
/// rows), with when it was first played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTotal {
    pub key: u64,
    pub raw_move: u16,
    pub turn: Color,
    pub games: u64,
    pub score: u64,
    /// When first played, in any order that sorts as the games came
    /// (moves of equal weight go out in it).
    pub first: u64,
}

/// The book of moves counted apart ([`MoveTotal`]s in any order, several
/// of one move added). A position's counts are halved, rounding up, while
/// one of its moves has 16,384 games or more: the same book as
/// [`BookMaker`]'s where no move reached that many; beyond, Polyglot
/// halves as the games come, so that later games weigh more, which totals
/// cannot tell.
///
/// ```
/// use fenkit_books::make::{BookOptions, MoveTotal, entries_of_totals};
/// use shakmaty::Color;
///
/// let total = |raw_move, games, score, first| MoveTotal { key: 7, raw_move, turn: Color::White, games, score, first };
/// let options = BookOptions { min_game: 1, ..BookOptions::default() };
/// let entries = entries_of_totals(vec![total(1, 3, 4, 9), total(2, 40_000, 60_000, 5), total(1, 1, 2, 2)], &options);
/// let moves: Vec<_> = entries.iter().map(|e| (e.raw_move, e.weight)).collect();
/// assert_eq!(moves, [(2, 15_000), (1, 2)]); // halved twice: 10,000 games, then 2 and 1
/// ```
pub fn entries_of_totals(mut totals: Vec<MoveTotal>, options: &BookOptions) -> Vec<Entry> {
    totals.sort_unstable_by_key(|t| (t.key, t.raw_move, t.turn.is_black()));
    totals.dedup_by(|next, kept| {
        let same = (next.key, next.raw_move, next.turn) == (kept.key, kept.raw_move, kept.turn);
        if same {
            kept.games += next.games;
            kept.score += next.score;
            kept.first = kept.first.min(next.first);
        }
        same
    });
    let mut counts = Vec::with_capacity(totals.len());
    for position in totals.chunk_by_mut(|a, b| a.key == b.key) {
        while position.iter().any(|t| t.games >= u64::from(COUNT_MAX)) {
            for total in position.iter_mut() {
                total.games = total.games.div_ceil(2);
                total.score = total.score.div_ceil(2);
            }
        }
        counts.extend(position.iter().map(|t| {
            let count = MoveCount {
                key: t.key,
                raw_move: t.raw_move,
                turn: t.turn,
                games: t.games as u16,
                score: t.score.min(u64::from(u16::MAX)) as u16,
            };
            (t.first, count)
        }));
    }
    book_entries(counts, options)
}

/// Brings `tally` up to its position's `halvings`, each halving its
/// counts rounding up (after 16, every count is 1 or 0 already).
fn halve(tally: &mut Tally, halvings: u32) {
    for _ in 0..halvings.saturating_sub(tally.halved).min(16) {
        tally.n = tally.n.div_ceil(2);
        tally.sum = tally.sum.div_ceil(2);
    }
    tally.halved = halvings;
}
