"""The games `fen search` should find, by brute force with python-chess:
the oracle for crates/fen-cli/tests/search.rs.

Reads PGN on standard input; the argument is how many queries of each
kind to make. Picks the queries from the games themselves (positions
reached, their material signatures exactly and "at least", patterns of a
few pieces and an empty square, a rating condition), then answers each
by playing every game: the first ply of each game that meets the query.
Prints, as JSON, a list of {"args": [...fen search arguments], "found":
[[game, ply], ...]}.

The rules are the ones `fen search --help` documents: positions compared
by placement, side to move, castling rights and the en passant square
only where a legal capture exists; a signature is White's pieces, 'v',
Black's, K Q R B N P, '+' for "at least"; a pattern is a placement whose
digits leave squares free and whose '.' asks for an empty square.
"""

import collections
import io
import json
import sys

import chess
import chess.pgn

per_kind = int(sys.argv[1])
ORDER = [chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]


def key(board):
    en_passant = board.ep_square if board.has_legal_en_passant() else None
    return (board.board_fen(), board.turn, board.castling_rights, en_passant)


def side(board, color):
    return "".join(chess.piece_symbol(role).upper() * len(board.pieces(role, color)) for role in ORDER)


def signature(board):
    return side(board, chess.WHITE) + "v" + side(board, chess.BLACK)


def signature_matches(text, board):
    for color, written in zip((chess.WHITE, chess.BLACK), text.split("v")):
        at_least = written.endswith("+")
        written = written.rstrip("+")
        for role in ORDER:
            want = written.count(chess.piece_symbol(role).upper())
            have = len(board.pieces(role, color))
            if (have < want) if at_least else (have != want):
                return False
    return True


def pattern_of(board, squares, empty):
    ranks = []
    for rank in range(7, -1, -1):
        text, free = "", 0
        for file in range(8):
            square = chess.square(file, rank)
            if square in squares:
                mark = board.piece_at(square).symbol()
            elif square == empty:
                mark = "."
            else:
                free += 1
                continue
            text += (str(free) if free else "") + mark
            free = 0
        ranks.append(text + (str(free) if free else ""))
    return "/".join(ranks)


def pattern_matches(text, board):
    for index, rank_text in enumerate(text.split("/")):
        rank, file = 7 - index, 0
        for mark in rank_text:
            if mark.isdigit():
                file += int(mark)
                continue
            piece = board.piece_at(chess.square(file, rank))
            if mark == "." and piece is not None:
                return False
            if mark != "." and (piece is None or piece.symbol() != mark):
                return False
            file += 1
    return True


def rating(headers, tag):
    text = headers.get(tag, "").strip()
    return int(text) if text.isdigit() else None


# Every game's positions, numbered as `fen` numbers games.
games = []
text = io.StringIO(sys.stdin.buffer.read().decode("utf-8", errors="replace"))
while (game := chess.pgn.read_game(text)) is not None:
    try:
        board = game.board()
    except ValueError:
        games.append((game.headers, []))
        continue
    boards = [board.copy(stack=False)]
    for move in game.mainline_moves():
        board.push(move)
        boards.append(board.copy(stack=False))
    games.append((game.headers, boards))

standard = [
    (number, boards)
    for number, (headers, boards) in enumerate(games, start=1)
    if boards and headers.get("Variant", "Standard") == "Standard" and "FEN" not in headers
]
step = max(1, len(standard) // per_kind)
samples = []
for turn, (number, boards) in enumerate(standard[::step][:per_kind]):
    ply = min(len(boards) - 1, [6, 11, 30, 60][turn % 4])
    samples.append(boards[ply])

# The commonest position six plies in, which games reach by several
# orders of moves.
common = collections.Counter(key(boards[6]) for _, boards in standard if len(boards) > 6)
commonest = next(boards[6] for _, boards in standard if len(boards) > 6 and key(boards[6]) == common.most_common(1)[0][0])
samples.append(commonest)

queries = []
for board in samples[-1:] + samples[:-1]:
    # The board first, as fen compares: key() plays the en passant moves.
    wanted = key(board)
    queries.append((["--fen", board.fen()], lambda b, k=wanted: b.board_fen() == k[0] and key(b) == k))
for board in samples[:-1]:
    exact = signature(board)
    queries.append((["--material", exact], lambda b, s=exact: signature_matches(s, b)))
    white = side(board, chess.WHITE)
    at_least = white[:2] + "+v" + side(board, chess.BLACK)
    queries.append((["--material", at_least], lambda b, s=at_least: signature_matches(s, b)))
for turn, board in enumerate(samples[:-1]):
    occupied = sorted(chess.SquareSet(board.occupied))
    pieces = {occupied[(turn * 7 + i * 11) % len(occupied)] for i in range(3)}
    empty = next(s for s in chess.SQUARES if board.piece_at(s) is None)
    pattern = pattern_of(board, pieces, empty)
    queries.append((["--pattern", pattern], lambda b, p=pattern: pattern_matches(p, b)))

# A tag condition with the first sample's material, at least.
first = side(samples[0], chess.WHITE)[:2] + "+v" + side(samples[0], chess.BLACK)
rated = ["--where", "WhiteElo>=2500", "--material", first]
queries.append((rated, lambda b: signature_matches(first, b)))

answers = []
for args, matches in queries:
    found = []
    for number, (headers, boards) in enumerate(games, start=1):
        if args[0] == "--where" and not (rating(headers, "WhiteElo") or 0) >= 2500:
            continue
        ply = next((ply for ply, board in enumerate(boards) if matches(board)), None)
        if ply is not None:
            found.append([number, ply])
    answers.append({"args": args, "found": found})
print(json.dumps(answers))
