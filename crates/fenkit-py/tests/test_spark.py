"""The recipe queries on Spark, on local[2] and on a standalone cluster
(a master and two workers started here on loopback), give the rows
fen-sql gives."""

import csv
import io
import os
import socket
import subprocess
import sys
import time

import pytest

from conftest import ROOT, SAMPLES, fen_sql_game_positions, game_positions, in_ci, oracle_missing

import pyspark

import fenkit.spark  # noqa: E402

QUERIES = sorted((SAMPLES / "queries").glob("*.sql"))
FEN_SQL = os.environ.get("FEN_SQL", str(ROOT / "target" / "debug" / "fen-sql"))


def fen_sql_rows(query):
    out = subprocess.run(
        [FEN_SQL, "--table", "puzzles=samples/puzzles.csv", "--table", "evaluations=samples/evaluations.jsonl", "--format", "csv", "-f", str(query)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return [tuple(row) for row in list(csv.reader(io.StringIO(out)))[1:]]


def as_text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(path, text, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if path.exists() and text in path.read_text(errors="replace"):
            return
        time.sleep(0.25)
    raise TimeoutError(f"{path} never said {text!r}: {path.read_text(errors='replace') if path.exists() else ''}")


@pytest.fixture(scope="module", params=["local[2]", "standalone"])
def spark(request, tmp_path_factory):
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    processes = []
    master = request.param
    if master == "standalone":
        # pyspark's own launcher: a master and two one-core workers on loopback.
        logs = tmp_path_factory.mktemp("spark")
        launcher = os.path.join(os.path.dirname(pyspark.__file__), "bin", "spark-class")
        port = free_port()
        env = dict(os.environ, SPARK_HOME=os.path.dirname(pyspark.__file__), SPARK_LOCAL_IP="127.0.0.1")
        master_log = logs / "master.log"
        processes.append(subprocess.Popen(
            [launcher, "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", str(port), "--webui-port", str(free_port())],
            stdout=open(master_log, "w"), stderr=subprocess.STDOUT, env=env))
        wait_for(master_log, "I have been elected leader")
        for n in range(2):
            log = logs / f"worker{n}.log"
            processes.append(subprocess.Popen(
                [launcher, "org.apache.spark.deploy.worker.Worker", f"spark://127.0.0.1:{port}", "--host", "127.0.0.1",
                 "--cores", "1", "--memory", "1g", "--webui-port", str(free_port()), "--work-dir", str(logs / f"work{n}")],
                stdout=open(log, "w"), stderr=subprocess.STDOUT, env=env))
            wait_for(log, "Successfully registered with master")
        master = f"spark://127.0.0.1:{port}"
    session = (
        SparkSession.builder.master(master)
        .appName("fenkit-test")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    fenkit.spark.register(session)
    session.read.csv(str(SAMPLES / "puzzles.csv"), header=True, inferSchema=True).createOrReplaceTempView("puzzles")
    session.read.json(str(SAMPLES / "evaluations.jsonl")).createOrReplaceTempView("evaluations")
    yield session
    session.stop()
    for process in processes:
        process.terminate()
        process.wait(timeout=30)


@pytest.mark.parametrize("query", QUERIES, ids=[q.stem for q in QUERIES])
def test_a_query_file_gives_the_same_rows_on_spark_and_fen_sql(spark, query):
    expected = fen_sql_rows(query)
    assert expected, f"{query.name} gives rows"
    got = [tuple(as_text(v) for v in row) for row in spark.sql(query.read_text()).collect()]
    assert got == expected


def test_games_are_read_by_a_worker_as_fen_sql_reads_them(spark):
    games = fenkit.spark.read_pgn(spark, str(SAMPLES / "games.pgn"))
    got = sorted((row["game"], as_text(row["plies"]), as_text(row["error"])) for row in games.collect())
    out = subprocess.run([FEN_SQL, "--format", "csv", "-c", "SELECT game, plies, error FROM 'samples/games.pgn' ORDER BY game"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    expected = [(int(g), p, e) for g, p, e in list(csv.reader(io.StringIO(out)))[1:]]
    assert got == expected


def test_one_option_word_gives_one_result_on_spark_as_in_python(spark):
    """Every option word and alias of the library's table, through Spark's
    options argument, as Python's keyword gives it."""
    from test_table import RECORDS, every_word

    for option, word, spelling in every_word():
        record = RECORDS[option]
        chess960 = option == "castling"
        if option in ("ep", "castling"):
            words = f"{option}={spelling}" + (", chess960" if chess960 else "")
            got = spark.sql(f"SELECT fen_canonical('{record}', '{words}')").first()[0]
            assert got == fenkit.fen_canonical([record], chess960=chess960, **{option: word})[0], spelling
        else:
            got = spark.sql(f"SELECT fen_valid('{record}', '{option}={spelling}')").first()[0]
            assert got == fenkit.fen_valid([record], **{option: word})[0], spelling


def _fens_after_moves(spark, view, positions):
    """`(game, fen)` after each move of the games in `view`, their plies
    in the list `positions` (an expression of the view's columns)."""
    return [
        (row[0], row[1])
        for row in spark.sql(
            f"SELECT game, p.fen FROM (SELECT game, explode({positions}) AS p FROM {view}) "
            "WHERE p.ply > 0 ORDER BY game, p.ply"
        ).collect()
    ]


def test_tricky_pgn_gives_the_games_and_positions_fen_sql_gives(spark):
    """One game splitter: samples/tricky.pgn read by a Spark worker gives
    the games and positions fen-sql and Python give, row for row (and so
    `fen pgn`, see test_read_pgn)."""
    path = SAMPLES / "tricky.pgn"
    fenkit.spark.read_pgn(spark, str(path)).createOrReplaceTempView("tricky")
    got = _fens_after_moves(spark, "tricky", "pgn_positions(movetext, FEN)")
    expected = fen_sql_game_positions(FEN_SQL, path)
    python = game_positions(path)
    assert len(expected) == 14
    assert got == expected == python
    # Each game played once: read_pgn's own positions column.
    fenkit.spark.read_pgn(spark, str(path), positions=True).createOrReplaceTempView("tricky_positions")
    assert _fens_after_moves(spark, "tricky_positions", "positions") == expected


def _plain(value):
    """A Spark value as Python's: Rows as dicts, all the way down."""
    if hasattr(value, "asDict"):
        return {k: _plain(v) for k, v in value.asDict().items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def test_every_function_of_the_table_gives_its_example_on_spark(spark):
    """Spark registers every entry of the one table, and each gives on its
    example what the Python function gives (unsigned integers as signed:
    Spark has none)."""
    from fenkit._columns import TABLE, keywords

    from conftest import TABLES, oracle_missing

    if not TABLES.is_dir():
        oracle_missing(f"{TABLES} is missing")
    for name, entry in TABLE.items():
        example = dict(entry["example"])
        if entry["beside"] and entry["beside"][0] == "syzygy":
            # The tablebase functions read the shared tables, named in the query.
            example["beside"] = str(TABLES)
        record = example["records"][0]
        args = [record] + ([example["beside"]] if example["beside"] is not None else [])
        if example["options"]:
            if entry["beside"] is not None and example["beside"] is None:
                args.append(None)
            args.append(example["options"])
        sql_args = ", ".join("NULL" if a is None else "'" + a.replace("'", "''") + "'" for a in args)
        got = _plain(spark.sql(f"SELECT {name}({sql_args})").first()[0])
        beside = [example["beside"]] if example["beside"] is not None else []
        expected = getattr(fenkit, name)([record], *beside, **keywords(example["options"]))[0]
        if isinstance(expected, int) and expected >= 1 << 63:
            expected -= 1 << 64
        assert got == expected, name


def _explorer_answer(index, moves):
    import json

    fen_bin = os.environ.get("FEN_BIN", str(ROOT / "target" / "debug" / "fen"))
    out = subprocess.run([fen_bin, "explorer", "query", str(index), "startpos", *moves, "--format", "json", "--moves", "100"], check=True, capture_output=True)
    answer = json.loads(out.stdout)
    # Top games of equal rating may be any of them on a cluster: their ratings are compared.
    answer["topGames"] = [(g["white"]["rating"], g["black"]["rating"], g["uci"]) for g in answer["topGames"]]
    answer["topGames"] = [((w or 0) + (b or 0)) // 2 if w and b else 0 for w, b, _ in answer["topGames"]]
    return answer


def _fen_and_games():
    """The command (skipped without it) and the games both paths count:
    the sample, and a lichess export where ../shared is (CI fails
    without either)."""
    fen_bin = os.environ.get("FEN_BIN", str(ROOT / "target" / "debug" / "fen"))
    if not os.path.exists(fen_bin):
        oracle_missing(f"{fen_bin} is absent (cargo build -p fen-cli, or set FEN_BIN)")
    files = [SAMPLES / "openings.pgn"]
    real = ROOT.parent / "shared" / "data" / "real" / "lichess-users" / "lichess_magnus.pgn.zst"
    if real.exists():
        files.append(real)
    elif in_ci():
        pytest.fail(f"{real} is absent, and CI must compare with it")
    return fen_bin, files


def test_the_explorer_built_on_spark_answers_as_the_commands(spark, tmp_path):
    """The same games through fenkit.spark.explorer, Parquet and `fen
    explorer import`, and through `fen explorer build`: the same answers."""
    fen_bin, files = _fen_and_games()
    for number, path in enumerate(files):
        rows = tmp_path / f"rows-{number}"
        fenkit.spark.explorer(spark, fenkit.spark.read_pgn(spark, str(path))).write.parquet(str(rows))
        on_spark, by_command = tmp_path / f"spark-{number}", tmp_path / f"command-{number}"
        subprocess.run([fen_bin, "explorer", "import", str(rows), "-o", str(on_spark)], check=True, capture_output=True)
        subprocess.run([fen_bin, "explorer", "build", str(path), "-o", str(by_command)], check=True, capture_output=True)
        lines = [[], ["e4"], ["e4", "c5"], ["d4", "Nf6", "c4"], ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], ["Nf3", "d5", "g3"]]
        compared = 0
        for moves in lines:
            expected = _explorer_answer(by_command, moves)
            assert _explorer_answer(on_spark, moves) == expected, (path.name, moves)
            compared += bool(expected["moves"])
        assert compared >= 3, path.name


def test_the_book_made_on_spark_is_the_command_s(spark, tmp_path):
    """The same games through fenkit.spark.book, Parquet and `fen book make
    --from-parquet`, and through `fen book make`: the same bytes (no move
    of these games reaches the 16,384 games where the two may part)."""
    fen_bin, files = _fen_and_games()
    for number, path in enumerate(files):
        for max_ply, options in [(1024, []), (16, ["--min-game", "1", "--only-white"])]:
            rows = tmp_path / f"rows-{number}-{max_ply}"
            fenkit.spark.book(spark, fenkit.spark.read_pgn(spark, str(path)), max_ply=max_ply).write.parquet(str(rows))
            on_spark, by_command = tmp_path / "spark.bin", tmp_path / "command.bin"
            subprocess.run([fen_bin, "book", "make", "--from-parquet", str(rows), "-o", str(on_spark), *options], check=True, capture_output=True)
            subprocess.run([fen_bin, "book", "make", str(path), "-o", str(by_command), "--max-ply", str(max_ply), *options], check=True, capture_output=True)
            expected = by_command.read_bytes()
            assert len(expected) >= 16 * 10, (path.name, max_ply)
            assert on_spark.read_bytes() == expected, (path.name, max_ply)
