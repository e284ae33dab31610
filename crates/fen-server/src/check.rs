//! `/api/check`: one result per record, in the shape of `fen check
//! --format json`; 400 when a record is bad.

use axum::{
    Json,
    extract::Query,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use fenkit::json::{Origin, RecordJson};
use shakmaty::CastlingMode;

use crate::{MAX_RECORDS, Query as Params, error, fen_from_url, required};

/// Checks each non-blank line of `text` (from `source`). Lines need not
/// be UTF-8: a line that is not gets its diagnostic, as in the command.
fn check_lines(source: &str, text: &[u8]) -> Response {
    let records: Vec<(u64, &[u8])> = text
        .split(|&byte| byte == b'\n')
        .enumerate()
        .map(|(index, line)| (index as u64 + 1, line.strip_suffix(b"\r").unwrap_or(line)))
        .filter(|(_, line)| !line.trim_ascii().is_empty())
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
    let read = crate::read_options();
    let checked: Vec<_> = records
        .iter()
        .map(|(_, line)| {
            let checked = read.check(line);
            let fen = checked.setup.as_ref().map(fenkit::to_fen);
            (checked, fen)
        })
        .collect();
    let mut all_valid = true;
    let results: Vec<RecordJson> = records
        .iter()
        .zip(&checked)
        .map(|((number, line), (checked, fen))| {
            // Columns count characters, as the command's do.
            let column = |at: usize| fenkit::json::column(line, at);
            let origin = Origin {
                source,
                line: *number,
                column: &column,
            };
            let json = RecordJson::new(
                origin,
                line,
                checked,
                fen.as_deref(),
                CastlingMode::Standard,
            );
            all_valid &= json.valid;
            json
        })
        .collect();
    let status = if all_valid {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    (status, Json(results)).into_response()
}

pub async fn get(Query(params): Query<Params>) -> Response {
    match required(&params, "fen") {
        Ok(fen) if fen.trim().is_empty() => {
            error(StatusCode::BAD_REQUEST, "the parameter 'fen' is empty").into_response()
        }
        Ok(fen) => check_lines("fen", fen_from_url(fen).as_bytes()),
        Err(refusal) => refusal.into_response(),
    }
}

pub async fn post(body: axum::body::Bytes) -> Response {
    check_lines("body", &body)
}
