"""fenkit: strict Forsyth–Edwards Notation (FEN) for Python.

Two ways in:

- **Column functions** for tables (``fen_valid``, ``fen_errors``,
  ``fen_canonical``, ``fen_board``, ``fen_key``, ``fen_polyglot_key``,
  ``fen_side``, ``fen_material``, ``fen_check_status``, ``fen_describe``,
  ``fen_chess960_number``, ``fen_opening``,
  ``fen_play``, ``pgn_positions``; ``fen_wdl``, ``fen_dtz``,
  ``fen_tb_category``, ``fen_tb_best`` and ``fen_tb_errors`` from Syzygy
  endgame tables, their folder given as ``syzygy=`` or by
  ``SYZYGY_PATH``; ``read_pgn`` reads PGN files as
  batches of games): a column of records in (pyarrow,
  polars, pandas, DuckDB, or a list), a column of results out, computed in
  Rust on every core. ``import fenkit.polars`` adds ``pl.col(...).fen``;
  ``import fenkit.pandas`` adds ``series.fen``; ``fenkit.duckdb.register``
  adds the functions to DuckDB SQL.
- **Single records** for people: ``check`` says everything about one
  record (and draws it in a notebook), ``parse`` raises ``FenError`` with
  every problem, and ``board``, ``normalize``, ``key``, ``polyglot_key``,
  ``opening``, ``play``, ``legal_moves``, ``svg`` and ``png`` do one
  thing each.
- **An opening explorer** over an index built by ``fen explorer build``:
  ``fenkit.explorer.open(DIR).query(fen)``.

>>> import fenkit
>>> fenkit.check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1").problems[0].code
'rank-too-short'
>>> fenkit.fen_valid(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8 w"])
[True, False]
"""

from . import _columns, explorer
from ._columns import COLUMN_FUNCTIONS, read_pgn

# The column functions, one per entry of the table (``_columns.TABLE``).
globals().update({name: getattr(_columns, name) for name in COLUMN_FUNCTIONS})

from ._native import (
    Checked,
    FenError,
    Problem,
    board,
    check,
    key,
    legal_moves,
    normalize,
    opening,
    parse,
    play,
    png,
    polyglot_key,
    scan,
    svg,
)

__all__ = [
    *COLUMN_FUNCTIONS,
    "Checked",
    "FenError",
    "Problem",
    "board",
    "check",
    "explorer",
    "key",
    "legal_moves",
    "normalize",
    "opening",
    "parse",
    "play",
    "png",
    "polyglot_key",
    "read_pgn",
    "scan",
    "svg",
]
