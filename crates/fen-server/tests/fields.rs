//! `/api/fields`: a record's fields read by the library, and the same
//! fields written back to the same record; edited fields written as the
//! canonical FEN. What the page's board editor stands on.

use axum::http::StatusCode;
use serde_json::{Value, json};

mod common;
use common::answered;

async fn ask(method: &str, uri: &str, body: String) -> (StatusCode, Value) {
    let (status, bytes) = answered(method, uri, Some("application/json"), body).await;
    (status, serde_json::from_slice(&bytes).expect("JSON"))
}

/// The fields of `fen`, read with `query` (`&variant=…`).
async fn fields(fen: &str, query: &str) -> Value {
    let uri = format!(
        "/api/fields?fen={}{query}",
        fen.replace(' ', "_").replace('+', "%2B")
    );
    let (status, fields) = ask("GET", &uri, String::new()).await;
    assert_eq!(status, StatusCode::OK, "{fen}: {fields}");
    fields
}

/// The record `fields` make, written with `query` (`?variant=…`).
async fn written(fields: &Value, query: &str) -> String {
    let uri = format!("/api/fields{query}");
    let (status, answer) = ask("POST", &uri, fields.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{fields}: {answer}");
    answer["fen"].as_str().expect("a FEN").to_string()
}

#[tokio::test]
async fn fields_read_are_written_back_to_the_same_record() {
    for (fen, read, write) in [
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "",
            "",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 37 80", "", ""),
        (
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R~[Qnp] w KQkq - 2 3",
            "&variant=crazyhouse",
            "?variant=crazyhouse",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 2+3 0 1",
            "&variant=threecheck",
            "?variant=threecheck",
        ),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "&chess960=true",
            "?chess960=true",
        ),
    ] {
        let read = fields(fen, read).await;
        let canonical = fenkit::check(fen.as_bytes())
            .setup
            .map(|s| fenkit::Fen::from(s).to_string());
        let again = written(&read, write).await;
        // What the library writes for the record, or for a variant's the
        // record itself (written canonically already).
        assert_eq!(
            again,
            canonical
                .unwrap_or_else(|| fen.to_string())
                .replace("HFhf", "KQkq"),
            "{fen}: {read}"
        );
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[tokio::test]
async fn the_fields_say_each_square_and_where_en_passant_may_stand() {
    let read = fields(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "",
    )
    .await;
    let board = read["board"].as_array().unwrap();
    assert_eq!(board.len(), 64);
    // a1 first, h8 last; e4 (index 28) holds the pawn pushed.
    assert_eq!(
        (&board[0], &board[28], &board[12], &board[63]),
        (&json!("R"), &json!("P"), &Value::Null, &json!("r"))
    );
    assert_eq!(
        (&read["turn"], &read["castling"], &read["enPassant"]),
        (&json!("b"), &json!("KQkq"), &json!("e3"))
    );
    assert_eq!(read["enPassantSquares"]["b"][4], "e3");
    assert_eq!(read["enPassantSquares"]["w"][0], "a6");
    let pocketed = fields("8/8/8/8/8/8/8/K6k~[QRpp] b - - 0 1", "&variant=crazyhouse").await;
    assert_eq!(
        (&pocketed["pocket"], &pocketed["promoted"]),
        (&json!("QRpp"), &json!(["h1"]))
    );
}

#[tokio::test]
async fn edited_fields_are_written_as_the_standard_says() {
    let mut edited = fields(START, "").await;
    // The e2 pawn to e4, Black to move, castling letters in another order.
    edited["board"][12] = Value::Null;
    edited["board"][28] = json!("P");
    edited["turn"] = json!("b");
    edited["enPassant"] = json!("e3");
    edited["castling"] = json!("qkQK");
    assert_eq!(
        written(&edited, "").await,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // A pocket's letters in any order, written in the canonical one.
    let mut pocketed = fields("8/8/8/8/8/8/8/K6k[] w - - 0 1", "&variant=crazyhouse").await;
    pocketed["pocket"] = json!("pNQp");
    assert_eq!(
        written(&pocketed, "?variant=crazyhouse").await,
        "8/8/8/8/8/8/8/K6k[QNpp] w - - 0 1"
    );
}

#[tokio::test]
async fn fields_that_make_no_record_are_refused_with_the_reason() {
    let start = fields(START, "").await;
    let cases = [
        ("board", json!(["K"]), "board: 1 squares; a board has 64"),
        ("turn", json!("x"), "the fields make no record"),
        ("promoted", json!(["z9"]), "promoted: 'z9' is not a square"),
    ];
    for (key, value, said) in cases {
        let mut bad = start.clone();
        bad[key] = value;
        let (status, answer) = ask("POST", "/api/fields", bad.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{key}: {answer}");
        assert_eq!(answer["error"], said, "{answer}");
    }
    let mut lettered = start.clone();
    lettered["board"][0] = json!("X");
    let (_, answer) = ask("POST", "/api/fields", lettered.to_string()).await;
    assert_eq!(answer["error"], "board: 'X' on a1 is not a piece letter");
    let (status, answer) = ask("POST", "/api/fields", "[1,2]".into()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("the body is not fields")
    );
    let (status, answer) = ask("GET", "/api/fields?fen=8/8_w", String::new()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], "the FEN is malformed");
    assert!(answer["problems"].as_array().is_some_and(|p| !p.is_empty()));
}
