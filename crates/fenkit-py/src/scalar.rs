//! The API for people rather than tables: one record in, a checked record
//! (or a value, or `FenError`) out.

use fenkit::{Checked as CheckedRecord, ReadOptions, Severity, WriteOptions};
use pyo3::{
    exceptions::{PyTypeError, PyValueError},
    prelude::*,
    types::{PyBytes, PyString},
};
use shakmaty::{Chess, EnPassantMode, Position};

use crate::options;

pyo3::create_exception!(
    fenkit,
    FenError,
    PyValueError,
    "A record that is not a valid FEN; `.problems` lists every problem."
);

/// A record as given: `str`, or `bytes` that need not be UTF-8.
fn record_bytes(fen: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(text) = fen.cast::<PyString>() {
        return Ok(text.to_str()?.as_bytes().to_vec());
    }
    if let Ok(bytes) = fen.cast::<PyBytes>() {
        return Ok(bytes.as_bytes().to_vec());
    }
    Err(PyTypeError::new_err(format!(
        "a FEN record is str or bytes, not {}",
        fen.get_type().name()?
    )))
}

/// One problem of a record.
#[pyclass(module = "fenkit", frozen, get_all, skip_from_py_object)]
#[derive(Clone)]
pub struct Problem {
    /// The stable name of the problem, such as `rank-too-short`.
    code: String,
    /// `error` or `warning`.
    severity: String,
    /// The field at fault: `record`, `placement`, `side`, `castling`,
    /// `en-passant`, `halfmove`, `fullmove` or `operations`.
    field: String,
    /// 1-based character column of the fault in the record.
    column: usize,
    /// 1-based column just past it.
    end_column: usize,
    message: String,
    /// The square of a rule broken on the board, such as `e1`.
    square: Option<String>,
}

#[pymethods]
impl Problem {
    fn __str__(&self) -> String {
        format!(
            "column {}: {}[{}]: {}",
            self.column, self.severity, self.code, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!("<Problem {}>", self.__str__())
    }
}

/// A record checked in full: form, then the rules of chess.
#[pyclass(module = "fenkit", frozen)]
pub struct Checked {
    /// The record as given (as text, bytes that are not UTF-8 escaped).
    #[pyo3(get)]
    input: String,
    /// Well-formed and legal (and, by the strictness asked for,
    /// reachable or plausible).
    #[pyo3(get)]
    valid: bool,
    /// Well-formed: the six fields read, whether legal or not.
    #[pyo3(get)]
    well_formed: bool,
    /// The record in canonical FEN, when well-formed.
    #[pyo3(get)]
    fen: Option<String>,
    /// Every problem, errors and warnings, in the order they stand.
    #[pyo3(get)]
    problems: Vec<Problem>,
    /// The six fields, when well-formed.
    #[pyo3(get)]
    placement: Option<String>,
    #[pyo3(get)]
    side: Option<String>,
    #[pyo3(get)]
    castling: Option<String>,
    #[pyo3(get)]
    ep_square: Option<String>,
    #[pyo3(get)]
    halfmove_clock: Option<u32>,
    #[pyo3(get)]
    fullmove_number: Option<u32>,
    /// Squares a diagram crosses out (rules broken there).
    crossed: Vec<shakmaty::Square>,
    setup: Option<shakmaty::Setup>,
    /// The position to play from, when valid.
    position: Option<Chess>,
}

fn problems(record: &[u8], checked: &CheckedRecord) -> Vec<Problem> {
    checked
        .diagnostics
        .iter()
        .map(|d| {
            let (column, end_column) = d.span.columns(record, 0);
            Problem {
                code: d.code.as_str().to_string(),
                severity: d.severity.as_str().to_string(),
                field: d.field.as_str().to_string(),
                column,
                end_column,
                message: d.message.clone(),
                square: d.square.map(|s| s.to_string()),
            }
        })
        .collect()
}

impl Checked {
    fn new(record: &[u8], read: &ReadOptions) -> Checked {
        let checked = read.check(record);
        let fen = checked
            .setup
            .as_ref()
            .map(|s| WriteOptions::default().fen(s));
        let mut fields = fen.as_deref().map(|f| f.split(' ')).into_iter().flatten();
        let mut field = || fields.next().map(str::to_string);
        let (placement, side, castling, ep) = (field(), field(), field(), field());
        let (halfmove, fullmove) = (field(), field());
        let crossed = checked
            .setup
            .as_ref()
            .map(|s| fenkit::render::squares_to_cross_out(&fenkit::violations(s, read.castling)))
            .unwrap_or_default();
        Checked {
            input: fenkit::printable(&String::from_utf8_lossy(record)).into_owned(),
            valid: checked.is_valid(),
            well_formed: checked.setup.is_some(),
            problems: problems(record, &checked),
            side: side.map(|s| if s == "w" { "white" } else { "black" }.to_string()),
            castling,
            ep_square: ep.filter(|e| e != "-"),
            halfmove_clock: halfmove.and_then(|h| h.parse().ok()),
            fullmove_number: fullmove.and_then(|f| f.parse().ok()),
            placement,
            fen,
            crossed,
            position: checked.position(read.castling),
            setup: checked.setup,
        }
    }

