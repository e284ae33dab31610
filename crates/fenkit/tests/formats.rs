//! Chess960 notations, position keys, EPD, en passant policies, and the
//! deeper legality rules against positions from real (random) games.

use fenkit::{CastlingNotation, Format, ReadOptions, Severity, WriteOptions};
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Position, Setup};

fn chess960() -> ReadOptions {
    ReadOptions::default().with_castling(CastlingMode::Chess960)
}

fn written(setup: &Setup, options: WriteOptions) -> String {
    let mut out = Vec::new();
    options.write_fen(setup, &mut out);
    String::from_utf8(out).unwrap()
}

fn notation(castling: CastlingNotation) -> WriteOptions {
    WriteOptions::default().with_castling(castling)
}

#[test]
fn all_960_start_positions_read_back_in_every_notation() {
    for number in 0..960 {
        let setup = fenkit::chess960_start(number).unwrap();
        let shredder = written(&setup, notation(CastlingNotation::Shredder));
        let xfen = written(&setup, notation(CastlingNotation::XFen));
        let standard = written(&setup, notation(CastlingNotation::Standard));
        // Both rooks of a start position are the outermost: X-FEN says KQkq.
        assert!(xfen.contains(" w KQkq - "), "{number}: {xfen}");
        let back_rank = &shredder[shredder.rfind('/').unwrap() + 1..][..8];
        let rook_files: String = back_rank
            .char_indices()
            .filter(|&(_, c)| c == 'R')
            .map(|(file, _)| (b'A' + file as u8) as char)
            .rev()
            .collect();
        let expected = format!(" w {rook_files}{} - ", rook_files.to_lowercase());
        assert!(shredder.contains(&expected), "{number}: {shredder}");
        for fen in [&shredder, &xfen, &standard] {
            let checked = chess960().check(fen.as_bytes());
            assert!(
                checked.is_valid(),
                "{number}: {fen}: {:?}",
                checked.diagnostics
            );
            assert_eq!(checked.setup.as_ref(), Some(&setup), "{number}: {fen}");
        }
    }
    // 518 is the classical start, which standard reading accepts.
    let classical = written(
        &fenkit::chess960_start(518).unwrap(),
        WriteOptions::default(),
    );
    assert_eq!(
        classical,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn xfen_names_inner_rooks_by_file() {
    // White: king f1, rooks b1 and g1 with a rook on h1 that lost its right.
    let record = b"4k3/8/8/8/8/8/8/1R3KRR w G - 0 1";
    let setup = chess960().check(record).setup.unwrap();
    assert_eq!(
        written(&setup, notation(CastlingNotation::XFen)),
        "4k3/8/8/8/8/8/8/1R3KRR w G - 0 1"
    );
    assert_eq!(
        written(&setup, notation(CastlingNotation::Shredder)),
        "4k3/8/8/8/8/8/8/1R3KRR w G - 0 1"
    );
    // K means the outermost rook, h1.
    let outer = chess960()
        .check(b"4k3/8/8/8/8/8/8/1R3KRR w K - 0 1")
        .setup
        .unwrap();
    assert_eq!(
        written(&outer, notation(CastlingNotation::Shredder)),
        "4k3/8/8/8/8/8/8/1R3KRR w H - 0 1"
    );
    // Standard reading refuses file letters, and says how to read them.
    let strict =
        fenkit::check(b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert!(strict.diagnostics[0].message.contains("Chess960"));
}

fn legal(record: &str) -> Chess {
    let setup = fenkit::parse(record.as_bytes()).unwrap().setup;
    Chess::from_setup(setup, CastlingMode::Standard).unwrap()
}

#[test]
fn polyglot_keys_match_the_published_test_vectors() {
    // The Polyglot book format's own examples.
    let vectors = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            0x463b96181691fc9c,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            0x823c9b50fd114196,
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
            0x0756b94461c50fb0,
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
            0x662fafb965db29d4,
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            0x22a48b5a8e47ff78,
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3",
            0x652a607ca3f242c1,
        ),
        (
            "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4",
            0x00fdd303c946bdd9,
        ),
        (
            "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
            0x3c8123ea7b067637,
        ),
        (
            "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4",
            0x5c3f9b829b279560,
        ),
    ];
    for (record, key) in vectors {
        assert_eq!(fenkit::polyglot_key(&legal(record)), key, "{record}");
    }
}

#[test]
fn opening_keys_drop_en_passant_unless_a_legal_capture_exists() {
    // 1. e4 d5 2. e5 f5: exf6 is possible, so f6 stays in the key.
    let with_capture = legal("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(
        fenkit::opening_key(&with_capture),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6"
    );
    // A capture the pin forbids: the white king on a5 and a black rook on h5.
    let pinned = legal("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2");
    assert_eq!(fenkit::opening_key(&pinned), "4k3/8/8/K2pP2r/8/8/8/8 w - -");
    // Transpositions meet: 1. e4 e6 2. d4 and 1. d4 e6 2. e4.
    let a = legal("rnbqkbnr/pppp1ppp/4p3/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2");
    let b = legal("rnbqkbnr/pppp1ppp/4p3/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 2");
    assert_eq!(fenkit::opening_key(&a), fenkit::opening_key(&b));
    assert_eq!(fenkit::polyglot_key(&a), fenkit::polyglot_key(&b));
}

#[test]
fn en_passant_policies_write_what_they_promise() {
    let write = |record: &str, ep| {
        let setup = fenkit::parse(record.as_bytes()).unwrap().setup;
        written(&setup, WriteOptions::default().with_ep(ep))
    };
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(write(after_e4, EnPassantMode::Always), after_e4);
    assert!(write(after_e4, EnPassantMode::PseudoLegal).contains(" KQkq - 0 1"));
    assert!(write(after_e4, EnPassantMode::Legal).contains(" KQkq - 0 1"));
    // A pawn stands ready, but the capture would expose its king.
    let pinned = "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2";
    assert_eq!(write(pinned, EnPassantMode::PseudoLegal), pinned);
    assert_eq!(
        write(pinned, EnPassantMode::Legal),
        "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2"
    );
}

const SUITE: &str = r#"1k1r4/pp1b1R2/3q2pr/2pB3p/3pP3/8/PPP1Q1PP/1K6 w - - bm Qd1+; id "BK.01";
3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - bm d5; id "BK.02";
2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - bm f5; id "BK.03";
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - bm Nf5; c0 "a \"quoted\" comment"; pv Nf5 Qg6 Ng3;
4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 40; id "clocks";"#;

#[test]
fn epd_suites_round_trip_byte_for_byte() {
    let epd = ReadOptions::default().with_format(Format::Epd);
    for line in SUITE.lines() {
        let parsed = epd
            .parse(line.as_bytes())
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        let mut out = Vec::new();
        WriteOptions::default().write_epd(&parsed.setup, &parsed.operations, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), line);
    }
    let clocks = epd.parse(SUITE.lines().last().unwrap().as_bytes()).unwrap();
    assert_eq!(
        (clocks.setup.halfmoves, clocks.setup.fullmoves.get()),
        (12, 40)
    );
    let comment = epd.parse(SUITE.lines().nth(4).unwrap().as_bytes()).unwrap();
    assert_eq!(comment.operations[1].first(), Some("a \"quoted\" comment"));
    assert_eq!(comment.operations[2].operands.len(), 3);
    // Auto detection: a ';' makes a record EPD.
    let auto = ReadOptions::default().with_format(Format::Auto);
    assert!(
        auto.check(SUITE.lines().next().unwrap().as_bytes())
            .is_valid()
    );
    assert!(auto.check(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_valid());
    // So does a known opcode after four fields, when the ';' were forgotten.
    let forgot = auto.check(b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2");
    assert_eq!(forgot.diagnostics[0].code.as_str(), "epd-missing-semicolon");
}

/// Positions along random games from `start`, with the en passant square
/// after every double push, as the standard writes it.
fn random_games(start: &Setup, mode: CastlingMode, games: usize, mut visit: impl FnMut(&Setup)) {
    let mut rng = fen_bench::Lcg::new(0x5eed);
    for _ in 0..games {
        let mut pos = Chess::from_setup(start.clone(), mode).unwrap();
        for _ in 0..(20 + rng.below(200)) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer quiet moves, so that material stays and the rules
            // about captures and bishops are tested near their edge.
            let quiet: Vec<_> = moves.iter().filter(|m| !m.is_capture()).collect();
            let chosen = match quiet.len() {
                0 => moves[rng.below(moves.len())],
                n if rng.below(8) > 0 => *quiet[rng.below(n)],
                _ => moves[rng.below(moves.len())],
            };
            pos.play_unchecked(chosen);
            visit(&pos.to_setup(EnPassantMode::Always));
        }
    }
}

#[test]
fn positions_from_real_games_are_never_flagged_even_when_plausibility_counts() {
    let plausible = fenkit::Strictness::Plausible;
    let mut seen = 0;
    for (number, mode) in [
        (518, CastlingMode::Standard),
        (0, CastlingMode::Chess960),
        (333, CastlingMode::Chess960),
    ] {
        let start = fenkit::chess960_start(number).unwrap();
        let options = ReadOptions::default()
            .with_castling(mode)
            .with_strictness(plausible);
        let style = notation(match mode {
            CastlingMode::Standard => CastlingNotation::Standard,
            CastlingMode::Chess960 => CastlingNotation::Shredder,
        });
        random_games(&start, mode, 150, |setup| {
            let mut record = Vec::new();
            style.write_fen(setup, &mut record);
            let checked = options.check(&record);
            assert!(
                checked
                    .diagnostics
                    .iter()
                    .all(|d| d.severity != Severity::Error),
                "{}: {:?}",
                String::from_utf8_lossy(&record),
                checked.diagnostics
            );
            seen += 1;
        });
    }
    assert!(seen > 20_000, "{seen}");
}
