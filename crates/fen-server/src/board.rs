//! `/board.svg` and `/board.png`: a diagram by URL, with the command's
//! options under the same names. Identical queries get identical images,
//! so they carry an `ETag` and may be cached for good.

use std::{
    hash::{DefaultHasher, Hash, Hasher},
    sync::{LazyLock, OnceLock},
};

use axum::{
    extract::{FromRequestParts, Query},
    http::{HeaderMap, StatusCode, header, request::Parts},
    response::{IntoResponse, Response},
};
use fenkit_diagrams::{BadOption, Diagram, Orientation, Renderer};
use shakmaty::{CastlingMode, Setup};
use tokio::sync::Semaphore;

use crate::{Params, Refusal, error, fen_from_url, params::names, refused_record, required};

/// Sizes a URL may ask for, in pixels: the library's, up to 2048 (a
/// 4096-pixel image takes a core for a second).
const SIZES: std::ops::RangeInclusive<u32> = *fenkit_diagrams::SIZES.start()..=2048;

/// A parameter refused, and why.
fn bad(name: &str, why: String) -> Refusal {
    error(StatusCode::BAD_REQUEST, format!("{name}: {why}"))
}

/// A parameter read as the command reads the option of that name.
fn option<T: std::str::FromStr<Err = BadOption>>(name: &str, value: &str) -> Result<T, Refusal> {
    value.parse().map_err(|e: BadOption| bad(name, e.0))
}

/// A diagram's parameters: the command's options of `fen image` under the
/// same names.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
struct BoardParameters {
    /// A FEN record (`_` may stand for spaces, as in lichess URLs); or
    /// give `pgn` instead.
    fen: Option<String>,
    /// The variant the FEN is a position of (a game's is its `[Variant]`
    /// tag's).
    #[param(schema_with = crate::params::variant)]
    variant: Option<String>,
    /// A game in PGN (its first game is read, movetext dialects as `fen
    /// pgn` reads them): the diagram shows its ply given by `ply`, with
    /// the move that led there and the game's own `[%cal]` arrows and
    /// `[%csl]` circles.
    pgn: Option<String>,
    /// Which ply of the `pgn` game to draw: 0 the start, 1 after White's
    /// first move; the game's last when absent.
    #[param(minimum = 0)]
    ply: Option<u32>,
    /// The width and height in pixels.
    #[param(minimum = 16, maximum = 2048, default = 400)]
    size: Option<u32>,
    /// The side at the bottom.
    #[param(pattern = "^(white|black|side-to-move)$")]
    orientation: Option<String>,
    /// Black at the bottom (`orientation=black`).
    flip: Option<bool>,
    /// Where the file letters and rank numbers go.
    #[param(pattern = "^(outside|inside|none)$")]
    coordinates: Option<String>,
    /// `brown`, `blue`, `green`, `gray`, or two hex colors `light,dark`.
    theme: Option<String>,
    /// Another name of `theme`.
    colors: Option<String>,
    /// The piece set, one of those fenkit ships.
    #[param(pattern = "^(cburnett|merida|fantasy|spatial|celtic|eyes|skulls)$")]
    pieces: Option<String>,
    /// The king to show in check: `auto`, `none`, or a square.
    check: Option<String>,
    /// The move to highlight, as its two squares.
    #[param(rename = "lastMove", example = "e2e4")]
    last_move: Option<String>,
    /// Comma-separated, color letter first (G, R, Y, B).
    #[param(example = "Ge2e4,Rd8d1")]
    arrows: Option<String>,
    /// Comma-separated squares; `x` for a cross; color letter first.
    #[param(example = "e4,Rxd5")]
    marks: Option<String>,
    /// A line under the board saying the side to move.
    caption: Option<bool>,
}

/// What a query draws: a FEN (`fen`), or a ply of a game (`pgn`, its
/// text, and `ply`, its last ply when absent), with the move that led
/// there and the game's own arrows and circled squares.
enum Subject {
    /// A record, read in a variant (a game's own is its [Variant] tag's).
    Record(Setup, fenkit::variants::Variant),
    Ply(fenkit_games::GamePly),
}

