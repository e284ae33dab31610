"""``import fenkit.pandas`` adds a ``fen`` accessor to pandas Series:
``df["FEN"].fen.valid()``, ``df["FEN"].fen.key()``. Each method is the
column function of the same name without its ``fen_`` prefix, with the
same options; results are Arrow-backed Series on the same index.

>>> import pandas as pd, fenkit.pandas
>>> pd.Series(["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "8/8 w"]).fen.valid().tolist()
[True, False]
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from . import _columns


def _method(name: str):
    function = getattr(_columns, name)

    def method(self, *beside: Any, **options: Any) -> pd.Series:
        return function(self._series, *beside, **options)

    method.__name__ = name.removeprefix("fen_")
    method.__doc__ = function.__doc__
    return method


@pd.api.extensions.register_series_accessor("fen")
class FenAccessor:
    """FEN column functions on a pandas Series."""

    def __init__(self, series: pd.Series) -> None:
        self._series = series


for _name in _columns.COLUMN_FUNCTIONS:
    setattr(FenAccessor, "positions" if _name == "pgn_positions" else _name.removeprefix("fen_"), _method(_name))
