import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "crates" / "fen-cli" / "tests" / "golden"
SAMPLES = ROOT / "samples"
# The shared 3-4-piece Syzygy tables, which the tablebase functions read.
TABLES = ROOT.parent / "shared" / "data" / "syzygy" / "regular"

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def in_ci() -> bool:
    """Whether CI runs the tests: it builds the command and has ../shared
    beside the clone, so a comparison missing either fails there."""
    return os.environ.get("CI", "") not in ("", "false")


def oracle_missing(what: str):
    """Skips a comparison whose oracle or data is missing, saying so; fails
    it in CI, so that a green run compared with each."""
    if in_ci():
        pytest.fail(f"{what}, and CI must compare with it")
    pytest.skip(what)


@pytest.fixture
def golden():
    """A golden case of the command: its input records, stdout lines, and
    the arguments it was run with."""

    def read(name: str):
        case = GOLDEN / name
        args = (case / "cmd").read_text().split()
        files = [case / a for a in args if (case / a).exists()]
        source = files[0] if files else case / "stdin"
        records = [line for line in source.read_text().split("\n") if line.strip()]
        stdout = [line for line in (case / "stdout").read_text().split("\n") if line]
        return records, stdout, args

    return read


def game_positions(path, one_pass=False):
    """The positions after each move of every game of a PGN file, as
    `(game, fen)` pairs, read by the Python package (`read_pgn`, then
    `pgn_positions` with each game's `[FEN]`; or, `one_pass`, read_pgn's
    own `positions` column)."""
    import fenkit

    games = fenkit.read_pgn(path, positions=one_pass).read_all()
    if one_pass:
        positions = games.column("positions")
    else:
        positions = fenkit.pgn_positions(games.column("movetext"), games.column("FEN"))
    return [
        (number, ply["fen"])
        for number, plies in zip(games.column("game").to_pylist(), positions.to_pylist())
        for ply in plies[1:]
    ]


def fen_sql_game_positions(fen_sql, path, one_pass=False):
    """The same pairs as `game_positions`, read by fen-sql."""
    import csv
    import io
    import subprocess

    games = f"""SELECT game, unnest(pgn_positions(movetext, "FEN")) AS p FROM '{path}'"""
    if one_pass:
        games = f"""SELECT game, unnest(positions) AS p FROM read_pgn('{path}', 'positions')"""
    query = f"""SELECT game, p['fen'] AS fen FROM ({games}) WHERE p['ply'] > 0 ORDER BY game, p['ply']"""
    rows = subprocess.run([fen_sql, "--format", "csv", "-c", query], capture_output=True, text=True, check=True).stdout
    return [(int(g), f) for g, f in list(csv.reader(io.StringIO(rows)))[1:]]
