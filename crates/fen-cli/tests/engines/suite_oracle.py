"""python-chess's engine driver on a test suite: each record searched
after ucinewgame (a new game object) to the depth given, the move played
and whether it is one of bm; prints `id<TAB>solved|failed<TAB>SAN` lines.

usage: suite_oracle.py ENGINE SUITE.epd DEPTH
"""

import sys

import chess
import chess.engine

engine = chess.engine.SimpleEngine.popen_uci(sys.argv[1])
for line in open(sys.argv[2], encoding="utf-8"):
    if not line.strip():
        continue
    board, operations = chess.Board.from_epd(line)
    played = engine.play(board, chess.engine.Limit(depth=int(sys.argv[3])), game=object()).move
    solved = played in operations["bm"]
    print(f"{operations['id']}\t{'solved' if solved else 'failed'}\t{board.san(played)}")
engine.quit()
