"""Agreement with python-chess on random positions and their corruptions.

fenkit is stricter than python-chess by design, in the ways ``STRICTER``
lists: each an error code fenkit gives where python-chess accepts the
record. Everything else must agree.
"""

import random

import chess
import chess.polyglot
import pyarrow as pa
import pytest

import fenkit

# What fenkit refuses and python-chess accepts, by fenkit's error code:
# fields python-chess fills in when missing, separators it reads loosely
# (two spaces, a trailing space), counters with leading zeros or a
# fullmove number of 0, a castling letter given twice or without its
# rook (python-chess drops such rights quietly), and an en passant square
# with a halfmove clock that says no pawn just moved.
STRICTER = {
    "missing-field",
    "bad-separator",
    "leading-zero",
    "fullmove-zero",
    "castling-repeat",
    "castling-no-rook",
    "ep-with-halfmove",
}


def random_positions(count, seed=7):
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = chess.Board()
        for _ in range(rng.randrange(1, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen(en_passant="fen"))
    return fens[:count]


def corrupt(fen, rng):
    at = rng.randrange(len(fen))
    kind = rng.randrange(3)
    if kind == 0:
        return fen[:at] + fen[at + 1 :]
    if kind == 1:
        return fen[:at] + rng.choice("pnbrqkPNBRQK12345678/ -wbKQkqe36") + fen[at + 1 :]
    return fen[:at] + fen[at] + fen[at:]


@pytest.fixture(scope="module")
def positions():
    return random_positions(10_000)


def test_random_positions_agree_on_every_value(positions):
    column = pa.array(positions)
    assert all(fenkit.fen_valid(column).to_pylist())
    canonical = fenkit.fen_canonical(column).to_pylist()
    keys = fenkit.fen_key(column).to_pylist()
    polyglot = fenkit.fen_polyglot_key(column).to_pylist()
    status = fenkit.fen_check_status(column).to_pylist()
    for i, fen in enumerate(positions):
        board = chess.Board(fen)
        assert canonical[i] == board.fen(en_passant="fen"), fen
        assert keys[i] == " ".join(board.fen(en_passant="legal").split()[:4]), fen
        assert polyglot[i] == chess.polyglot.zobrist_hash(board), fen
        expected = "checkmate" if board.is_checkmate() else "stalemate" if board.is_stalemate() else "check" if board.is_check() else "none"
        assert status[i] == expected, fen


def python_chess_valid(fen):
    try:
        return chess.Board(fen).is_valid()
    except ValueError:
        return False


def test_corruptions_agree_or_fenkit_is_stricter_as_documented(positions):
    rng = random.Random(11)
    broken = [corrupt(fen, rng) for fen in positions]
    valid = fenkit.fen_valid(broken)
    errors = fenkit.fen_errors(broken)
    looser = 0
    for fen, ours, problems in zip(broken, valid, errors):
        theirs = python_chess_valid(fen)
        if ours == theirs:
            continue
        codes = {p["code"] for p in problems if p["severity"] == "error"}
        assert not ours, f"fenkit accepts what python-chess refuses: {fen!r}"
        assert codes & STRICTER, f"fenkit refuses {fen!r} for {codes}, not a documented stricter rule"
        looser += 1
    # Most corruptions are caught by both.
    assert looser < len(broken) / 3, looser


def test_chess960_numbers_agree_for_every_start_and_random_positions(positions):
    """``fen_chess960_number`` is python-chess's ``Board.chess960_pos()``
    for all 960 starts and for positions that are none of them."""
    starts = [chess.Board.from_chess960_pos(n).fen() for n in range(960)]
    assert fenkit.fen_chess960_number(starts) == list(range(960))
    expected = [chess.Board(fen).chess960_pos() for fen in positions]
    assert fenkit.fen_chess960_number(positions) == expected
