#!/usr/bin/env python3
"""Writes samples/puzzles.csv, a small file shaped like the lichess puzzle
dump (same header, quoting and field kinds), made from lines of the ECO
table played with python-chess, with a few bad rows planted as real dumps
and pastes have them; and samples/evaluations.jsonl, shaped like the
lichess evaluation dump (four-field FEN, nested evaluations), for some of
the positions the puzzles show and a few others. Run by hand; the output
is committed.

    python3 tools/puzzles.py
"""

import csv
import json
import pathlib
import random

import chess

ROOT = pathlib.Path(__file__).resolve().parents[1]
rng = random.Random(2026)

lines = []
for volume in "abcde":
    table = (ROOT / "crates/fenkit-games/assets/openings" / f"{volume}.tsv").read_text().splitlines()[1:]
    lines += [row.split("\t") for row in table]
rng.shuffle(lines)

puzzles = open(ROOT / "samples/puzzles.csv", "w")
out = csv.writer(puzzles, lineterminator="\n")
shown = []
out.writerow(["PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity", "NbPlays", "Themes", "GameUrl", "OpeningTags"])
rows = 0
for eco, name, pgn in lines:
    board = chess.Board()
    for token in pgn.split():
        if not token[0].isdigit():
            board.push_san(token)
    if board.ply() < 4:
        continue
    # The puzzle's FEN stands one move before the opening's position: the
    # first of its moves is the opponent's, the opening's last move.
    last = board.pop()
    moves = [last.uci()]
    board.push(last)
    for _ in range(rng.randrange(1, 4)):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move.uci())
        board.push(move)
    for _ in moves:
        board.pop()
    after = board.copy()
    after.push_uci(moves[0])
    shown.append(after)
    puzzle_id = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(5))
    tag = name.split(":")[0].replace(" ", "_").replace("'", "")
    out.writerow([
        puzzle_id, board.fen(en_passant="fen"), " ".join(moves), rng.randrange(600, 2800), rng.randrange(70, 110),
        rng.randrange(60, 100), rng.randrange(50, 9000), "opening short", f"https://lichess.org/{puzzle_id}abc#{board.ply()}", tag,
    ])
    rows += 1
    if rows == 40:
        break

# One position reached by three move orders: the shown positions (after
# each puzzle's first move) are the same, the FENs before it are not.
for puzzle_id, order in (("tr01", "d4 Nf6 c4 g6"), ("tr02", "c4 g6 d4 Nf6"), ("tr03", "c4 Nf6 d4 g6")):
    board = chess.Board()
    for san in order.split():
        board.push_san(san)
    last = board.pop()
    out.writerow([puzzle_id, board.fen(en_passant="fen"), f"{last.uci()} g2g3", 1400, 80, 90, 300, "opening", f"https://lichess.org/{puzzle_id}", "Indian_Defense"])

# Rows as dumps and pastes break them: a rank short, a curly dash, a FEN
# cut short, and an en passant square no pawn made.
out.writerow(["bad01", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "e2e4", 1500, 80, 90, 100, "opening", "https://lichess.org/bad01", ""])
out.writerow(["bad02", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq – 2 3", "f1b5", 1500, 80, 90, 100, "opening", "https://lichess.org/bad02", ""])
out.writerow(["bad03", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2", "f1b5", 1500, 80, 90, 100, "opening", "https://lichess.org/bad03", ""])
out.writerow(["bad04", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "d2d4", 1500, 80, 90, 100, "opening", "https://lichess.org/bad04", ""])

puzzles.close()

# The evaluation dump: every other shown position, and three positions no
# puzzle shows.
with open(ROOT / "samples/evaluations.jsonl", "w") as evaluations:
    others = [chess.Board(), chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), chess.Board("8/8/8/4k3/8/8/8/4K2R w K - 0 1")]
    for board in shown[::2] + others:
        played = board.copy()
        line = []
        for _ in range(2):
            legal = list(played.legal_moves)
            if legal:
                line.append(rng.choice(legal))
                played.push(line[-1])
        line = " ".join(m.uci() for m in line)
        record = {
            "fen": " ".join(board.fen().split()[:4]),
            "evals": [{"pvs": [{"cp": rng.randrange(-150, 150), "line": line}], "knodes": rng.randrange(1000, 90000), "depth": rng.randrange(20, 45)}],
        }
        evaluations.write(json.dumps(record) + "\n")
