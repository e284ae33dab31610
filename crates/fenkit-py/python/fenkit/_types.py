"""The Arrow type each column function returns, for engines that declare
return types before they run (polars lazy queries, DuckDB, Spark): read
from the one table of column functions."""

from __future__ import annotations

import pyarrow as pa

from ._columns import TABLE

RETURNS: dict[str, pa.DataType] = {name: entry["returns"] for name, entry in TABLE.items()}
