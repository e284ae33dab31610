//! `/api/search`: the games of an index built by `fen index` that reach a
//! position, a material balance or a pattern of pieces, as `fen search
//! --index` finds them: JSON rows, or the games themselves in PGN (asked
//! by `Accept: application/x-chess-pgn`), the ply found marked.

use std::sync::{Arc, LazyLock};

use axum::{
    Json,
    extract::Query,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use fenkit_games::{search, tag_filter::TagCondition};
use fenkit_index::search::{Hit, SearchIndex};
use serde::Serialize;

use crate::{Params, Refusal, error, known_only, params::names};

/// What `/api/search` reads: `fen search`'s options.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
struct SearchParameters {
    /// A position the game reaches, by any order of moves: a FEN (`_`
    /// may stand for spaces), or `startpos`.
    #[param(example = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR_w_KQkq_-_0_2")]
    fen: Option<String>,
    /// Material signatures, comma-separated, any of them: White's pieces,
    /// `v`, Black's, each side K Q R B N P; `+` for at least.
    #[param(example = "KRPvKR,KRvKRP")]
    material: Option<String>,
    /// Patterns, comma-separated, all of them: a placement whose letters
    /// are pieces on their squares, digits free squares, `.` an empty one.
    #[param(example = "8/8/8/8/8/8/5P2/5RK1")]
    pattern: Option<String>,
    /// Tag conditions, `;`-separated, all of them: TAG OP VALUE.
    #[param(rename = "where", example = "WhiteElo>=2500")]
    conditions: Option<String>,
    /// Games given at most (20; at most 1000).
    #[param(minimum = 0, maximum = 1000)]
    limit: Option<u32>,
    /// Only this game of the index (by its number), if it is found.
    #[param(minimum = 1)]
    game: Option<u64>,
    /// `json` (the default) or `pgn`, as `Accept: application/x-chess-pgn`
    /// asks: for a link.
    #[param(example = "pgn")]
    format: Option<String>,
}

/// The games found.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SearchAnswer {
    games: Vec<FoundGame>,
    /// More games would have been found past `limit`.
    more: bool,
}

/// A game found, at its first ply that shows all that was asked.
#[derive(Serialize, utoipa::ToSchema)]
struct FoundGame {
    /// Its number in the index.
    game: u64,
    ply: usize,
    /// The move that reached the position, SAN; none at ply 0.
    #[serde(rename = "move")]
    san: Option<String>,
    fen: String,
    white: Option<String>,
    black: Option<String>,
    result: Option<String>,
    date: Option<String>,
    event: Option<String>,
}

/// The tags each game found carries, in [`FoundGame`]'s order.
const SHOWN: [&str; 5] = ["White", "Black", "Result", "Date", "Event"];

/// The games of the index given to `fen serve --index` that reach a
/// position, a material balance or a pattern, as `fen search --index`
/// finds them; in PGN with `Accept: application/x-chess-pgn`.
#[utoipa::path(get, path = "/api/search", operation_id = "search", tag = "games",
    params(SearchParameters),
    responses(
        (status = 200, description = "The games found, each at its first ply that shows all that was asked", body = SearchAnswer),
        (status = 400, description = "What is wrong", body = crate::ErrorBody),
        (status = 404, description = "The server has no search index", body = crate::ErrorBody),
    )
)]
pub async fn answer(
    index: Option<Arc<SearchIndex>>,
    headers: HeaderMap,
    Query(params): Query<Params>,
) -> Response {
    let Some(index) = index else {
        let why = "this server has no search index: start it with fen serve --index DIR";
        return error(StatusCode::NOT_FOUND, why).into_response();
    };
    let Asked {
        query,
        conditions,
        limit,
        game,
        pgn,
    } = match asked(&params) {
        Ok(asked) => asked,
        Err(refusal) => return refusal.into_response(),
    };
    let pgn = pgn
        || headers
            .get(header::ACCEPT)
            .and_then(|accept| accept.to_str().ok())
            .is_some_and(|accept| accept.contains("application/x-chess-pgn"));
    // Reads from disk and plays games: off the threads that serve
    // connections.
    let found = tokio::task::spawn_blocking(move || {
        let candidates = match game {
            Some(number) => vec![number],
            None => index.candidates(&query)?,
        };
        index.search_among(&candidates, &query, &conditions, (&SHOWN, limit))
    })
    .await;
    match found {
        Ok(Ok((hits, _))) if pgn => {
            let mut text = Vec::new();
            for hit in &hits {
                text.extend_from_slice(&search::marked(&hit.text, hit.ply));
                text.extend_from_slice(b"\n\n");
            }
            ([(header::CONTENT_TYPE, "application/x-chess-pgn")], text).into_response()
        }
        Ok(Ok((hits, more))) => Json(SearchAnswer {
            games: hits.into_iter().map(found_game).collect(),
            more,
        })
        .into_response(),
        Ok(Err(err)) => error(StatusCode::INTERNAL_SERVER_ERROR, err.to_string()).into_response(),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the search stopped").into_response(),
    }
}

