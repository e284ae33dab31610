//! Merging two Polyglot books as `polyglot merge-book` merges them, so
//! that the same books give the same bytes.

use crate::book::{Book, Entry};

/// Two books in one, as `polyglot merge-book` merges them: positions in
/// key order; for a position both hold, `first`'s moves in its order,
/// each weighing what both give it (in 16 bits, wrapping as Polyglot's
/// do) with `first`'s learn value, then `second`'s other moves.
///
/// ```
/// use fenkit_books::book::{Book, Entry};
/// use fenkit_books::merge::merge;
///
/// let entry = |key, raw_move, weight| Entry { key, raw_move, weight, learn: 0 };
/// let bytes = |entries: &[Entry]| entries.iter().flat_map(|e| e.to_bytes()).collect::<Vec<u8>>();
/// let first = bytes(&[entry(5, 1, 10), entry(9, 1, 3)]);
/// let second = bytes(&[entry(1, 7, 4), entry(5, 3, 30), entry(5, 1, 2)]);
/// let merged = merge(&Book::new(&first)?, &Book::new(&second)?);
/// let moves: Vec<_> = merged.iter().map(|e| (e.key, e.raw_move, e.weight)).collect();
/// assert_eq!(moves, [(1, 7, 4), (5, 1, 12), (5, 3, 30), (9, 1, 3)]);
/// # Ok::<_, fenkit_books::book::BadBook>(())
/// ```
pub fn merge(first: &Book<'_>, second: &Book<'_>) -> Vec<Entry> {
    let (first, second) = (first.all(), second.all());
    let mut merged = Vec::with_capacity(first.len() + second.len());
    let (mut i, mut j) = (0, 0);
    // The entries of one position, from `at`.
    let group = |entries: &[Entry], at: usize| {
        let key = entries[at].key;
        at + entries[at..].iter().take_while(|e| e.key == key).count()
    };
    while i < first.len() || j < second.len() {
        let take_first = j == second.len() || (i < first.len() && first[i].key <= second[j].key);
        let take_second = i == first.len() || (j < second.len() && second[j].key <= first[i].key);
        match (take_first, take_second) {
            (true, true) => {
                let (end_i, end_j) = (group(&first, i), group(&second, j));
                let theirs = &second[j..end_j];
                for entry in &first[i..end_i] {
                    let added = theirs.iter().filter(|e| e.raw_move == entry.raw_move);
                    let weight = added.fold(entry.weight, |w, e| w.wrapping_add(e.weight));
                    merged.push(Entry { weight, ..*entry });
                }
                let ours = &first[i..end_i];
                merged.extend(
                    theirs
                        .iter()
                        .filter(|e| !ours.iter().any(|o| o.raw_move == e.raw_move)),
                );
                (i, j) = (end_i, end_j);
            }
            (true, false) => {
                merged.push(first[i]);
                i += 1;
            }
            _ => {
                merged.push(second[j]);
                j += 1;
            }
        }
    }
    merged
}
