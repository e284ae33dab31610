"""An opening explorer over your own games, from Python.

Build the index with the command (``fen explorer build games.pgn -o
DIR``), or on Spark (``fenkit.spark.explorer``, then ``fen explorer
import``); then ask it what was played from a position:

>>> import fenkit.explorer
>>> index = fenkit.explorer.open("openings-index")  # doctest: +SKIP
>>> index.query(play=["e2e4"]).column("san").to_pylist()[:3]  # doctest: +SKIP
['e5', 'c5', 'e6']

``query`` gives the moves as a pyarrow table (``polars.from_arrow`` makes
it a polars frame); ``answer`` gives lichess's opening explorer's answer
as a dict (moves, results, average ratings, top games, opening name).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import Any, TypedDict, Unpack

import pyarrow as pa

from . import _native

__all__ = ["Explorer", "open", "START"]

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

MOVES_SCHEMA = pa.schema(
    [
        ("uci", pa.string()),
        ("san", pa.string()),
        ("games", pa.int64()),
        ("white", pa.int64()),
        ("draws", pa.int64()),
        ("black", pa.int64()),
        ("average_rating", pa.int64()),
    ]
)


class Which(TypedDict, total=False):
    """Which games a query counts: those of the position after ``play``,
    of the ``speeds`` named, from month ``since`` to month ``until``."""

    play: Iterable[str]
    speeds: Iterable[str]
    since: str | None
    until: str | None


class Explorer:
    """An index built by ``fen explorer build``, opened for queries.

    Every query takes the position (a FEN, the start position by default)
    and the moves played from it (``play``, SAN or UCI), and counts games
    of the ``speeds`` named (``ultraBullet``, ``bullet``, ``blitz``,
    ``rapid``, ``classical``, ``correspondence``, ``unknown``; all when
    none) from month ``since`` to month ``until`` (``"YYYY-MM"``).
    A malformed FEN raises ``FenError``; a move that cannot be played, a
    word that is not a speed or a month, ``ValueError``.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._index = _native.ExplorerIndex(os.fspath(path))

    @property
    def games(self) -> int:
        """The games counted in the index."""
        return self._index.counts()[0]

    @property
    def rows(self) -> int:
        """Rows of the index: (position, move, speed, month) counted."""
        return self._index.counts()[1]

    def answer(
        self, fen: str = START, *, moves: int = 12, top_games: int = 4, **which: Unpack[Which]
    ) -> dict[str, Any]:
        """lichess's opening explorer's answer for the position: ``white``,
        ``draws``, ``black``, ``moves`` (``uci``, ``san``,
        ``averageRating``, ``white``, ``draws``, ``black``), ``topGames``
        and ``opening``."""
        unknown = which.keys() - Which.__annotations__.keys()
        if unknown:
            raise TypeError(f"unexpected keyword argument {sorted(unknown)[0]!r}")
        play, speeds = list(which.get("play", ())), list(which.get("speeds", ()))
        since, until = which.get("since"), which.get("until")
        text = self._index.answer_json(fen, play, speeds, since, until, moves, top_games)
        return json.loads(text)

    def query(self, fen: str = START, *, moves: int = 1000, **which: Unpack[Which]) -> pa.Table:
        """The moves played from the position, most played first, as a
        table: ``uci``, ``san``, ``games``, ``white``, ``draws``, ``black``,
        ``average_rating`` (null where no game had both ratings); ``which``
        games as :meth:`answer` counts them."""
        found = self.answer(fen, moves=moves, top_games=0, **which)
        rows = [
            {
                "uci": m["uci"],
                "san": m["san"],
                "games": m["white"] + m["draws"] + m["black"],
                "white": m["white"],
                "draws": m["draws"],
                "black": m["black"],
                "average_rating": m["averageRating"],
            }
            for m in found["moves"]
        ]
        return pa.Table.from_pylist(rows, schema=MOVES_SCHEMA)


def open(path: str | os.PathLike[str]) -> Explorer:  # noqa: A001 (as io.open, tarfile.open)
    """Opens the explorer index in the folder ``path``; raises ``OSError``
    when it cannot be read or is damaged."""
    return Explorer(path)