fn found_game(hit: Hit) -> FoundGame {
    let mut tags = hit.tags.into_iter();
    let mut tag = || tags.next().flatten();
    FoundGame {
        game: hit.game,
        ply: hit.ply,
        san: hit.san,
        fen: hit.fen,
        white: tag(),
        black: tag(),
        result: tag(),
        date: tag(),
        event: tag(),
    }
}

/// What a request asks.
struct Asked {
    query: search::Query,
    conditions: Vec<TagCondition>,
    /// The most games to give.
    limit: usize,
    /// Only this game.
    game: Option<u64>,
    /// The games in PGN, not rows.
    pgn: bool,
}

/// What `params` ask for.
fn asked(params: &Params) -> Result<Asked, Refusal> {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(names::<SearchParameters>);
    known_only(params, &KNOWN)?;
    let bad = |message: String| error(StatusCode::BAD_REQUEST, message);
    let position = match params.get("fen") {
        None => None,
        Some(_) => Some(search::PositionKey::of(&crate::games::position(params)?)),
    };
    let list = |name: &str, separator: char| {
        params
            .get(name)
            .into_iter()
            .flat_map(move |v| v.split(separator))
            .map(str::trim)
            .filter(|w| !w.is_empty())
    };
    let material = list("material", ',')
        .map(|text| {
            text.parse()
                .map_err(|why| unreadable("material", text, why))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let patterns = list("pattern", ',')
        .map(|text| text.parse().map_err(|why| unreadable("pattern", text, why)))
        .collect::<Result<Vec<_>, _>>()?;
    let conditions = list("where", ';')
        .map(|text| {
            text.parse::<TagCondition>()
                .map_err(|err| bad(format!("where: {err}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if position.is_none() && material.is_empty() && patterns.is_empty() && conditions.is_empty() {
        return Err(bad(
            "nothing to search for: give fen, material, pattern or where".to_string(),
        ));
    }
    let limit = match params.get("limit") {
        None => 20,
        Some(text) => match text.parse::<usize>() {
            Ok(n) => n.min(1000),
            Err(_) => return Err(bad(format!("limit: '{text}' is not a count"))),
        },
    };
    let game = match params.get("game") {
        None => None,
        Some(text) => match text.parse::<u64>() {
            Ok(n) => Some(n),
            Err(_) => return Err(bad(format!("game: '{text}' is not a game's number"))),
        },
    };
    let pgn = match params.get("format").map(String::as_str) {
        None | Some("json") => false,
        Some("pgn") => true,
        Some(other) => return Err(bad(format!("format: '{other}' is not json or pgn"))),
    };
    let query = search::Query {
        position,
        material,
        patterns,
    };
    Ok(Asked {
        query,
        conditions,
        limit,
        game,
        pgn,
    })
}

/// A signature or pattern of parameter `name` that cannot be read, said
/// with the character at fault.
fn unreadable(name: &str, text: &str, why: search::BadQuery) -> Refusal {
    let message = format!(
        "{name}: '{text}' at character {}: {}",
        why.at + 1,
        why.message
    );
    error(StatusCode::BAD_REQUEST, message)
}
