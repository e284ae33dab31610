//! `/api/tablebase/standard`: what best play makes of a position, from the
//! Syzygy tables given to `fen serve --syzygy`, in the shape of lichess's
//! tablebase (`tablebase.lichess.ovh/standard?fen=`), so that tools written
//! for it work against it.

use std::sync::{Arc, LazyLock};

use axum::response::{IntoResponse, Response};
use axum::{Json, extract::Query, http::StatusCode};
use fenkit_tb::{Answer, NotInTables, Tables};

use fenkit::variants::VariantPosition;

use crate::{Params, Refusal, error, known_only, params::names};

/// lichess's one parameter.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
struct TablebaseParameters {
    /// A FEN record of standard chess (`_` may stand for spaces, as in
    /// lichess URLs), without castling rights.
    #[param(example = "4k3/8/8/8/8/8/1Q6/K7_b_-_-_0_1")]
    fen: String,
}

/// The position's result for the side to move and every legal move's,
/// best first, from the tables of `fen serve --syzygy`: lichess's
/// tablebase answer, with `wdl`.
#[utoipa::path(get, path = "/api/tablebase/standard", operation_id = "tablebase", tag = "games",
    params(TablebaseParameters),
    responses(
        (status = 200, description = "What best play makes of the position and of each move", body = Answer),
        (status = 400, description = "The FEN cannot be read or is illegal", body = crate::ErrorBody),
        (status = 404, description = "The server has no tables", body = crate::ErrorBody),
        (status = 422, description = "The tables given do not hold the position: more pieces than they hold, a table missing (named), castling rights", body = crate::ErrorBody),
    )
)]
pub async fn answer(tables: Option<Arc<Tables>>, Query(params): Query<Params>) -> Response {
    let Some(tables) = tables else {
        let why = "this server has no endgame tables: start it with fen serve --syzygy DIR";
        return error(StatusCode::NOT_FOUND, why).into_response();
    };
    let position = match asked(&params) {
        Ok(position) => position,
        Err(refusal) => return refusal.into_response(),
    };
    // Reads the tables from disk: off the threads that serve connections.
    match tokio::task::spawn_blocking(move || tables.answer(&position)).await {
        Ok(Ok(answer)) => Json(answer).into_response(),
        Ok(Err(NotInTables::Damaged(why))) => {
            error(StatusCode::INTERNAL_SERVER_ERROR, why).into_response()
        }
        Ok(Err(why)) => error(StatusCode::UNPROCESSABLE_ENTITY, why.to_string()).into_response(),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the probe stopped").into_response(),
    }
}

/// The legal position of standard chess that `params` ask about, read as
/// every route reads its `fen` (`crate::games::position`).
fn asked(params: &Params) -> Result<shakmaty::Chess, Refusal> {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(names::<TablebaseParameters>);
    known_only(params, &KNOWN)?;
    crate::required(params, "fen")?;
    match crate::games::position(params)? {
        VariantPosition::Chess(position) => Ok(position),
        _ => unreachable!("the route takes no variant: standard chess"),
    }
}
