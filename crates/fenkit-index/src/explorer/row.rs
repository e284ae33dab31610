//! One row of the explorer's table: what the games that played one move
//! in one position, at one speed, in one month, scored; and the best
//! rated of them. Rows sort by position, move, speed and month, and two
//! rows of the same four add up, so that tables built apart (by month, by
//! machine, in runs spilled to disk) merge by a sorted merge.

use super::{Month, Speed};

/// The top games a row keeps: as many as lichess's explorer gives (it
/// answers `topGames` up to 4). A query's top games are the best of its
/// rows' top games, so keeping 4 a row loses none of a query's 4.
pub const TOP_GAMES: usize = 4;

/// What a row is the row of: position (its [`fenkit::transposition_key`]),
/// move (Polyglot's encoding, [`fenkit_books::book::encode_move`]), speed
/// and month. Rows sort in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RowKey {
    pub position: u64,
    pub raw_move: u16,
    pub speed: Speed,
    pub month: Month,
}

/// Results of the games counted, and their ratings: `rated` games had
/// both players' ratings, and `rating_sum` adds up their average rating.
/// A row counts in 32 bits (one move at one speed in one month: lichess
/// plays about 10^8 games a month); sums over rows are [`Totals`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub white: u32,
    pub draws: u32,
    pub black: u32,
    pub rated: u32,
    pub rating_sum: u64,
}

impl Counts {
    pub fn add(&mut self, other: &Counts) {
        self.white = self.white.saturating_add(other.white);
        self.draws = self.draws.saturating_add(other.draws);
        self.black = self.black.saturating_add(other.black);
        self.rated = self.rated.saturating_add(other.rated);
        self.rating_sum += other.rating_sum;
    }
}

/// Counts added over rows, in 64 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub white: u64,
    pub draws: u64,
    pub black: u64,
    pub rated: u64,
    pub rating_sum: u64,
}

impl Totals {
    pub fn add(&mut self, counts: &Counts) {
        self.white += u64::from(counts.white);
        self.draws += u64::from(counts.draws);
        self.black += u64::from(counts.black);
        self.rated += u64::from(counts.rated);
        self.rating_sum += counts.rating_sum;
    }

    pub fn games(&self) -> u64 {
        self.white + self.draws + self.black
    }

    /// The average rating of the rated games, rounded; `None` when none was.
    pub fn average_rating(&self) -> Option<u32> {
        (self.rated > 0).then(|| ((self.rating_sum + self.rated / 2) / self.rated) as u32)
    }
}

/// A game among a row's best rated: its average rating, and where the
/// index keeps its tags (a number the store gives it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TopGame {
    pub rating: u16,
    pub game: u64,
}

/// Up to [`TOP_GAMES`] games, best rated first, of equal rating the one
/// stored first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TopGames {
    games: [TopGame; TOP_GAMES],
    len: u8,
}

impl TopGames {
    pub fn as_slice(&self) -> &[TopGame] {
        &self.games[..usize::from(self.len)]
    }

    /// Takes `game` if it is among the best kept.
    pub fn offer(&mut self, game: TopGame) {
        let better = |a: &TopGame, b: &TopGame| {
            (a.rating, std::cmp::Reverse(a.game)) > (b.rating, std::cmp::Reverse(b.game))
        };
        let len = usize::from(self.len);
        let at = self.games[..len]
            .iter()
            .position(|kept| better(&game, kept))
            .unwrap_or(len);
        if at == TOP_GAMES {
            return;
        }
        let end = (len + 1).min(TOP_GAMES);
        self.games.copy_within(at..end - 1, at + 1);
        self.games[at] = game;
        self.len = end as u8;
    }

    pub fn merge(&mut self, other: &TopGames) {
        for &game in other.as_slice() {
            self.offer(game);
        }
    }
}

/// A row: its key, counts and top games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub key: RowKey,
    pub counts: Counts,
    pub top: TopGames,
}

/// Bytes of a row without its top games, and of each top game.
const HEAD: usize = 8 + 2 + 1 + 1 + 2 + 4 * 4 + 8;
const TOP: usize = 2 + 8;

impl Row {
    /// Bytes of a written row before its top games; [`Row::length`] tells
    /// the rest from them.
    pub const HEAD_BYTES: usize = HEAD;

