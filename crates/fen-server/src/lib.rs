//! `fen serve`: fenkit over HTTP. A JSON API that checks records and plays
//! moves, diagram images by URL, and a page where anyone pastes a FEN and
//! sees the board and what is wrong, with limits that keep bad input a 4xx
//! answer and never a crash.
//!
//! The routes are [`router`]'s; [`serve`] accepts connections for them and
//! stops gracefully on SIGINT or SIGTERM.

mod board;
mod check;
mod explorer;
mod fields;
mod games;
mod listen;
mod openapi;
mod page;
mod params;
mod scan;
mod search;
mod tablebase;

pub use listen::{HEADER_TIMEOUT, MAX_CONNECTIONS};
pub use openapi::document as openapi_document;
pub use scan::MAX_PICTURE;

use std::{collections::HashMap, net::SocketAddr, sync::Arc, time::Duration};

use axum::{
    Json, Router,
    extract::{DefaultBodyLimit, Request},
    http::{StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use fenkit_index::{explorer::Explorer, search::SearchIndex};
use serde_json::json;
use tower::limit::ConcurrencyLimitLayer;
use tower_http::{limit::RequestBodyLimitLayer, timeout::TimeoutLayer};

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 1024 * 1024;
/// The most records one request may hold.
pub const MAX_RECORDS: usize = 10_000;
/// Requests handled at once; the rest wait.
const CONCURRENCY: usize = 1024;
/// How long a request may take, from its headers to its answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Query parameters by name.
type Params = HashMap<String, String>;

/// A request refused: its status and a JSON body saying why.
struct Refusal(StatusCode, ErrorBody);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.0, Json(self.1)).into_response()
    }
}

/// What is wrong with a request: the one shape of every answer that is not
/// a success (but `/api/check`'s refused records and `/api/play`'s refused
/// move, which say more).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
struct ErrorBody {
    /// What is wrong, in words.
    error: String,
    /// The HTTP status, again.
    status: u16,
    /// For a refused record: its problems, columns in the FEN as given.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<fenkit::Problem>)]
    problems: Vec<serde_json::Value>,
}

/// A refusal in the one shape of every answer that is not a success.
fn error(status: StatusCode, message: impl Into<String>) -> Refusal {
    Refusal(status, problem(status, message.into()))
}

/// The JSON body of a refusal.
fn problem(status: StatusCode, message: String) -> ErrorBody {
    ErrorBody {
        error: message,
        status: status.as_u16(),
        problems: Vec::new(),
    }
}

/// A refused record: `message`, and its problems in the shape of
/// `/api/check`'s (columns in the FEN parameter as given).
fn refused_record(message: &str, fen: &str, diagnostics: &[fenkit::Diagnostic]) -> Refusal {
    let record = fenkit::Record {
        source: "fen",
        line_number: 1,
        line: fen.as_bytes(),
        offset: 0,
        bytes: fen.as_bytes(),
    };
    let mut body = problem(StatusCode::BAD_REQUEST, message.to_string());
    body.problems = diagnostics
        .iter()
        .map(|d| json!(fenkit::Problem::in_line(d, &record)))
        .collect();
    Refusal(StatusCode::BAD_REQUEST, body)
}

/// Refuses a query that names a parameter the route does not take, so
/// that a misspelt option is not silently ignored.
fn known_only(params: &Params, known: &[String]) -> Result<(), Refusal> {
    match params.keys().find(|name| !known.contains(name)) {
        None => Ok(()),
        Some(name) => Err(error(
            StatusCode::BAD_REQUEST,
            format!(
                "{}: is not a parameter here; the parameters are {}",
                name,
                known.join(", ")
            ),
        )),
    }
}

