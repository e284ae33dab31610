//! `/api/play` and `/api/opening`: moves from a position, and the name of
//! an opening.

use std::sync::LazyLock;

use axum::response::{IntoResponse, Response};
use axum::{Json, extract::Query, http::StatusCode};
use fenkit::variants::VariantPosition;
use shakmaty::CastlingMode;

use crate::{
    ErrorBody, Params, Refusal, error, fen_from_url, known_only, params::names, refused_record,
    required,
};

/// Where play starts: a position, in a variant.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
pub(crate) struct StartParameters {
    /// A FEN record (`_` may stand for spaces, as in lichess URLs), or
    /// `startpos`.
    #[param(default = "startpos")]
    pub fen: Option<String>,
    /// The variant the FEN is a position of; lichess's names, case and
    /// dashes ignored.
    #[param(schema_with = crate::params::variant)]
    pub variant: Option<String>,
}

/// The moves to play.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
struct MovesParameter {
    /// SAN or UCI, separated by commas; drops as `N@f3` in Crazyhouse.
    #[param(example = "e4,c5,Nf3")]
    moves: String,
}

/// `/api/play`'s answer: the FEN after each move.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct Played {
    /// One FEN a move, the en passant square after every double push.
    fens: Vec<String>,
}

/// A move `/api/play` cannot play: which, why, and what could be played.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct BadMove {
    /// Why the move cannot be played.
    error: String,
    /// 400.
    status: u16,
    /// The problem's code, such as `illegal-move`.
    code: &'static str,
    /// The move's number in `moves`, from 1.
    #[serde(rename = "move")]
    number: usize,
    /// The FEN after each move played before it.
    fens: Vec<String>,
    /// The moves legal where it was asked, in SAN.
    legal: Vec<String>,
}

/// `/api/opening`'s answer: the opening of the ECO table the position is,
/// each part null when it is none.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct Named {
    /// The ECO code, such as `C60`.
    eco: Option<&'static str>,
    /// The opening's name.
    name: Option<&'static str>,
    /// The moves from the start, in SAN with move numbers.
    moves: Option<&'static str>,
}

/// The position a query names (`startpos` allowed) to play from, in the
/// variant it names, or why not: malformed (it cannot be read) or illegal
/// (it cannot be played from), each with its problems.
pub(crate) fn position(params: &Params) -> Result<VariantPosition, Refusal> {
    let read = crate::read_options().with_variant(crate::variant(params)?);
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

/// The FEN after each move of `moves` from `fen`.
#[utoipa::path(get, path = "/api/play", operation_id = "play", tag = "games",
    params(StartParameters, MovesParameter),
    responses(
        (status = 200, description = "One FEN per move", body = Played),
        (status = 400, description = "A bad move: its number, why, and the legal moves; or a bad request or position: what is wrong", body = PlayRefused),
    )
)]
pub async fn play(Query(params): Query<Params>) -> Response {
    static KNOWN: LazyLock<Vec<String>> =
        LazyLock::new(|| [names::<StartParameters>(), names::<MovesParameter>()].concat());
    if let Err(refusal) = known_only(&params, &KNOWN) {
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
        match fenkit::moves::read_variant_move(&position, text) {
            Ok(m) => fenkit::variants::play(&mut position, m),
            Err(err) => {
                let body = BadMove {
                    error: err.message,
                    status: StatusCode::BAD_REQUEST.as_u16(),
                    code: err.code.as_str(),
                    number: index + 1,
                    fens,
                    legal: fenkit::moves::legal_sans(&position),
                };
                return (StatusCode::BAD_REQUEST, Json(body)).into_response();
            }
        }
        fens.push(fen(&position));
    }
    Json(Played { fens }).into_response()
}

/// What a 400 of `/api/play` holds.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "the handler writes each shape")]
#[serde(untagged)]
enum PlayRefused {
    Move(BadMove),
    Error(ErrorBody),
}

/// The ECO code and name of `fen`'s position (each null when it has
/// none).
#[utoipa::path(get, path = "/api/opening", operation_id = "opening", tag = "games",
    params(crate::check::FenParameter),
    responses(
        (status = 200, description = "The opening", body = Named),
        (status = 400, description = "What is wrong", body = ErrorBody),
    )
)]
pub async fn opening(Query(params): Query<Params>) -> Response {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(names::<crate::check::FenParameter>);
    if let Err(refusal) = known_only(&params, &KNOWN) {
        return refusal.into_response();
    }
    if !params.contains_key("fen") {
        return error(StatusCode::BAD_REQUEST, "the parameter 'fen' is missing").into_response();
    }
    match position(&params) {
        Ok(position) => {
            // The table's openings are standard chess's, as the route is.
            let found = match &position {
                VariantPosition::Chess(position) => fenkit_games::opening(position),
                _ => None,
            };
            Json(Named {
                eco: found.map(|o| o.eco),
                name: found.map(|o| o.name),
                moves: found.map(|o| o.moves),
            })
            .into_response()
        }
        Err(refusal) => refusal.into_response(),
    }
}
