//! `fenkit.scan`: the position in a picture of a board, as a dict in the
//! shape of `fen scan --format json`; a PDF's boards, as a list of them.

use std::path::PathBuf;

use fenkit_scan::{Given, Scanner};
use pyo3::{exceptions::PyValueError, prelude::*, types::PyBytes};

/// A flag's word read as the command reads it, or `ValueError` naming it.
fn word<T>(
    name: &str,
    value: Option<&str>,
    read: fn(&str) -> Result<T, String>,
) -> PyResult<Option<T>> {
    value
        .map(read)
        .transpose()
        .map_err(|why| PyValueError::new_err(format!("{name}: {why}")))
}

/// The position in a picture of a board (PNG, JPEG, GIF, WebP or BMP: a
/// path or the picture's bytes), as a dict: ``fen``, ``placement``, each
/// square's reading with its confidence (``squares``, a8 to h1), the
/// ``least_certain`` squares, those read at under even odds
/// (``unsure``), the board's box in the picture (with ``moved``: the whole
/// squares the rules moved it, or None), the ``orientation``,
/// what was ``mended`` (by the rules, a piece's tone, or a side's count), what was assumed
/// (``assumptions``) and the rules the position breaks (``violations``).
/// What a picture cannot show is taken from ``side``, ``castling`` and
/// ``ep`` where given. A picture that is none, is broken, is too small
/// (``too-small``), or shows no board or several of a size
/// (``several-boards``: which is meant is not known) raises
/// ``ValueError`` with its code.
///
/// With ``all``, a list: every board of the picture (a page of
/// diagrams) in reading order.
///
/// A PDF (a book, a worksheet) gives a list: every board of its
/// ``pages`` (``"3"`` or ``"3-7"``, all when ``None``) in reading order,
/// each named ``SOURCE#page=N``, with the side to move and id its caption
/// says (``caption``), a page without a board as its ``error``. A PDF
/// that cannot be read raises ``ValueError`` (``pdf-not-read``).
///
/// >>> fenkit.scan(fenkit.png("4k3/8/8/8/8/8/8/4K2R w K - 0 1", size=240), side="b")["fen"]
/// '4k3/8/8/8/8/8/8/4K2R b K - 0 1'
#[pyfunction]
#[pyo3(signature = (picture, *, side = None, castling = None, ep = None, orientation = "auto", pages = None, all = false))]
#[allow(
    clippy::too_many_arguments,
    reason = "Python's keywords, one a flag of fen scan"
)]
pub fn scan<'py>(
    py: Python<'py>,
    picture: &Bound<'py, PyAny>,
    side: Option<&str>,
    castling: Option<&str>,
    ep: Option<&str>,
    orientation: &str,
    pages: Option<&str>,
    all: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let pages = word("pages", pages, fenkit_scan::pdf::page_range)?;
    let given = Given {
        side: word("side", side, Given::side_from_word)?,
        castling: word("castling", castling, Given::castling_from_word)?,
        en_passant: word("ep", ep, Given::en_passant_from_word)?,
        bottom: word("orientation", Some(orientation), Given::bottom_from_word)?.flatten(),
    };
    let (source, bytes) = match picture.cast::<PyBytes>() {
        Ok(bytes) => ("bytes".to_string(), bytes.as_bytes().to_vec()),
        Err(_) => {
            let path: PathBuf = picture.extract()?;
            let bytes = std::fs::read(&path).map_err(|err| {
                pyo3::exceptions::PyOSError::new_err(format!("{}: {err}", path.display()))
            })?;
            (path.display().to_string(), bytes)
        }
    };
    let json = py.import("json")?;
    if fenkit_scan::pdf::is_pdf(&bytes) {
        let read = py.detach(|| {
            let book = fenkit_scan::pdf::Book::open(bytes)?;
            let pages = pages.unwrap_or(1..=book.pages());
            let values = fenkit_scan::json::book(&Scanner::new(), &source, &book, pages, &given);
            Ok::<_, fenkit_scan::pdf::PdfError>(serde_json::Value::Array(values).to_string())
        });
        return match read {
            Ok(text) => json.call_method1("loads", (text,)),
            Err(error) => Err(PyValueError::new_err(format!(
                "{source}: pdf-not-read: {error}"
            ))),
        };
    }
    let read = py.detach(|| match all {
        true => Scanner::new().scan_all(&bytes, &given),
        false => Scanner::new()
            .scan(&bytes, &given)
            .map(|reading| vec![reading]),
    });
    match read {
        Ok(readings) => {
            let values: Vec<_> = (readings.iter())
                .map(|reading| fenkit_scan::json::reading(&source, reading))
                .collect();
            let text = match (all, values.as_slice()) {
                (false, [one]) => one.to_string(),
                _ => serde_json::Value::Array(values).to_string(),
            };
            json.call_method1("loads", (text,))
        }
        Err(error) => Err(PyValueError::new_err(format!(
            "{source}: {}: {error}",
            fenkit_scan::json::error_code(&error)
        ))),
    }
}