    /// The length of a written row from its first [`Row::HEAD_BYTES`].
    pub fn length(head: &[u8]) -> usize {
        HEAD + usize::from(head[11]).min(TOP_GAMES) * TOP
    }

    /// Adds `other`, a row of the same key.
    pub fn merge(&mut self, other: &Row) {
        debug_assert_eq!(self.key, other.key);
        self.counts.add(&other.counts);
        self.top.merge(&other.top);
    }

    /// Appends the row's bytes (little endian: key, move, speed, the
    /// number of top games, month, the five counts, then each top game's
    /// rating and number).
    ///
    /// ```
    /// use fenkit_index::explorer::{Counts, Month, Row, RowKey, Speed, TopGame, TopGames};
    ///
    /// let mut top = TopGames::default();
    /// top.offer(TopGame { rating: 2400, game: 7 });
    /// let key = RowKey { position: 42, raw_move: 796, speed: Speed::Blitz, month: Month::new(2024, 3).unwrap() };
    /// let counts = Counts { white: 1, rated: 1, rating_sum: 2400, ..Counts::default() };
    /// let row = Row { key, counts, top };
    /// let mut bytes = Vec::new();
    /// row.write(&mut bytes);
    /// assert_eq!(Row::read(&bytes), Some((row, bytes.len())));
    /// assert_eq!(Row::read(&bytes[..bytes.len() - 1]), None); // cut short
    /// ```
    pub fn write(&self, out: &mut Vec<u8>) {
        let top = self.top.as_slice();
        out.extend_from_slice(&self.key.position.to_le_bytes());
        out.extend_from_slice(&self.key.raw_move.to_le_bytes());
        out.push(self.key.speed as u8);
        out.push(top.len() as u8);
        out.extend_from_slice(&self.key.month.number().to_le_bytes());
        let c = &self.counts;
        for count in [c.white, c.draws, c.black, c.rated] {
            out.extend_from_slice(&count.to_le_bytes());
        }
        out.extend_from_slice(&c.rating_sum.to_le_bytes());
        for game in top {
            out.extend_from_slice(&game.rating.to_le_bytes());
            out.extend_from_slice(&game.game.to_le_bytes());
        }
    }

    /// The row at the start of `bytes` and the bytes it took; `None` when
    /// `bytes` is cut short or does not hold a row.
    pub fn read(bytes: &[u8]) -> Option<(Row, usize)> {
        let head = bytes.get(..HEAD)?;
        let u32_at = |at: usize| u32::from_le_bytes(head[at..at + 4].try_into().expect("4 bytes"));
        let speed = Speed::from_number(head[10])?;
        let top_count = usize::from(head[11]);
        if top_count > TOP_GAMES {
            return None;
        }
        let tops = bytes.get(HEAD..HEAD + top_count * TOP)?;
        let mut top = TopGames::default();
        for game in tops.chunks_exact(TOP) {
            top.games[usize::from(top.len)] = TopGame {
                rating: u16::from_le_bytes([game[0], game[1]]),
                game: u64::from_le_bytes(game[2..].try_into().expect("8 bytes")),
            };
            top.len += 1;
        }
        let row = Row {
            key: RowKey {
                position: u64::from_le_bytes(head[..8].try_into().expect("8 bytes")),
                raw_move: u16::from_le_bytes([head[8], head[9]]),
                speed,
                month: Month::from_number(u16::from_le_bytes([head[12], head[13]])),
            },
            counts: Counts {
                white: u32_at(14),
                draws: u32_at(18),
                black: u32_at(22),
                rated: u32_at(26),
                rating_sum: u64::from_le_bytes(head[30..38].try_into().expect("8 bytes")),
            },
            top,
        };
        Some((row, HEAD + top_count * TOP))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_games_keep_the_best_rated_and_the_first_of_equals() {
        let mut top = TopGames::default();
        for (rating, game) in [
            (1500, 1),
            (2000, 2),
            (1500, 3),
            (2500, 4),
            (2000, 5),
            (900, 6),
        ] {
            top.offer(TopGame { rating, game });
        }
        let kept: Vec<(u16, u64)> = top.as_slice().iter().map(|g| (g.rating, g.game)).collect();
        assert_eq!(kept, [(2500, 4), (2000, 2), (2000, 5), (1500, 1)]);
    }
}
