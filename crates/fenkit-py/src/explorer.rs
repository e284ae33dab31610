//! `fenkit.explorer.open(DIR)`: an index built by `fen explorer build`,
//! queried from Python. The answer crosses as lichess's JSON; the Python
//! side (`fenkit/explorer.py`) makes a table of it.

use fenkit_index::explorer::Explorer;
use fenkit_index::explorer::{ExplorerQuery, Month, Speed, reach};
use pyo3::{
    exceptions::{PyOSError, PyValueError},
    prelude::*,
};

/// An explorer index opened for queries.
#[pyclass(frozen, module = "fenkit._native")]
pub struct ExplorerIndex {
    explorer: Explorer,
}

#[pymethods]
impl ExplorerIndex {
    /// Opens the index in `path`; raises `OSError` when it cannot be read
    /// or is damaged (cut short).
    #[new]
    fn open(path: std::path::PathBuf) -> PyResult<ExplorerIndex> {
        let explorer = Explorer::open(&path).map_err(|bad| PyOSError::new_err(bad.to_string()))?;
        Ok(ExplorerIndex { explorer })
    }

    /// Games and rows in the index.
    fn counts(&self) -> (u64, u64) {
        let footer = self.explorer.footer();
        (footer.games, footer.rows)
    }

    /// lichess's answer, as JSON, for the position `fen` after `play`.
    #[pyo3(signature = (fen, play, speeds, since, until, moves, top_games))]
    #[allow(clippy::too_many_arguments)]
    fn answer_json(
        &self,
        py: Python<'_>,
        fen: &Bound<'_, PyAny>,
        play: Vec<String>,
        speeds: Vec<String>,
        since: Option<String>,
        until: Option<String>,
        moves: usize,
        top_games: usize,
    ) -> PyResult<String> {
        let start = crate::scalar::playable(py, fen, false, false)?;
        let (position, opening) =
            reach(start, play.iter().map(String::as_str)).map_err(|(number, why)| {
                PyValueError::new_err(format!("play: move {number}: {}", why.message))
            })?;
        let bad = |err: &dyn std::fmt::Display| PyValueError::new_err(err.to_string());
        let month = |text: Option<String>| {
            text.map(|t| t.parse::<Month>().map_err(|e| bad(&e)))
                .transpose()
        };
        let query = ExplorerQuery {
            speeds: speeds
                .iter()
                .map(|word| word.parse::<Speed>().map_err(|e| bad(&e)))
                .collect::<PyResult<_>>()?,
            since: month(since)?,
            until: month(until)?,
            moves,
            top_games: top_games.min(fenkit_index::explorer::TOP_GAMES),
        };
        let answer = py
            .detach(|| self.explorer.answer(&position, opening, &query))
            .map_err(|err| PyOSError::new_err(err.to_string()))?;
        serde_json::to_string(&answer).map_err(|err| PyValueError::new_err(err.to_string()))
    }
}
