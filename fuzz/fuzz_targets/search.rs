//! The readers of what `fen search` looks for, on arbitrary text: a
//! material signature and a pattern never panic, an error stands inside
//! the text, and what they accept is written back in a form they read as
//! the same query, which a board matches exactly when the first matches.
#![no_main]

use fenkit_games::search::{Pattern, Signature};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};

fuzz_target!(|text: &str| {
    let boards = [Chess::default().board().clone(), shakmaty::Board::empty()];
    match text.parse::<Signature>() {
        Ok(signature) => {
            let again: Signature = signature.to_string().parse().expect("written back, read");
            assert_eq!(again, signature);
            for board in &boards {
                assert_eq!(again.matches(board), signature.matches(board));
            }
        }
        Err(bad) => assert!(bad.at <= text.len() && !bad.message.is_empty()),
    }
    match text.parse::<Pattern>() {
        Ok(pattern) => {
            let written = pattern.to_string();
            let again: Pattern = written.parse().expect("written back, read");
            assert_eq!(again.to_string(), written);
            for board in &boards {
                assert_eq!(again.matches(board), pattern.matches(board));
            }
        }
        Err(bad) => assert!(bad.at <= text.len() && !bad.message.is_empty()),
    }
});
