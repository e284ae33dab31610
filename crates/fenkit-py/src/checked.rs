//! A checked record as Python sees it (`Checked`, its `Problem`s,
//! `FenError`): the fields read from the library's setup, the problems
//! from its diagnostics, shown in a notebook as a diagram and a list.

use fenkit::{Checked as CheckedRecord, ReadOptions, Severity, WriteOptions};
use pyo3::{
    exceptions::{PyTypeError, PyValueError},
    prelude::*,
    types::{PyBytes, PyString},
};
use shakmaty::Chess;

pyo3::create_exception!(
    fenkit,
    FenError,
    PyValueError,
    "A record that is not a valid FEN; `.problems` lists every problem."
);

/// A record as given: `str`, or `bytes` that need not be UTF-8.
pub(crate) fn record_bytes(fen: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
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

/// One problem of a record, in the library's one shape of a problem
/// (`fenkit::Problem`: the same parts as the JSON of `fen check` and the
/// structs of `fen_errors`).
#[pyclass(module = "fenkit", frozen, get_all, skip_from_py_object)]
#[derive(Clone)]
pub struct Problem {
    /// The stable name of the problem, such as `rank-too-short`.
    code: String,
    /// `error` or `warning`.
    severity: String,
    /// The question the problem answers no to: `malformed`, `illegal`,
    /// `unreachable` or `implausible` (`class_` in Python, where `class`
    /// is a keyword).
    #[pyo3(name = "class_")]
    class: String,
    /// The field at fault: `record`, `placement`, `side`, `castling`,
    /// `en-passant`, `halfmove`, `fullmove` or `operations`.
    field: String,
    /// The line of the record; `None` for a record given as a value.
    line: Option<u64>,
    /// 1-based character column of the fault (in the record, for a value).
    column: usize,
    /// 1-based column just past it.
    end_column: usize,
    /// 1-based character column of the fault in the record.
    record_column: usize,
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
    pub(crate) well_formed: bool,
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
    pub(crate) crossed: Vec<shakmaty::Square>,
    pub(crate) setup: Option<shakmaty::Setup>,
    /// The position to play from, when valid.
    pub(crate) position: Option<Chess>,
}

fn problems(record: &[u8], checked: &CheckedRecord) -> Vec<Problem> {
    checked
        .diagnostics
        .iter()
        .map(|d| {
            let problem = fenkit::Problem::in_record(d, record);
            Problem {
                code: problem.code.as_str().to_string(),
                severity: problem.severity.as_str().to_string(),
                class: problem.class.as_str().to_string(),
                field: problem.field.as_str().to_string(),
                line: problem.line,
                column: problem.column,
                end_column: problem.end_column,
                record_column: problem.record_column,
                message: problem.message.to_string(),
                square: problem.square.map(|s| s.to_string()),
            }
        })
        .collect()
}

impl Checked {
    pub(crate) fn new(record: &[u8], read: &ReadOptions) -> Checked {
        let checked = read.check(record);
        let write = WriteOptions::default();
        let setup = checked.setup.as_ref();
        let fen = setup.map(|s| write.fen(s));
        // The squares a diagram crosses out: those the errors name (the
        // rules already ran in the check).
        let crossed = checked
            .diagnostics
            .iter()
            .filter(|d| d.code.severity() == Severity::Error)
            .filter_map(|d| d.square)
            .collect();
        Checked {
            input: fenkit::printable(&String::from_utf8_lossy(record)).into_owned(),
            valid: checked.is_valid(),
            well_formed: checked.setup.is_some(),
            problems: problems(record, &checked),
            side: setup.map(|s| s.turn.fold_wb("white", "black").to_string()),
            castling: setup.map(|s| write.castling(s)),
            ep_square: setup
                .and_then(|s| write.ep_square(s))
                .map(|square| square.to_string()),
            halfmove_clock: setup.map(|s| s.halfmoves),
            fullmove_number: setup.map(|s| s.fullmoves.get()),
            placement: setup.map(|s| write.placement(s)),
            fen,
            crossed,
            position: checked.position(read.castling),
            setup: checked.setup,
        }
    }

    /// Raises `FenError` with every problem unless the record is valid.
    pub(crate) fn valid_or_raise(self, py: Python<'_>) -> PyResult<Checked> {
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

    pub(crate) fn svg_text(&self, size: u32) -> Option<String> {
        let setup = self.setup.as_ref()?;
        let diagram = fenkit_diagrams::Diagram::default()
            .with_size(size)
            .with_problems(self.crossed.clone());
        Some(fenkit_diagrams::svg(setup, &diagram))
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
