//! Games of lichess's variants, played in the variant their `[Variant]`
//! tag names: every ply's FEN (pockets, promoted pieces and remaining
//! checks included) equals python-chess's, on the repo's own games of
//! every variant and on the variant games of the real lichess exports
//! (`../shared/data/real/lichess-users/`, read where they stand); a
//! variant fenkit does not play is one diagnostic for its game.

mod common;

use std::io::Read;

#[test]
fn every_variant_plays_as_python_chess_plays_it() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/pgn-variants/variants.pgn"
    );
    let text = std::fs::read(path).expect("readable");
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
}
