"""The column functions on every kind of column, with nulls, bytes that
are not UTF-8 and wrong types; parity with the command's golden output."""

import doctest
import json

import pyarrow as pa
import pytest

import fenkit
from conftest import START

RECORDS = [
    START,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
    None,
    "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
]


@pytest.mark.parametrize(
    "layout",
    [pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary(), pa.binary_view()],
)
def test_every_arrow_layout_gives_the_same_answers(layout):
    expected = fenkit.fen_valid(RECORDS)
    column = pa.array([r.encode() if r and pa.types.is_binary(layout) else r for r in RECORDS], type=layout)
    assert fenkit.fen_valid(column).to_pylist() == expected == [True, False, None, False, True]
    assert fenkit.fen_check_status(column).to_pylist() == [None if not v else s for v, s in zip(expected, ["none", None, None, None, "checkmate"])]


def test_a_chunked_array_gives_a_chunked_array_of_the_same_rows():
    chunked = pa.chunked_array([RECORDS[:2], RECORDS[2:], []])
    keys = fenkit.fen_key(chunked)
    assert isinstance(keys, pa.ChunkedArray)
    assert keys.to_pylist() == fenkit.fen_key(RECORDS)
    empty = fenkit.fen_key(pa.chunked_array([], type=pa.string()))
    assert len(empty) == 0 and empty.type == pa.string()


def test_every_function_keeps_one_row_per_record_and_nulls_in_place():
    from conftest import TABLES, oracle_missing

    if not TABLES.is_dir():
        oracle_missing(f"{TABLES} is missing")
    beside = {"fen_play": ["e4", "e4", "e4", "Kg2", "Kh7"], "fen_matches": "8/8/8/8/8/8/8/4K3", "pgn_reaches": START}
    for name in ("fen_wdl", "fen_dtz", "fen_tb_category", "fen_tb_best", "fen_tb_errors"):
        beside[name] = str(TABLES)
    for name in fenkit.COLUMN_FUNCTIONS:
        function = getattr(fenkit, name)
        result = function(RECORDS, beside[name]) if name in beside else function(RECORDS)
        assert len(result) == len(RECORDS), name
        assert result[2] is None, name


