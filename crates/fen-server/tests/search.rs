//! `/api/search` answered in memory from a small index, as `fen search
//! --index` answers: rows with the game's players, PGN with the ply
//! marked (by `Accept` or `format=pgn`), one game by number, the limit,
//! the refusals, and a 404 from a server without an index.

use std::sync::Arc;

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use fenkit_games::{
    pgn::Plies,
    search::{Signature, zobrist_key},
};
use fenkit_index::search::{IndexedGame, SearchIndex, SearchIndexBuilder};
use http_body_util::BodyExt;
use serde_json::Value;
use shakmaty::Position;
use tower::ServiceExt;

const GAMES: [&str; 3] = [
    "[White \"ann\"]\n[Black \"bob\"]\n[Result \"1-0\"]\n[WhiteElo \"2600\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0",
    "[White \"cyd\"]\n[Black \"dee\"]\n[Result \"*\"]\n\n1. Nf3 Nc6 2. e4 e5 *",
    "[White \"eve\"]\n[Black \"fay\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1",
];

/// The three games indexed as `fen index` indexes them.
fn index() -> SearchIndex {
    // A folder of each test's own: tests run at once.
    static BUILT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let built = BUILT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("fen-server-search-{}-{built}", std::process::id());
    let dir = std::env::temp_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let mut builder = SearchIndexBuilder::new(&dir, 1 << 20, false).unwrap();
    for text in GAMES {
        let mut keys = Vec::new();
        let mut signatures: Vec<(Signature, u16)> = Vec::new();
        let mut plies = Plies::new(|ply| {
            keys.push((zobrist_key(ply.position), ply.ply as u16));
            let signature = Signature::of(ply.position.board());
            if !signatures.iter().any(|(seen, _)| *seen == signature) {
                signatures.push((signature, ply.ply as u16));
            }
        });
        plies.play(&mut text.as_bytes().to_vec()).unwrap();
        drop(plies);
        keys.sort_by_key(|&(key, _)| key);
        keys.dedup_by_key(|&mut (key, _)| key);
        let game = IndexedGame {
            source: "games.pgn".into(),
            line: 1,
            text: text.as_bytes().to_vec(),
            signatures,
        };
        builder.add_game(&game, &keys).unwrap();
    }
    builder.finish().unwrap();
    let index = SearchIndex::open(&dir).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    index
}

async fn ask(index: Option<Arc<SearchIndex>>, uri: &str, accept: &str) -> (StatusCode, String) {
    let indexes = fen_server::Indexes {
        search: index,
        ..Default::default()
    };
    let request = Request::get(uri)
        .header(header::ACCEPT, accept)
        .body(Body::empty())
        .unwrap();
    let response = fen_server::router_with(indexes)
        .oneshot(request)
        .await
        .unwrap();
    let status = response.status();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

/// After 1. e4 e5 2. Nf3 Nc6, or 1. Nf3 Nc6 2. e4 e5.
const FOUR_KNIGHTS_WAY: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R_w_KQkq_-_2_3";

#[tokio::test]
async fn a_position_s_games_are_found_as_rows_and_as_pgn() {
    let index = Some(Arc::new(index()));
    let (status, body) = ask(
        index.clone(),
        &format!("/api/search?fen={FOUR_KNIGHTS_WAY}"),
        "*/*",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    let games = answer["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        (
            &games[0]["game"],
            &games[0]["ply"],
            &games[0]["move"],
            &games[0]["white"]
        ),
        (
            &Value::from(1),
            &Value::from(4),
            &Value::from("Nc6"),
            &Value::from("ann")
        )
    );
    // Reached by another order of moves.
    assert_eq!(
        (&games[1]["game"], &games[1]["ply"]),
        (&Value::from(2), &Value::from(4))
    );
    assert_eq!(answer["more"], Value::from(false));
    let (_, body) = ask(
        index.clone(),
        &format!("/api/search?fen={FOUR_KNIGHTS_WAY}&limit=1"),
        "*/*",
    )
    .await;
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (answer["games"].as_array().unwrap().len(), &answer["more"]),
        (1, &Value::from(true))
    );
    let (status, body) = ask(
        index.clone(),
        &format!("/api/search?fen={FOUR_KNIGHTS_WAY}"),
        "application/x-chess-pgn",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains("2. Nf3 Nc6 {fen search: ply 4} 1-0"),
        "{body}"
    );
    assert!(body.contains("2. e4 e5 {fen search: ply 4} *"), "{body}");
    let (_, body) = ask(
        index.clone(),
        &format!("/api/search?fen={FOUR_KNIGHTS_WAY}&game=2&format=pgn"),
        "*/*",
    )
    .await;
    assert!(
        body.starts_with("[White \"cyd\"]") && !body.contains("ann"),
        "{body}"
    );
    let (_, body) = ask(
        index.clone(),
        "/api/search?material=KQRRBBNNPPPPPPPvKQRRBBNNPPPPPPP&where=WhiteElo%3E%3D2500",
        "*/*",
    )
    .await;
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        answer["games"].as_array().unwrap().len(),
        0,
        "no capture in any game"
    );
}

#[tokio::test]
async fn what_cannot_be_read_is_refused_and_no_index_is_a_404() {
    let index = Some(Arc::new(index()));
    for (uri, said) in [
        ("/api/search", "nothing to search for"),
        (
            "/api/search?pattern=8/8/9",
            "pattern: '8/8/9' at character 6",
        ),
        ("/api/search?material=KQvX", "material: 'KQvX'"),
        (
            "/api/search?fen=startpos&limit=many",
            "limit: 'many' is not a count",
        ),
        (
            "/api/search?fen=startpos&colour=white",
            "colour: is not a parameter here",
        ),
        ("/api/search?fen=8/8/8/8/8/8/8/8_w_-_-_0_1", "FEN"),
    ] {
        let (status, body) = ask(index.clone(), uri, "*/*").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert!(body.contains(said), "{uri}: {body}");
    }
    let (status, body) = ask(None, "/api/search?fen=startpos", "*/*").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("fen serve --index DIR"), "{body}");
}
