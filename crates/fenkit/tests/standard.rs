//! The standard's own examples: each is well-formed, legal, and written back
//! byte for byte.

use shakmaty::{Color, Piece, Square};

const EXAMPLES: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39",
    "r2qk2r/pp2ppp1/1n4n1/2ppP1Bp/1b1P2b1/P1N2N2/1PP1BPPP/R1Q1K2R w KQkq - 0 8",
];

#[test]
fn examples_are_valid_and_round_trip() {
    for example in &EXAMPLES[..5] {
        let checked = fenkit::check(example.as_bytes());
        assert!(checked.is_valid(), "{example}: {:?}", checked.diagnostics);
        let setup = checked.setup.expect("well-formed");
        assert_eq!(fenkit::Fen::from(setup.clone()).to_string(), *example);
    }
}

#[test]
fn the_middlegame_example_is_well_formed_but_no_game_reaches_it() {
    // Black's dark-square bishop stands on b4, yet the pawns on e7 and g7
    // never moved, so the f8 bishop never left f8, and with all eight black
    // pawns on the board no promotion explains another one.
    let checked = fenkit::check(EXAMPLES[5].as_bytes());
    let setup = checked.setup.as_ref().expect("well-formed");
    assert_eq!(fenkit::Fen::from(setup.clone()).to_string(), EXAMPLES[5]);
    let codes: Vec<_> = checked
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes, ["trapped-bishop"]);
    assert_eq!(checked.diagnostics[0].span.start, 30); // the 'b' on b4
}

#[test]
fn examples_mean_what_the_standard_says() {
    let start = fenkit::parse(EXAMPLES[0].as_bytes()).unwrap().setup;
    assert_eq!(start, shakmaty::Setup::initial());

    let after_e4 = fenkit::parse(EXAMPLES[1].as_bytes()).unwrap().setup;
    assert_eq!(after_e4.turn, Color::Black);
    assert_eq!(after_e4.ep_square, Some(Square::E3));
    assert_eq!(
        after_e4.board.piece_at(Square::E4),
        Some(Piece::from_char('P').unwrap())
    );
    assert_eq!(after_e4.board.piece_at(Square::E2), None);

    let after_nf3 = fenkit::parse(EXAMPLES[3].as_bytes()).unwrap().setup;
    assert_eq!(after_nf3.ep_square, None);
    assert_eq!(after_nf3.halfmoves, 1);
    assert_eq!(after_nf3.fullmoves.get(), 2);

    let endgame = fenkit::parse(EXAMPLES[4].as_bytes()).unwrap().setup;
    assert_eq!(endgame.board.occupied().count(), 3);
    assert_eq!((endgame.halfmoves, endgame.fullmoves.get()), (5, 39));
    assert!(endgame.castling_rights.is_empty());
}

#[test]
fn en_passant_is_kept_even_when_no_capture_is_possible() {
    // After 1.e4 no black pawn can take on e3; the standard records it anyway.
    let setup = fenkit::parse(EXAMPLES[1].as_bytes()).unwrap().setup;
    assert!(
        fenkit::Fen::from(setup.clone())
            .to_string()
            .contains(" e3 ")
    );
}

#[test]
fn field_spans_match_the_record() {
    let record = EXAMPLES[5].as_bytes();
    let parsed = fenkit::parse(record).unwrap();
    let text = |field| {
        let span = parsed.fields.get(field).unwrap();
        std::str::from_utf8(&record[span.start..span.end]).unwrap()
    };
    use fenkit::Field::*;
    assert_eq!(
        text(Placement),
        "r2qk2r/pp2ppp1/1n4n1/2ppP1Bp/1b1P2b1/P1N2N2/1PP1BPPP/R1Q1K2R"
    );
    assert_eq!(
        [
            text(Side),
            text(Castling),
            text(EnPassant),
            text(Halfmove),
            text(Fullmove)
        ],
        ["w", "KQkq", "-", "0", "8"]
    );
}

#[test]
fn largest_numbers_are_accepted() {
    let record = "4k3/8/8/8/8/8/4P3/4K3 w - - 4294967295 4294967295";
    let setup = fenkit::parse(record.as_bytes()).unwrap().setup;
    assert_eq!(setup.halfmoves, u32::MAX);
    assert_eq!(fenkit::Fen::from(setup.clone()).to_string(), record);
}
