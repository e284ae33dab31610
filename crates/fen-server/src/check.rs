//! `/api/check`: one result per record, in the shape of `fen check
//! --format json`; 400 when a record is bad.

use fenkit::{ReadOptions, Strictness};

use crate::{MAX_RECORDS, Params, Refusal, error, fen_from_url, required};
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
fn check_text(source: &str, text: &[u8], read: &ReadOptions) -> Response {
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
            let fen = checked.setup.as_ref().map(fenkit::to_fen);
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
                read.castling,
            )
        })
        .collect();
    let status = match results.iter().all(|result| result.valid) {
        true => StatusCode::OK,
        false => StatusCode::BAD_REQUEST,
    };
    (status, Json(results)).into_response()
}

/// How records are read: FEN, or EPD for a record holding `;`, with the
/// `strictness` the query asks for (`playable` by default).
fn read_options(params: &Params) -> Result<ReadOptions, Refusal> {
    let strictness = match params.get("strictness").map(String::as_str) {
        None | Some("playable") => Strictness::Playable,
        Some("reachable" | "rules") => Strictness::Reachable,
        Some("plausible") => Strictness::Plausible,
        Some(other) => {
            return Err(error(
                StatusCode::BAD_REQUEST,
                format!("strictness: '{other}' is not one of playable, reachable, plausible"),
            ));
        }
    };
    Ok(ReadOptions {
        strictness,
        ..crate::read_options()
    })
}

pub async fn get(Query(params): Query<Params>) -> Response {
    let read = match read_options(&params) {
        Ok(read) => read,
        Err(refusal) => return refusal.into_response(),
    };
    match required(&params, "fen") {
        Ok(fen) if fen.trim().is_empty() => {
            error(StatusCode::BAD_REQUEST, "the parameter 'fen' is empty").into_response()
        }
        Ok(fen) => check_text("fen", fen_from_url(fen).as_bytes(), &read),
        Err(refusal) => refusal.into_response(),
    }
}

pub async fn post(Query(params): Query<Params>, body: axum::body::Bytes) -> Response {
    match read_options(&params) {
        Ok(read) => check_text("body", &body, &read),
        Err(refusal) => refusal.into_response(),
    }
}
