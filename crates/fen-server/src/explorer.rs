//! `/api/explorer`: the opening explorer over an index built by `fen
//! explorer build`, answering lichess's opening explorer's queries in its
//! shape (`fen`, `play`, `speeds`, `since`, `until`, `moves`, `topGames`),
//! so that tools written for lichess's explorer work against it.

use std::sync::{Arc, LazyLock};

use axum::response::{IntoResponse, Response};
use axum::{Json, extract::Query, http::StatusCode};
use fenkit::variants::VariantPosition;
use fenkit_index::explorer::Explorer;
use fenkit_index::explorer::{ExplorerAnswer, ExplorerQuery, Month, Speed, reach};

use crate::{Params, Refusal, error, known_only, params::names};

/// lichess's parameters that this index answers, and `variant`
/// (standard chess only); `fen` as `/api/play` takes it.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
struct ExplorerParameters {
    /// A FEN record (`_` may stand for spaces, as in lichess URLs), or
    /// `startpos`.
    #[param(default = "startpos")]
    fen: Option<String>,
    /// Moves played from the position, UCI, comma-separated.
    #[param(example = "e2e4,c7c5")]
    play: Option<String>,
    /// Only games of these speeds, comma-separated: ultraBullet, bullet,
    /// blitz, rapid, classical, correspondence, unknown (no readable
    /// TimeControl).
    #[param(example = "blitz,rapid")]
    speeds: Option<String>,
    /// Only games of this month or later (`YYYY-MM`); games of unknown
    /// month are then left out.
    #[param(example = "2021-01")]
    since: Option<String>,
    /// Only games of this month or earlier (`YYYY-MM`).
    #[param(example = "2022-12")]
    until: Option<String>,
    /// Moves given at most (12; at most 1000).
    #[param(minimum = 0)]
    moves: Option<u32>,
    /// Top games given at most (4, the most).
    #[param(rename = "topGames", minimum = 0, maximum = 4)]
    top_games: Option<u32>,
    /// `standard` (the only variant an index holds).
    variant: Option<String>,
    /// Read for lichess's clients; the index keeps no recent games (0
    /// only).
    #[param(rename = "recentGames", minimum = 0, maximum = 0)]
    recent_games: Option<u32>,
}

/// The moves played from a position in the index given to `fen serve
/// --explorer`, in the shape of lichess's opening explorer (`/lichess`).
#[utoipa::path(get, path = "/api/explorer", operation_id = "explorer", tag = "games",
    params(ExplorerParameters),
    responses(
        (status = 200, description = "What the games that reached the position played there", body = ExplorerAnswer),
        (status = 400, description = "What is wrong", body = crate::ErrorBody),
        (status = 404, description = "The server has no explorer index", body = crate::ErrorBody),
    )
)]
pub async fn answer(explorer: Option<Arc<Explorer>>, Query(params): Query<Params>) -> Response {
    let Some(explorer) = explorer else {
        let why = "this server has no explorer index: start it with fen serve --explorer DIR";
        return error(StatusCode::NOT_FOUND, why).into_response();
    };
    match asked(&params) {
        Err(refusal) => refusal.into_response(),
        Ok((position, opening, query)) => {
            // Reads from disk: off the threads that serve connections.
            let answered =
                tokio::task::spawn_blocking(move || explorer.answer(&position, opening, &query))
                    .await;
            match answered {
                Ok(Ok(answer)) => Json(answer).into_response(),
                Ok(Err(err)) => {
                    error(StatusCode::INTERNAL_SERVER_ERROR, err.to_string()).into_response()
                }
                Err(_) => {
                    error(StatusCode::INTERNAL_SERVER_ERROR, "the query stopped").into_response()
                }
            }
        }
    }
}

type Asked = (
    shakmaty::Chess,
    Option<&'static fenkit_games::Opening>,
    ExplorerQuery,
);

/// The position, its opening and the query that `params` ask for.
fn asked(params: &Params) -> Result<Asked, Refusal> {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(names::<ExplorerParameters>);
    known_only(params, &KNOWN)?;
    let bad = |message: String| error(StatusCode::BAD_REQUEST, message);
    if let Some(variant) = params
        .get("variant")
        .filter(|v| !matches!(v.as_str(), "standard" | "chess"))
    {
        return Err(bad(format!(
            "variant: this index holds standard chess, not '{variant}'"
        )));
    }
    let VariantPosition::Chess(start) = crate::games::position(params)? else {
        return Err(bad("variant: this index holds standard chess".to_string()));
    };
    let moves = params.get("play").map_or("", String::as_str);
    let (position, opening) = reach(start, moves.split(',').filter(|m| !m.is_empty()))
        .map_err(|(number, why)| bad(format!("play: move {number}: {}", why.message)))?;
    let list = |name: &str| {
        params
            .get(name)
            .into_iter()
            .flat_map(|v| v.split(','))
            .filter(|w| !w.is_empty())
    };
    let speeds = list("speeds")
        .map(|word| {
            word.parse::<Speed>()
                .map_err(|err| bad(format!("speeds: {err}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let month = |name: &str| -> Result<Option<Month>, Refusal> {
        params
            .get(name)
            .map(|text| {
                text.parse::<Month>()
                    .map_err(|err| bad(format!("{name}: {err}")))
            })
            .transpose()
    };
    let number = |name: &str, default: usize, most: usize| -> Result<usize, Refusal> {
        match params.get(name) {
            None => Ok(default),
            Some(text) => match text.parse::<usize>() {
                Ok(n) => Ok(n.min(most)),
                Err(_) => Err(bad(format!("{name}: '{text}' is not a count"))),
            },
        }
    };
    let query = ExplorerQuery {
        speeds,
        since: month("since")?,
        until: month("until")?,
        moves: number("moves", 12, 1000)?,
        top_games: number("topGames", 4, 4)?,
    };
    // recentGames: read for lichess's clients; this index keeps no recent games.
    number("recentGames", 0, 0)?;
    Ok((position, opening, query))
}