/// The most header bytes a request may carry (names, values and their
/// separators); more is a 431 in the JSON problem shape.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// Gives every answer that is not a success and carries no JSON (a 404 or
/// 405 from the router, a 408 or 413 from the limits, a 431 for headers
/// past [`MAX_HEADER_BYTES`]) the one JSON shape.
async fn json_errors(request: Request, next: Next) -> Response {
    let header_bytes: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if header_bytes > MAX_HEADER_BYTES {
        let status = StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE;
        let message = format!(
            "the request's headers take {header_bytes} bytes; at most {MAX_HEADER_BYTES} are read"
        );
        return (status, Json(problem(status, message))).into_response();
    }
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    if status.is_success() || status == StatusCode::NOT_MODIFIED || is_json {
        return response;
    }
    let message = match status {
        StatusCode::NOT_FOUND => "no such page; see /openapi.json for the routes".to_string(),
        StatusCode::METHOD_NOT_ALLOWED => "this route does not take that method".to_string(),
        StatusCode::REQUEST_TIMEOUT => {
            format!("the request took longer than {} s", TIMEOUT.as_secs())
        }
        StatusCode::PAYLOAD_TOO_LARGE if path == "/api/scan" => {
            format!("the picture is larger than {} bytes", scan::MAX_PICTURE)
        }
        StatusCode::PAYLOAD_TOO_LARGE => format!("the body is larger than {MAX_BODY} bytes"),
        other => other.canonical_reason().unwrap_or("refused").to_string(),
    };
    (status, Json(problem(status, message))).into_response()
}

/// A query parameter that must be there.
fn required<'a>(params: &'a Params, name: &str) -> Result<&'a str, Refusal> {
    params.get(name).map(String::as_str).ok_or_else(|| {
        error(
            StatusCode::BAD_REQUEST,
            format!("the parameter '{name}' is missing"),
        )
    })
}

/// A FEN from a URL: the underscore form of lichess URLs
/// (`8/8/8/8/8/8/8/K6k_w_-_-_0_1`) reads as spaces.
fn fen_from_url(text: &str) -> String {
    if text.contains(' ') {
        text.to_string()
    } else {
        text.replace('_', " ")
    }
}

/// The variant a query names (`variant=crazyhouse`), read as the option
/// word is in every front end; standard chess when absent.
fn variant(params: &Params) -> Result<fenkit::variants::Variant, Refusal> {
    use fenkit::OptionWord;
    match params.get("variant") {
        None => Ok(fenkit::variants::Variant::Chess),
        Some(word) => fenkit::variants::Variant::from_word(word)
            .map_err(|unknown| error(StatusCode::BAD_REQUEST, unknown.to_string())),
    }
}

/// How records are read: FEN, or EPD for a record holding `;`.
fn read_options() -> fenkit::ReadOptions {
    fenkit::ReadOptions::default().with_format(fenkit::Format::Auto)
}

/// How a query asks records to be read: in its `variant`, with Chess960
/// castling when `chess960` is set.
fn read_options_asked(params: &Params) -> Result<fenkit::ReadOptions, Refusal> {
    let castling = match flag(params, "chess960")? {
        true => shakmaty::CastlingMode::Chess960,
        false => shakmaty::CastlingMode::Standard,
    };
    Ok(read_options()
        .with_variant(variant(params)?)
        .with_castling(castling))
}

/// A parameter that is true or false: absent, `false` or `0` is false;
/// `true`, `1` or the bare name is true.
fn flag(params: &Params, name: &str) -> Result<bool, Refusal> {
    match params.get(name).map(String::as_str) {
        None | Some("false" | "0") => Ok(false),
        Some("" | "true" | "1") => Ok(true),
        Some(other) => Err(error(
            StatusCode::BAD_REQUEST,
            format!("{name}: '{other}' is not true or false"),
        )),
    }
}

/// The indexes a server answers from: the opening explorer's
/// (`/api/explorer`), `fen search`'s (`/api/search`) and the endgame
/// tables (`/api/tablebase/standard`); a route whose index is missing
/// answers 404.
#[derive(Clone, Default)]
pub struct Indexes {
    pub explorer: Option<Arc<Explorer>>,
    pub search: Option<Arc<SearchIndex>>,
    pub tables: Option<Arc<fenkit_tb::Tables>>,
}

