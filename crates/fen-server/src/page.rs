//! The page at `/`: paste a FEN or EPD, see the board and what is wrong,
//! edit the board. Everything it needs is served from the binary (no CDN,
//! no build step), and its policy allows nothing else.

use axum::{
    extract::Path,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use shakmaty::{Color, Piece, Role};

use crate::error;

/// Only what this server sends may run or show on the page.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A file of the page, checked for freshness at each load: a new binary
/// may bring a new page.
fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

pub async fn index() -> Response {
    asset(
        "text/html; charset=utf-8",
        include_str!("../web/index.html"),
    )
}

pub async fn script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../web/app.js"),
    )
}

/// The modules `app.js` imports, `/js/NAME.js`: one part of the page
/// each (see app.js).
const MODULES: [(&str, &str); 11] = [
    ("state.js", include_str!("../web/js/state.js")),
    ("board.js", include_str!("../web/js/board.js")),
    ("network.js", include_str!("../web/js/network.js")),
    ("answer.js", include_str!("../web/js/answer.js")),
    ("highlight.js", include_str!("../web/js/highlight.js")),
    ("panel.js", include_str!("../web/js/panel.js")),
    ("explorer.js", include_str!("../web/js/explorer.js")),
    ("tablebase.js", include_str!("../web/js/tablebase.js")),
    ("games.js", include_str!("../web/js/games.js")),
    ("editor.js", include_str!("../web/js/editor.js")),
    ("scan.js", include_str!("../web/js/scan.js")),
];

/// `/js/board.js` and the other modules of the page.
pub async fn module(Path(file): Path<String>) -> Response {
    match MODULES.iter().find(|(name, _)| *name == file) {
        Some((_, body)) => asset("text/javascript; charset=utf-8", body),
        None => error(
            StatusCode::NOT_FOUND,
            format!("the page has no module '{file}'"),
        )
        .into_response(),
    }
}

pub async fn style() -> Response {
    asset("text/css; charset=utf-8", include_str!("../web/style.css"))
}

/// `/pieces/wK.svg` and the like: one cburnett drawing.
pub async fn piece(Path(file): Path<String>) -> Response {
    drawing(&fenkit_diagrams::PieceSet::default(), &file)
}

/// `/pieces/merida/wK.svg` and the like: one drawing of a shipped set.
pub async fn piece_of_set(Path((set, file)): Path<(String, String)>) -> Response {
    match fenkit_diagrams::PieceSet::named(&set) {
        Some(pieces) => drawing(&pieces, &file),
        None => {
            let known = fenkit_diagrams::PieceSet::NAMES.join(", ");
            let set = fenkit::printable(&set);
            let why = format!("no piece set is called '{set}'; the sets are {known}");
            error(StatusCode::NOT_FOUND, why).into_response()
        }
    }
}

fn drawing(pieces: &fenkit_diagrams::PieceSet, file: &str) -> Response {
    match file.strip_suffix(".svg").and_then(piece_named) {
        Some(piece) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "public, max-age=86400"),
            ],
            pieces.piece_svg(piece).to_owned(),
        )
            .into_response(),
        None => error(
            StatusCode::NOT_FOUND,
            format!(
                "no piece is called '{}'; try wK.svg or bN.svg",
                fenkit::printable(file)
            ),
        )
        .into_response(),
    }
}

/// The piece an id such as `wK` names.
fn piece_named(id: &str) -> Option<Piece> {
    let mut chars = id.chars();
    let color = match chars.next()? {
        'w' => Color::White,
        'b' => Color::Black,
        _ => return None,
    };
    let letter = chars.next().filter(char::is_ascii_uppercase)?;
    let role = Role::from_char(letter.to_ascii_lowercase())?;
    chars.next().is_none().then_some(Piece { color, role })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_ids_read_back() {
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let piece = Piece { color, role };
                assert_eq!(piece_named(fenkit_diagrams::piece_id(piece)), Some(piece));
            }
        }
        for bad in ["", "w", "xK", "wk", "wKK", "wX"] {
            assert_eq!(piece_named(bad), None, "{bad}");
        }
    }
}
