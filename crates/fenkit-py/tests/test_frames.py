"""polars (eager, lazy, streaming), pandas and DuckDB, as data people use them."""

import duckdb
import pandas as pd
import polars as pl
import pytest

import fenkit
import fenkit.duckdb
import fenkit.pandas  # noqa: F401  (registers the accessor)
import fenkit.polars  # noqa: F401  (registers the namespace)
from conftest import START

PUZZLES = {
    "PuzzleId": ["a", "b", "c", "d"],
    "FEN": [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        None,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    ],
    "Moves": ["f1b5 a7a6", "e2e4", "e2e4", "f1b5"],
}


def test_polars_eager_lazy_and_streaming_agree():
    df = pl.DataFrame(PUZZLES)
    query = df.lazy().with_columns(
        valid=pl.col("FEN").fen.valid(),
        key=pl.col("FEN").fen.key(),
        opening=pl.col("FEN").fen.play(pl.col("Moves").str.split(" ").list.first()).fen.opening().struct.field("name"),
        errors=pl.col("FEN").fen.errors().list.len(),
    )
    eager = df.with_columns(
        valid=pl.col("FEN").fen.valid(),
        key=pl.col("FEN").fen.key(),
        opening=pl.col("FEN").fen.play(pl.col("Moves").str.split(" ").list.first()).fen.opening().struct.field("name"),
        errors=pl.col("FEN").fen.errors().list.len(),
    )
    lazy = query.collect()
    streaming = query.collect(engine="streaming")
    assert eager.equals(lazy) and lazy.equals(streaming)
    assert eager["valid"].to_list() == [True, False, None, True]
    assert eager["opening"].to_list() == ["Ruy Lopez", None, None, "Ruy Lopez"]
    assert eager["errors"].to_list() == [0, 1, None, 0]
    assert query.collect_schema()["key"] == pl.String
    # Transpositions: the same position twice.
    assert eager.group_by("key").len().filter(pl.col("key").is_not_null())["len"].to_list() == [2]


def test_polars_series_namespace_and_plain_calls():
    series = pl.Series("FEN", PUZZLES["FEN"])
    assert series.fen.side().to_list() == ["white", None, None, "white"]
    keys = fenkit.fen_polyglot_key(series)
    assert isinstance(keys, pl.Series) and keys.dtype == pl.UInt64 and keys.name == "FEN"


def test_pandas_accessor_keeps_the_index():
    df = pd.DataFrame(PUZZLES, index=[10, 20, 30, 40])
    valid = df["FEN"].fen.valid()
    assert list(valid.index) == [10, 20, 30, 40]
    assert valid.tolist()[:2] == [True, False] and pd.isna(valid[30]) and valid[40]
    after = df["FEN"].fen.play(df["Moves"])
    assert after[10] == fenkit.play(PUZZLES["FEN"][0], "f1b5 a7a6")
    with pytest.raises(TypeError, match="one column"):
        fenkit.fen_valid(df)


def test_duckdb_sql_under_the_same_names():
    con = duckdb.connect()
    fenkit.duckdb.register(con)
    con.register("puzzles", pl.DataFrame(PUZZLES).to_arrow())
    rows = con.sql(
        """
        SELECT PuzzleId, fen_valid(FEN) AS valid, fen_opening(fen_play(FEN, split_part(Moves, ' ', 1))).name AS opening,
               len(fen_errors(FEN)) AS problems
        FROM puzzles ORDER BY PuzzleId
        """
    ).fetchall()
    assert rows == [("a", True, "Ruy Lopez", 0), ("b", False, None, 1), ("c", None, None, None), ("d", True, "Ruy Lopez", 0)]
    keys = con.sql("SELECT fen_key(FEN) AS k, count(*) AS n FROM puzzles WHERE fen_valid(FEN) GROUP BY 1").fetchall()
    assert keys == [(fenkit.key(PUZZLES["FEN"][0]), 2)]
    relation = con.sql("SELECT FEN FROM puzzles")
    assert fenkit.fen_valid(relation).to_pylist() == [True, False, None, True]


def test_a_lichess_style_puzzle_idiom_from_a_list():
    # The position a puzzle shows: its FEN after the first of its moves.
    shown = fenkit.fen_play([START], "e2e4")
    assert shown == ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]
