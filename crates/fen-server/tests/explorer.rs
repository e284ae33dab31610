//! `/api/explorer` answered in memory from a small index: lichess's shape,
//! the filters, the refusals (a malformed FEN with its problems, a move
//! that cannot be played, a parameter lichess has and the index does not),
//! and a 404 from a server without an index.

use std::sync::Arc;

use axum::http::StatusCode;
use fenkit_books::book::encode_move;
use fenkit_index::explorer::{Explorer, ExplorerBuilder};
use fenkit_index::explorer::{ExplorerGame, without_loops};
use serde_json::Value;
use shakmaty::{Chess, Position, uci::UciMove};

mod common;

/// A game: its moves (UCI) and its tags, in `ExplorerGame::TAGS`' order.
type Game = (&'static [&'static str], [Option<&'static str>; 9]);

/// An index of three games: two 1. e4 e5 (a White win in blitz, 2024-01;
/// a draw in rapid, 2024-03), one 1. d4 (a Black win, no clock, no date).
fn index() -> Explorer {
    let dir = std::env::temp_dir().join(format!("fen-server-explorer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut builder = ExplorerBuilder::new(&dir, 1 << 20).unwrap();
    let games: [Game; 3] = [
        (
            &["e2e4", "e7e5"],
            [
                Some("1-0"),
                Some("https://lichess.org/abcdefgh"),
                Some("ann"),
                Some("bob"),
                Some("2000"),
                Some("2100"),
                Some("180+2"),
                Some("2024.01.05"),
                None,
            ],
        ),
        (
            &["e2e4", "e7e5"],
            [
                Some("1/2-1/2"),
                None,
                Some("cy"),
                Some("di"),
                Some("1500"),
                Some("1600"),
                Some("600+5"),
                None,
                Some("2024.03.??"),
            ],
        ),
        (
            &["d2d4"],
            [
                Some("0-1"),
                None,
                Some("ed"),
                Some("flo"),
                None,
                Some("1900"),
                None,
                None,
                None,
            ],
        ),
    ];
    for (moves, tags) in games {
        let mut position = Chess::default();
        let mut played = Vec::new();
        for uci in moves {
            let m = uci.parse::<UciMove>().unwrap().to_move(&position).unwrap();
            played.push((fenkit::transposition_key(&position), encode_move(m)));
            position.play_unchecked(m);
        }
        without_loops(&mut played);
        let mut game = ExplorerGame::from_tags(0, &tags).unwrap();
        builder.add_game(&mut game, &played).unwrap();
    }
    builder.finish().unwrap();
    let explorer = Explorer::open(&dir).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    explorer
}

async fn ask(explorer: Option<Arc<Explorer>>, uri: &str) -> (StatusCode, Value) {
    let indexes = fen_server::Indexes {
        explorer,
        ..Default::default()
    };
    common::ask_indexed(indexes, uri).await
}

#[tokio::test]
async fn answers_in_lichess_shape_with_filters_and_refusals() {
    let explorer = Some(Arc::new(index()));
    let (status, start) = ask(explorer.clone(), "/api/explorer").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (&start["white"], &start["draws"], &start["black"]),
        (&Value::from(1), &Value::from(1), &Value::from(1))
    );
    let e4 = &start["moves"][0];
    assert_eq!(
        (&e4["uci"], &e4["san"], &e4["averageRating"]),
        (&Value::from("e2e4"), &Value::from("e4"), &Value::from(1800))
    );
    // d4's game has one rating only: no average.
    assert_eq!(start["moves"][1]["averageRating"], Value::Null);
    let best = &start["topGames"][0];
    assert_eq!(
        (&best["id"], &best["winner"], &best["speed"], &best["month"]),
        (
            &Value::from("abcdefgh"),
            &Value::from("white"),
            &Value::from("blitz"),
            &Value::from("2024-01")
        )
    );
    assert_eq!(
        best["white"],
        serde_json::json!({"name": "ann", "rating": 2000})
    );
    assert_eq!(start["opening"], Value::Null);

    let (_, after) = ask(explorer.clone(), "/api/explorer?play=e2e4&speeds=rapid").await;
    assert_eq!(after["moves"][0]["san"], "e5");
    assert_eq!(
        (&after["white"], &after["draws"]),
        (&Value::from(0), &Value::from(1))
    );
    assert_eq!(after["opening"]["eco"], "B00");
    let (_, since) = ask(explorer.clone(), "/api/explorer?since=2024-02").await;
    assert_eq!(
        (&since["draws"], &since["black"]),
        (&Value::from(1), &Value::from(0)),
        "the undated game is left out"
    );
    let (_, few) = ask(explorer.clone(), "/api/explorer?moves=1&topGames=0").await;
    assert_eq!(
        (
            few["moves"].as_array().unwrap().len(),
            few["topGames"].as_array().unwrap().len()
        ),
        (1, 0)
    );

    let (status, malformed) = ask(
        explorer.clone(),
        "/api/explorer?fen=8/8/8/8%20w%20-%20-%200%201",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(malformed["problems"][0]["code"], "too-few-ranks");
    for (uri, says) in [
        ("/api/explorer?play=e2e5", "play: move 1: e2e5"),
        (
            "/api/explorer?ratings=1600",
            "ratings: is not a parameter here",
        ),
        ("/api/explorer?speeds=fast", "'fast' is not a speed"),
        ("/api/explorer?until=2024", "'2024' is not a month"),
        (
            "/api/explorer?variant=atomic",
            "this index holds standard chess",
        ),
    ] {
        let (status, body) = ask(explorer.clone(), uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
        assert!(
            body["error"].as_str().unwrap().contains(says),
            "{uri}: {body}"
        );
    }
    let (status, body) = ask(None, "/api/explorer").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body["error"].as_str().unwrap().contains("--explorer DIR"));
}
