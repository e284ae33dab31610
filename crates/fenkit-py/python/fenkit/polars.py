"""``import fenkit.polars`` adds a ``fen`` namespace to polars expressions
and series: ``pl.col("FEN").fen.key()``, ``df["FEN"].fen.valid()``. Each
method is the column function of the same name without its first word
(``fen_key`` is ``key``, ``pgn_positions`` is ``positions``), with the same options; it works in eager, lazy and streaming
queries (the functions are elementwise).

>>> import polars as pl, fenkit.polars
>>> df = pl.DataFrame({"FEN": ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "8/8 w"]})
>>> df.select(pl.col("FEN").fen.valid()).to_series().to_list()
[True, False]
"""

from __future__ import annotations

from typing import Any

import polars as pl

from . import _columns, _native
from ._types import RETURNS

def _dtype(name: str) -> pl.DataType:
    import pyarrow as pa

    return pl.from_arrow(pa.array([], type=RETURNS[name])).dtype


def _run(name: str, series: pl.Series, beside: tuple[Any, ...], options: dict[str, Any]) -> pl.Series:
    others = [_columns._to_arrow_beside(b) for b in beside]
    result = _native.call(name, series.to_arrow(), *others, **options)
    return pl.Series(series.name, result)


def _method(name: str):
    def method(self, *beside: Any, **options: Any):
        return self._apply(name, beside, options)

    method.__name__ = _columns.TABLE[name]["method"]
    method.__doc__ = getattr(_columns, name).__doc__
    return method


class _Namespace:
    pass


for _name, _entry in _columns.TABLE.items():
    setattr(_Namespace, _entry["method"], _method(_name))


@pl.api.register_expr_namespace("fen")
class FenExpr(_Namespace):
    """FEN column functions on a polars expression."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _apply(self, name: str, beside: tuple[Any, ...], options: dict[str, Any]) -> pl.Expr:
        if any(isinstance(b, pl.Expr) for b in beside):
            # Another column beside this one: both go in as one struct.
            fields = [self._expr.alias("fen"), *(b.alias(f"arg{i}") for i, b in enumerate(beside))]

            def both(struct: pl.Series) -> pl.Series:
                parts = struct.struct.unnest()
                columns = [parts[f"arg{i}"] for i in range(len(beside))]
                out = _run(name, parts["fen"], tuple(columns), options)
                return out

            return pl.struct(fields).map_batches(
                both, return_dtype=_dtype(name), is_elementwise=True
            )
        return self._expr.map_batches(
            lambda series: _run(name, series, beside, options),
            return_dtype=_dtype(name),
            is_elementwise=True,
        )


@pl.api.register_series_namespace("fen")
class FenSeries(_Namespace):
    """FEN column functions on a polars Series."""

    def __init__(self, series: pl.Series) -> None:
        self._series = series

    def _apply(self, name: str, beside: tuple[Any, ...], options: dict[str, Any]) -> pl.Series:
        return _run(name, self._series, beside, options)

