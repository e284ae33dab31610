"""Column functions: any column in, the same kind of column out.

Each function takes a column of FEN records and returns a column of the
same length, row for row, null in and null out. A column is a pyarrow
Array or ChunkedArray, a polars Series, a pandas Series, a DuckDB
relation of one column, anything else that exports the Arrow PyCapsule
interface, or a plain list of ``str`` (``bytes`` too: bytes that are not
UTF-8 get their diagnostic). What comes back is of the kind that went in:
pyarrow for pyarrow and for other Arrow exporters, polars for polars,
pandas (Arrow-backed) for pandas, a list for a list.

The work runs in Rust on every core, without the GIL.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable

import pyarrow as pa

from . import _native

_ACCEPTED = (
    "a pyarrow Array or ChunkedArray, a polars Series, a pandas Series, "
    "a DuckDB relation of one column, an Arrow PyCapsule exporter, or a list of str"
)


def _module_of(value: Any) -> str:
    return type(value).__module__.split(".")[0]


def _from_list(values: list | tuple) -> pa.Array:
    if any(isinstance(v, (bytes, bytearray)) for v in values):
        encoded = [v.encode() if isinstance(v, str) else v for v in values]
        return pa.array(encoded, type=pa.binary())
    try:
        return pa.array(values, type=pa.string())
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        kinds = sorted({type(v).__name__ for v in values if not isinstance(v, str) and v is not None})
        raise TypeError(f"FEN records must be str or bytes, not {', '.join(kinds)}") from None


def _to_arrow(column: Any) -> tuple[str, Any]:
    """The column as something the native functions read, and its kind."""
    if isinstance(column, (list, tuple)):
        return "list", _from_list(column)
    if isinstance(column, (pa.Array, pa.ChunkedArray)):
        return "arrow", column
    module = _module_of(column)
    if module == "polars" and hasattr(column, "to_arrow"):
        return "polars", column.to_arrow()
    if module == "pandas" and hasattr(column, "index"):
        if hasattr(column, "columns"):
            raise TypeError("give one column of the DataFrame, such as df['FEN']")
        return "pandas", pa.array(column, from_pandas=True)
    if module == "duckdb" and hasattr(column, "columns"):
        # DuckDB 1.4 renamed fetch_arrow_table to to_arrow_table.
        to_table = getattr(column, "to_arrow_table", None) or column.fetch_arrow_table
        table = to_table()
        if table.num_columns != 1:
            raise TypeError(f"a DuckDB relation of one column, not {table.num_columns}")
        return "arrow", table.column(0)
    if hasattr(column, "__arrow_c_array__") or hasattr(column, "__arrow_c_stream__"):
        return "arrow", column
    raise TypeError(f"a column of FEN records is {_ACCEPTED}; got {type(column).__name__}")


def _to_arrow_beside(value: Any) -> Any:
    """A second column (moves, start positions), or one str for all rows."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)):
        return _from_list([value])
    return _to_arrow(value)[1]


def _back(kind: str, column: Any, result: Any) -> Any:
    if kind == "list":
        return result.to_pylist()
    if kind == "polars":
        polars = sys.modules["polars"]
        return polars.Series(column.name, result)
    if kind == "pandas":
        pandas = sys.modules["pandas"]
        return pandas.Series(
            pandas.arrays.ArrowExtensionArray(result), index=column.index, name=column.name
        )
    return result


def _column_function(native: Callable[..., Any], doc: str) -> Callable[..., Any]:
    def function(column: Any, *beside: Any, **options: Any) -> Any:
        kind, arrow = _to_arrow(column)
        others = [_to_arrow_beside(b) for b in beside]
        return _back(kind, column, native(arrow, *others, **options))

    function.__name__ = native.__name__
    function.__qualname__ = native.__name__
    function.__doc__ = doc
    return function


_READ = """
    Options: ``lenient`` repairs what people paste (each repair a warning);
    ``chess960`` reads Chess960 castling (X-FEN and Shredder-FEN);
    ``strictness`` is ``"playable"`` (default), ``"reachable"`` or
    ``"plausible"``."""

fen_valid = _column_function(
    _native.fen_valid,
    """Whether each record is valid: well-formed and legal (bool).
""" + _READ + """

    >>> fenkit.fen_valid(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8 w", None])
    [True, False, None]
""",
)

fen_errors = _column_function(
    _native.fen_errors,
    """Every problem of each record: a list of structs ``{code, severity,
    field, column, end_column, message, square}``, errors and warnings in
    the order they stand; columns are 1-based characters in the record.
""" + _READ + """

    >>> fenkit.fen_errors(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"])[0][0]["code"]
    'rank-too-short'
""",
)

fen_canonical = _column_function(
    _native.fen_canonical,
    """Each well-formed record in canonical FEN (null when malformed).
""" + _READ + """
    ``ep`` is which en passant square to write: ``"always"`` (the
    standard), ``"pseudo-legal"`` or ``"legal"``; ``castling`` is
    ``"standard"``, ``"x-fen"`` or ``"shredder"``.

    >>> fenkit.fen_canonical(["4k3/8/8/8/8/8/8/4K3 w – –"], lenient=True)
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1']
""",
)

