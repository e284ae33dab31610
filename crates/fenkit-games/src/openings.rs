//! Opening names: the ECO table of lichess-org/chess-openings (CC0),
//! shipped inside fenkit and keyed on first use by the position each line
//! reaches, so that transpositions find the same name.

use std::{collections::HashMap, sync::OnceLock};

use shakmaty::{Chess, Position, san::San};

/// A named opening line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Opening {
    /// The ECO code, such as `C60`.
    pub eco: &'static str,
    pub name: &'static str,
    /// The moves from the start, in SAN with move numbers.
    pub moves: &'static str,
}

const TABLE: [&str; 5] = [
    include_str!("../assets/openings/a.tsv"),
    include_str!("../assets/openings/b.tsv"),
    include_str!("../assets/openings/c.tsv"),
    include_str!("../assets/openings/d.tsv"),
    include_str!("../assets/openings/e.tsv"),
];

struct Index {
    openings: Vec<Opening>,
    /// Position key (Zobrist, legal en passant only) → the first line of
    /// the table that reaches it.
    by_key: HashMap<u64, usize>,
}

/// The position `moves` (SAN with move numbers) reach from the start.
fn play(moves: &str) -> Option<Chess> {
    let mut position = Chess::default();
    for token in moves.split_ascii_whitespace() {
        if token.ends_with('.') {
            continue;
        }
        let m = token.parse::<San>().ok()?.to_move(&position).ok()?;
        position.play_unchecked(m);
    }
    Some(position)
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut openings = Vec::with_capacity(4096);
        let mut by_key = HashMap::with_capacity(4096);
        for volume in TABLE {
            for line in volume.lines().skip(1) {
                let mut columns = line.split('\t');
                let (Some(eco), Some(name), Some(moves)) =
                    (columns.next(), columns.next(), columns.next())
                else {
                    continue;
                };
                let Some(position) = play(moves) else {
                    continue;
                };
                by_key
                    .entry(fenkit::transposition_key(&position))
                    .or_insert(openings.len());
                openings.push(Opening { eco, name, moves });
            }
        }
        Index { openings, by_key }
    })
}

/// Every line of the table, in table order (ECO A to E).
pub fn openings() -> &'static [Opening] {
    &index().openings
}

/// The named opening whose line reaches `position` exactly (by pieces, side
/// to move, castling rights and legal en passant), whatever the move order.
///
/// ```
/// use shakmaty::{Chess, Position, san::San};
///
/// let mut position = Chess::default();
/// for san in ["Nf3", "Nc6", "e4", "e5", "Bb5"] {
///     let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
///     position.play_unchecked(m);
/// }
/// let opening = fenkit_games::opening(&position).expect("named");
/// assert_eq!((opening.eco, opening.name), ("C60", "Ruy Lopez"));
/// ```
pub fn opening(position: &Chess) -> Option<&'static Opening> {
    let index = index();
    index
        .by_key
        .get(&fenkit::transposition_key(position))
        .map(|&i| &index.openings[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_table_is_read_and_played() {
        let rows: usize = TABLE.iter().map(|volume| volume.lines().count() - 1).sum();
        assert_eq!(rows, 3807);
        assert_eq!(openings().len(), rows, "a line of the table did not play");
        // Every line finds a name for the position it reaches (its own or
        // that of an earlier line reaching the same position).
        for opening in openings() {
            let position = play(opening.moves).expect("plays");
            assert!(super::opening(&position).is_some(), "{}", opening.moves);
        }
    }

    #[test]
    fn the_start_position_has_no_name() {
        assert_eq!(opening(&Chess::default()), None);
    }
}
