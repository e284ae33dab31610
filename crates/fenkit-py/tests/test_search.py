"""The search functions (`pgn_reaches`, `fen_signature`, `fen_matches`)
on a real lichess export, against python-chess playing every game."""

import collections
import io

import chess
import chess.pgn
import pyarrow as pa
import pytest

import fenkit
from conftest import ROOT, oracle_missing

MAGNUS = ROOT.parent / "shared" / "data" / "real" / "lichess-users" / "lichess_magnus.pgn.zst"
ORDER = [chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]


def key(board):
    en_passant = board.ep_square if board.has_legal_en_passant() else None
    return (board.board_fen(), board.turn, board.castling_rights, en_passant)


def signature(board):
    side = lambda color: "".join(chess.piece_symbol(r).upper() * len(board.pieces(r, color)) for r in ORDER)
    return side(chess.WHITE) + "v" + side(chess.BLACK)


@pytest.fixture(scope="module")
def games():
    if not MAGNUS.exists():
        oracle_missing(f"{MAGNUS} is absent")
    table = fenkit.read_pgn(str(MAGNUS)).read_all()
    assert table.column("FEN").null_count == table.num_rows, "games from the start"
    lines = []
    # Each game's movetext as read_pgn cut it, played by python-chess:
    # the key and FEN of every position.
    for movetext in table.column("movetext").to_pylist():
        game = chess.pgn.read_game(io.StringIO(movetext))
        board = game.board()
        line = [(key(board), board.fen())]
        for move in game.mainline_moves():
            board.push(move)
            line.append((key(board), board.fen()))
        lines.append(line)
    return table, lines


def test_pgn_reaches_finds_python_chess_s_first_ply(games):
    table, lines = games
    movetext = table.column("movetext")
    at = lambda line, ply: line[min(ply, len(line) - 1)]
    # Positions of a few games, and the commonest eight plies in (which
    # games reach by several orders of moves).
    targets = [at(line, 8 + number % 30) for number, line in enumerate(lines[:: len(lines) // 3])]
    common = collections.Counter(at(line, 8)[0] for line in lines).most_common(1)[0][0]
    targets.append(next(at(line, 8) for line in lines if at(line, 8)[0] == common))
    for target_key, fen in targets:
        want = [next((ply for ply, (k, _) in enumerate(line) if k == target_key), None) for line in lines]
        got = fenkit.pgn_reaches(movetext, fen).to_pylist()
        assert got == want, fen
        assert any(ply is not None for ply in got)


def test_signatures_and_patterns_are_python_chess_s(games):
    _, lines = games
    fens = [line[-1][1] for line in lines] + [line[len(line) // 2][1] for line in lines]
    wanted = [signature(chess.Board(fen)) for fen in fens]
    assert fenkit.fen_signature(fens) == wanted
    # A white king castled short with its rook beside it, and f2 empty.
    castled = [
        chess.Board(fen).piece_at(chess.G1) == chess.Piece(chess.KING, chess.WHITE)
        and chess.Board(fen).piece_at(chess.F1) == chess.Piece(chess.ROOK, chess.WHITE)
        and chess.Board(fen).piece_at(chess.F2) is None
        for fen in fens
    ]
    got = fenkit.fen_matches(fens, "8/8/8/8/8/8/5.2/5RK1")
    assert got == castled and any(castled) and not all(castled)
    patterns = pa.array(["8/8/8/8/8/8/8/6K1", "8/8/8/8/8/8/8/6k1"] * (len(fens) // 2))
    pieces = [chess.Piece(chess.KING, chess.WHITE), chess.Piece(chess.KING, chess.BLACK)] * (len(fens) // 2)
    want = [chess.Board(fen).piece_at(chess.G1) == piece for fen, piece in zip(fens, pieces)]
    assert fenkit.fen_matches(fens, patterns) == want


def test_a_pattern_that_cannot_be_read_is_an_error_for_all_and_null_for_one():
    with pytest.raises(Exception, match="the pattern: at column"):
        fenkit.fen_matches(["8/8/8/8/8/8/8/4K3 w - - 0 1"] * 2, "8/8/9")
    assert fenkit.fen_matches(["8/8/8/8/8/8/8/4K3 w - - 0 1"] * 2, ["8/8/9", "8/8/8/8/8/8/8/4K3"]) == [None, True]
