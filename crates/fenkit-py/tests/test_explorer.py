"""fenkit.explorer over an index of samples/openings.pgn built by the
command: the counts of the first moves equal python-chess's count of the
games, the answer equals `fen explorer query --format json`'s, and bad
questions raise."""

import json
import os
import pathlib
import subprocess
from collections import Counter

import pytest

import fenkit
import fenkit.explorer
from conftest import ROOT, SAMPLES, START, oracle_missing

FEN_BIN = os.environ.get("FEN_BIN", str(ROOT / "target" / "debug" / "fen"))


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    if not pathlib.Path(FEN_BIN).exists():
        oracle_missing(f"{FEN_BIN} is absent: cargo build -p fen-cli (or set FEN_BIN)")
    folder = tmp_path_factory.mktemp("explorer")
    subprocess.run([FEN_BIN, "explorer", "build", str(SAMPLES / "openings.pgn"), "-o", str(folder)], check=True, capture_output=True)
    return folder


def test_first_moves_count_the_games(index):
    chess_pgn = pytest.importorskip("chess.pgn")
    first = Counter()
    with open(SAMPLES / "openings.pgn", encoding="utf-8") as games:
        while (game := chess_pgn.read_game(games)) is not None:
            move = next(iter(game.mainline_moves()))
            first[(move.uci(), game.headers["Result"])] += 1
    explorer = fenkit.explorer.open(index)
    assert explorer.games == 476
    table = explorer.query()
    assert table.column_names == ["uci", "san", "games", "white", "draws", "black", "average_rating"]
    for row in table.to_pylist():
        counted = [first[(row["uci"], result)] for result in ("1-0", "1/2-1/2", "0-1")]
        assert [row["white"], row["draws"], row["black"]] == counted, row
    assert sum(table.column("games").to_pylist()) == 476
    assert table.column("games").to_pylist() == sorted(table.column("games").to_pylist(), reverse=True)


def test_answer_is_the_commands(index):
    explorer = fenkit.explorer.open(index)
    for play, speeds in [([], []), (["e4", "c5"], []), (["d2d4"], ["blitz", "rapid"])]:
        args = [FEN_BIN, "explorer", "query", str(index), "startpos", *play, "--format", "json"]
        if speeds:
            args += ["--speeds", ",".join(speeds)]
        command = json.loads(subprocess.run(args, check=True, capture_output=True).stdout)
        assert explorer.answer(play=play, speeds=speeds) == command
    sicilian = explorer.answer(play=["e2e4", "c7c5"], since="2024-03", until="2024-04")
    assert sicilian["opening"] == {"eco": "B20", "name": "Sicilian Defense"}
    assert all(g["month"] in ("2024-03", "2024-04") for g in sicilian["topGames"])
    polars = pytest.importorskip("polars")
    frame = polars.from_arrow(explorer.query(START, play=["e4"]))
    assert frame["san"][0] in ("c5", "e5", "e6")


def test_bad_questions_raise(index):
    explorer = fenkit.explorer.open(index)
    with pytest.raises(fenkit.FenError):
        explorer.query("rnbqkbnr/ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    with pytest.raises(ValueError, match="play: move 2"):
        explorer.query(play=["e4", "e4"])
    with pytest.raises(ValueError, match="'fast' is not a speed"):
        explorer.query(speeds=["fast"])
    with pytest.raises(ValueError, match="not a month"):
        explorer.query(since="March")
    with pytest.raises(TypeError, match="'speed'"):
        explorer.query(speed=["blitz"])
    with pytest.raises(OSError, match="positions.fxe"):
        fenkit.explorer.open(index / "nowhere")
    damaged = index.parent / "damaged"
    damaged.mkdir()
    for name in ("positions.fxe", "games.fxe"):
        (damaged / name).write_bytes((index / name).read_bytes()[:-3])
    with pytest.raises(OSError, match="cut short"):
        fenkit.explorer.open(damaged)
