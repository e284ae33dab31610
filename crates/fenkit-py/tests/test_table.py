"""Every front end of the package agrees with the one table of column
functions (``fenkit-arrow``'s ``FUNCTIONS``): each function is there
under its name and method, its stub is the generated one, and what it
returns has the type the table declares, eager and lazy, in polars,
pandas and DuckDB. And one option word means the same in Python, in
fen-sql and in the command."""

import json
import os
import subprocess

import duckdb
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import fenkit
import fenkit._stubs
import fenkit.duckdb
import fenkit.pandas  # noqa: F401
import fenkit.polars  # noqa: F401
from fenkit._columns import OPTION_WORDS, TABLE

from conftest import ROOT, START

TARGET = ROOT / "target" / "debug"
FEN_SQL = os.environ.get("FEN_SQL", str(TARGET / "fen-sql"))
FEN = os.environ.get("FEN", str(TARGET / "fen"))

NAMES = list(TABLE)


def example(name):
    entry = TABLE[name]
    records = pa.array(entry["example"]["records"], type=pa.string())
    beside = entry["example"]["beside"]
    options = fenkit._columns.keywords(entry["example"]["options"])
    return entry, records, ([beside] if beside is not None else []), options


def test_the_table_has_every_function():
    assert len(NAMES) >= 13
    assert fenkit.COLUMN_FUNCTIONS == tuple(NAMES)


def test_the_stubs_are_those_the_table_gives():
    stubs = (ROOT / "crates" / "fenkit-py" / "python" / "fenkit" / "__init__.pyi").read_text()
    assert fenkit._stubs.replaced(stubs) == stubs, (
        "run: python -m fenkit._stubs crates/fenkit-py/python/fenkit/__init__.pyi"
    )
    for name in NAMES:
        assert f"\ndef {name}(" in stubs


@pytest.mark.parametrize("name", NAMES)
def test_every_front_end_has_the_function_in_the_declared_type(name, monkeypatch):
    entry, records, beside, options = example(name)
    if entry["beside"] and entry["beside"][0] == "syzygy":
        # The tablebase functions' examples are answered from the shared
        # tables, found as a user's are by SYZYGY_PATH.
        from conftest import TABLES, oracle_missing

        if not TABLES.is_dir():
            oracle_missing(f"{TABLES} is missing")
        monkeypatch.setenv("SYZYGY_PATH", str(TABLES))
    declared = entry["returns"]
    assert name in fenkit.__all__
    # Python on pyarrow: the example's result, in the declared type.
    got = getattr(fenkit, name)(records, *beside, **options)
    assert got.type == declared
    assert got.to_pylist() == json.loads(entry["example"]["result"])
    # polars, eager and lazy: the lazy schema is the table's type.
    frame = pl.DataFrame({"fen": pl.from_arrow(records)})
    method = entry["method"]
    expr = getattr(pl.col("fen").fen, method)(*beside, **options)
    lazy = frame.lazy().select(expr)
    eager = lazy.collect()
    assert lazy.collect_schema()["fen"] == eager.schema["fen"] == pl.from_arrow(pa.array([], type=declared)).dtype
    assert getattr(frame["fen"].fen, method)(*beside, **options).to_list() == eager["fen"].to_list()
    # pandas: the accessor's method, Arrow-backed in the declared type.
    series = pd.Series(records.to_pylist())
    result = getattr(series.fen, method)(*beside, **options)
    assert result.array._pa_array.type == declared
    # DuckDB: registered under its name, declared as DuckDB reads the type.
    con = duckdb.connect()
    fenkit.duckdb.register(con, **options)
    args = ", ".join(["?"] * (1 + len(beside)))
    row = con.execute(f"SELECT {name}({args}), typeof({name}({args}))", [*records[:1].to_pylist(), *beside] * 2).fetchone()
    assert row[1] == str(fenkit.duckdb._duckdb_type(declared))
    assert row[0] == json.loads(entry["example"]["result"])[0] or entry["returns"] == pa.uint64()


def every_word():
    for option, choices in OPTION_WORDS.items():
        for word, aliases, _ in choices:
            for spelling in (word, *aliases):
                yield option, word, spelling


# A record each option changes: its en passant square (ep), its castling
# rights on an inner rook (castling), its reachability (strictness), its
# shape (format), its variant (variant).
RECORDS = {
    "ep": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "castling": "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
    "strictness": "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "format": "4k3/8/8/8/8/8/8/4K3 w - -",
    # Horde's start: valid in Horde only.
    "variant": "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
}


def fen_sql(query):
    return subprocess.run([FEN_SQL, "--format", "csv", "-c", query], capture_output=True, text=True, check=True).stdout.splitlines()[1]


def command(*args):
    return subprocess.run([FEN, *args], capture_output=True, text=True).stdout.strip()


@pytest.mark.parametrize("option,word,spelling", list(every_word()), ids=lambda v: str(v))
def test_one_option_word_gives_one_result_in_python_sql_and_the_command(option, word, spelling):
    record = RECORDS[option]
    chess960 = option == "castling"
    if option in ("ep", "castling"):
        python = fenkit.fen_canonical([record], chess960=chess960, **{option: spelling})[0]
        words = f"{option}={spelling}" + (", chess960" if chess960 else "")
        sql = fen_sql(f"SELECT fen_canonical('{record}', '{words}')")
        canonical = fenkit.fen_canonical([record], chess960=chess960, **{option: word})[0]
        flags = ["--chess960"] if chess960 else []
        cli = command("normalize", *flags, f"--{option}", spelling, "--fen", record)
        assert python == sql == cli == canonical
    else:
        python = fenkit.fen_valid([record], **{option: spelling})[0]
        sql = fen_sql(f"SELECT fen_valid('{record}', '{option}={spelling}')")
        assert str(python).lower() == sql
        if option in ("strictness", "variant"):
            status = subprocess.run([FEN, "check", f"--{option}", spelling, "--fen", record], capture_output=True).returncode
            assert status == (0 if python else 1)
        if option == "variant":
            assert python == (word == "horde"), spelling
