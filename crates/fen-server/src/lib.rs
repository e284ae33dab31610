//! `fen serve`: fenkit over HTTP. A JSON API that checks records and plays
//! moves, and diagram images by URL, with limits that keep bad input a
//! 4xx answer and never a crash.
//!
//! The routes are [`router`]'s; [`serve`] binds them and stops gracefully
//! on SIGINT or SIGTERM.

mod board;
mod check;
mod games;

use std::{collections::HashMap, net::SocketAddr, time::Duration};

use axum::{
    Json, Router,
    extract::{DefaultBodyLimit, Request},
    http::{StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::get,
};
use serde_json::json;
use tower::limit::ConcurrencyLimitLayer;
use tower_http::timeout::TimeoutLayer;

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 1024 * 1024;
/// The most records one request may hold.
pub const MAX_RECORDS: usize = 10_000;
/// Requests handled at once; the rest wait.
const CONCURRENCY: usize = 1024;
const TIMEOUT: Duration = Duration::from_secs(10);

/// Query parameters by name.
type Query = HashMap<String, String>;

/// A request refused: its status and a JSON body saying why.
struct Refusal(StatusCode, serde_json::Value);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.0, Json(self.1)).into_response()
    }
}

/// A refusal with the body `{"error": message}`.
fn error(status: StatusCode, message: impl Into<String>) -> Refusal {
    Refusal(status, json!({ "error": message.into() }))
}

/// A query parameter that must be there.
fn required<'a>(query: &'a Query, name: &str) -> Result<&'a str, Refusal> {
    query.get(name).map(String::as_str).ok_or_else(|| {
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

/// How records are read: FEN, or EPD for a record holding `;`.
fn read_options() -> fenkit::ReadOptions {
    fenkit::ReadOptions {
        format: fenkit::Format::Auto,
        ..fenkit::ReadOptions::default()
    }
}

/// Every route, with the limits.
pub fn router() -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/openapi.json", get(openapi))
        .route("/api/check", get(check::get).post(check::post))
        .route("/api/play", get(games::play))
        .route("/api/opening", get(games::opening))
        .route("/board.svg", get(board::svg))
        .route("/board.png", get(board::png))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(log))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            TIMEOUT,
        ))
        .layer(ConcurrencyLimitLayer::new(CONCURRENCY))
}

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        include_str!("openapi.json"),
    )
        .into_response()
}

/// One line per request on standard error: method, path, status, time.
async fn log(request: Request, next: Next) -> Response {
    let started = std::time::Instant::now();
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let response = next.run(request).await;
    if std::env::var_os("FEN_SERVE_QUIET").is_none() {
        eprintln!(
            "method={method} path={path} status={} micros={}",
            response.status().as_u16(),
            started.elapsed().as_micros()
        );
    }
    response
}

/// Serves [`router`] on `bind` until SIGINT or SIGTERM, letting requests
/// in progress finish.
pub async fn serve(bind: SocketAddr) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(bind).await?;
    eprintln!("fen serve: listening on http://{}", listener.local_addr()?);
    axum::serve(listener, router())
        .with_graceful_shutdown(shutdown())
        .await
}

/// [`serve`] on a runtime of its own, for callers without one.
pub fn serve_blocking(bind: SocketAddr) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(bind))
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
    eprintln!("fen serve: stopping");
}
