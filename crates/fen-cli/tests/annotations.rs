//! What lichess writes in its games' comments (clock, evaluation) and what
//! ChessBase writes (arrows, circled squares), and NAGs: read by `fen pgn
//! --columns annotations` as python-chess reads them (`node.clock()`,
//! `node.eval()` from White's view, `node.arrows()`, `node.nags`), on real
//! lichess exports where `../shared/data/real/` holds them, and on a small
//! game of our own.

mod common;

use std::{collections::BTreeMap, io::Read};

use serde_json::Value;

/// Per (game, ply): clock, emt, eval_cp, eval_mate, sorted NAGs, arrows,
/// circles.
type Seen = BTreeMap<(u64, u64), Value>;

fn from_fen(pgn: &[u8]) -> Seen {
    let output = common::run(
        &["pgn", "--format", "json", "--columns", "annotations"],
        pgn.to_vec(),
    );
    let mut seen = Seen::new();
    for line in String::from_utf8(output.stdout).expect("UTF-8").lines() {
        let json: Value = serde_json::from_str(line).expect("JSON");
        let mut nags: Vec<u64> = json["nags"]
            .as_array()
            .expect("nags")
            .iter()
            .map(|n| n.as_u64().expect("a number"))
            .collect();
        nags.sort_unstable();
        let key = (
            json["game"].as_u64().unwrap(),
            json["ply"].as_u64().unwrap(),
        );
        let value = serde_json::json!([
            json["clock"],
            json["emt"],
            json["eval_cp"],
            json["eval_mate"],
            nags,
            json["arrows"],
            json["circles"]
        ]);
        seen.insert(key, value);
    }
    seen
}

/// python-chess's reading of the standard games of `pgn` (others are
/// played by their variant's rules), or `None` without python-chess.
fn from_python_chess(pgn: &[u8]) -> Option<(Seen, Vec<u64>)> {
    if !common::python_chess() {
        return None;
    }
    let script = r#"
import io, json, sys, chess, chess.pgn
text = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
for game_number, game in enumerate(iter(lambda: chess.pgn.read_game(text), None), start=1):
    if type(game.board()) is not chess.Board or game.errors:
        continue
    print(json.dumps({"standard": game_number}))
    for ply, node in enumerate(game.mainline(), start=1):
        score = node.eval()
        white = score.white() if score is not None else None
        arrows = [a for a in node.arrows()]
        def pgn(a):
            letter = {"green": "G", "red": "R", "yellow": "Y", "blue": "B"}[a.color]
            return letter + chess.square_name(a.tail) + ("" if a.tail == a.head else chess.square_name(a.head))
        print(json.dumps({
            "game": game_number, "ply": ply,
            "value": [
                node.clock(), node.emt(),
                white.score() if white is not None and not white.is_mate() else None,
                white.mate() if white is not None and white.is_mate() else None,
                sorted(node.nags),
                [pgn(a) for a in arrows if a.tail != a.head],
                [pgn(a) for a in arrows if a.tail == a.head],
            ],
        }))
"#;
    let output = common::python(script, &[], pgn);
    let mut seen = Seen::new();
    let mut standard = Vec::new();
    for line in output.lines() {
        let json: Value = serde_json::from_str(line).expect("JSON");
        if let Some(game) = json["standard"].as_u64() {
            standard.push(game);
            continue;
        }
        let key = (
            json["game"].as_u64().unwrap(),
            json["ply"].as_u64().unwrap(),
        );
        seen.insert(key, json["value"].clone());
    }
    Some((seen, standard))
}

fn compare(pgn: &[u8], what: &str) -> usize {
    let Some((expected, standard)) = from_python_chess(pgn) else {
        return 0;
    };
    let got = from_fen(pgn);
    let mut compared = 0;
    for (key, value) in &expected {
        if !standard.contains(&key.0) {
            continue;
        }
        // Integral seconds are the same number either way.
        let normalize = |v: &Value| -> Value {
            let mut v = v.clone();
            for slot in 0..2 {
                if let Some(f) = v[slot].as_f64() {
                    v[slot] = serde_json::json!(f);
                }
            }
            v
        };
        let ours = got
            .get(key)
            .unwrap_or_else(|| panic!("{what}: no ply {key:?}"));
        assert_eq!(
            normalize(ours),
            normalize(value),
            "{what}: game {} ply {}",
            key.0,
            key.1
        );
        compared += 1;
    }
    compared
}

#[test]
fn a_small_game_reads_as_python_chess_reads_it() {
    let pgn = b"[Event \"x\"]\n\n1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5?! { [%eval -0.29,20] [%clk 0:02:58.5] [%emt 0:00:02] } 2. Nf3 $1 { Fine. [%cal Ge2e4,Rd1d8] [%csl Yd4,Ba1] } 2... d6 { [%eval #-3] } 3. d4 { [%eval #4] [%clk 1:00:00] } *\n";
    let got = from_fen(pgn);
    assert_eq!(got[&(1, 1)][0], serde_json::json!(180.0));
    assert_eq!(
        got[&(1, 2)][2],
        serde_json::json!(-29),
        "-0.29 pawns, rounded as python-chess rounds"
    );
    assert_eq!(got[&(1, 3)][5], serde_json::json!(["Ge2e4", "Rd1d8"]));
    assert_eq!(got[&(1, 4)][3], serde_json::json!(-3));
    let compared = compare(pgn, "the small game");
    assert!(compared == 0 || compared == 5);
}

#[test]
fn lichess_exports_read_as_python_chess_reads_them() {
    let Some(path) = common::real("lichess-users/lichess_magnus.pgn.zst") else {
        return;
    };
    let file = std::fs::File::open(&path).expect("readable");
    let mut text = Vec::new();
    zstd::stream::read::Decoder::new(file)
        .expect("zstd")
        .read_to_end(&mut text)
        .expect("decompressed");
    // The first 300 games: clocks and evaluations on every move.
    let cut = text
        .windows(8)
        .enumerate()
        .filter(|(_, w)| w == b"[Event \"")
        .nth(300)
        .map_or(text.len(), |(at, _)| at);
    let compared = compare(&text[..cut], "lichess_magnus");
    assert!(
        compared == 0 || compared > 10_000,
        "{compared} plies compared"
    );
    // ChessBase's arrows and circles, as lichess keeps the file.
    if let Some(arrows) = common::real("scalachess/pgn-fixtures/chessbaseArrows.pgn") {
        compare(&std::fs::read(arrows).expect("readable"), "chessbaseArrows");
    }
}