/// Every route, with the limits; `/api/explorer` and `/api/search`
/// answer 404 (no index).
pub fn router() -> Router {
    router_with(Indexes::default())
}

/// Every route, with the limits, `/api/explorer` and `/api/search`
/// answering from `indexes`.
pub fn router_with(indexes: Indexes) -> Router {
    let Indexes {
        explorer,
        search,
        tables,
    } = indexes;
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/js/{file}", get(page::module))
        .route("/style.css", get(page::style))
        .route("/pieces/{file}", get(page::piece))
        .route("/pieces/{set}/{file}", get(page::piece_of_set))
        .route("/healthz", get(health))
        .route("/openapi.json", get(openapi::served))
        .route("/api/check", get(check::get).post(check::post))
        .route("/api/fields", get(fields::get).post(fields::post))
        .route("/api/play", get(games::play))
        .route("/api/opening", get(games::opening))
        .route(
            "/api/explorer",
            get(move |query| explorer::answer(explorer.clone(), query)),
        )
        .route(
            "/api/search",
            get(move |headers, query| search::answer(search.clone(), headers, query)),
        )
        .route(
            "/api/tablebase/standard",
            get(move |query| tablebase::answer(tables.clone(), query)),
        )
        .route("/board.svg", get(board::svg))
        .route("/board.png", get(board::png))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        // Refuses a body whose stated length is past the limit before
        // reading any of it; DefaultBodyLimit catches the unstated.
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        // A picture is larger than any list of records.
        .merge(
            Router::new()
                .route("/api/scan", post(scan::post))
                .layer(DefaultBodyLimit::max(scan::MAX_PICTURE))
                .layer(RequestBodyLimitLayer::new(scan::MAX_PICTURE)),
        )
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            TIMEOUT,
        ))
        .layer(ConcurrencyLimitLayer::new(CONCURRENCY))
        .layer(middleware::from_fn(json_errors))
}

/// Liveness: `ok` while the server answers.
#[utoipa::path(get, path = "/healthz", operation_id = "health", tag = "service",
    responses((status = 200, description = "ok", content_type = "text/plain", body = String))
)]
async fn health() -> &'static str {
    "ok"
}

/// One line per request on standard error, as `key=value` pairs: method,
/// path, status, time.
async fn log(request: Request, next: Next) -> Response {
    let started = std::time::Instant::now();
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let response = next.run(request).await;
    eprintln!(
        "method={method} path={path} status={} micros={}",
        response.status().as_u16(),
        started.elapsed().as_micros()
    );
    response
}

/// Serves [`router_with`] `indexes` on `bind` until SIGINT or SIGTERM,
/// letting requests in progress finish; with `log`, a line per request on
/// standard error.
pub async fn serve(bind: SocketAddr, log: bool, indexes: Indexes) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(bind).await?;
    // Scripts and tests that bind port 0 read the port from this line:
    // written in one piece, as standard error is unbuffered and a reader
    // of a line cut after the host would take it for the whole address.
    let line = format!(
        "fen serve: listening on http://{}\n",
        listener.local_addr()?
    );
    eprint!("{line}");
    serve_until(listener, log, indexes, shutdown()).await;
    eprintln!("fen serve: stopped");
    Ok(())
}

/// Serves [`router_with`] `indexes` on `listener` until `stop`
/// completes, then lets the requests in progress finish.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    log: bool,
    indexes: Indexes,
    stop: impl std::future::Future<Output = ()>,
) {
    let mut app = router_with(indexes);
    if log {
        app = app.layer(middleware::from_fn(self::log));
    }
    listen::accept(listener, app, stop).await;
}

/// [`serve`] on a runtime of its own, for callers without one.
pub fn serve_blocking(bind: SocketAddr, log: bool, indexes: Indexes) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(bind, log, indexes))
}

async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {},
        _ = terminate => {},
    }
    eprintln!("fen serve: stopping; requests in progress may finish");
}
