//! The API for people rather than tables: one record in, a checked record
//! (or a value, or `FenError`) out.

use fenkit::ReadOptions;
use pyo3::{exceptions::PyValueError, prelude::*, types::PyBytes};
use shakmaty::{Chess, Position};

use crate::{
    checked::{Checked, record_bytes},
    options,
};

/// `fen` checked in full, read leniently or not, in Chess960 or not, by
/// the strictness named.
fn checked(
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
    strictness: &str,
) -> PyResult<Checked> {
    let read = options::read(lenient, chess960, strictness)?;
    Ok(Checked::new(&record_bytes(fen)?, &read))
}

/// Checks `fen` in full and returns what was found, valid or not.
///
/// >>> c = fenkit.check("4k3/8/8/8/8/8/8/4K2P w - - 0 1")
/// >>> c.valid, c.problems[0].code, c.problems[0].square
/// (False, 'pawn-on-back-rank', 'h1')
#[pyfunction]
#[pyo3(signature = (fen, *, lenient = false, chess960 = false, strictness = "playable"))]
pub fn check(
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
    strictness: &str,
) -> PyResult<Checked> {
    checked(fen, lenient, chess960, strictness)
}

/// Checks `fen` and returns it checked, or raises `FenError` listing
/// every problem (also in its `.problems`).
///
/// >>> fenkit.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").side
/// 'white'
#[pyfunction]
#[pyo3(signature = (fen, *, lenient = false, chess960 = false, strictness = "playable"))]
pub fn parse(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
    strictness: &str,
) -> PyResult<Checked> {
    checked(fen, lenient, chess960, strictness)?.valid_or_raise(py)
}

/// A well-formed record that need not be legal, or `FenError`.
fn well_formed(py: Python<'_>, fen: &Bound<'_, PyAny>, read: &ReadOptions) -> PyResult<Checked> {
    let checked = Checked::new(&record_bytes(fen)?, read);
    if checked.well_formed {
        Ok(checked)
    } else {
        checked.valid_or_raise(py)
    }
}

/// The board as 8 lines of 8 characters, rank 8 first, `.` for empty.
///
/// >>> fenkit.board("4k3/8/8/8/8/8/8/4K3 w - - 0 1").splitlines()[0]
/// '....k...'
#[pyfunction]
#[pyo3(signature = (fen, *, lenient = false, chess960 = false))]
pub fn board(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
) -> PyResult<String> {
    let checked = well_formed(py, fen, &options::read(lenient, chess960, "playable")?)?;
    let mut text = Vec::with_capacity(72);
    fenkit::write_board_text(
        &checked.setup.as_ref().expect("well-formed").board,
        &mut text,
    );
    text.pop();
    Ok(String::from_utf8(text).expect("ASCII"))
}

/// The record in canonical FEN (legal or not), or `FenError` when it is
/// not well-formed. `ep`: "always", "pseudo-legal" or "legal";
/// `castling`: "standard", "x-fen" or "shredder".
///
/// >>> fenkit.normalize("4k3/8/8/8/8/8/8/4K3 w – –", lenient=True)
/// '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
#[pyfunction]
#[pyo3(signature = (fen, *, lenient = false, chess960 = false, ep = "always", castling = "standard"))]
pub fn normalize(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
    ep: &str,
    castling: &str,
) -> PyResult<String> {
    let write = options::write(ep, castling)?;
    let checked = well_formed(py, fen, &options::read(lenient, chess960, "playable")?)?;
    Ok(write.fen(checked.setup.as_ref().expect("well-formed")))
}

pub(crate) fn playable(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
) -> PyResult<Chess> {
    let read = options::read(lenient, chess960, "playable")?;
    let checked = Checked::new(&record_bytes(fen)?, &read).valid_or_raise(py)?;
    Ok(checked.position.expect("a valid record is playable"))
}

/// The four-field key: placement, side, castling, and the en passant
/// square only when a legal capture exists.
///
/// >>> fenkit.key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
/// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -'
#[pyfunction]
#[pyo3(signature = (fen, *, lenient = false, chess960 = false))]
pub fn key(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
) -> PyResult<String> {
    Ok(fenkit::opening_key(&playable(py, fen, lenient, chess960)?))
}

/// The Polyglot key, as opening books store it (an unsigned 64-bit int).
///
/// >>> hex(fenkit.polyglot_key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
/// '0x463b96181691fc9c'
#[pyfunction]
#[pyo3(signature = (fen, *, lenient = false, chess960 = false))]
pub fn polyglot_key(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
) -> PyResult<u64> {
    Ok(fenkit::polyglot_key(&playable(py, fen, lenient, chess960)?))
}

/// The legal moves of the position, in SAN.
///
/// >>> len(fenkit.legal_moves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
/// 20
#[pyfunction]
#[pyo3(signature = (fen, *, lenient = false, chess960 = false))]
pub fn legal_moves(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    lenient: bool,
    chess960: bool,
) -> PyResult<Vec<String>> {
    Ok(fenkit::moves::legal_sans(&playable(
        py, fen, lenient, chess960,
    )?))
}

