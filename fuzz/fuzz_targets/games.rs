//! Moves and PGN games from arbitrary bytes. The first line is a position
//! (read leniently; the start position when it is not legal), the rest
//! whitespace-separated moves: each one read either gives a legal move or
//! an error with a message, and a move refused is no legal move's SAN or
//! UCI. The whole input is also read as PGN, each game through the games
//! library's one door (`Plies::play`): no panic, and every position
//! handed out is one shakmaty can play on; a handler that stops at a ply
//! is handed none past it. A first game played through is
//! written back in the export format (`fenkit_games::export`), whole and
//! stripped: read again, the same positions; written again, the same
//! bytes.
#![no_main]

use fenkit::ReadOptions;
use fenkit::moves::read_move;
use fenkit::variants::VariantPosition;
use std::ops::ControlFlow;

use fenkit_games::{
    export::{Export, Strip},
    pgn::{GameTexts, Plies, Ply, Until},
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
    let texts: Vec<Vec<u8>> = GameTexts::new(input)
        .take(20)
        .map_while(Result::ok)
        .map(|game| game.text)
        .collect();
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
        for text in &texts {
            let Some(played) = plies.play(&mut text.clone()) else {
                continue;
            };
            match played.outcome {
                // The text ended inside a comment: the game has no end to
                // hand its waiting ply out at.
                Err(error) if error.code == fenkit::Code::UnterminatedComment => unreadable = true,
                Err(error) => assert!(!error.message.is_empty()),
                Ok(end) => assert!(!end.stopped),
            }
        }
    }
    stopped_where_asked(&texts, input.len() % 5);
    assert!(
        unreadable || seen[0] == seen[1],
        "annotations changed the plies"
    );
    written_back(input);
});

/// The first game of `texts`, played by a handler that stops at ply
/// `at`: no ply past it is handed out, and a game that went on is said
/// stopped there.
fn stopped_where_asked(texts: &[Vec<u8>], at: usize) {
    let Some(text) = texts.first() else {
        return;
    };
    let mut handed = 0;
    let mut plies = Plies::with_handler(Until(|ply: Ply<'_>| {
        handed += 1;
        assert!(ply.ply <= at);
        match ply.ply == at {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    }));
    let played = plies.play(&mut text.clone());
    drop(plies);
    assert!(handed <= at + 1);
    if let Some(Ok(end)) = played.map(|played| played.outcome)
        && end.stopped
    {
        assert_eq!(end.plies, at);
    }
}

/// The first game of `text`, if it is played through: its positions, and
/// its text as the door read it (its dialects in the standard's form, as
/// the writer takes it).
fn first_game(text: &[u8]) -> Option<(Vec<VariantPosition>, Vec<u8>)> {
    let mut positions = Vec::new();
    let mut plies = Plies::new(|ply| positions.push(ply.position.clone()));
    let mut game = GameTexts::new(text).next()?.ok()?.text;
    let played = plies.play(&mut game)?;
    drop(plies);
    played.outcome.is_ok().then_some((positions, game))
}

fn written_back(input: &[u8]) {
    let Some((positions, input)) = first_game(input) else {
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
        if !export.write_game(&input, &positions[0], &mut written) {
            // A comment never closed inside a variation: not written.
            assert!(written.is_empty());
            return;
        }
        let again = first_game(&written).map(|(positions, _)| positions);
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