fn subject(params: &Params) -> Result<Subject, Refusal> {
    let Some(pgn) = params.get("pgn") else {
        if params.contains_key("ply") {
            return Err(bad("ply", "is a ply of the game given as 'pgn'".into()));
        }
        let fen = fen_from_url(required(params, "fen")?);
        let read = crate::read_options().with_variant(crate::variant(params)?);
        let parsed = read
            .parse(fen.as_bytes())
            .map_err(|err| refused_record("the FEN is malformed", &fen, err.diagnostics()))?;
        return Ok(Subject::Record(parsed.setup, read.variant));
    };
    if params.contains_key("variant") {
        let why = "a game's variant is its [Variant] tag's; 'variant' is for a FEN";
        return Err(bad("variant", why.into()));
    }
    if params.contains_key("fen") {
        return Err(bad(
            "pgn",
            "a diagram is of a FEN or of a game, not both".into(),
        ));
    }
    let ply = match params.get("ply") {
        Some(ply) => Some(
            ply.parse::<usize>()
                .map_err(|_| bad("ply", format!("'{ply}' is not a ply number")))?,
        ),
        None => None,
    };
    fenkit_games::ply_of_game(pgn.as_bytes(), ply)
        .map(Subject::Ply)
        .map_err(|why| bad("pgn", why.to_string()))
}

/// The diagram a query asks for, or why it cannot be drawn.
fn diagram(params: &Params) -> Result<(Setup, Diagram), Refusal> {
    let subject = subject(params)?;
    let mut diagram = Diagram::default();
    for (name, value) in params {
        match name.as_str() {
            "fen" | "pgn" | "ply" | "variant" => {}
            "size" => {
                let size: u32 = value
                    .parse()
                    .map_err(|_| bad(name, format!("'{value}' is not a number")))?;
                if !SIZES.contains(&size) {
                    let (least, most) = (SIZES.start(), SIZES.end());
                    return Err(bad(name, format!("{size} is not within {least} to {most}")));
                }
                diagram.size = size;
            }
            "orientation" => diagram.orientation = option(name, value)?,
            "flip" => diagram.orientation = Orientation::Black,
            "coordinates" => diagram.coordinates = option(name, value)?,
            "theme" | "colors" => diagram.theme = option(name, value)?,
            "check" => diagram.check = option(name, value)?,
            "pieces" => {
                diagram.pieces = fenkit_diagrams::PieceSet::named(value).ok_or_else(|| {
                    let known = fenkit_diagrams::PieceSet::NAMES.join(", ");
                    bad(
                        name,
                        format!("'{value}' is not a piece set; the sets are {known}"),
                    )
                })?
            }
            "lastMove" => {
                diagram.last_move =
                    Some(fenkit_diagrams::move_squares(value).map_err(|e| bad(name, e.0))?)
            }
            "arrows" => {
                for item in value.split(',').filter(|s| !s.is_empty()) {
                    diagram.arrows.push(option(name, item)?);
                }
            }
            "marks" => {
                for item in value.split(',').filter(|s| !s.is_empty()) {
                    diagram.marks.push(option(name, item)?);
                }
            }
            "caption" => diagram.caption = value != "false" && value != "0",
            _ => {
                static KNOWN: LazyLock<String> =
                    LazyLock::new(|| names::<BoardParameters>().join(", "));
                let known = KNOWN.as_str();
                return Err(bad(
                    name,
                    format!("is not a parameter here; the parameters are {known}"),
                ));
            }
        }
    }
    match subject {
        Subject::Record(setup, variant) => {
            // A variant's faults are shakmaty's verdict, which names no
            // square to cross out.
            if variant == fenkit::variants::Variant::Chess {
                let violations = fenkit::violations(&setup, CastlingMode::Standard);
                diagram.problems = fenkit_diagrams::squares_to_cross_out(&violations);
            }
            Ok((setup, diagram))
        }
        // A game's position was played to: nothing to cross out.
        Subject::Ply(ply) => {
            let diagram = diagram.for_ply(&ply.marks());
            Ok((ply.setup, diagram))
        }
    }
}

/// The server's renderer: pixels drawn for one image are kept for the
/// next, for the server's life.
fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(Renderer::new)
}

/// Turns at rasterizing, one per core.
fn rasterizers() -> &'static Semaphore {
    static TURNS: OnceLock<Semaphore> = OnceLock::new();
    TURNS.get_or_init(|| {
        Semaphore::new(std::thread::available_parallelism().map_or(2, std::num::NonZero::get))
    })
}

/// `ETag` and `Cache-Control`, in that order.
type CacheHeaders = [(header::HeaderName, String); 2];

/// The cache headers of the image a query gives: identical queries give
/// identical images, from the same version.
fn cache_headers(kind: &str, query: Option<&str>) -> CacheHeaders {
    let mut hasher = DefaultHasher::new();
    (kind, query.unwrap_or("")).hash(&mut hasher);
    let tag = format!("\"{}-{:016x}\"", env!("CARGO_PKG_VERSION"), hasher.finish());
    [
        (header::ETAG, tag),
        (
            header::CACHE_CONTROL,
            "public, max-age=31536000, immutable".into(),
        ),
    ]
}

