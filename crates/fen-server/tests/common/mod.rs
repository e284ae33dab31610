//! What the tests share: the router asked in memory, and its answers
//! held to `/openapi.json`.
#![allow(dead_code, reason = "each test file uses a part of what is shared")]

use axum::{
    body::{Body, Bytes},
    http::{Request, StatusCode},
};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The status and body of the router's answer to `method uri` with
/// `body`, sent as `content_type` when one is given.
pub async fn answered(
    method: &str,
    uri: &str,
    content_type: Option<&str>,
    body: String,
) -> (StatusCode, Bytes) {
    let mut request = Request::builder().method(method).uri(uri);
    if let Some(kind) = content_type {
        request = request.header("content-type", kind);
    }
    let response = fen_server::router()
        .oneshot(request.body(Body::from(body)).unwrap())
        .await
        .expect("answered");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (status, bytes)
}

/// The status and JSON of a server answering from `indexes` to `GET
/// uri`, the answer held to `/openapi.json`.
pub async fn ask_indexed(indexes: fen_server::Indexes, uri: &str) -> (StatusCode, Value) {
    let response = fen_server::router_with(indexes)
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&body).unwrap();
    let route = uri.split('?').next().unwrap();
    conforms(&spec(), "GET", route, status, &value);
    (status, value)
}

/// The document the service serves.
pub fn spec() -> Value {
    serde_json::from_str(fen_server::openapi_document()).expect("the document is JSON")
}

/// What `node` stands for: itself, or what its `$ref`
/// (`#/components/...`) names in the document.
pub fn resolve<'a>(spec: &'a Value, node: &'a Value) -> &'a Value {
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
/// The parts of JSON Schema the document uses: `$ref`, `oneOf`, `type`
/// (a name, or a list of names such as `["string", "null"]`), `enum`,
/// `properties` (a key not declared is a fault), `required`, `items`,
/// `minimum`, `maximum`.
pub fn faults(spec: &Value, schema: &Value, value: &Value, path: &str, out: &mut Vec<String>) {
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
    let types: Vec<&str> = match &schema["type"] {
        Value::String(name) => vec![name.as_str()],
        Value::Array(names) => names.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let is = |name: &str| match name {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        _ => true,
    };
    if value.is_null() && !types.contains(&"null") {
        out.push(format!("{path}: null, and the document does not allow it"));
        return;
    }
    if !types.is_empty() && !types.iter().any(|name| is(name)) {
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

/// Checks `value`, answered with `status` to `method` on `route`, against
/// what the document says of that route's answers with that status.
pub fn conforms(spec: &Value, method: &str, route: &str, status: StatusCode, value: &Value) {
    let operation = &spec["paths"][route][method.to_lowercase()];
    let response = resolve(spec, &operation["responses"][status.as_str()]);
    let schema = &response["content"]["application/json"]["schema"];
    assert!(
        schema.is_object(),
        "{method} {route}: the document says nothing of a {status} answer"
    );
    let mut found = Vec::new();
    faults(spec, schema, value, "answer", &mut found);
    assert!(found.is_empty(), "{method} {route}:\n{}", found.join("\n"));
}
