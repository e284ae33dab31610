//! Playable or reachable: the positions engine authors test with are
//! accepted by default, with what no game from the standard start reaches
//! as warnings, and refused when reachability is asked for.

use fenkit::{Class, ReadOptions, Severity, Strictness};
use shakmaty::{CastlingMode, Position};

/// The standard perft suite (the start, Kiwipete, positions 3 to 6 and 4
/// mirrored), and the middlegame example of the FEN explainers.
const SET_UP: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r2qk2r/pp2ppp1/1n4n1/2ppP1Bp/1b1P2b1/P1N2N2/1PP1BPPP/R1Q1K2R w KQkq - 0 8",
];

/// The codes of the unreachable findings of `fen`, each once.
fn unreachable(fen: &str) -> Vec<&'static str> {
    let mut codes: Vec<_> = fenkit::check(fen.as_bytes())
        .diagnostics
        .iter()
        .filter(|d| d.code.class() == Class::Unreachable)
        .map(|d| d.code.as_str())
        .collect();
    codes.dedup();
    codes
}

#[test]
fn every_set_up_position_is_playable_and_played_from() {
    for fen in SET_UP {
        let checked = fenkit::check(fen.as_bytes());
        assert!(checked.is_valid(), "{fen}: {:?}", checked.diagnostics);
        for d in &checked.diagnostics {
            assert_eq!(d.severity, Severity::Warning, "{fen}: {d:?}");
        }
        let position = checked
            .position(CastlingMode::Standard)
            .expect("played from");
        assert!(!position.legal_moves().is_empty(), "{fen}");
    }
}

#[test]
fn unreachable_positions_are_refused_when_reachability_is_asked() {
    let reachable = ReadOptions::default().with_strictness(Strictness::Reachable);
    // The two that fenkit refused by default before it told the classes
    // apart: pawns that took more than was lost, and a bishop that could
    // never have left its home square (so another one is a promoted pawn).
    assert_eq!(unreachable(SET_UP[3]), ["pawn-captures"]);
    assert_eq!(unreachable(SET_UP[7]), ["trapped-bishop"]);
    for fen in SET_UP {
        let valid = reachable.check(fen.as_bytes()).is_valid();
        assert_eq!(valid, unreachable(fen).is_empty(), "{fen}");
    }
}

#[test]
fn promoted_material_is_unreachable_and_still_played_from() {
    let fen = "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1";
    assert_eq!(unreachable(fen), ["too-many-promoted"]);
    let checked = fenkit::check(fen.as_bytes());
    let position = checked
        .position(CastlingMode::Standard)
        .expect("played from");
    assert!(!position.legal_moves().is_empty());
}

#[test]
fn every_code_has_one_class_and_its_default_severity_follows() {
    for &code in fenkit::Code::ALL {
        let class = code.class();
        let error = matches!(class, Class::Malformed | Class::Illegal);
        let expected = if error {
            Severity::Error
        } else {
            Severity::Warning
        };
        assert_eq!(code.severity(), expected, "{code}");
        // Stricter never makes an error a warning.
        let severities = [
            Strictness::Playable,
            Strictness::Reachable,
            Strictness::Plausible,
        ]
        .map(|strictness| strictness.severity(class) == Severity::Error);
        assert!(severities.is_sorted(), "{code}: {severities:?}");
    }
}