/// 304 when the client holds the image already, so that it is not drawn.
fn unchanged(cache: &CacheHeaders, headers: &HeaderMap) -> Option<Response> {
    let [(_, tag), _] = cache;
    let held = headers.get(header::IF_NONE_MATCH)?.to_str().ok()?;
    (held == tag).then(|| (StatusCode::NOT_MODIFIED, cache.clone()).into_response())
}

/// An image answer, with the position in words as its
/// `Content-Description`: the alt text a page can give the image.
fn image(
    content_type: &'static str,
    setup: &Setup,
    cache: CacheHeaders,
    body: Vec<u8>,
) -> Response {
    let words = fenkit::description::describe(setup, None, fenkit::description::Style::Spoken);
    let described = (
        header::HeaderName::from_static("content-description"),
        words.trim_end().to_owned(),
    );
    (
        [(header::CONTENT_TYPE, content_type.to_owned()), described],
        cache,
        body,
    )
        .into_response()
}

/// What a diagram's route is asked: the parameters, the query as written
/// (what its cache tag is made of) and the headers (`If-None-Match`).
pub struct ImageRequest {
    params: Params,
    query: Option<String>,
    headers: HeaderMap,
}

impl<S: Send + Sync> FromRequestParts<S> for ImageRequest {
    type Rejection = <Query<Params> as FromRequestParts<S>>::Rejection;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Query(params) = Query::from_request_parts(parts, state).await?;
        let query = parts.uri.query().map(str::to_owned);
        let headers = parts.headers.clone();
        Ok(ImageRequest {
            params,
            query,
            headers,
        })
    }
}

/// What a request asks to draw and the headers to send it with; or, in
/// `Err`, the answer already: a refusal, or a 304 for an image the client
/// holds.
type ToDraw = Result<(Setup, Diagram, CacheHeaders), Box<Response>>;

fn to_draw(kind: &str, asked: &ImageRequest) -> ToDraw {
    let (setup, diagram) =
        diagram(&asked.params).map_err(|refusal| Box::new(refusal.into_response()))?;
    let cache = cache_headers(kind, asked.query.as_deref());
    match unchanged(&cache, &asked.headers) {
        Some(answer) => Err(Box::new(answer)),
        None => Ok((setup, diagram, cache)),
    }
}

/// A diagram as SVG.
#[utoipa::path(get, path = "/board.svg", operation_id = "boardSvg", tag = "diagrams",
    params(BoardParameters),
    responses(
        (status = 200, description = "The diagram", content_type = "image/svg+xml", body = String,
            headers(("Content-Description" = String, description = "The position in words, for alt text"))),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, description = "What is wrong", body = crate::ErrorBody),
    )
)]
pub async fn svg(asked: ImageRequest) -> Response {
    match to_draw("svg", &asked) {
        Ok((setup, diagram, cache)) => {
            let body = fenkit_diagrams::svg(&setup, &diagram).into_bytes();
            image("image/svg+xml", &setup, cache, body)
        }
        Err(answer) => *answer,
    }
}

/// A diagram as PNG.
#[utoipa::path(get, path = "/board.png", operation_id = "boardPng", tag = "diagrams",
    params(BoardParameters),
    responses(
        (status = 200, description = "The diagram", content_type = "image/png", body = Vec<u8>,
            headers(("Content-Description" = String, description = "The position in words, for alt text"))),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, description = "What is wrong", body = crate::ErrorBody),
    )
)]
pub async fn png(asked: ImageRequest) -> Response {
    let (setup, diagram, cache) = match to_draw("png", &asked) {
        Ok(to_draw) => to_draw,
        Err(answer) => return *answer,
    };
    // Rasterizing takes milliseconds: off the async threads, and no more
    // at once than there are cores, so that a crowd of requests queues
    // rather than thrashing.
    let Ok(_turn) = rasterizers().acquire().await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping").into_response();
    };
    let drawn = tokio::task::spawn_blocking(move || {
        let drawn = renderer().png(&setup, &diagram);
        (setup, drawn)
    })
    .await;
    match drawn {
        Ok((setup, Ok(body))) => image("image/png", &setup, cache, body),
        Ok((_, Err(err))) => error(StatusCode::BAD_REQUEST, err.to_string()).into_response(),
        Err(_) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the image could not be drawn",
        )
        .into_response(),
    }
}
