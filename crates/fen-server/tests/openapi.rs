//! Real answers against `/openapi.json`: every JSON answer of every route,
//! good and refused, must be what the document says for its status, with
//! no key the document does not declare, so that the document cannot drift
//! from the handlers (a field added to a problem, a new refusal).

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

async fn answer(method: &str, uri: &str, body: &str) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = fen_server::router()
        .oneshot(request)
        .await
        .expect("answered");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("{uri}: not JSON: {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

/// What `node` stands for: itself, or what its `$ref`
/// (`#/components/...`) names in the document.
fn resolve<'a>(spec: &'a Value, node: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str) {
        Some(pointer) => resolve(
            spec,
            spec.pointer(pointer.trim_start_matches('#'))
                .unwrap_or_else(|| panic!("the document has no {pointer}")),
        ),
        None => node,
    }
}

/// Why `value` is not what `schema` says, at `path`; nothing when it is.
/// The parts of JSON Schema the document uses: `$ref`, `oneOf`, `type`,
/// `nullable`, `enum`, `properties` (a key not declared is a fault),
/// `required`, `items`, `minimum`, `maximum`.
fn faults(spec: &Value, schema: &Value, value: &Value, path: &str, out: &mut Vec<String>) {
    let schema = resolve(spec, schema);
    if let Some(choices) = schema["oneOf"].as_array() {
        // Exactly one of the choices fits; else say why the nearest does
        // not.
        let mut reasons: Vec<Vec<String>> = choices
            .iter()
            .map(|choice| {
                let mut found = Vec::new();
                faults(spec, choice, value, path, &mut found);
                found
            })
            .collect();
        match reasons.iter().filter(|found| found.is_empty()).count() {
            1 => {}
            0 => {
                reasons.sort_by_key(Vec::len);
                out.append(&mut reasons[0]);
            }
            _ => out.push(format!("{path}: fits more than one choice of a oneOf")),
        }
        return;
    }
    if value.is_null() {
        if schema["nullable"] != true {
            out.push(format!("{path}: null, and the document does not allow it"));
        }
        return;
    }
    let fits = match schema["type"].as_str() {
        Some("object") => value.is_object(),
        Some("array") => value.is_array(),
        Some("string") => value.is_string(),
        Some("integer") => value.is_i64() || value.is_u64(),
        Some("number") => value.is_number(),
        Some("boolean") => value.is_boolean(),
        _ => true,
    };
    if !fits {
        out.push(format!("{path}: {value} is not of type {}", schema["type"]));
        return;
    }
    if let Some(words) = schema["enum"].as_array()
        && !words.contains(value)
    {
        out.push(format!("{path}: {value} is none of {words:?}"));
    }
    if let (Some(least), Some(number)) = (schema["minimum"].as_f64(), value.as_f64())
        && number < least
    {
        out.push(format!("{path}: {number} is below {least}"));
    }
    if let (Some(most), Some(number)) = (schema["maximum"].as_f64(), value.as_f64())
        && number > most
    {
        out.push(format!("{path}: {number} is above {most}"));
    }
    if let Some(object) = value.as_object() {
        let declared = schema["properties"].as_object();
        for (key, item) in object {
            match declared.and_then(|properties| properties.get(key)) {
                Some(property) => faults(spec, property, item, &format!("{path}.{key}"), out),
                None if declared.is_some() => {
                    out.push(format!("{path}: key '{key}' is not in the document"))
                }
                None => {}
            }
        }
        for key in schema["required"].as_array().into_iter().flatten() {
            if !object.contains_key(key.as_str().unwrap_or_default()) {
                out.push(format!("{path}: required key {key} is missing"));
            }
        }
    }
    if let Some(items) = value.as_array() {
        for (index, item) in items.iter().enumerate() {
            faults(
                spec,
                &schema["items"],
                item,
                &format!("{path}[{index}]"),
                out,
            );
        }
    }
}

/// Asks `method uri` with `body`, and checks the answer against what the
/// document says of the route's answers with that status.
async fn conforms(spec: &Value, method: &str, uri: &str, body: &str, expected: StatusCode) {
    let (status, value) = answer(method, uri, body).await;
    assert_eq!(status, expected, "{method} {uri}: {value}");
    let route = uri.split('?').next().unwrap();
    let operation = &spec["paths"][route][method.to_lowercase()];
    let response = resolve(spec, &operation["responses"][status.as_str()]);
    let schema = &response["content"]["application/json"]["schema"];
    assert!(
        schema.is_object(),
        "{method} {uri}: the document says nothing of a {status} answer"
    );
    let mut found = Vec::new();
    faults(spec, schema, &value, "answer", &mut found);
    assert!(found.is_empty(), "{method} {uri}:\n{}", found.join("\n"));
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
        conforms(&spec, method, &uri, body, status).await;
    }
}

/// The checker itself finds a key the document lacks and a wrong type.
#[test]
fn a_drifted_answer_is_caught() {
    let spec: Value = serde_json::from_str(include_str!("../src/openapi.json")).unwrap();
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
