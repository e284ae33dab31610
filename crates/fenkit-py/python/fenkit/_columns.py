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

import json
import os
import re
import sys
import textwrap
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


#: The one table of column functions (``fenkit-arrow``'s ``FUNCTIONS``):
#: every wrapper, method, registration and stub is made from it.
TABLE: dict[str, dict[str, Any]] = {entry["name"]: entry for entry in _native.functions()}

#: Each option's words: ``{option: [(word, aliases, help), ...]}``.
OPTION_WORDS: dict[str, list[tuple[str, list[str], str]]] = _native.option_words()

COLUMN_FUNCTIONS = tuple(TABLE)


def arity(entry: dict[str, Any]) -> tuple[int, int]:
    """How many columns a function takes: the least and the most."""
    if entry["beside"] is None:
        return 1, 1
    return (1 if entry["beside"][1] else 2), 2


def _rst(markdown: str) -> str:
    """Markdown's `code` as reStructuredText's ``code``."""
    return re.sub(r"`([^`]+)`", r"``\1``", markdown)


def _words(option: str) -> str:
    return ", ".join(f'``"{word}"``' for word, _, _ in OPTION_WORDS[option])


def _options_doc(entry: dict[str, Any]) -> str:
    text = (
        "Options: ``lenient`` repairs what people paste (each repair a warning); "
        "``chess960`` reads Chess960 castling (X-FEN and Shredder-FEN); "
        f"``strictness`` is {_words('strictness')}; ``format`` is {_words('format')}; "
        f"``variant`` (lichess's variants: pockets, counters and rules) is {_words('variant')}."
    )
    if entry["writes_fen"]:
        text += (
            f" ``ep`` is which en passant square to write: {_words('ep')}; "
            f"``castling`` is {_words('castling')}."
        )
    return text


def keywords(words: str) -> dict[str, Any]:
    """Option words (``"lenient, ep=legal"``) as Python's keyword
    arguments; for the table's examples."""
    pairs = (word.partition("=") for word in words.replace(",", " ").split())
    return {name: value if value else True for name, _, value in pairs}


def _example_doc(entry: dict[str, Any]) -> str:
    example = entry["example"]
    beside = f", {example['beside']!r}" if example["beside"] is not None else ""
    call = f"fenkit.{entry['name']}({example['records']!r}{beside}{''.join(f', {k}={v!r}' for k, v in keywords(example['options']).items())})"
    return f">>> {call}\n{json.loads(example['result'])!r}"


def _docstring(entry: dict[str, Any]) -> str:
    paragraphs = [_rst(entry["doc"]), _options_doc(entry), _example_doc(entry)]
    return "\n\n".join(textwrap.fill(p, 76) if not p.startswith(">>>") else p for p in paragraphs)


def _column_function(entry: dict[str, Any]) -> Callable[..., Any]:
    name, beside_name = entry["name"], (entry["beside"] or (None, None))[0]

    def function(column: Any, *beside: Any, **options: Any) -> Any:
        if beside_name in options:
            beside = (*beside, options.pop(beside_name))
        kind, arrow = _to_arrow(column)
        others = [_to_arrow_beside(b) for b in beside]
        return _back(kind, column, _native.call(name, arrow, *others, **options))

    function.__name__ = name
    function.__qualname__ = name
    function.__doc__ = _docstring(entry)
    return function


for _entry in TABLE.values():
    globals()[_entry["name"]] = _column_function(_entry)


def read_pgn(path: "str | os.PathLike[str]", positions: bool = False) -> pa.RecordBatchReader:
    """Reads a PGN file (gzip, zstd, bzip2 or xz compressed, or not, told
    by its first bytes) as a stream of pyarrow record batches, one row per
    game: ``game`` (its number), ``line`` (where it starts), the common
    tags as columns (``Event``, ``Site``, ``Date``, ``Round``, ``White``,
    ``Black``, ``Result``, ``WhiteElo``, ``BlackElo``, ``ECO``,
    ``Opening``, ``TimeControl``, ``Termination``, ``UTCDate``,
    ``UTCTime``, ``Variant``, ``FEN``), ``movetext``, ``plies`` and
    ``error`` (why a game cannot be played through). Memory stays flat:
    batches of a few thousand games at a time. With ``positions=True``, a
    ``positions`` column too: what ``pgn_positions`` gives for the game,
    found in the same pass that plays it (each game is played once).

    >>> games = fenkit.read_pgn("samples/games.pgn").read_all()
    >>> games.column("White")[0].as_py(), games.column("plies")[0].as_py()
    ('A', 7)
    >>> games = fenkit.read_pgn("samples/games.pgn", positions=True).read_all()
    >>> games.column("positions")[0].as_py()[1]["san"]
    'e4'
    """
    return _native.read_pgn(os.fspath(path), positions)
