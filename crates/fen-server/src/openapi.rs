//! `/openapi.json`: the API described, made (by utoipa) from what the
//! handlers use: each route's parameters are the struct that also lists
//! the names the route accepts, each answer the type it serializes, each
//! option's words the library's one table of them. The document cannot
//! drift from the handlers, and `tests/openapi.rs` holds every answer to
//! it besides.

use std::sync::LazyLock;

use utoipa::OpenApi;

use crate::{board, check, explorer, fields, games, scan, search, tablebase};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "fen serve",
        description = "Check FEN and EPD records, draw diagrams, play moves, name openings, \
            explore the moves of games, find the games that reach a position and ask endgame tables. Bad input is answered with 4xx and the reasons, never \
            5xx. Every answer that is not a success is JSON of one shape: `Error` (with the \
            record's problems when a record is refused), save `/api/check`'s, which answers \
            a bad record with its results.",
        license(name = "GPL-3.0-or-later"),
    ),
    paths(
        crate::health,
        check::get,
        check::post,
        fields::get,
        fields::post,
        board::svg,
        board::png,
        games::play,
        games::opening,
        explorer::answer,
        search::answer,
        tablebase::answer,
        scan::post,
        served,
    ),
    components(schemas(crate::ErrorBody))
)]
struct Api;

/// The document, as `/openapi.json` serves it.
pub fn document() -> &'static str {
    static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
        Api::openapi()
            .to_pretty_json()
            .expect("the document is JSON")
    });
    &DOCUMENT
}

/// This document.
#[utoipa::path(get, path = "/openapi.json", operation_id = "openapi", tag = "service",
    responses((status = 200, description = "OpenAPI 3.1", content_type = "application/json", body = Object))
)]
pub(crate) async fn served() -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        document(),
    )
        .into_response()
}
