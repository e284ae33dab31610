//! `/api/fields`: a position's fields as the page's board editor holds
//! them (each square's piece, the pocket, the side, castling, en passant
//! and the squares it may stand on, the clocks), and back: fields edited,
//! written as the canonical FEN. The library reads and writes both ways
//! (`fenkit::fields`), so that the page keeps no FEN rule of its own.

use std::sync::LazyLock;

use axum::response::{IntoResponse, Response};
use axum::{Json, extract::Query, http::StatusCode};
use fenkit::{Fen, fields::Fields};

use crate::{
    ErrorBody, Params, error, fen_from_url, known_only, params::names, refused_record, required,
};

/// How the record is read: its variant, and Chess960 castling.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
pub(crate) struct ReadParameters {
    /// The variant the record is a position of; lichess's names, case and
    /// dashes ignored.
    #[param(schema_with = crate::params::variant)]
    variant: Option<String>,
    /// Read and write castling rights as Chess960's (X-FEN).
    chess960: Option<bool>,
}

/// The record `/api/fields` wrote.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct Written {
    /// The canonical FEN of the fields.
    fen: String,
}

/// The fields of the position `fen` holds.
#[utoipa::path(get, path = "/api/fields", operation_id = "fields", tag = "records",
    params(crate::check::FenParameter, ReadParameters),
    responses(
        (status = 200, description = "The position's fields", body = Fields),
        (status = 400, description = "What is wrong, with the record's problems when it is malformed", body = ErrorBody),
    )
)]
pub async fn get(Query(params): Query<Params>) -> Response {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(|| {
        [
            names::<crate::check::FenParameter>(),
            names::<ReadParameters>(),
        ]
        .concat()
    });
    let answer = known_only(&params, &KNOWN)
        .and_then(|()| crate::read_options_asked(&params))
        .and_then(|read| {
            let fen = fen_from_url(required(&params, "fen")?);
            let parsed = read
                .parse(fen.as_bytes())
                .map_err(|err| refused_record("the FEN is malformed", &fen, err.diagnostics()))?;
            Ok(Fields::of(&parsed.setup))
        });
    match answer {
        Ok(fields) => Json(fields).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// The canonical FEN of the fields sent.
#[utoipa::path(post, path = "/api/fields", operation_id = "writeFields", tag = "records",
    params(ReadParameters),
    request_body(content = Fields, content_type = "application/json"),
    responses(
        (status = 200, description = "The fields written as a record", body = Written),
        (status = 400, description = "Fields that make no record: what is wrong, with the record's problems", body = ErrorBody),
    )
)]
pub async fn post(Query(params): Query<Params>, body: axum::body::Bytes) -> Response {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(names::<ReadParameters>);
    let answer = known_only(&params, &KNOWN)
        .and_then(|()| crate::read_options_asked(&params))
        .and_then(|read| {
            let fields: Fields = serde_json::from_slice(&body).map_err(|err| {
                error(
                    StatusCode::BAD_REQUEST,
                    format!("the body is not fields: {err}"),
                )
            })?;
            let record = fields
                .record()
                .map_err(|why| error(StatusCode::BAD_REQUEST, why))?;
            // Read leniently: castling letters sent in another order are
            // put in the standard's.
            let checked = read.with_lenient(true).check(record.as_bytes());
            match checked.setup {
                Some(setup) => Ok(Written {
                    fen: Fen::from(setup).to_string(),
                }),
                None => Err(refused_record(
                    "the fields make no record",
                    &record,
                    &checked.diagnostics,
                )),
            }
        });
    match answer {
        Ok(written) => Json(written).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}
