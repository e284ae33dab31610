"""Writes samples/openings.pgn: games for trying `fen explorer` without a
download. Each game is a line of fenkit's ECO table (lichess-org/
chess-openings, CC0; crates/fenkit-games/assets/openings/), every eighth line,
with made-up players, ratings, clocks, dates and results (seeded, so the
file is the same each time). Run from the repository's root."""

import glob
import random

random.seed(2026)
lines = []
for volume in sorted(glob.glob("crates/fenkit-games/assets/openings/*.tsv")):
    with open(volume, encoding="utf-8") as table:
        lines += [line.rstrip("\n").split("\t") for line in table.readlines()[1:]]
players = ["Arden", "Bea", "Cosmo", "Dara", "Elif", "Fenn", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lea"]
clocks = ["60+0", "180+2", "300+0", "600+5", "900+10", "1800+0", "-"]
games = []
for number, (eco, name, moves) in enumerate(lines[::8], start=1):
    white, black = random.sample(players, 2)
    white_elo, black_elo = random.randint(1300, 2500), random.randint(1300, 2500)
    result = random.choices(["1-0", "1/2-1/2", "0-1"], [45, 10, 45])[0]
    month, day = random.randint(1, 6), random.randint(1, 28)
    tags = [
        ("Event", "fenkit sample games"),
        ("Site", "?"),
        ("Date", f"2024.{month:02}.{day:02}"),
        ("Round", str(number)),
        ("White", white),
        ("Black", black),
        ("Result", result),
        ("WhiteElo", str(white_elo)),
        ("BlackElo", str(black_elo)),
        ("TimeControl", random.choice(clocks)),
        ("ECO", eco),
        ("Opening", name),
    ]
    header = "\n".join(f'[{tag} "{value}"]' for tag, value in tags)
    games.append(f"{header}\n\n{moves} {result}\n")
with open("samples/openings.pgn", "w", encoding="utf-8") as out:
    out.write("\n".join(games))
