"""``import fenkit.pandas`` adds a ``fen`` accessor to pandas Series:
``df["FEN"].fen.valid()``, ``df["FEN"].fen.key()``. Each method is the
column function of the same name without its first word, with the
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

    method.__name__ = _columns.TABLE[name]["method"]
    method.__doc__ = function.__doc__
    return method


@pd.api.extensions.register_series_accessor("fen")
class FenAccessor:
    """FEN column functions on a pandas Series."""

    def __init__(self, series: pd.Series) -> None:
        self._series = series


for _name, _entry in _columns.TABLE.items():
    setattr(FenAccessor, _entry["method"], _method(_name))
