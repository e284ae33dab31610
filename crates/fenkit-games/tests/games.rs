//! Moves, histories and openings on real sequences: the standard's own
//! example, tricky moves, a perpetual check, a transposition.

use fenkit::moves::read_move;
use fenkit_games::{Event, History, opening};
use shakmaty::{CastlingMode, Chess, FromSetup, Position};

fn position(fen: &str) -> Chess {
    if fen == "startpos" {
        return Chess::default();
    }
    let setup = fenkit::parse(fen.as_bytes()).expect("well-formed").setup;
    Chess::from_setup(setup, CastlingMode::Standard).expect("legal")
}

fn fen(position: &Chess) -> String {
    fenkit::Fen::from_position(position).to_string()
}

/// Plays `moves` and returns the FEN after each.
fn play(start: &str, moves: &[&str]) -> Result<Vec<String>, (String, String)> {
    let mut position = position(start);
    let mut fens = Vec::new();
    for text in moves {
        let m = read_move(&position, text)
            .map_err(|err| (err.code.as_str().to_string(), err.message))?;
        position.play_unchecked(m);
        fens.push(fen(&position));
    }
    Ok(fens)
}

#[test]
fn the_standards_example_sequence() {
    assert_eq!(
        play("startpos", &["e4", "c5", "Nf3"]).unwrap(),
        [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        ]
    );
    // The same in UCI, and mixed.
    assert_eq!(
        play("startpos", &["e2e4", "c7c5", "g1f3"]),
        play("startpos", &["e4", "c7c5", "Nf3"])
    );
}

/// (start, move, the FEN after it).
const LEGAL: &[(&str, &str, &str)] = &[
    // Castling both sides, both colors, in SAN, with zeros and in UCI.
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "O-O",
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "O-O-O",
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "0-0",
        "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "e8c8",
        "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2",
    ),
    // En passant, SAN and UCI.
    (
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "exd6",
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2",
    ),
    (
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2",
        "e4d3",
        "4k3/8/8/8/8/3p4/8/4K3 w - - 0 3",
    ),
    // Promotions, with and without capture, to each piece.
    (
        "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "e8=Q+",
        "3rQ2k/8/8/8/8/8/8/4K3 b - - 0 1",
    ),
    (
        "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "exd8=N",
        "3N3k/8/8/8/8/8/8/4K3 b - - 0 1",
    ),
    (
        "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "e7d8r",
        "3R3k/8/8/8/8/8/8/4K3 b - - 0 1",
    ),
    (
        "4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1",
        "axb1=B",
        "4k3/8/8/8/8/8/8/1b2K3 w - - 0 2",
    ),
    // Disambiguation by file, by rank, and by both.
    (
        "4k3/8/8/8/8/8/8/RN2KN2 w - - 0 1",
        "Nbd2",
        "4k3/8/8/8/8/8/3N4/R3KN2 b - - 1 1",
    ),
    (
        "4k3/8/8/8/8/8/8/RN2KN2 w - - 0 1",
        "Nfd2",
        "4k3/8/8/8/8/8/3N4/RN2K3 b - - 1 1",
    ),
    (
        "4k3/8/R7/8/8/8/8/R3K3 w - - 0 1",
        "R6a3",
        "4k3/8/8/8/8/R7/8/R3K3 b - - 1 1",
    ),
    (
        "7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1",
        "Qc4d3",
        "7k/8/8/8/4Q3/3Q4/2Q5/4K3 b - - 1 1",
    ),
    // Check and mate suffixes are accepted, annotations too.
    (
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "Ra8#",
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1",
    ),
    (
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "Ra8+!?",
        "R3k3/8/8/8/8/8/8/4K3 b - - 1 1",
    ),
];

#[test]
fn tricky_legal_moves() {
    for (start, text, after) in LEGAL {
        assert_eq!(
            play(start, &[text]),
            Ok(vec![after.to_string()]),
            "{text} from {start}"
        );
    }
}

