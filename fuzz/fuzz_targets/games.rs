//! Moves and PGN games from arbitrary bytes. The first line is a position
//! (read leniently; the start position when it is not legal), the rest
//! whitespace-separated moves: each one read either gives a legal move or
//! an error with a message, and a move refused is no legal move's SAN or
//! UCI. The whole input is also read as PGN: no panic, and every position
//! handed out is one shakmaty can play on. A first game played through is
//! written back in the export format (`fenkit_games::export`), whole and
//! stripped: read again, the same positions; written again, the same
//! bytes.
#![no_main]

use fenkit::ReadOptions;
use fenkit::moves::read_move;
use fenkit::variants::VariantPosition;
use fenkit_games::{
    export::{Export, Strip},
    pgn::{Plies, Reader},
};
use libfuzzer_sys::fuzz_target;
use shakmaty::{CastlingMode, Chess, FromSetup, Position, san::San, uci::UciMove};

fuzz_target!(|input: &[u8]| {
    let (first, rest) = match input.iter().position(|&b| b == b'\n') {
        Some(cut) => (&input[..cut], &input[cut + 1..]),
        None => (input, &input[..0]),
    };
    let lenient = ReadOptions::default().with_lenient(true);
    let mut position = lenient
        .parse(first)
        .ok()
        .and_then(|parsed| Chess::from_setup(parsed.setup, CastlingMode::Standard).ok())
        .unwrap_or_default();
    for token in String::from_utf8_lossy(rest).split_whitespace().take(50) {
        match read_move(&position, token) {
            Ok(m) => {
                assert!(position.is_legal(m));
                position.play_unchecked(m);
            }
            Err(err) => {
                assert!(!err.message.is_empty());
                for m in position.legal_moves() {
                    assert_ne!(
                        San::from_move(&position, m).to_string(),
                        token,
                        "{}",
                        err.message
                    );
                    assert_ne!(
                        UciMove::from_move(m, CastlingMode::Standard).to_string(),
                        token
                    );
                }
            }
        }
    }
    // Read twice: plain, and with each ply's annotations (clocks,
    // evaluations, arrows from the comments): the same plies, in order.
    let mut seen = [Vec::new(), Vec::new()];
    let mut unreadable = false;
    for (round, seen) in seen.iter_mut().enumerate() {
        let plies = Plies::new(|ply| {
            assert!(ply.position.legal_moves().len() < 256);
            for shape in ply
                .annotations
                .arrows
                .iter()
                .chain(&ply.annotations.circles)
            {
                // Written back in lichess's form, a shape reads the same.
                let mut again = fenkit_games::Annotations::default();
                again.read_comment(format!("[%cal {shape}]").as_bytes());
                let read = again.arrows.iter().chain(&again.circles).next();
                assert_eq!(read, Some(shape));
            }
            assert!(ply.annotations.clock.is_none_or(|s| s >= 0.0));
            seen.push((ply.game, ply.ply, ply.position.clone()));
        });
        let mut plies = match round {
            0 => plies,
            _ => plies.keeping_annotations(),
        };
        let mut reader = Reader::new(input);
        for _ in 0..20 {
            match reader.read_game(&mut plies) {
                Ok(Some(Err(error))) => assert!(!error.message.is_empty()),
                Ok(Some(Ok(_))) => {}
                Ok(None) => break,
                // The text ended inside a comment: the last game has no end
                // to hand its waiting ply out at.
                Err(_) => {
                    unreadable = true;
                    break;
                }
            }
        }
    }
    assert!(
        unreadable || seen[0] == seen[1],
        "annotations changed the plies"
    );
    written_back(input);
});

/// The positions of the first game of `text`, if it is played through.
fn first_game(text: &[u8]) -> Option<Vec<VariantPosition>> {
    let mut positions = Vec::new();
    let mut plies = Plies::new(|ply| positions.push(ply.position.clone()));
    let played = Reader::new(text).read_game(&mut plies);
    let played = match played {
        Ok(Some(played)) => plies.check_words(text, played),
        _ => return None,
    };
    drop(plies);
    played.is_ok().then_some(positions)
}

fn written_back(input: &[u8]) {
    let Some(positions) = first_game(input) else {
        return;
    };
    let every = Strip {
        comments: true,
        variations: true,
        nags: true,
        clocks: true,
        evals: true,
        tags: vec!["Annotator".into()],
    };
    for export in [
        Export::default(),
        Export {
            strip: every,
            ..Export::default()
        },
    ] {
        let mut written = Vec::new();
        if !export.write_game(input, &positions[0], &mut written) {
            // A comment never closed inside a variation: not written.
            assert!(written.is_empty());
            return;
        }
        let again = first_game(&written);
        assert_eq!(
            again.as_ref(),
            Some(&positions),
            "{}",
            String::from_utf8_lossy(&written)
        );
        let mut twice = Vec::new();
        assert!(export.write_game(&written, &positions[0], &mut twice));
        assert_eq!(
            String::from_utf8_lossy(&twice),
            String::from_utf8_lossy(&written)
        );
    }
}
