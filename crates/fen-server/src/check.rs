//! `/api/check`: one result per record, in the shape of `fen check
//! --format json`; 400 when a record is bad.

use axum::http::{HeaderMap, header};
use fenkit::{OptionWord, ReadOptions, Strictness};

use std::sync::LazyLock;

use crate::{
    MAX_RECORDS, Params, Refusal, error, fen_from_url, known_only, params::names, required,
};
use axum::response::{IntoResponse, Response};
use axum::{Json, extract::Query, http::StatusCode};
use fenkit::{Record, json::RecordJson};

/// Checks each record of `text` (from `source`), cut into lines and
/// records as `fen check` cuts them: several FEN records may share a line,
/// and a line holding `;` is one EPD record. Lines need not be UTF-8: a
/// line that is not gets its diagnostic, as in the command.
fn check_text(source: &str, text: &[u8], asked: &Asked) -> Response {
    let read = &asked.read;
    let records: Vec<(u64, &[u8], usize, &[u8])> = text
        .split(|&byte| byte == b'\n')
        .zip(1..)
        .flat_map(|(line, number)| {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            fenkit::records_in(line, read.format)
                .map(move |(offset, record)| (number, line, offset, record))
        })
        .collect();
    if records.len() > MAX_RECORDS {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "{} records; a request holds at most {MAX_RECORDS}",
                records.len()
            ),
        )
        .into_response();
    }
    let checked: Vec<_> = records
        .iter()
        .map(|&(_, _, _, record)| {
            let checked = read.check(record);
            let fen = checked
                .setup
                .clone()
                .map(|setup| fenkit::Fen::from(setup).to_string());
            (checked, fen)
        })
        .collect();
    let results: Vec<RecordJson> = records
        .iter()
        .zip(&checked)
        .map(|(&(line_number, line, offset, record), (checked, fen))| {
            let record = Record {
                source,
                line_number,
                line,
                offset,
                bytes: record,
            };
            RecordJson::new(
                &record,
                checked.setup.as_ref(),
                &checked.diagnostics,
                fen.as_deref(),
                read,
            )
        })
        .collect();
    let status = match asked.always_ok || results.iter().all(|result| result.valid) {
        true => StatusCode::OK,
        false => StatusCode::BAD_REQUEST,
    };
    (status, Json(results)).into_response()
}

/// A body sent as JSON: the records as a list of strings, one record a
/// string.
#[derive(serde::Deserialize, utoipa::ToSchema)]
pub(crate) struct Fens {
    fens: Vec<String>,
}

/// An answer of 200: the results, one a record.
const CHECKED: &str = "One result per record, as `fen check --format json` writes them";

/// An answer of 400.
const REFUSED: &str = "A bad record: the results, as for 200 (unless `status=always`, which \
    answers 200); or a bad request (a parameter the route does not take, a word it does not \
    know): what is wrong";

