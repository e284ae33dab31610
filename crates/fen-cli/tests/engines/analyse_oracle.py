"""python-chess's side of the tests of `fen analyse`.

  analyse_oracle.py read-back ORIGINAL.pgn ANALYSED.pgn
      each game of both read by python-chess: tags equal (Annotator aside),
      mainline moves equal, an evaluation after every move but a mate;
      prints `ok GAMES PLIES`, or what differs.
  analyse_oracle.py epd ENGINE DEPTH FILE.epd
      each record analysed by python-chess's driver after ucinewgame:
      `bm SAN; ce CP` (or `dm N`) lines.
  analyse_oracle.py mate-in-one PUZZLES.csv N
      the first N mate-in-one lichess puzzles, as EPD records of the
      position to solve with `bm` its solution.
"""

import csv
import sys

import chess
import chess.engine
import chess.pgn


def games(path):
    with open(path, encoding="utf-8") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                return
            yield game


def read_back(original, analysed):
    count = plies = 0
    for before, after in zip(games(original), games(analysed), strict=True):
        count += 1
        tags = lambda game: {k: v for k, v in game.headers.items() if k != "Annotator"}
        if tags(before) != tags(after):
            print(f"game {count}: tags differ: {tags(before)} {tags(after)}")
            return
        if after.headers.get("Annotator", "").startswith("fen analyse") is False:
            print(f"game {count}: no Annotator")
            return
        moves = lambda game: [move.uci() for move in game.mainline_moves()]
        if moves(before) != moves(after):
            print(f"game {count}: moves differ")
            return
        for node in after.mainline():
            plies += 1
            if node.eval() is None and not node.board().is_checkmate():
                print(f"game {count}: no evaluation after {node.san()} (ply {node.ply()})")
                return
    print(f"ok {count} {plies}")


def epd(engine_path, depth, path):
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        board, _ = chess.Board.from_epd(line)
        info = engine.analyse(board, chess.engine.Limit(depth=int(depth)), game=object())
        score = info["score"].relative
        best = board.san(info["pv"][0])
        said = f"ce {score.score(mate_score=32767)};"
        if score.is_mate() and score.mate() > 0:
            said += f" dm {score.mate()};"
        print(f"bm {best}; {said}")
    engine.quit()


def mate_in_one(path, count):
    with open(path, encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if "mateIn1" not in row["Themes"].split():
                continue
            board = chess.Board(row["FEN"])
            first, solution = row["Moves"].split()[:2]
            board.push_uci(first)
            san = board.san(chess.Move.from_uci(solution))
            print(f'{board.epd()} bm {san}; id "{row["PuzzleId"]}";')
            count -= 1
            if count == 0:
                return


mode = sys.argv[1]
if mode == "read-back":
    read_back(sys.argv[2], sys.argv[3])
elif mode == "epd":
    epd(sys.argv[2], sys.argv[3], sys.argv[4])
elif mode == "mate-in-one":
    mate_in_one(sys.argv[2], int(sys.argv[3]))
