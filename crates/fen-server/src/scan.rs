//! `POST /api/scan`: a picture of a board in, the position read from it
//! out, in the shape of `fen scan --format json`; a PDF in, every board
//! of its pages out, as a list of those.

use std::sync::{LazyLock, OnceLock};

use axum::{
    Json,
    extract::Query,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use fenkit_scan::{Given, Scanner};

use crate::{Params, Refusal, error, known_only, params::names};

/// The largest picture taken, in bytes: a screenshot of a whole screen
/// as PNG fits; the picture is decoded with bounded memory and scaled
/// down before it is read.
pub const MAX_PICTURE: usize = 8 * 1024 * 1024;

/// What a picture cannot show, as `fen scan`'s flags of the same names
/// say it.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
struct ScanParameters {
    /// The side to move, `w` or `b`; White is assumed (and said) when
    /// absent.
    side: Option<String>,
    /// The castling rights (`KQkq`, any of them in that order, or `-`);
    /// assumed where king and rook stand at home when absent.
    castling: Option<String>,
    /// The en passant square (`e3`, `e6`) or `-`; none is assumed when
    /// absent.
    ep: Option<String>,
    /// The side at the bottom: `auto` (from the pawns and kings), `white`
    /// or `black`.
    orientation: Option<String>,
    /// A PDF's pages to read: `3`, or `3-7` (from 1); all when absent,
    /// at most 100 a request.
    pages: Option<String>,
    /// `true`: every board of the picture (a page of diagrams), in
    /// reading order, as a list; otherwise its one board, and a picture
    /// of several boards of a size is refused (`several-boards`).
    all: Option<bool>,
}

/// The most pages of a PDF read in one request (a page takes most of a
/// second): more are named with `pages`, a request each.
pub const MOST_PAGES: usize = 100;

fn scanner() -> &'static Scanner {
    static SCANNER: OnceLock<Scanner> = OnceLock::new();
    SCANNER.get_or_init(Scanner::new)
}

fn given(params: &Params) -> Result<Given, Refusal> {
    let word = |name: &str| params.get(name).map(String::as_str);
    let bad = |name: &str, why: String| error(StatusCode::BAD_REQUEST, format!("{name}: {why}"));
    Ok(Given {
        side: word("side")
            .map(Given::side_from_word)
            .transpose()
            .map_err(|why| bad("side", why))?,
        castling: word("castling")
            .map(Given::castling_from_word)
            .transpose()
            .map_err(|why| bad("castling", why))?,
        en_passant: word("ep")
            .map(Given::en_passant_from_word)
            .transpose()
            .map_err(|why| bad("ep", why))?,
        bottom: match word("orientation") {
            None => None,
            Some(word) => Given::bottom_from_word(word).map_err(|why| bad("orientation", why))?,
        },
    })
}

/// The position in a picture of a board (PNG, JPEG, GIF, WebP or BMP,
/// the body's bytes), with each square's reading and confidence, the
/// board's box, the orientation, what the rules mended and what was
/// assumed. A PDF's boards come as a list of those, each page's in
/// reading order (`source` `body#page=3`), a page without one as its
/// error, with the side to move and id its caption gives; with
/// `all=true`, a picture's boards come as a list too, in reading order.
#[utoipa::path(post, path = "/api/scan", operation_id = "scanPicture", tag = "records",
    params(ScanParameters),
    request_body(content = Vec<u8>, content_type = "image/*", description = "The picture's (or PDF's) bytes, at most 8 MiB"),
    responses(
        (status = 200, description = "The position read, as `fen scan --format json` writes it; for a PDF, or with `all=true`, a list of those", content_type = "application/json", body = Object),
        (status = 400, description = "A parameter refused, or a picture that is none, is broken or too small, shows no board or several boards of a size, or a PDF that cannot be read or has over 100 pages to read (the error starts with its code, as `fen scan` says it: not-a-picture, broken-picture, no-board, too-small, several-boards, pdf-not-read, too-many-pages)", body = crate::ErrorBody),
        (status = 413, description = "A picture over 8 MiB", body = crate::ErrorBody),
    )
)]
pub async fn post(Query(params): Query<Params>, body: axum::body::Bytes) -> Response {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(names::<ScanParameters>);
    let given = match known_only(&params, &KNOWN).and_then(|()| given(&params)) {
        Ok(given) => given,
        Err(refusal) => return refusal.into_response(),
    };
    if fenkit_scan::pdf::is_pdf(&body) {
        return book(params.get("pages"), body.to_vec(), given).await;
    }
    let all = match crate::flag(&params, "all") {
        Ok(all) => all,
        Err(refusal) => return refusal.into_response(),
    };
    // Reading takes tens of milliseconds: off the async threads.
    let read = tokio::task::spawn_blocking(move || match all {
        true => scanner().scan_all(&body, &given),
        false => scanner().scan(&body, &given).map(|reading| vec![reading]),
    })
    .await;
    match read {
        Ok(Ok(readings)) => {
            let values: Vec<_> = (readings.iter())
                .map(|reading| fenkit_scan::json::reading("body", reading))
                .collect();
            match (all, values.as_slice()) {
                (false, [one]) => Json(one).into_response(),
                _ => Json(values).into_response(),
            }
        }
        // The one shape of every refusal, the code as `fen scan` says it.
        Ok(Err(failure)) => error(
            StatusCode::BAD_REQUEST,
            format!("{}: {failure}", fenkit_scan::json::error_code(&failure)),
        )
        .into_response(),
        Err(_) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the picture could not be read",
        )
        .into_response(),
    }
}

/// A PDF's boards, page by page, as `fen scan --format json` lists them.
async fn book(pages: Option<&String>, bytes: Vec<u8>, given: Given) -> Response {
    let pages = match pages
        .map(|pages| fenkit_scan::pdf::page_range(pages))
        .transpose()
    {
        Ok(pages) => pages,
        Err(why) => return error(StatusCode::BAD_REQUEST, format!("pages: {why}")).into_response(),
    };
    let read = tokio::task::spawn_blocking(move || {
        let book = fenkit_scan::pdf::Book::open(bytes)?;
        let wanted = pages.unwrap_or(1..=book.pages());
        let last = (*wanted.end()).min(book.pages());
        if last.saturating_sub(*wanted.start()) >= MOST_PAGES {
            return Ok(Err(book.pages()));
        }
        let values = fenkit_scan::json::book(scanner(), "body", &book, wanted, &given);
        Ok::<_, fenkit_scan::pdf::PdfError>(Ok(values))
    })
    .await;
    match read {
        Ok(Ok(Ok(values))) => Json(values).into_response(),
        Ok(Ok(Err(pages))) => error(
            StatusCode::BAD_REQUEST,
            format!("too-many-pages: the PDF has {pages} pages; at most {MOST_PAGES} are read a request: name them with pages=A-B"),
        )
        .into_response(),
        Ok(Err(failure)) => {
            error(StatusCode::BAD_REQUEST, format!("pdf-not-read: {failure}")).into_response()
        }
        Err(_) => error(StatusCode::SERVICE_UNAVAILABLE, "the PDF could not be read").into_response(),
    }
}