/// What a 400 of `/api/check` holds: the results, when a record is bad;
/// what is wrong, when the request is.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "the handler writes each shape")]
#[serde(untagged)]
pub(crate) enum Refused {
    Records(Vec<RecordJson<'static>>),
    Error(crate::ErrorBody),
}

/// What a query asks of `/api/check`: how to read the records, and
/// whether an invalid one makes the answer a 400 (the default) or is only
/// said in its `valid` (`status=always`).
struct Asked {
    read: ReadOptions,
    always_ok: bool,
}

/// `/api/check`'s options, besides `GET`'s `fen`: how records are read,
/// and what status an invalid one gets.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
pub(crate) struct CheckOptions {
    /// Which classes of problems make a record invalid (the others are
    /// warnings).
    #[param(schema_with = crate::params::strictness)]
    strictness: Option<String>,
    /// Repair what people paste (labels, analysis URLs, look-alike
    /// dashes, missing clocks…), each repair a warning.
    lenient: Option<bool>,
    /// Read castling rights as Chess960's (X-FEN or Shredder-FEN).
    chess960: Option<bool>,
    /// Read the FEN as a position of one of lichess's variants, with the
    /// fields it adds (a Crazyhouse pocket, Three-check's counters) and
    /// its rules; case and dashes ignored.
    #[param(schema_with = crate::params::variant)]
    variant: Option<String>,
    /// `always`: answer 200 whatever the records, each saying whether it
    /// is valid; by default an invalid record makes the answer 400.
    #[param(pattern = "^always$")]
    status: Option<String>,
}

/// `GET /api/check`'s record.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
pub(crate) struct FenParameter {
    /// A FEN or EPD record; `_` may stand for spaces, as in lichess URLs.
    #[param(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_e3_0_1")]
    pub fen: String,
}

fn asked(params: &Params, with_fen: bool) -> Result<Asked, Refusal> {
    static WITHOUT_FEN: LazyLock<Vec<String>> = LazyLock::new(names::<CheckOptions>);
    static WITH_FEN: LazyLock<Vec<String>> =
        LazyLock::new(|| [names::<FenParameter>(), names::<CheckOptions>()].concat());
    known_only(params, if with_fen { &WITH_FEN } else { &WITHOUT_FEN })?;
    let strictness = match params.get("strictness") {
        None => Strictness::Playable,
        Some(word) => Strictness::from_word(word)
            .map_err(|unknown| error(StatusCode::BAD_REQUEST, unknown.to_string()))?,
    };
    let flag = |name: &str| crate::flag(params, name);
    let always_ok = match params.get("status").map(String::as_str) {
        None | Some("invalid-is-400") => false,
        Some("always") => true,
        Some(other) => {
            return Err(error(
                StatusCode::BAD_REQUEST,
                format!("status: '{other}' is not 'always' (200 for every checked record)"),
            ));
        }
    };
    let read = crate::read_options_asked(params)?
        .with_strictness(strictness)
        .with_lenient(flag("lenient")?);
    Ok(Asked { read, always_ok })
}

/// The results of the records `fen` holds (several FEN records may share
/// it), one a record.
#[utoipa::path(get, path = "/api/check", operation_id = "check", tag = "records",
    params(FenParameter, CheckOptions),
    responses(
        (status = 200, description = CHECKED, body = Vec<RecordJson>),
        (status = 400, description = REFUSED, body = Refused),
    )
)]
pub async fn get(Query(params): Query<Params>) -> Response {
    let asked = match asked(&params, true) {
        Ok(asked) => asked,
        Err(refusal) => return refusal.into_response(),
    };
    match required(&params, "fen") {
        Ok(fen) if fen.trim().is_empty() => {
            error(StatusCode::BAD_REQUEST, "the parameter 'fen' is empty").into_response()
        }
        Ok(fen) => check_text("fen", fen_from_url(fen).as_bytes(), &asked),
        Err(refusal) => refusal.into_response(),
    }
}

/// The results of the records of the body, cut into lines and records as
/// `fen check` cuts them (several FEN records may share a line; a line
/// holding `;` is one EPD record): at most 10,000 records, the body at
/// most 1 MiB.
#[utoipa::path(post, path = "/api/check", operation_id = "checkBody", tag = "records",
    params(CheckOptions),
    request_body(content(
        (String = "text/plain"),
        (Fens = "application/json"),
    )),
    responses(
        (status = 200, description = CHECKED, body = Vec<RecordJson>),
        (status = 400, description = REFUSED, body = Refused),
        (status = 413, description = "More records than a request holds", body = crate::ErrorBody),
        (status = 431, description = "Headers larger than are read", body = crate::ErrorBody),
    )
)]
pub async fn post(
    Query(params): Query<Params>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let asked = match asked(&params, false) {
        Ok(asked) => asked,
        Err(refusal) => return refusal.into_response(),
    };
    let json = headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    if !json {
        return check_text("body", &body, &asked);
    }
    match serde_json::from_slice::<Fens>(&body) {
        // Each string is a line of its own; a line break inside one
        // would make two records, so it is read as a space.
        Ok(Fens { fens }) => {
            let lines: Vec<String> = fens
                .iter()
                .map(|fen| fen.replace(['\n', '\r'], " "))
                .collect();
            check_text("fens", lines.join("\n").as_bytes(), &asked)
        }
        Err(_) => error(
            StatusCode::BAD_REQUEST,
            "a JSON body is an object with the records as a list of strings: {\"fens\": [\"…\"]}",
        )
        .into_response(),
    }
}
