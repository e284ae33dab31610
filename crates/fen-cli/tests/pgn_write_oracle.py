"""The games `fen pgn --format pgn` wrote, read back by python-chess and
compared with the games it read: the oracle for crates/fen-cli/tests/pgn_write.rs.

Arguments: the PGN read, the PGN written, and what was stripped
(comma-separated, as `--strip` takes it; "-" for nothing). Both files are
read by python-chess, game by game in order. A game python-chess reads
with errors from the input is counted, not compared (fenkit writes such a
game as it was, or plays it otherwise). The others must be the same
games: every tag (the seven-tag roster's defaults included), the moves of
the mainline and of every variation, comments (blanks aside) and NAGs,
less what was stripped.

Prints JSON: {"read": N, "written": M, "compared": K, "differ": [...]}.
"""

import io
import json
import re
import sys

import chess.pgn

read_path, written_path, stripped = sys.argv[1], sys.argv[2], sys.argv[3]
stripped = set() if stripped == "-" else set(stripped.split(","))

COMMANDS = {"clocks": ("clk", "emt"), "evals": ("eval",)}


def comment(text):
    if "comments" in stripped:
        return ""
    for what, names in COMMANDS.items():
        if what in stripped:
            for name in names:
                text = re.sub(r"\[%" + name + r"\b[^\]]*\]", " ", text)
    return " ".join(text.split())


def nags(node):
    return [] if "nags" in stripped else sorted(node.nags)


def line(node):
    """The moves after `node`, each with its comments, NAGs and the
    variations that stand beside it."""
    moves = []
    while node.variations:
        main, *others = node.variations
        beside = [] if "variations" in stripped else [entry(v) + line(v) for v in others]
        moves.append(entry(main) + [beside])
        node = main
    return moves


def entry(node):
    return [node.move.uci(), comment(node.starting_comment), comment(node.comment), nags(node)]


def games(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        text = io.StringIO(file.read())
    return list(iter(lambda: chess.pgn.read_game(text), None))


def tags(game):
    names = [name for name in game.headers if f"tag:{name}" not in stripped]
    return {name: game.headers[name] for name in names}


read, written = games(read_path), games(written_path)
differ, compared = [], 0
for number, (before, after) in enumerate(zip(read, written), start=1):
    if before.errors:
        continue
    compared += 1
    what = {
        "tags": (tags(before), tags(after)),
        "game comment": (comment(before.comment), comment(after.comment)),
        "moves": (line(before), line(after)),
    }
    for name, (want, got) in what.items():
        if want != got:
            differ.append({"game": number, "what": name, "read": want, "written": got})
            break
print(json.dumps({"read": len(read), "written": len(written), "compared": compared, "differ": differ[:5]}))
