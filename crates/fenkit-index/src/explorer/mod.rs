//! An opening explorer's table: for each position and move, what the
//! games that played it scored, at which speed and in which month, and
//! the best rated of them; and the answers to queries over it, in the
//! shape of lichess's opening explorer.
//!
//! This module counts and answers; [`index`] keeps the rows on disk
//! (sorted, so that tables merge and a position's rows are found by a
//! search).
//!
//! ```
//! use fenkit_index::explorer::{ExplorerGame, ExplorerQuery, Tally, answer};
//! use fenkit_books::book::encode_move;
//! use shakmaty::{Chess, Position, uci::UciMove};
//!
//! let start = Chess::default();
//! let e4 = UciMove::from_ascii(b"e2e4")?.to_move(&start)?;
//! let mut tally = Tally::default();
//! for (number, result) in [(1, "1-0"), (2, "1/2-1/2"), (3, "1-0")] {
//!     let tags = [Some(result), None, Some("a"), Some("b"), Some("2000"), Some("2100"), Some("600+0"), None, None];
//!     let game = ExplorerGame::from_tags(number, &tags).unwrap();
//!     tally.add_game(&game, &[(fenkit::transposition_key(&start), encode_move(e4))]);
//! }
//! let answer = answer(&start, None, tally.take_sorted(), &ExplorerQuery::default(), |_| None);
//! assert_eq!((answer.white, answer.draws, answer.black), (2, 1, 0));
//! assert_eq!((answer.moves[0].san.as_str(), answer.moves[0].average_rating), ("e4", Some(2050)));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod answer;
mod game;
pub mod index;
mod row;
mod tally;
mod when;

pub use answer::{
    ExplorerAnswer, ExplorerMove, ExplorerQuery, ExplorerTopGame, OpeningName, answer, reach,
};
pub use game::{ExplorerGame, NotCounted, Player};
pub use index::{BadIndex, Built, Explorer, ExplorerBuilder, Footer};
pub use row::{Counts, Row, RowKey, TOP_GAMES, TopGame, TopGames, Totals};
pub use tally::{Tally, without_loops};
pub use when::{BadMonth, BadSpeed, Month, Speed};
