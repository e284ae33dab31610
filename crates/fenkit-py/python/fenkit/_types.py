"""The Arrow type each column function returns, for engines that declare
return types before they run (polars lazy queries, DuckDB, Spark)."""

from __future__ import annotations

import pyarrow as pa

_PIECES = [
    f"{color}_{kind}"
    for color in ("white", "black")
    for kind in ("pawns", "knights", "bishops", "rooks", "queens", "kings")
]

PROBLEM = pa.struct(
    [
        pa.field("code", pa.string(), nullable=False),
        pa.field("severity", pa.string(), nullable=False),
        pa.field("field", pa.string(), nullable=False),
        pa.field("column", pa.uint32(), nullable=False),
        pa.field("end_column", pa.uint32(), nullable=False),
        pa.field("message", pa.string(), nullable=False),
        pa.field("square", pa.string()),
    ]
)
PLY = pa.struct(
    [
        pa.field("ply", pa.uint32(), nullable=False),
        pa.field("san", pa.string()),
        pa.field("uci", pa.string()),
        pa.field("fen", pa.string(), nullable=False),
    ]
)

RETURNS: dict[str, pa.DataType] = {
    "fen_valid": pa.bool_(),
    "fen_errors": pa.list_(PROBLEM),
    "fen_canonical": pa.string(),
    "fen_board": pa.string(),
    "fen_key": pa.string(),
    "fen_polyglot_key": pa.uint64(),
    "fen_polyglot_key_i64": pa.int64(),
    "fen_side": pa.string(),
    "fen_material": pa.struct([pa.field(name, pa.uint8()) for name in _PIECES]),
    "fen_check_status": pa.string(),
    "fen_opening": pa.struct([pa.field("eco", pa.string()), pa.field("name", pa.string())]),
    "fen_play": pa.string(),
    "pgn_positions": pa.list_(PLY),
}
