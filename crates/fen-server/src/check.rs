//! `/api/check`: one result per record, in the shape of `fen check
//! --format json`; 400 when a record is bad.

use axum::http::{HeaderMap, header};
use fenkit::{OptionWord, ReadOptions, Strictness};
use shakmaty::CastlingMode;

use crate::{MAX_RECORDS, Params, Refusal, error, fen_from_url, known_only, required};
use axum::{
    Json,
    extract::Query,
    http::StatusCode,
    response::{IntoResponse, Response},
};
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

/// What a query asks of `/api/check`: how to read the records, and
/// whether an invalid one makes the answer a 400 (the default) or is only
/// said in its `valid` (`status=always`).
struct Asked {
    read: ReadOptions,
    always_ok: bool,
}

/// The parameters `/api/check` takes besides `fen`.
const OPTIONS: [&str; 5] = ["strictness", "lenient", "chess960", "variant", "status"];

fn asked(params: &Params, with_fen: bool) -> Result<Asked, Refusal> {
    let mut known = OPTIONS.to_vec();
    if with_fen {
        known.push("fen");
    }
    known_only(params, &known)?;
    let strictness = match params.get("strictness") {
        None => Strictness::Playable,
        Some(word) => Strictness::from_word(word)
            .map_err(|unknown| error(StatusCode::BAD_REQUEST, unknown.to_string()))?,
    };
    let flag = |name: &str| match params.get(name).map(String::as_str) {
        None | Some("false" | "0") => Ok(false),
        Some("" | "true" | "1") => Ok(true),
        Some(other) => Err(error(
            StatusCode::BAD_REQUEST,
            format!("{name}: '{other}' is not true or false"),
        )),
    };
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
    let castling = match flag("chess960")? {
        true => CastlingMode::Chess960,
        false => CastlingMode::Standard,
    };
    let read = ReadOptions {
        strictness,
        lenient: flag("lenient")?,
        castling,
        variant: crate::variant(params)?,
        ..crate::read_options()
    };
    Ok(Asked { read, always_ok })
}

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

/// The body: text, one or more records per line; or, sent as JSON,
/// `{"fens": ["…", …]}`, one record per string.
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
    #[derive(serde::Deserialize)]
    struct Fens {
        fens: Vec<String>,
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
