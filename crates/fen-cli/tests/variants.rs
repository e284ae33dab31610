//! Games of lichess's variants, played in the variant their `[Variant]`
//! tag names: every ply's FEN (pockets, promoted pieces and remaining
//! checks included) equals python-chess's, on the repo's own games of
//! every variant and on the variant games of the real lichess exports
//! (`../shared/data/real/lichess-users/`, read where they stand); a
//! variant fenkit does not play is one diagnostic for its game. And each
//! of those positions, read back with `--variant`, is valid and written
//! as it was, as python-chess reads and writes it, and its perft counts
//! are python-chess's.

mod common;

use std::io::Read;

/// The repo's games of every variant (the `pgn-variants` golden's).
fn repo_variant_games() -> Vec<u8> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/pgn-variants/variants.pgn"
    );
    std::fs::read(path).expect("readable")
}

#[test]
fn every_variant_plays_as_python_chess_plays_it() {
    let text = repo_variant_games();
    let (ours, stderr) = common::fen_pgn_fens(&text);
    // Bughouse, the one variant neither plays: one diagnostic, at its tag.
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("error[unknown-variant]: game 9"),
        "{stderr}"
    );
    for variant in ["[QBqp]", " 1+3 ", "8/8/8/k6K/", "PPPPPPPP w kq"] {
        assert!(ours.contains(variant), "no {variant} in\n{ours}");
    }
    if !common::python_chess() {
        return;
    }
    assert_eq!(ours, common::python_chess_fens(&text, false));
}

#[test]
fn lichess_variant_games_replay_as_python_chess_replays_them() {
    let mut variant_games = Vec::new();
    for name in ["lichess_js", "lichess_magnus", "lichess_magnus2"] {
        let Some(path) = common::real(&format!("lichess-users/{name}.pgn.zst")) else {
            return;
        };
        let mut text = String::new();
        zstd::stream::read::Decoder::new(std::fs::File::open(&path).expect("readable"))
            .expect("zstd")
            .read_to_string(&mut text)
            .expect("UTF-8");
        for game in text.split("\n[Event ").skip(1) {
            let standard = ["Standard", "Chess960", "From Position"]
                .iter()
                .any(|name| game.contains(&format!("[Variant \"{name}\"]")));
            if game.contains("[Variant ") && !standard {
                variant_games.push(format!("[Event {}\n\n", game.trim_end()));
            }
        }
    }
    let text = variant_games.concat();
    let (ours, stderr) = common::fen_pgn_fens(text.as_bytes());
    assert!(
        variant_games.len() > 100,
        "{} variant games",
        variant_games.len()
    );
    assert_eq!(stderr, "", "every variant game replays");
    if common::python_chess() {
        assert_eq!(ours, common::python_chess_fens(text.as_bytes(), false));
    }
    // Every position, read back in its game's variant.
    let mut by_variant: std::collections::BTreeMap<String, String> = Default::default();
    for (index, game) in variant_games.iter().enumerate() {
        let tag = game
            .split("[Variant \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next());
        let records = by_variant
            .entry(tag.expect("a variant tag").to_string())
            .or_default();
        records.push_str(&game_fens(&ours, index + 1));
    }
    assert!(by_variant.len() >= 6, "{:?}", by_variant.keys());
    for (variant, records) in by_variant {
        read_back(&variant, &records);
        // Every 20th position's moves, two plies deep.
        let sample: String = records
            .lines()
            .step_by(20)
            .map(|record| format!("{record}\n"))
            .collect();
        perft_as_python_chess(&variant, 2, &sample);
    }
}

/// Positions of `variant`, one a line, read back by `fen normalize
/// --variant` and `fen check --variant`: written as they were, all valid;
/// and so for python-chess's board of that variant.
fn read_back(variant: &str, records: &str) {
    let normalized = common::run(
        &["normalize", "--variant", variant],
        records.as_bytes().to_vec(),
    );
    assert_eq!(String::from_utf8_lossy(&normalized.stderr), "", "{variant}");
    assert_eq!(
        String::from_utf8_lossy(&normalized.stdout),
        records,
        "{variant}"
    );
    let checked = common::run(
        &["check", "--variant", variant],
        records.as_bytes().to_vec(),
    );
    common::assert_exit(&checked, 0, "");
    if !common::python_chess() {
        return;
    }
    let script = r#"
import sys, chess.variant
board = chess.variant.find_variant(sys.argv[1])
for line in sys.stdin:
    position = board(line.strip())
    print(position.fen(en_passant="fen") if position.is_valid() else "invalid")
"#;
    assert_eq!(
        common::python(script, &[variant], records.as_bytes()),
        records,
        "{variant}"
    );
}

/// The FENs of game `number` of `fens` (`game\tfen` lines), one a line.
fn game_fens(fens: &str, number: usize) -> String {
    let number = number.to_string();
    fens.lines()
        .filter_map(|line| line.split_once('\t'))
        .filter(|(game, _)| *game == number)
        .map(|(_, fen)| format!("{fen}\n"))
        .collect()
}

#[test]
fn variant_positions_read_back_as_written() {
    let (fens, _) = common::fen_pgn_fens(&repo_variant_games());
    // The games' variants, in the file's order.
    let variants = [
        "crazyhouse",
        "crazyhouse",
        "Three-check",
        "atomic",
        "antichess",
        "King of the Hill",
        "racingkings",
        "horde",
    ];
    for (index, variant) in variants.iter().enumerate() {
        let records = game_fens(&fens, index + 1);
        assert!(!records.is_empty(), "{variant}");
        read_back(variant, &records);
    }
}

/// The perft count to `depth` of each of `records` (one a line) in
/// `variant`, by `fen perft --variant` and, where python-chess is
/// installed, by python-chess's boards of the variant: equal, line for
/// line.
fn perft_as_python_chess(variant: &str, depth: u32, records: &str) {
    let depth = depth.to_string();
    let ours = common::run(
        &["perft", &depth, "--variant", variant],
        records.as_bytes().to_vec(),
    );
    common::assert_exit(&ours, 0, "");
    let ours = String::from_utf8(ours.stdout).expect("UTF-8");
    assert_eq!(ours.lines().count(), records.lines().count(), "{variant}");
    if !common::python_chess() {
        return;
    }
    let script = r#"
import sys, chess.variant
board = chess.variant.find_variant(sys.argv[1])
def perft(b, d):
    if d == 0:
        return 1
    moves = list(b.legal_moves)
    if d == 1:
        return len(moves)
    count = 0
    for move in moves:
        b.push(move)
        count += perft(b, d - 1)
        b.pop()
    return count
for line in sys.stdin:
    print(perft(board(line.strip()), int(sys.argv[2])))
"#;
    assert_eq!(
        ours,
        common::python(script, &[variant, &depth], records.as_bytes()),
        "{variant}"
    );
}

#[test]
fn variant_perft_counts_as_python_chess_counts() {
    let (fens, _) = common::fen_pgn_fens(&repo_variant_games());
    // Every position of the repo's games (game 2 is Crazyhouse again).
    let games = [
        (1, "crazyhouse"),
        (3, "threecheck"),
        (4, "atomic"),
        (5, "antichess"),
        (6, "kingofthehill"),
        (7, "racingkings"),
        (8, "horde"),
    ];
    for (game, variant) in games {
        perft_as_python_chess(variant, 3, &game_fens(&fens, game));
    }
}