/// The named opening of the position as `(eco, name)`, or `None`.
///
/// >>> fenkit.opening("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
/// ('C60', 'Ruy Lopez')
#[pyfunction]
#[pyo3(signature = (fen, *, lenient = false))]
pub fn opening(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    lenient: bool,
) -> PyResult<Option<(String, String)>> {
    let position = playable(py, fen, lenient, false)?;
    Ok(fenkit_games::opening(&position).map(|o| (o.eco.to_string(), o.name.to_string())))
}

/// The FEN after `moves` (SAN or UCI, separated by spaces; move numbers
/// allowed). Raises `FenError` for a bad record, `ValueError` naming the
/// first move that cannot be played.
///
/// >>> fenkit.play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1. e4 e5 2. Nf3")
/// 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
#[pyfunction]
#[pyo3(signature = (fen, moves, *, lenient = false, chess960 = false))]
pub fn play(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    moves: &str,
    lenient: bool,
    chess960: bool,
) -> PyResult<String> {
    let mut position = playable(py, fen, lenient, chess960)?;
    for word in fenkit::moves::move_words(moves) {
        let number = fenkit::moves::move_number(&position);
        let m = fenkit::moves::read_move(&position, word)
            .map_err(|err| PyValueError::new_err(format!("move {number} {}", err.message)))?;
        position.play_unchecked(m);
    }
    Ok(fenkit::Fen::from_position(&position).to_string())
}

/// What a diagram looks like, as the diagram functions' keywords say it.
struct Look<'a> {
    size: u32,
    flip: bool,
    coordinates: bool,
    pieces: &'a str,
}

/// What the diagram functions share: `fen`, a well-formed record, and
/// its diagram, `size` pixels wide, from Black's side when `flip`, in the
/// piece set named `pieces`, its illegal squares crossed out.
fn diagram(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    look: Look<'_>,
    lenient: bool,
    chess960: bool,
) -> PyResult<(shakmaty::Setup, fenkit_diagrams::Diagram)> {
    use fenkit_diagrams::{Coordinates, Diagram, Orientation, PieceSet};
    let Look {
        size,
        flip,
        coordinates,
        pieces,
    } = look;
    let pieces = PieceSet::named(pieces).ok_or_else(|| {
        let known = PieceSet::NAMES.join(", ");
        PyValueError::new_err(format!(
            "'{pieces}' is not a piece set; the sets are {known}"
        ))
    })?;
    let checked = well_formed(py, fen, &options::read(lenient, chess960, "playable")?)?;
    let orientation = match flip {
        true => Orientation::Black,
        false => Orientation::White,
    };
    let coordinates = match coordinates {
        true => Coordinates::Outside,
        false => Coordinates::None,
    };
    let diagram = Diagram::default()
        .with_size(size)
        .with_orientation(orientation)
        .with_coordinates(coordinates)
        .with_pieces(pieces)
        .with_problems(checked.crossed);
    Ok((checked.setup.expect("well-formed"), diagram))
}

/// The diagram as SVG text, its title and description the position in
/// words; illegal squares crossed out. ``pieces`` names the piece set:
/// cburnett, merida, fantasy, spatial, celtic, eyes or skulls.
///
/// >>> fenkit.svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1", size=200, pieces="merida").startswith("<svg")
/// True
#[pyfunction]
#[pyo3(signature = (fen, *, size = 400, flip = false, coordinates = true, pieces = "cburnett", lenient = false, chess960 = false))]
#[allow(clippy::too_many_arguments)]
pub fn svg(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    size: u32,
    flip: bool,
    coordinates: bool,
    pieces: &str,
    lenient: bool,
    chess960: bool,
) -> PyResult<String> {
    let look = Look {
        size,
        flip,
        coordinates,
        pieces,
    };
    let (setup, diagram) = self::diagram(py, fen, look, lenient, chess960)?;
    Ok(fenkit_diagrams::svg(&setup, &diagram))
}

/// The diagram as PNG bytes, `size` pixels wide (16 to 4096), in the
/// piece set ``pieces`` names (as for ``svg``).
///
/// >>> fenkit.png("4k3/8/8/8/8/8/8/4K3 w - - 0 1", size=64, pieces="fantasy")[:4]
/// b'\x89PNG'
#[pyfunction]
#[pyo3(signature = (fen, *, size = 400, flip = false, coordinates = true, pieces = "cburnett", lenient = false, chess960 = false))]
#[allow(clippy::too_many_arguments)]
pub fn png<'py>(
    py: Python<'py>,
    fen: &Bound<'_, PyAny>,
    size: u32,
    flip: bool,
    coordinates: bool,
    pieces: &str,
    lenient: bool,
    chess960: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let look = Look {
        size,
        flip,
        coordinates,
        pieces,
    };
    let (setup, diagram) = self::diagram(py, fen, look, lenient, chess960)?;
    let image = fenkit_diagrams::png(&setup, &diagram)
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
    Ok(PyBytes::new(py, &image))
}
