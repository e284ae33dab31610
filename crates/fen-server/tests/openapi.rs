//! Real answers against `/openapi.json`: every JSON answer of every route,
//! good and refused, must be what the document says for its status, with
//! no key the document does not declare, so that the document cannot drift
//! from the handlers (a field added to a problem, a new refusal).

use axum::http::StatusCode;
use serde_json::Value;

mod common;
use common::{answered, conforms, faults};

async fn answer(method: &str, uri: &str, body: &str) -> (StatusCode, Value) {
    let (status, bytes) = answered(method, uri, None, body.to_string()).await;
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("{uri}: not JSON: {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

/// Asks `method uri` with `body`, and checks the answer against what the
/// document says of the route's answers with that status.
async fn asked(spec: &Value, method: &str, uri: &str, body: &str, expected: StatusCode) {
    let (status, value) = answer(method, uri, body).await;
    assert_eq!(status, expected, "{method} {uri}: {value}");
    conforms(spec, method, uri.split('?').next().unwrap(), status, &value);
}

#[tokio::test]
async fn every_json_answer_is_what_the_document_says() {
    let (_, spec) = answer("GET", "/openapi.json", "").await;
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1";
    let cases = [
        ("GET", format!("/api/check?fen={start}"), "", StatusCode::OK),
        // Malformed, illegal (a square named), and a warning kept.
        (
            "GET",
            "/api/check?fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN_w_KQkq_-_0_1".into(),
            "",
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            "/api/check?fen=4k3/8/8/8/8/8/8/4K2P_w_-_-_0_1&status=always".into(),
            "",
            StatusCode::OK,
        ),
        (
            "GET",
            "/api/check?fen=K6k/8/8/8/8/8/8/8_w_-_-_0_1&lenient=true".into(),
            "",
            StatusCode::OK,
        ),
        (
            "POST",
            "/api/check".into(),
            "8/8/8/4k3/8/8/8/4K3 w - - 0 1 8/8 w\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            "/api/check?fen=x&nosuch=1".into(),
            "",
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            "/api/play?moves=e4,c5,Nf3".into(),
            "",
            StatusCode::OK,
        ),
        (
            "GET",
            "/api/play?moves=e4,Ke2,Qxf7".into(),
            "",
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            format!("/api/opening?fen={start}"),
            "",
            StatusCode::OK,
        ),
        (
            "GET",
            "/api/opening?fen=r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R_b_KQkq_-_3_3"
                .into(),
            "",
            StatusCode::OK,
        ),
        ("GET", "/api/opening".into(), "", StatusCode::BAD_REQUEST),
        (
            "GET",
            format!("/api/explorer?fen={start}"),
            "",
            StatusCode::NOT_FOUND,
        ),
        (
            "GET",
            "/board.svg?fen=8/8_w".into(),
            "",
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            "/board.png?fen=8/8/8/8/8/8/8/8_w_-_-_0_1&size=9".into(),
            "",
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (method, uri, body, status) in cases {
        asked(&spec, method, &uri, body, status).await;
    }
    // The board editor's fields, read and written back; and refused.
    let (_, fields) = answer("GET", &format!("/api/fields?fen={start}"), "").await;
    let crazyhouse = "/api/fields?fen=8/8/8/8/8/8/8/K6k~[Qp]_w_-_-_0_1&variant=crazyhouse";
    let fields_cases = [
        (
            "GET",
            format!("/api/fields?fen={start}"),
            String::new(),
            StatusCode::OK,
        ),
        ("GET", crazyhouse.to_string(), String::new(), StatusCode::OK),
        (
            "GET",
            "/api/fields?fen=8/8_w".into(),
            String::new(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/fields".into(),
            fields.to_string(),
            StatusCode::OK,
        ),
        (
            "POST",
            "/api/fields".into(),
            "{}".into(),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (method, uri, body, status) in fields_cases {
        asked(&spec, method, &uri, &body, status).await;
    }
}

/// The checker itself finds a key the document lacks and a wrong type.
#[test]
fn a_drifted_answer_is_caught() {
    let spec = common::spec();
    let schema = serde_json::json!({ "$ref": "#/components/schemas/Problem" });
    let drifted = serde_json::json!({ "code": "x", "column": "3", "novel": true });
    let mut found = Vec::new();
    faults(&spec, &schema, &drifted, "problem", &mut found);
    assert!(found.iter().any(|f| f.contains("'novel'")), "{found:?}");
    assert!(
        found.iter().any(|f| f.contains("problem.column")),
        "{found:?}"
    );
}

/// Every parameter the document gives a route is one the route takes, and
/// a name it does not give is refused: the route's names are the
/// document's.
#[tokio::test]
async fn each_route_takes_the_parameters_the_document_names() {
    let (_, spec) = answer("GET", "/openapi.json", "").await;
    let mut asked = 0;
    for (route, methods) in spec["paths"].as_object().expect("paths") {
        let Some(operation) = methods.get("get") else {
            continue;
        };
        for parameter in operation["parameters"].as_array().into_iter().flatten() {
            let name = parameter["name"].as_str().expect("a name");
            let uri = format!("{route}?{name}=1");
            let (_, value) = answer_any("GET", &uri).await;
            let said = value["error"].as_str().unwrap_or_default();
            assert!(!said.contains("is not a parameter here"), "{uri}: {said}");
            asked += 1;
        }
        // The explorer, the search and the tables answer 404 before
        // reading their parameters when the server has no index, as here:
        // tests/explorer.rs, tests/search.rs and tests/tablebase.rs ask
        // one that has.
        let indexed =
            ["/api/explorer", "/api/search", "/api/tablebase/standard"].contains(&route.as_str());
        if route.starts_with("/api/") && !indexed || route.starts_with("/board") {
            let uri = format!("{route}?fen=8/8/8/8/8/8/8/K6k_w_-_-_0_1&novel=1");
            let (status, value) = answer_any("GET", &uri).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{route}");
            let said = value["error"].as_str().unwrap_or_default();
            assert!(
                said.contains("novel: is not a parameter here"),
                "{route}: {said}"
            );
        }
    }
    assert!(asked > 30, "only {asked} parameters in the document");
}

/// An answer that may not be JSON (a diagram): its status, and its JSON
/// when it is.
async fn answer_any(method: &str, uri: &str) -> (StatusCode, Value) {
    let (status, bytes) = answered(method, uri, None, String::new()).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}