    /// Raises `FenError` with every problem unless the record is valid.
    fn valid_or_raise(self, py: Python<'_>) -> PyResult<Checked> {
        if self.valid {
            return Ok(self);
        }
        let errors: Vec<&Problem> = self
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error.as_str())
            .collect();
        let mut message = format!("not a valid FEN record: {}", self.input);
        for problem in &errors {
            message.push_str(&format!("\n  {}", problem.__str__()));
        }
        let err = FenError::new_err(message);
        let list: Vec<Problem> = self.problems.clone();
        err.value(py).setattr("problems", list)?;
        Err(err)
    }

    fn svg_text(&self, size: u32) -> Option<String> {
        let setup = self.setup.as_ref()?;
        let diagram = fenkit::render::Diagram {
            size,
            problems: self.crossed.clone(),
            ..Default::default()
        };
        Some(fenkit::render::svg(setup, &diagram))
    }
}

#[pymethods]
impl Checked {
    fn __repr__(&self) -> String {
        let state = if self.valid {
            "valid"
        } else if self.well_formed {
            "illegal"
        } else {
            "malformed"
        };
        format!(
            "<Checked {state} {:?}, {} problem(s)>",
            self.input,
            self.problems.len()
        )
    }

    fn __bool__(&self) -> bool {
        self.valid
    }

    /// The diagram, for notebooks: illegal squares crossed out.
    fn _repr_svg_(&self) -> Option<String> {
        self.svg_text(320)
    }

    /// The diagram with the problems listed under it, for notebooks.
    fn _repr_html_(&self) -> String {
        let mut html = String::from("<div class=\"fenkit\">");
        if let Some(svg) = self.svg_text(320) {
            html.push_str(&svg);
        }
        html.push_str(&format!(
            "<div><code>{}</code></div>",
            escape_html(&self.input)
        ));
        if !self.problems.is_empty() {
            html.push_str("<ul>");
            for problem in &self.problems {
                html.push_str(&format!(
                    "<li>column {}: <strong>{}</strong>[{}]: {}</li>",
                    problem.column,
                    problem.severity,
                    problem.code,
                    escape_html(&problem.message)
                ));
            }
            html.push_str("</ul>");
        }
        html.push_str("</div>");
        html
    }
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
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
    let read = options::read(lenient, chess960, strictness)?;
    Ok(Checked::new(&record_bytes(fen)?, &read))
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
    check(fen, lenient, chess960, strictness)?.valid_or_raise(py)
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

fn playable(
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
    let position = playable(py, fen, lenient, chess960)?;
    Ok(fenkit::opening_key(&position))
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
    Ok(fenkit::games::opening(&position).map(|o| (o.eco.to_string(), o.name.to_string())))
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
    for word in fenkit::games::move_words(moves) {
        let number = fenkit::games::move_number(&position);
        let m = fenkit::games::read_move(&position, word)
            .map_err(|err| PyValueError::new_err(format!("move {number} {}", err.message)))?;
        position.play_unchecked(m);
    }
    Ok(fenkit::to_fen(&position.to_setup(EnPassantMode::Always)))
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
    Ok(fenkit::games::legal_sans(&playable(
        py, fen, lenient, chess960,
    )?))
}

fn diagram(
    size: u32,
    flip: bool,
    coordinates: bool,
    crossed: Vec<shakmaty::Square>,
) -> fenkit::render::Diagram {
    use fenkit::render::{Coordinates, Orientation};
    fenkit::render::Diagram {
        size,
        orientation: if flip {
            Orientation::Black
        } else {
            Orientation::White
        },
        coordinates: if coordinates {
            Coordinates::Outside
        } else {
            Coordinates::None
        },
        problems: crossed,
        ..Default::default()
    }
}

/// The diagram as SVG text; illegal squares crossed out.
///
/// >>> fenkit.svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1", size=200).startswith("<svg")
/// True
#[pyfunction]
#[pyo3(signature = (fen, *, size = 400, flip = false, coordinates = true, lenient = false, chess960 = false))]
#[allow(clippy::too_many_arguments)]
pub fn svg(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    size: u32,
    flip: bool,
    coordinates: bool,
    lenient: bool,
    chess960: bool,
) -> PyResult<String> {
    let checked = well_formed(py, fen, &options::read(lenient, chess960, "playable")?)?;
    let setup = checked.setup.as_ref().expect("well-formed");
    Ok(fenkit::render::svg(
        setup,
        &diagram(size, flip, coordinates, checked.crossed.clone()),
    ))
}

/// The diagram as PNG bytes, `size` pixels wide (16 to 4096).
///
/// >>> fenkit.png("4k3/8/8/8/8/8/8/4K3 w - - 0 1", size=64)[:4]
/// b'\x89PNG'
#[pyfunction]
#[pyo3(signature = (fen, *, size = 400, flip = false, coordinates = true, lenient = false, chess960 = false))]
#[allow(clippy::too_many_arguments)]
pub fn png<'py>(
    py: Python<'py>,
    fen: &Bound<'_, PyAny>,
    size: u32,
    flip: bool,
    coordinates: bool,
    lenient: bool,
    chess960: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let checked = well_formed(py, fen, &options::read(lenient, chess960, "playable")?)?;
    let setup = checked.setup.as_ref().expect("well-formed");
    let image = fenkit::render::png(
        setup,
        &diagram(size, flip, coordinates, checked.crossed.clone()),
    )
    .map_err(|err| PyValueError::new_err(err.to_string()))?;
    Ok(PyBytes::new(py, &image))
}
