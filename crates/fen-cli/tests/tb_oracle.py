"""python-chess's Syzygy probes, the oracle of tests/tb.rs.

`positions FOLDER EPD SEED N`: the positions of EPD, then N random
positions of each table in FOLDER (some after a double pawn push, for en
passant), one a line as JSON: the FEN with python-chess's WDL and DTZ.
`after FOLDER`: for each line `FEN<TAB>UCI` on standard input, the WDL
after the move.
"""

import json
import os
import random
import sys

import chess
import chess.syzygy


def random_position(rng, material):
    """A legal position of `material` (`KQvKR`), White's pieces first, or
    None after many tries."""
    white, black = material.split("v")
    pieces = [(p, chess.WHITE) for p in white] + [(p, chess.BLACK) for p in black]
    for _ in range(200):
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, len(pieces))
        ok = True
        for (letter, color), square in zip(pieces, squares):
            piece = chess.Piece.from_symbol(letter if color else letter.lower())
            if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
                ok = False
                break
            board.set_piece_at(square, piece)
        if not ok:
            continue
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        # python-chess lets two knights or pawns check together; no last
        # move can give that double check, and fen says so.
        steppers = [s for s in board.checkers()
                    if board.piece_type_at(s) in (chess.KNIGHT, chess.PAWN)]
        if board.is_valid() and len(steppers) < 2:
            return board
    return None


def en_passant_position(rng):
    """A KPvKP position just after a double push that the other pawn can
    take en passant, or None."""
    color = rng.choice([chess.WHITE, chess.BLACK])
    file = rng.randrange(8)
    beside = file + rng.choice([-1, 1])
    if not 0 <= beside < 8:
        return None
    start, taker = (1, 3) if color == chess.WHITE else (6, 4)
    board = chess.Board(None)
    board.set_piece_at(chess.square(file, start), chess.Piece(chess.PAWN, color))
    board.set_piece_at(chess.square(beside, taker), chess.Piece(chess.PAWN, not color))
    free = [sq for sq in chess.SQUARES if board.piece_at(sq) is None]
    for king, square in zip((chess.WHITE, chess.BLACK), rng.sample(free, 2)):
        board.set_piece_at(square, chess.Piece(chess.KING, king))
    board.turn = color
    push = chess.Move(chess.square(file, start), chess.square(file, start + (2 if color else -2)))
    if not board.is_valid() or push not in board.legal_moves:
        return None
    board.push(push)
    return board if board.has_legal_en_passant() else None


def main():
    mode = sys.argv[1]
    folder = sys.argv[2]
    with chess.syzygy.open_tablebase(folder) as tables:
        if mode == "after":
            for line in sys.stdin:
                fen, uci = line.rstrip("\n").split("\t")
                board = chess.Board(fen)
                board.push_uci(uci)
                print(tables.probe_wdl(board))
            return
        epd, seed, count = sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
        boards = []
        with open(epd) as lines:
            for line in lines:
                board, _ = chess.Board.from_epd(line)
                boards.append(board)
        rng = random.Random(seed)
        materials = sorted(name[:-5] for name in os.listdir(folder) if name.endswith(".rtbw"))
        for material in materials:
            for _ in range(count):
                board = random_position(rng, material)
                if board is None:
                    continue
                boards.append(board)
                doubles = [m for m in board.legal_moves
                           if board.piece_type_at(m.from_square) == chess.PAWN
                           and abs(m.to_square - m.from_square) == 16]
                if doubles:
                    after = board.copy()
                    after.push(rng.choice(doubles))
                    if after.ep_square is not None and after.has_legal_en_passant():
                        boards.append(after)
        for _ in range(count * 5):
            board = en_passant_position(rng)
            if board is not None:
                boards.append(board)
        for board in boards:
            print(json.dumps({
                "fen": board.fen(),
                "wdl": tables.probe_wdl(board),
                "dtz": tables.probe_dtz(board),
            }))


main()