def test_values_are_the_libraries_answers():
    assert fenkit.fen_canonical(["4k3/8/8/8/8/8/8/4K3 w – –"], lenient=True) == ["4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
    assert fenkit.fen_board([START])[0] == "rnbqkbnrpppppppp" + "." * 32 + "PPPPPPPPRNBQKBNR"
    assert fenkit.fen_side(RECORDS)[:2] == ["white", None]
    assert fenkit.fen_material([START])[0] == {
        f"{c}_{k}": n
        for c in ("white", "black")
        for k, n in (("pawns", 8), ("knights", 2), ("bishops", 2), ("rooks", 2), ("queens", 1), ("kings", 1))
    }
    assert fenkit.fen_polyglot_key([START]) == [0x463B96181691FC9C]
    assert fenkit.fen_polyglot_key_i64([START]) == [0x463B96181691FC9C]
    errors = fenkit.fen_errors(RECORDS)
    assert errors[0] == [] and errors[2] is None
    assert errors[3][0]["square"] == "h1" and errors[3][0]["code"] == "pawn-on-back-rank"
    assert fenkit.fen_play([START, START], ["e4 e5", "e4 e4"]) == [
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        None,
    ]


def test_options_are_checked_with_the_accepted_values_named():
    with pytest.raises(ValueError, match="strictness: 'loose' is not one of playable, reachable, plausible"):
        fenkit.fen_valid([START], strictness="loose")
    with pytest.raises(ValueError, match="ep: 'sometimes' is not one of always, pseudo, legal"):
        fenkit.fen_canonical([START], ep="sometimes")
    with pytest.raises(TypeError, match="fen_valid\\(\\) got an unexpected keyword argument 'ep'"):
        fenkit.fen_valid([START], ep="legal")
    perft4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
    assert fenkit.fen_valid([perft4]) == [True]
    assert fenkit.fen_valid([perft4], strictness="reachable") == [False]
    shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    assert fenkit.fen_valid([shredder]) == [False]
    assert fenkit.fen_valid([shredder], chess960=True) == [True]


def test_bytes_that_are_not_utf8_get_a_diagnostic():
    errors = fenkit.fen_errors([b"4k3/8/8/8/8/8/8/4K3 w - - 0 \xff", START])
    assert "0xFF" in errors[0][0]["message"]
    assert errors[1] == []


def test_wrong_types_raise_type_error_naming_what_is_accepted():
    with pytest.raises(TypeError, match="polars Series"):
        fenkit.fen_valid(42)
    with pytest.raises(TypeError, match="str or bytes, not int"):
        fenkit.fen_valid([START, 3])
    with pytest.raises(TypeError, match="must be text"):
        fenkit.fen_valid(pa.array([1, 2]))
    with pytest.raises(TypeError, match="str or bytes"):
        fenkit.check(None)


def test_parity_with_the_commands_golden_output(golden):
    records, stdout, _ = golden("normalize-lenient")
    canonical = [r for r in fenkit.fen_canonical(records, lenient=True) if r is not None]
    # The command writes a record read as EPD (four fields, by its shape)
    # back as EPD; the column function writes FEN, with EPD's clocks 0 1.
    assert len(canonical) == len(stdout)
    for fen, written in zip(canonical, stdout):
        fields = len(written.split())
        assert fen == written if fields == 6 else (fen.split()[:4] == written.split() and fen.endswith(" 0 1"))

    records, stdout, _ = golden("key-four-fields")
    assert [k for k in fenkit.fen_key(records) if k is not None] == stdout

    records, stdout, _ = golden("key-polyglot")
    assert [f"{k:016x}" for k in fenkit.fen_polyglot_key(records) if k is not None] == stdout

    records, stdout, _ = golden("check-json")
    lines = [json.loads(line) for line in stdout]
    assert [line["valid"] for line in lines] == fenkit.fen_valid(records)
    assert [line["fen"] for line in lines] == fenkit.fen_canonical(records)
    for line, problems in zip(lines, fenkit.fen_errors(records)):
        # A value has no line: its columns are the record's.
        assert [(e["code"], e["class"], e["record_column"], e["end_column"] - e["column"], e["message"]) for e in line["errors"]] == [
            (p["code"], p["class"], p["column"], p["end_column"] - p["column"], p["message"]) for p in problems
        ]


def test_a_problem_has_one_shape_everywhere(golden):
    """The command's JSON, the Arrow structs of fen_errors and Python's
    Problem have the library's parts of a problem, in its order."""
    from fenkit._native import PROBLEM_FIELDS

    records, stdout, _ = golden("check-json")
    written = [e for line in map(json.loads, stdout) for e in line["errors"]]
    assert written and any("square" in e for e in written)
    for e in written:
        assert list(e) == [f for f in PROBLEM_FIELDS if f != "square" or "square" in e]
    struct = pa.array(fenkit.fen_errors(records)).type.value_type
    assert [field.name for field in struct] == list(PROBLEM_FIELDS)
    (problem,) = fenkit.check("4k3/8/8/8/8/8/8/4K2P w - - 0 1").problems
    python_names = ["class_" if f == "class" else f for f in PROBLEM_FIELDS]
    assert all(hasattr(problem, name) for name in python_names)
    assert (problem.class_, problem.line, problem.record_column) == ("illegal", None, problem.column)


def test_every_docstring_example_runs(monkeypatch):
    import fenkit._columns
    import fenkit.duckdb
    import fenkit.pandas
    import fenkit.polars

    from conftest import ROOT, oracle_missing

    monkeypatch.chdir(ROOT)  # examples read samples/
    # The tablebase functions' examples are answered from the shared
    # tables, named as a user names theirs.
    from conftest import TABLES

    if not TABLES.is_dir():
        oracle_missing(f"{TABLES} is missing")
    monkeypatch.setenv("SYZYGY_PATH", str(TABLES))
    modules = [fenkit, fenkit._columns, fenkit.polars, fenkit.pandas, fenkit.duckdb]
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for module in modules:
        for test in finder.find(module, globs={"fenkit": fenkit}):
            runner.run(test)
            examples += len(test.examples)
    for name in fenkit.__all__:
        item = getattr(fenkit, name)
        for test in finder.find(item, name, globs={"fenkit": fenkit}):
            runner.run(test)
            examples += len(test.examples)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
    assert examples >= 25, examples


def test_endgame_tables_answer_in_every_frame_from_the_folder_given_or_syzygy_path(monkeypatch):
    import polars as pl

    import fenkit.polars  # noqa: F401
    from conftest import TABLES, oracle_missing

    if not TABLES.is_dir():
        oracle_missing(f"{TABLES} is missing")
    won, lost = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"
    fens = [won, lost, START, None]
    assert fenkit.fen_wdl(fens, str(TABLES)) == [2, -2, None, None]
    assert fenkit.fen_tb_best(fens, syzygy=str(TABLES)) == ["Kd6", "Kd8", None, None]
    reasons = fenkit.fen_tb_errors(fens, str(TABLES))
    assert reasons[0] == [] and reasons[3] is None
    assert reasons[2][0]["code"] == "not-in-tables" and "32 pieces" in reasons[2][0]["message"]
    monkeypatch.setenv("SYZYGY_PATH", str(TABLES))
    frame = pl.DataFrame({"fen": fens}).select(
        dtz=pl.col("fen").fen.dtz(), category=pl.col("fen").fen.tb_category()
    )
    assert frame.to_dict(as_series=False) == {"dtz": [3, -4, None, None], "category": ["win", "loss", None, None]}
    monkeypatch.delenv("SYZYGY_PATH")
    with pytest.raises(Exception, match="no tables"):
        fenkit.fen_wdl(fens)
