//! `fen book` on a Polyglot book the test writes itself, with known
//! entries.

use std::{fs, process::Command};

use fenkit_books::book::{Entry, encode_move};
use shakmaty::{CastlingMode, Chess, FromSetup, uci::UciMove};

fn position(fen: &str) -> Chess {
    let setup = fenkit::parse(fen.as_bytes()).expect("well-formed").setup;
    Chess::from_setup(setup, CastlingMode::Standard).expect("legal")
}

fn entry(position: &Chess, uci: &str, weight: u16) -> Entry {
    let m = uci
        .parse::<UciMove>()
        .unwrap()
        .to_move(position)
        .expect("legal");
    Entry {
        key: fenkit::polyglot_key(position),
        raw_move: encode_move(m),
        weight,
        learn: 0,
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLE: &str = "r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 2 8";

#[test]
fn book_moves_with_weights_shares_and_castling_translated() {
    let start = position(START);
    let castle = position(CASTLE);
    let mut entries = vec![
        entry(&start, "e2e4", 60),
        entry(&start, "d2d4", 30),
        entry(&start, "g1f3", 10),
        // Polyglot stores castling as the king taking its rook.
        entry(&castle, "e1g1", 5),
        entry(&castle, "a2a3", 15),
    ];
    // e1 (square 4) takes h1 (square 7).
    assert_eq!(entries[3].raw_move, 4 << 6 | 7);
    // A move that is not legal in its position is skipped.
    entries.push(Entry {
        raw_move: 0,
        ..entry(&start, "e2e4", 99)
    });
    entries.sort_by_key(|e| e.key);
    let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_bytes()).collect();
    let dir = std::env::temp_dir().join(format!("fen-book-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let book = dir.join("small.bin");
    fs::write(&book, &bytes).unwrap();
    let input = dir.join("positions.fen");
    fs::write(
        &input,
        format!("{START}\n{CASTLE}\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"),
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(["book", book.to_str().unwrap(), input.to_str().unwrap()])
        .output()
        .expect("fen runs");
    fs::remove_dir_all(&dir).ok();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "e4\te2e4\t60\t60.0%\nd4\td2d4\t30\t30.0%\nNf3\tg1f3\t10\t10.0%\n\n\
         a3\ta2a3\t15\t75.0%\nO-O\te1g1\t5\t25.0%\n\n-\n"
    );
}

#[test]
fn a_book_of_the_wrong_length_is_refused() {
    let dir = std::env::temp_dir().join(format!("fen-badbook-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let book = dir.join("broken.bin");
    fs::write(&book, [0u8; 17]).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(["book", book.to_str().unwrap()])
        .output()
        .expect("fen runs");
    fs::remove_dir_all(&dir).ok();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("17 bytes is not a whole number of 16-byte Polyglot entries")
    );
}
