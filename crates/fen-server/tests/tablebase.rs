//! `/api/tablebase/standard` answered in memory from the shared 3-4-piece
//! Syzygy tables: lichess's shape, the library's answer as `fen tb` writes
//! it, underscores for spaces, and the refusals (a bad FEN with its
//! problems, a position the tables do not hold, a server without tables).

use std::{path::Path, sync::Arc};

use axum::http::StatusCode;
use fenkit_tb::Tables;
use serde_json::Value;

mod common;

/// The shared tables, or `None` where `../shared` is absent (a failure
/// where `CI` is set, which has it).
fn tables() -> Option<Tables> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/syzygy/regular");
    if !folder.is_dir() {
        let ci = std::env::var_os("CI").is_some_and(|ci| !ci.is_empty() && ci != "false");
        assert!(
            !ci,
            "{} is absent, and CI must test with it",
            folder.display()
        );
        eprintln!("skipped: {} is absent", folder.display());
        return None;
    }
    Some(Tables::open(&[folder]).expect("the shared tables open"))
}

async fn ask(tables: Option<Arc<Tables>>, uri: &str) -> (StatusCode, Value) {
    let indexes = fen_server::Indexes {
        tables,
        ..Default::default()
    };
    common::ask_indexed(indexes, uri).await
}

#[tokio::test]
async fn answers_in_lichess_shape_and_refuses_what_the_tables_do_not_hold() {
    let Some(tables) = tables() else { return };
    let fen = "4k3/8/8/8/8/8/1Q6/K7 b - - 0 1";
    let position = fenkit::ReadOptions::default()
        .check(fen.as_bytes())
        .position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let expected = serde_json::to_value(tables.answer(&position).unwrap()).unwrap();
    let tables = Some(Arc::new(tables));
    let uri = "/api/tablebase/standard?fen=4k3/8/8/8/8/8/1Q6/K7_b_-_-_0_1";
    let (status, answer) = ask(tables.clone(), uri).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer, expected);
    assert_eq!(
        (&answer["category"], &answer["dtz"], &answer["wdl"]),
        (&Value::from("loss"), &Value::from(-18), &Value::from(-2))
    );
    let best = &answer["moves"][0];
    assert_eq!(
        (&best["san"], &best["category"], &best["zeroing"]),
        (
            &Value::from("Ke7"),
            &Value::from("win"),
            &Value::from(false)
        )
    );
    // Spaces as %20 read alike.
    let (_, spaced) = ask(tables.clone(), &uri.replace('_', "%20")).await;
    assert_eq!(spaced, expected);
    let (status, bad) = ask(
        tables.clone(),
        "/api/tablebase/standard?fen=4k3/8/8/8/8/8/1Q6/K8_b_-_-_0_1",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(!bad["problems"].as_array().unwrap().is_empty(), "{bad}");
    let five = "/api/tablebase/standard?fen=8/8/8/4k3/8/3p4/QR6/K7_w_-_-_0_1";
    let (status, refused) = ask(tables.clone(), five).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused["error"].as_str().unwrap().contains("5 pieces"),
        "{refused}"
    );
    let castling = "/api/tablebase/standard?fen=4k3/8/8/8/8/8/8/R3K3_w_Q_-_0_1";
    let (status, refused) = ask(tables.clone(), castling).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused["error"].as_str().unwrap().contains("castling"),
        "{refused}"
    );
    let (status, _) = ask(
        tables,
        "/api/tablebase/standard?fen=8/8/8/8/8/8/1Q6/K6k_w_-_-_0_1&moves=3",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_server_without_tables_answers_404() {
    let (status, answer) = ask(
        None,
        "/api/tablebase/standard?fen=8/8/8/8/8/8/1Q6/K6k_w_-_-_0_1",
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        answer["error"].as_str().unwrap().contains("--syzygy"),
        "{answer}"
    );
}
