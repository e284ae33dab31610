//! A reading as JSON (feature `serde`): `fen scan --format json`, the
//! service's `POST /api/scan` and Python's `fenkit.scan` give this one
//! shape, documented in the guide.

use serde_json::{Value, json};
use shakmaty::{Color, Square};

use crate::{Reading, ScanError};

/// How many of the least certain squares are listed.
const LEAST_CERTAIN: usize = 5;

fn piece_letter(piece: Option<shakmaty::Piece>) -> String {
    piece.map_or_else(|| "-".into(), |piece| piece.char().to_string())
}

/// Rounded to three places, as a confidence is worth reading.
fn rounded(value: f32) -> f64 {
    (f64::from(value) * 1000.0).round() / 1000.0
}

/// The reading of the picture `source`.
pub fn reading(source: &str, reading: &Reading) -> Value {
    let squares: Vec<Value> = Square::ALL
        .iter()
        .rev()
        .map(|square| {
            // a8 first, as FEN writes the board: rank 8 to 1, a to h.
            let square = Square::from_coords(square.file().flip_horizontal(), square.rank());
            let read = &reading.squares[square as usize];
            json!({
                "square": square.to_string(),
                "piece": piece_letter(read.piece),
                "confidence": rounded(read.confidence),
                "second": piece_letter(read.second),
                "second_confidence": rounded(read.second_confidence),
            })
        })
        .collect();
    let board = reading.board_box;
    json!({
        "source": source,
        "fen": reading.fen(),
        "placement": reading.placement(),
        "board": {
            "left": board.left.round(), "top": board.top.round(),
            "width": board.width.round(), "height": board.height.round(),
            // Top left, top right, bottom right, bottom left.
            "corners": reading.corners.map(|(x, y)| [x.round(), y.round()]),
            // Whole squares right and down from where its lines stand.
            "moved": reading.moved.map(|moved| json!({"across": moved.across, "down": moved.down})),
        },
        "last_move": reading.last_move.map(|(from, to)| format!("{from}{to}")),
        "orientation": {
            "bottom": if reading.bottom == Color::White { "white" } else { "black" },
            "found": reading.orientation.as_str(),
        },
        "squares": squares,
        "least_certain": reading.least_certain(LEAST_CERTAIN).iter().map(|square| square.to_string()).collect::<Vec<_>>(),
        "unsure": reading.unsure().iter().map(|square| square.to_string()).collect::<Vec<_>>(),
        "mended": reading.mended.iter().map(|mend| json!({
            "square": mend.square.to_string(),
            "read": piece_letter(mend.read),
            "read_confidence": rounded(mend.read_confidence),
            "now": piece_letter(mend.now),
            "now_confidence": rounded(mend.now_confidence),
            "why": mend.why.as_str(),
        })).collect::<Vec<_>>(),
        "assumptions": reading.assumptions.iter().map(|assumption| json!({
            "field": assumption.field,
            "value": assumption.value,
            "why": assumption.why,
        })).collect::<Vec<_>>(),
        "caption": reading.caption.as_ref().map(|caption| json!({
            "text": caption.text,
            "id": caption.id,
            "side": caption.side.map(|side| side.fold_wb("w", "b")),
        })),
        "violations": reading.violations().iter().map(|violation| json!({
            "code": violation.code.to_string(),
            "severity": violation.code.severity().as_str(),
            "message": violation.message,
        })).collect::<Vec<_>>(),
    })
}

/// The code of a picture that gave no position.
pub fn error_code(error: &ScanError) -> &'static str {
    match error {
        ScanError::NoBoard => "no-board",
        ScanError::TooSmall(..) => "too-small",
        ScanError::SeveralBoards(_) => "several-boards",
        ScanError::Picture(crate::PictureError::NotAPicture) => "not-a-picture",
        ScanError::Picture(_) => "broken-picture",
    }
}

/// A picture that gave no position: its code and message.
pub fn error(source: &str, error: &ScanError) -> Value {
    json!({"source": source, "error": {"code": error_code(error), "message": error.to_string()}})
}

/// Every board of `pages` of `book`, as `fen scan --format json` writes
/// them: each reading named `SOURCE#page=N`, a page without a board as
/// its error, in order. The service's `POST /api/scan` and Python's
/// `fenkit.scan` answer a PDF with this list.
#[cfg(feature = "pdf")]
pub fn book(
    scanner: &crate::Scanner,
    source: &str,
    book: &crate::pdf::Book,
    pages: std::ops::RangeInclusive<usize>,
    given: &crate::Given,
) -> Vec<Value> {
    let mut values = Vec::new();
    for (page, read) in scanner.scan_book(book, pages, given) {
        let source = format!("{source}#page={page}");
        match read {
            Ok(readings) => values.extend(readings.iter().map(|r| reading(&source, r))),
            Err(failure) => values.push(error(&source, &failure)),
        }
    }
    values
}
