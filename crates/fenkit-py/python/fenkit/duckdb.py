"""``fenkit.duckdb.register(con)`` makes the column functions DuckDB SQL
functions under their own names, as Arrow UDFs (a vector of rows per
call, no Python loop per row).

>>> import duckdb, fenkit.duckdb
>>> con = duckdb.connect()
>>> fenkit.duckdb.register(con)
>>> con.sql("SELECT fen_valid('4k3/8/8/8/8/8/8/4K3 w - - 0 1')").fetchall()
[(True,)]
"""

from __future__ import annotations

from typing import Any

import duckdb
import pyarrow as pa

from . import _columns, _native
from ._types import RETURNS


def _duckdb_type(arrow: pa.DataType) -> Any:
    """The DuckDB type DuckDB itself gives an Arrow type."""
    con = duckdb.connect()
    con.register("t", pa.table({"x": pa.array([], type=arrow)}))
    return con.sql("SELECT x FROM t").types[0]


def _array(result: Any) -> pa.Array:
    return result.combine_chunks() if isinstance(result, pa.ChunkedArray) else result


def _udf(name: str, arity: int, options: dict[str, Any]) -> Any:
    # DuckDB counts a function's parameters: one shape per arity.
    def one(column: pa.Array) -> pa.Array:
        return _array(_native.call(name, column, **options))

    def two(column: pa.Array, beside: pa.Array) -> pa.Array:
        return _array(_native.call(name, column, beside, **options))

    return two if arity == 2 else one


def register(con: "duckdb.DuckDBPyConnection", **options: Any) -> None:
    """Registers every column function on ``con`` under its SQL name.
    ``options`` (``lenient``, ``chess960``, ``strictness``, ``format``, and
    for the functions that write FEN ``ep`` and ``castling``) apply to
    every call through this connection."""
    varchar = duckdb.sqltype("VARCHAR")
    for name, entry in _columns.TABLE.items():
        # A column beside the records that may be left out is left out.
        least, _ = _columns.arity(entry)
        takes = [varchar] * least
        mine = options
        if not entry["writes_fen"]:
            mine = {k: v for k, v in options.items() if k not in ("ep", "castling")}
        udf = _udf(name, len(takes), mine)

        con.create_function(
            name,
            udf,
            takes,
            _duckdb_type(RETURNS[name]),
            type="arrow",
            null_handling="special",
        )