/// (start, move, code, message).
const WRONG: &[(&str, &str, &str, &str)] = &[
    (
        "startpos",
        "Nd4",
        "illegal-move",
        "Nd4: no white knight can reach d4",
    ),
    (
        "startpos",
        "Nbd2",
        "illegal-move",
        "Nbd2: d2 holds a white pawn",
    ),
    (
        "startpos",
        "Bb5",
        "illegal-move",
        "Bb5: no white bishop can reach b5",
    ),
    (
        "startpos",
        "e5",
        "illegal-move",
        "e5: no white pawn can reach e5",
    ),
    (
        "startpos",
        "O-O",
        "illegal-move",
        "O-O: f1 and g1 must be empty to castle king side",
    ),
    (
        "startpos",
        "e2e5",
        "illegal-move",
        "e2e5: the white pawn on e2 cannot move to e5",
    ),
    (
        "startpos",
        "e7e5",
        "illegal-move",
        "e7e5: the piece on e7 is Black's, but White is to move",
    ),
    ("startpos", "e3e4", "illegal-move", "e3e4: e3 is empty"),
    (
        "startpos",
        "Zz9",
        "bad-move",
        "'Zz9' is not a move: write it in SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)",
    ),
    (
        "4k3/8/8/8/8/8/8/RN2KN2 w - - 0 1",
        "Nd2",
        "ambiguous-move",
        "Nd2 is ambiguous: the pieces on b1 and f1 can both make it; write Nbd2 or Nfd2",
    ),
    // Into check: a pinned knight, a king stepping into an attack, an
    // unanswered check, castling through an attacked square or out of check.
    (
        "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
        "Nc3",
        "illegal-move",
        "Nc3: it would leave the white king in check",
    ),
    (
        "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1",
        "Kd2",
        "illegal-move",
        "Kd2: it would put the white king in check",
    ),
    (
        "4k3/4r3/8/8/8/8/8/N3K3 w - - 0 1",
        "Nb3",
        "illegal-move",
        "Nb3: the white king is in check, and this move does not answer it",
    ),
    (
        "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1",
        "O-O",
        "illegal-move",
        "O-O: the king would cross or land on an attacked square",
    ),
    (
        "4k3/4r3/8/8/8/8/8/4K2R w K - 0 1",
        "O-O",
        "illegal-move",
        "O-O: the white king is in check, and castling does not answer a check",
    ),
    (
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        "O-O",
        "illegal-move",
        "O-O: White has no right to castle king side",
    ),
    // Promotions done wrong.
    (
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "a8",
        "illegal-move",
        "a8: a pawn reaching a8 must promote; write a8=Q (or =R, =B, =N)",
    ),
    (
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "a7a8",
        "illegal-move",
        "a7a8: a pawn reaching a8 must promote; add the piece, as in a7a8q",
    ),
];

#[test]
fn wrong_moves_say_why() {
    for (start, text, code, message) in WRONG {
        assert_eq!(
            play(start, &[text]),
            Err((code.to_string(), message.to_string())),
            "{text} from {start}"
        );
    }
}

/// A perpetual check: the queen swings between g6 and h6.
#[test]
fn a_perpetual_check_repeats_three_and_five_times() {
    let mut position = position("5rk1/pp6/8/8/8/3Q4/q4PPP/6K1 w - - 0 1");
    let mut history = History::new();
    assert!(history.push(&position).is_empty());
    let checks = ["Qg6+", "Kh8", "Qh6+", "Kg8"];
    let mut events = Vec::new();
    for (index, text) in checks.iter().cycle().take(17).enumerate() {
        let m = read_move(&position, text).expect("legal");
        position.play_unchecked(m);
        for event in history.push(&position) {
            events.push((index + 1, event));
        }
    }
    // (ply, times, the plies of every occurrence)
    let expected: [(usize, usize, &[usize]); 5] = [
        (9, 3, &[1, 5, 9]),
        (10, 3, &[2, 6, 10]),
        (11, 3, &[3, 7, 11]),
        (12, 3, &[4, 8, 12]),
        (17, 5, &[1, 5, 9, 13, 17]),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|&(ply, times, plies)| {
            let plies = plies.to_vec();
            (ply, Event::Repetition { times, plies })
        })
        .collect();
    assert_eq!(events, expected);
}

#[test]
fn the_ruy_lopez_is_found_by_position_in_any_move_order() {
    for moves in [
        ["e4", "e5", "Nf3", "Nc6", "Bb5"],
        ["Nf3", "Nc6", "e4", "e5", "Bb5"],
        ["e4", "Nc6", "Nf3", "e5", "Bb5"],
    ] {
        let fens = play("startpos", &moves).expect("legal");
        let last = position(fens.last().unwrap());
        let found = opening(&last).expect("named");
        assert_eq!((found.eco, found.name), ("C60", "Ruy Lopez"), "{moves:?}");
    }
}
