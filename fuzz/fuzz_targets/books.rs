//! Polyglot books on arbitrary bytes: two books (the bytes cut in two,
//! whole entries) read, merged and looked up without panic; the merge
//! holds every (position, move) of both, in key order, no pair twice;
//! and a book made from the entries' keys and moves as games keeps what
//! its options say.
#![no_main]

use fenkit_books::book::Book;
use fenkit_books::make::{BookMaker, BookOptions};
use fenkit_books::merge::merge;
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Color};

fuzz_target!(|bytes: &[u8]| {
    let half = bytes.len() / 2 / 16 * 16;
    let second_len = (bytes.len() - half) / 16 * 16;
    let (Ok(first), Ok(second)) = (
        Book::new(&bytes[..half]),
        Book::new(&bytes[half..half + second_len]),
    ) else {
        panic!("whole entries always read");
    };
    let _ = first.moves(&Chess::default());
    // Polyglot merges sorted books; these are sorted first.
    let sorted = |book: &Book<'_>| {
        let mut entries = book.all();
        entries.sort_by_key(|e| e.key);
        entries
            .iter()
            .flat_map(|e| e.to_bytes())
            .collect::<Vec<u8>>()
    };
    let (a, b) = (sorted(&first), sorted(&second));
    let merged = merge(&Book::new(&a).unwrap(), &Book::new(&b).unwrap());
    assert!(merged.windows(2).all(|w| w[0].key <= w[1].key));
    for entry in first.all().iter().chain(second.all().iter()) {
        assert!(
            merged
                .iter()
                .any(|m| m.key == entry.key && m.raw_move == entry.raw_move)
        );
    }
    let mut maker = BookMaker::new();
    for (index, entry) in first.all().iter().enumerate() {
        let side = Color::from_white(entry.learn % 2 == 0);
        let winner = [Some(Color::White), Some(Color::Black), None][index % 3];
        maker.add_game([(entry.key, entry.raw_move, side)], winner);
    }
    let options = BookOptions {
        min_game: 1,
        ..BookOptions::default()
    };
    let made = maker.entries(&options);
    assert!(
        made.windows(2)
            .all(|w| w[0].key < w[1].key || (w[0].key == w[1].key && w[0].weight >= w[1].weight))
    );
    assert!(made.iter().all(|e| e.weight > 0 && e.learn == 0));
});