fen_board = _column_function(
    _native.fen_board,
    """Each well-formed record's board as 64 characters, rank 8 first,
    ``.`` for an empty square (null when malformed).
""" + _READ + """

    >>> fenkit.fen_board(["4k3/8/8/8/8/8/8/4K3 w - - 0 1"])[0][:8]
    '....k...'
""",
)

fen_key = _column_function(
    _native.fen_key,
    """Each valid record's four-field key: placement, side, castling, and
    the en passant square only when a legal capture exists, so that
    transpositions share a key (null when not valid).
""" + _READ + """

    >>> fenkit.fen_key(["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"])
    ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -']
""",
)

fen_polyglot_key = _column_function(
    _native.fen_polyglot_key,
    """Each valid record's Polyglot key, as opening books store it
    (uint64; null when not valid).
""" + _READ + """

    >>> hex(fenkit.fen_polyglot_key(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"])[0])
    '0x463b96181691fc9c'
""",
)

fen_polyglot_key_i64 = _column_function(
    _native.fen_polyglot_key_i64,
    """``fen_polyglot_key`` as int64 with the same bits, for engines
    without unsigned integers (Spark).
""" + _READ + """

    >>> fenkit.fen_polyglot_key_i64(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"])
    [5060803636482931868]
""",
)

fen_side = _column_function(
    _native.fen_side,
    """Each well-formed record's side to move, ``"white"`` or ``"black"``.
""" + _READ + """

    >>> fenkit.fen_side(["4k3/8/8/8/8/8/8/4K3 b - - 0 1"])
    ['black']
""",
)

fen_material = _column_function(
    _native.fen_material,
    """Each well-formed record's pieces counted: a struct of twelve counts,
    ``white_pawns`` … ``black_kings``.
""" + _READ + """

    >>> fenkit.fen_material(["4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"])[0]["white_pawns"]
    3
""",
)

fen_check_status = _column_function(
    _native.fen_check_status,
    """Each valid record's check status: ``"none"``, ``"check"``,
    ``"checkmate"`` or ``"stalemate"``.
""" + _READ + """

    >>> fenkit.fen_check_status(["7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"])
    ['checkmate']
""",
)

fen_opening = _column_function(
    _native.fen_opening,
    """The named opening of each valid record's position, by position (so
    transpositions find it): a struct ``{eco, name}``, null when no line
    of the ECO table reaches it.
""" + _READ + """

    >>> fenkit.fen_opening(["r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"])
    [{'eco': 'C60', 'name': 'Ruy Lopez'}]
""",
)

fen_play = _column_function(
    _native.fen_play,
    """The FEN after ``moves`` from each valid record: moves in SAN or UCI,
    separated by spaces, move numbers allowed; ``moves`` is a column of
    the same length or one str for all rows. Null when a move cannot be
    played. The lichess puzzle idiom: the puzzle's position is
    ``fen_play(FEN, first move of Moves)``.
""" + _READ + """

    >>> fenkit.fen_play(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"], "e2e4 c5")
    ['rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2']
""",
)

pgn_positions = _column_function(
    _native.pgn_positions,
    """Every position of each game's mainline: a list of structs ``{ply,
    san, uci, fen}``, ply 0 the start. Each row is PGN movetext or a whole
    game; a second column (or one str) gives start positions for games
    without a ``[FEN]`` tag. Null when a word of the mainline is not a
    legal move.
""" + _READ + """

    >>> [p["uci"] for p in fenkit.pgn_positions(["1. e4 e5 2. Nf3 *"])[0]]
    [None, 'e2e4', 'e7e5', 'g1f3']
""",
)

COLUMN_FUNCTIONS = (
    "fen_valid",
    "fen_errors",
    "fen_canonical",
    "fen_board",
    "fen_key",
    "fen_polyglot_key",
    "fen_polyglot_key_i64",
    "fen_side",
    "fen_material",
    "fen_check_status",
    "fen_opening",
    "fen_play",
    "pgn_positions",
)


def read_pgn(path: "str | os.PathLike[str]") -> pa.RecordBatchReader:
    """Reads a PGN file (gzip, zstd, bzip2 or xz compressed, or not, told
    by its first bytes) as a stream of pyarrow record batches, one row per
    game: ``game`` (its number), ``line`` (where it starts), the common
    tags as columns (``Event``, ``Site``, ``Date``, ``Round``, ``White``,
    ``Black``, ``Result``, ``WhiteElo``, ``BlackElo``, ``ECO``,
    ``Opening``, ``TimeControl``, ``Termination``, ``UTCDate``,
    ``UTCTime``, ``Variant``, ``FEN``), ``movetext``, ``plies`` and
    ``error`` (why a game cannot be played through). Memory stays flat:
    batches of a few thousand games at a time.

    >>> games = fenkit.read_pgn("samples/games.pgn").read_all()
    >>> games.column("White")[0].as_py(), games.column("plies")[0].as_py()
    ('A', 7)
    """
    return _native.read_pgn(os.fspath(path))
