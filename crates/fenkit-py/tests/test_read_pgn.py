"""PGN files as batches of games: tags, movetext, errors, compressed
input, and memory that stays flat on a large file."""

import gzip
import subprocess
import sys

import pyarrow as pa

import fenkit
from conftest import SAMPLES
from fenkit._types import RETURNS

GAME = """[Event "Rated blitz game"]
[Site "https://lichess.org/abcd{n}"]
[White "w{n}"]
[Black "b{n}"]
[Result "1-0"]
[WhiteElo "1500"]
[BlackElo "1490"]

1. e4 {{ [%clk 0:03:00] }} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0

"""


def test_games_come_with_tags_movetext_and_errors():
    games = fenkit.read_pgn(SAMPLES / "games.pgn").read_all()
    assert games.num_rows == 4
    assert games.column("White").to_pylist()[0] == "A"
    assert games.column("FEN").to_pylist()[1] == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert games.column("plies").to_pylist()[0] == 7
    errors = games.column("error").to_pylist()
    assert errors[0] is None
    assert all(e is None or "move" in e for e in errors)
    positions = fenkit.pgn_positions(games.column("movetext"), games.column("FEN"))
    assert len(positions[0]) == 8


def test_a_word_that_is_not_a_move_is_named(tmp_path):
    path = tmp_path / "zz9.pgn"
    path.write_text('[White "a"]\n\n1. e4 e5 2. Zz9 Nc6 *\n\n[White "b"]\n\n1. e4 e5 2. Nf3 dx *\n')
    games = fenkit.read_pgn(path).read_all()
    assert games.column("error").to_pylist() == ["move 2. Zz9: not a move", "move 2... dx: not a move"]
    assert games.column("line").to_pylist() == [1, 5]


def test_compressed_files_read_like_plain_ones(tmp_path):
    text = "".join(GAME.format(n=n) for n in range(50))
    plain = tmp_path / "games.pgn"
    plain.write_text(text)
    packed = tmp_path / "games.pgn.gz"
    packed.write_bytes(gzip.compress(text.encode()))
    assert fenkit.read_pgn(packed).read_all().equals(fenkit.read_pgn(plain).read_all())


def test_memory_stays_flat_on_a_large_file(tmp_path):
    path = tmp_path / "large.pgn"
    with open(path, "w") as f:
        for n in range(60_000):
            f.write(GAME.format(n=n))
    size = path.stat().st_size
    script = f"""
import resource, fenkit
reader = fenkit.read_pgn({str(path)!r})
rows = 0
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
for batch in reader:
    rows += batch.num_rows
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(rows, (after - before) * 1024)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    rows, growth = map(int, out.split())
    assert rows == 60_000
    # Batches of a few thousand games: far less than the file held whole.
    assert growth < size / 3, (growth, size)


def test_tricky_pgn_has_one_count_of_games_and_one_set_of_positions_everywhere():
    """samples/tricky.pgn (a byte-order mark, `%` escape lines, a tag pair
    inside a comment, a `;` note after a result, a game without tags, a
    set-up game, a comment alone) gives the same games and positions in
    `fen pgn`, in read_pgn with pgn_positions, and in fen-sql: one game
    splitter for every front end."""
    import os

    from conftest import ROOT, fen_sql_game_positions, game_positions

    path = SAMPLES / "tricky.pgn"
    fen = os.environ.get("FEN", str(ROOT / "target" / "debug" / "fen"))
    fen_sql = os.environ.get("FEN_SQL", str(ROOT / "target" / "debug" / "fen-sql"))
    out = subprocess.run([fen, "pgn", "--format", "tsv", str(path)], capture_output=True, text=True, check=True).stdout
    command = [(int(line.split("\t")[0]), line.split("\t")[3]) for line in out.splitlines()]
    games = fenkit.read_pgn(path).read_all()
    python = game_positions(path)
    sql = fen_sql_game_positions(fen_sql, path)

    assert games.num_rows == 4
    assert command == python == sql
    assert len(command) == 14
    # Each game played once, its positions read in the same pass.
    assert game_positions(path, one_pass=True) == command
    assert fen_sql_game_positions(fen_sql, path, one_pass=True) == command


def test_read_pgn_positions_are_pgn_positions_whole():
    """read_pgn's own positions column holds, game for game, what
    pgn_positions gives (ply, SAN, UCI, FEN), null where it gives null: a
    game that stops, a set-up game, dialects."""
    for name in ["games.pgn", "tricky.pgn", "annotated.pgn"]:
        games = fenkit.read_pgn(SAMPLES / name, positions=True).read_all()
        again = fenkit.pgn_positions(games.column("movetext"), games.column("FEN"))
        assert games.column("positions").to_pylist() == again.to_pylist(), name
        assert games.schema.field("positions").type == RETURNS["pgn_positions"]


def test_pgn_annotations_say_what_fen_pgn_columns_say():
    """The per-ply annotations column (clocks, evaluations, glyphs,
    comments, arrows) gives, ply for ply, what `fen pgn --columns` writes
    for the same games: one reader in the library for both."""
    import json
    import os

    from conftest import ROOT

    path = SAMPLES / "annotated.pgn"
    fen = os.environ.get("FEN", str(ROOT / "target" / "debug" / "fen"))
    columns = "clock,emt,eval_cp,eval_mate,nags,comment,arrows,circles,accuracy"
    out = subprocess.run([fen, "pgn", "--format", "json", "--columns", columns, str(path)],
                         capture_output=True, text=True, check=True).stdout
    command = [json.loads(line) for line in out.splitlines()]
    keys = columns.split(",")
    command = [(row["game"], row["ply"], *(row[k] for k in keys)) for row in command]

    games = fenkit.read_pgn(path).read_all()
    notes = fenkit.pgn_annotations(games.column("movetext"), games.column("FEN"))
    # The command writes the accuracy with one decimal.
    def value(ply, key):
        if key == "accuracy" and ply[key] is not None:
            return float(f"{ply[key]:.1f}")
        return ply[key]

    python = [
        (number, ply["ply"], *(value(ply, k) for k in keys))
        for number, plies in zip(games.column("game").to_pylist(), notes.to_pylist())
        for ply in plies[1:]
    ]
    assert len(command) >= 4
    assert python == command
    assert any(row[-1] is not None for row in command), "no accuracy in the sample"


def test_accuracy_is_lichess_formula_over_the_evaluations():
    """Each move's accuracy is lichess's: win percents from centipawns
    (held within ±1000, the first move's before +0.15), the formula of
    its AccuracyPercent, written here again from its published shape."""
    import math

    movetext = (
        "1. e4 { [%eval 0.3] } e5 { [%eval 0.35] } 2. Qh5 { [%eval -0.5] } "
        "Nc6 { [%eval -0.4] } 3. Bc4 { [%eval -0.5] } Nf6 { [%eval 12.0] } 4. Qxf7# 1-0"
    )
    plies = fenkit.pgn_annotations([movetext])[0]

    def win(cp):
        cp = max(-1000, min(1000, cp))
        return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)

    before = 15
    for ply in plies[1:]:
        after = ply["eval_cp"]
        if after is None:
            assert ply["accuracy"] is None
            continue
        white = ply["ply"] % 2 == 1
        lost = (win(before) - win(after)) if white else (win(after) - win(before))
        expected = 100.0 if lost <= 0 else max(0.0, min(100.0, 103.1668100711649 * math.exp(-0.04354415386753951 * lost) - 3.166924740191411 + 1))
        assert abs(ply["accuracy"] - expected) < 1e-9, (ply, expected)
        before = after
    assert plies[6]["accuracy"] < 15
