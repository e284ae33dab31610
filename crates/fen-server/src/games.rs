//! `/api/play` and `/api/opening`: moves from a position, and the name of
//! an opening.

use axum::{
    Json,
    extract::Query,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use fenkit::variants::VariantPosition;
use serde_json::json;
use shakmaty::CastlingMode;

use crate::{Params, Refusal, error, fen_from_url, known_only, refused_record, required};

/// The position a query names (`startpos` allowed) to play from, in the
/// variant it names, or why not: malformed (it cannot be read) or illegal
/// (it cannot be played from), each with its problems.
pub(crate) fn position(params: &Params) -> Result<VariantPosition, Refusal> {
    let read = fenkit::ReadOptions {
        variant: crate::variant(params)?,
        ..crate::read_options()
    };
    let fen = fen_from_url(params.get("fen").map_or("startpos", String::as_str));
    if fen == "startpos" {
        return Ok(VariantPosition::new(read.variant));
    }
    let checked = read.check(fen.as_bytes());
    checked
        .variant_position(CastlingMode::Standard)
        .ok_or_else(|| {
            let message = match checked.setup {
                None => "the FEN is malformed",
                Some(_) => "the FEN is not a position a game can be played from",
            };
            refused_record(message, &fen, &checked.diagnostics)
        })
}

fn fen(position: &VariantPosition) -> String {
    fenkit::Fen::from_position(position).to_string()
}

pub async fn play(Query(params): Query<Params>) -> Response {
    if let Err(refusal) = known_only(&params, &["fen", "moves", "variant"]) {
        return refusal.into_response();
    }
    let mut position = match position(&params) {
        Ok(position) => position,
        Err(refusal) => return refusal.into_response(),
    };
    let moves = match required(&params, "moves") {
        Ok(moves) => moves,
        Err(refusal) => return refusal.into_response(),
    };
    let mut fens = Vec::new();
    for (index, text) in moves
        .split([',', ' '])
        .filter(|m| !m.is_empty())
        .enumerate()
    {
        match fenkit::games::read_variant_move(&position, text) {
            Ok(m) => fenkit::variants::play(&mut position, m),
            Err(err) => {
                let body = json!({
                    "error": err.message,
                    "status": StatusCode::BAD_REQUEST.as_u16(),
                    "code": err.code.as_str(),
                    "move": index + 1,
                    "fens": fens,
                    "legal": fenkit::games::legal_sans(&position),
                });
                return (StatusCode::BAD_REQUEST, Json(body)).into_response();
            }
        }
        fens.push(fen(&position));
    }
    Json(json!({ "fens": fens })).into_response()
}

pub async fn opening(Query(params): Query<Params>) -> Response {
    if let Err(refusal) = known_only(&params, &["fen"]) {
        return refusal.into_response();
    }
    if !params.contains_key("fen") {
        return error(StatusCode::BAD_REQUEST, "the parameter 'fen' is missing").into_response();
    }
    match position(&params) {
        Ok(position) => {
            // The table's openings are standard chess's, as the route is.
            let found = match &position {
                VariantPosition::Chess(position) => fenkit::games::opening(position),
                _ => None,
            };
            Json(json!({
                "eco": found.map(|o| o.eco),
                "name": found.map(|o| o.name),
                "moves": found.map(|o| o.moves),
            }))
            .into_response()
        }
        Err(refusal) => refusal.into_response(),
    }
}
