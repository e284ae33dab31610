import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "crates" / "fen-cli" / "tests" / "golden"
SAMPLES = ROOT / "samples"

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


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


def game_positions(path):
    """The positions after each move of every game of a PGN file, as
    `(game, fen)` pairs, read by the Python package (`read_pgn`, then
    `pgn_positions` with each game's `[FEN]`)."""
    import fenkit

    games = fenkit.read_pgn(path).read_all()
    positions = fenkit.pgn_positions(games.column("movetext"), games.column("FEN"))
    return [
        (number, ply["fen"])
        for number, plies in zip(games.column("game").to_pylist(), positions.to_pylist())
        for ply in plies[1:]
    ]


def fen_sql_game_positions(fen_sql, path):
    """The same pairs as `game_positions`, read by fen-sql."""
    import csv
    import io
    import subprocess

    query = f"""SELECT game, p['fen'] AS fen FROM (
        SELECT game, unnest(pgn_positions(movetext, "FEN")) AS p FROM '{path}'
    ) WHERE p['ply'] > 0 ORDER BY game, p['ply']"""
    rows = subprocess.run([fen_sql, "--format", "csv", "-c", query], capture_output=True, text=True, check=True).stdout
    return [(int(g), f) for g, f in list(csv.reader(io.StringIO(rows)))[1:]]
