"""A UCI engine for the tests of fen's engine client, its moves python-chess's
(the tests' oracle of the rules), with faults planted on request:

  --bug en-passant       never plays en passant
  --bug castle-through   castles through an attacked square (or out of check)
  --bug underpromotion   promotes to a queen only
  --crash-after N        exits with status 3 at the (N+1)th `go`, a word on stderr
  --hang-after N         never answers the (N+1)th `go`
  --garbage              answers `go perft` with lines that are no divide
  --not-uci              says something, and exits without `uciok`
  --reject               answers every search with an error and `bestmove 0000`

Searches are one ply deep: the first legal move in UCI order, score 0 (or
a mate in one where there is one), enough for the client's plumbing.
"""

import sys
import time

import chess

args = sys.argv[1:]
option = lambda name: args[args.index(name) + 1] if name in args else None
bug = option("--bug")
crash_after = option("--crash-after")
hang_after = option("--hang-after")


def moves(board):
    found = []
    for move in board.legal_moves:
        if bug == "en-passant" and board.is_en_passant(move):
            continue
        if bug == "underpromotion" and move.promotion not in (None, chess.QUEEN):
            continue
        found.append(move)
    if bug == "castle-through":
        king = board.king(board.turn)
        rank = 0 if board.turn == chess.WHITE else 7
        if king == chess.square(4, rank) and board.has_kingside_castling_rights(board.turn):
            between = [chess.square(5, rank), chess.square(6, rank)]
            if all(board.piece_at(square) is None for square in between):
                castle = chess.Move(king, chess.square(6, rank))
                if castle not in found:
                    found.append(castle)
    return found


def perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for move in moves(board):
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


board = chess.Board()
searches = 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        if "--not-uci" in args:
            say("this is no engine")
            sys.exit(0)
        say("id name fake engine")
        say("option name Hash type spin default 16 min 1 max 1024")
        say("option name Threads type spin default 1 min 1 max 8")
        say("uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        if words[1] == "startpos":
            board = chess.Board()
            rest = words[2:]
        else:
            end = words.index("moves") if "moves" in words else len(words)
            board = chess.Board(" ".join(words[2:end]))
            rest = words[end:]
        for uci in rest[1:]:
            board.push(chess.Move.from_uci(uci))
    elif words[0] == "go":
        searches += 1
        if crash_after is not None and searches > int(crash_after):
            sys.stderr.write("fake engine: segmentation fault\n")
            sys.stderr.flush()
            sys.exit(3)
        if hang_after is not None and searches > int(hang_after):
            time.sleep(3600)
        if "--reject" in args:
            say("info string ERROR: this position is rejected")
            say("bestmove 0000")
            continue
        if words[1] == "perft":
            depth = int(words[2])
            if "--garbage" in args:
                say("\x1b[31mall good\x1b[0m")
                say("Nodes searched: 12")
                continue
            total = 0
            for move in sorted(moves(board), key=lambda m: m.uci()):
                board.push(move)
                count = perft(board, depth - 1)
                board.pop()
                total += count
                say(f"{move.uci()}: {count}")
            say("")
            say(f"Nodes searched: {total}")
        else:
            legal = sorted(board.legal_moves, key=lambda m: m.uci())
            if not legal:
                say("info depth 0 score mate 0" if board.is_check() else "info depth 0 score cp 0")
                say("bestmove (none)")
                continue
            best, score = legal[0], "cp 0"
            for move in legal:
                board.push(move)
                mate = board.is_checkmate()
                board.pop()
                if mate:
                    best, score = move, "mate 1"
                    break
            say(f"info depth 1 seldepth 1 score {score} nodes {len(legal)} time 1 pv {best.uci()}")
            say(f"bestmove {best.uci()}")
    elif words[0] == "quit":
        break
