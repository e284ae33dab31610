"""The explorer's counts computed from the games directly, with python-chess:
the oracle for crates/fen-cli/tests/explorer.rs.

Reads PGN on standard input; arguments: plies counted, every how many
standard games a game is sampled, then one or more sets of filters, each
one argument: speeds comma-separated, since YYYY-MM and until YYYY-MM,
separated by "/", each part empty where not asked ("//" asks nothing).
Prints, as JSON, a list per set of filters: each sampled position's FEN
and what its moves scored under those filters. The games are read once
for all the sets, which is most of the time this takes.
The rules are the ones fen explorer documents: finished games of standard
chess (or Chess960), a game's first plies with loops removed, speeds from
TimeControl by lichess's bounds, the month from UTCDate or Date, the
average rating of games where both ratings are known."""

import io
import json
import re
import sys

import chess
import chess.pgn

max_ply, every = int(sys.argv[1]), int(sys.argv[2])


class Filters:
    def __init__(self, argument):
        speeds, since, until = argument.split("/")
        self.speeds = set(filter(None, speeds.split(",")))
        self.since = since or None
        self.until = until or None
        self.table = {}  # position key -> uci -> [white, draws, black, rated, rating sum]

    def counted(self, headers):
        if self.speeds and speed(headers.get("TimeControl")) not in self.speeds:
            return False
        if self.since or self.until:
            played = month(headers)
            if played is None or (self.since and played < self.since) or (self.until and played > self.until):
                return False
        return True


filter_sets = [Filters(argument) for argument in sys.argv[3:]]


def speed(time_control):
    if time_control is None:
        return "unknown"
    time_control = time_control.strip()
    if time_control == "-":
        return "correspondence"
    base, _, increment = time_control.partition("+")
    increment = increment or "0"
    if not (base.isdigit() and increment.isdigit()):
        return "unknown"
    seconds = int(base) + 40 * int(increment)
    for bound, name in [(30, "ultraBullet"), (180, "bullet"), (480, "blitz"), (1500, "rapid"), (21600, "classical")]:
        if seconds < bound:
            return name
    return "correspondence"


def month(headers):
    for tag in ("UTCDate", "Date"):
        match = re.fullmatch(r"(\d{4})\.(\d{2})\..*", headers.get(tag, "").strip())
        if match and 1 <= int(match.group(2)) <= 12 and int(match.group(1)) <= 5000:
            return f"{match.group(1)}-{match.group(2)}"
    return None


def rating(text):
    text = (text or "").strip()
    if not re.fullmatch(r"\+?\d+", text) or not 0 < int(text) <= 65535:
        return None
    return int(text)


def key(board):
    return board.epd()


samples = []
standard_games = 0
text = sys.stdin.buffer.read().decode("utf-8", errors="replace").replace("\r\n", "\n")
# Two shapes of pgnmentor's files that python-chess reads otherwise than
# PGN (and fen) do: it ends a game's tags at a second empty line (and
# reads the movetext after it as a game of its own), and it needs an
# empty line before the tags of a game that follows the last line of
# moves at once. Any run of empty lines is one; a tag after moves starts
# a game.
text = re.sub(r"\n(?:[ \t]*\n)+", "\n\n", text)
text = io.StringIO(re.sub(r"(?m)^([^\[\n].*)\n(\[[A-Za-z0-9_]+ \")", "\\1\n\n\\2", text))
while (game := chess.pgn.read_game(text)) is not None:
    headers = game.headers
    result = headers.get("Result", "*").strip()
    try:
        board = game.board()
    except ValueError:
        continue
    if type(board) is not chess.Board or result not in ("1-0", "0-1", "1/2-1/2"):
        continue
    moves = []
    for ply, move in enumerate(game.mainline_moves()):
        if ply >= max_ply:
            break
        position = key(board)
        # A position met again: the loop since its first visit is left out.
        for at, (earlier, _, _) in enumerate(moves):
            if earlier == position:
                del moves[at:]
                break
        moves.append((position, move.uci(), board.fen()))
        board.push(move)
    if headers.get("Variant", "Standard") == "Standard" and "FEN" not in headers:
        standard_games += 1
        if standard_games % every == 1:
            samples.extend(fen for _, _, fen in moves[::9])
    white, black = rating(headers.get("WhiteElo")), rating(headers.get("BlackElo"))
    for filters in filter_sets:
        if not filters.counted(headers):
            continue
        for position, uci, _ in moves:
            row = filters.table.setdefault(position, {}).setdefault(uci, [0, 0, 0, 0, 0])
            row[{"1-0": 0, "1/2-1/2": 1, "0-1": 2}[result]] += 1
            if white is not None and black is not None:
                row[3] += 1
                row[4] += (white + black) // 2

# Each sample's key is worked out once, for every set of filters.
keyed = [(fen, key(chess.Board(fen))) for fen in dict.fromkeys(samples)]
answers = []
for filters in filter_sets:
    answers.append([])
    for fen, position in keyed:
        moves = filters.table.get(position, {})
        answers[-1].append({
            "fen": fen,
            "moves": {
                uci: [w, d, b, (total + rated // 2) // rated if rated else None]
                for uci, (w, d, b, rated, total) in moves.items()
            },
        })
print(json.dumps(answers))
