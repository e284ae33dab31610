//! `fen perft` against the published perft tables: the start position,
//! Kiwipete, and positions 3 to 6 of the standard suite.

mod common;

/// Each position with its node counts at depths 1, 2, ….
const SUITE: [(&str, &[u64]); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603],
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238, 674_624],
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333, 15_833_292],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594],
    ),
];

#[test]
fn perft_matches_the_published_counts() {
    for depth in 1..=5 {
        let positions: Vec<_> = SUITE
            .iter()
            .filter_map(|(fen, counts)| Some((*fen, *counts.get(depth - 1)?)))
            .collect();
        let mut args = vec!["perft".to_string(), depth.to_string()];
        for (fen, _) in &positions {
            args.extend(["--fen".to_string(), fen.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = common::run(&args, Vec::new());
        let stdout = String::from_utf8_lossy(&output.stdout);
        let counts: Vec<u64> = stdout
            .lines()
            .map(|l| l.parse().expect("a count"))
            .collect();
        let expected: Vec<u64> = positions.iter().map(|(_, count)| *count).collect();
        assert_eq!(counts, expected, "depth {depth}");
        // Position 4 is unreachable: a warning, not a refusal.
        assert_eq!(output.status.code(), Some(0), "depth {depth}");
    }
}

#[test]
fn divide_sums_to_the_total_and_startpos_names_the_start() {
    let output = common::run(&["perft", "3", "--divide", "startpos"], Vec::new());
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 21, "{stdout}");
    let sum: u64 = lines[..20]
        .iter()
        .map(|l| l.split('\t').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 8_902);
    assert_eq!(lines[20], "total\t8902");
    assert!(lines.contains(&"e2e4\t600"), "{stdout}");
}

/// python-chess's perft files of the variants (`../shared/data/real/
/// python-chess/examples/perft/`, read where they stand): every published
/// count, to its published depth, with `--variant` (and `--chess960` for
/// the Chess960 castling among them).
#[test]
fn every_variant_counts_as_its_published_perft_says() {
    let files = [
        ("3check", "threecheck"),
        ("atomic", "atomic"),
        ("crazyhouse", "crazyhouse"),
        ("giveaway", "antichess"),
        ("horde", "horde"),
        ("racingkings", "racingkings"),
    ];
    for (file, variant) in files {
        let Some(path) = common::real(&format!("python-chess/examples/perft/{file}.perft")) else {
            return;
        };
        let path = path.to_str().expect("UTF-8");
        let output = common::run(
            &["perft", "--suite", path, "--variant", variant, "--chess960"],
            Vec::new(),
        );
        let said = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{file}: {said}");
        assert!(said.contains(" 0 differ"), "{file}: {said}");
        assert!(!said.contains(" 0 counts"), "{file}: {said}");
    }
}
