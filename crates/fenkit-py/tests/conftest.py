import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "crates" / "fen-cli" / "tests" / "golden"
SAMPLES = ROOT / "samples"

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.fixture
def golden():
    """A golden case of the command: its input records, stdout lines, and
    the arguments it was run with."""

    def read(name: str):
        case = GOLDEN / name
        args = (case / "cmd").read_text().split()
        files = [case / a for a in args if (case / a).exists()]
        source = files[0] if files else case / "stdin"
        records = [line for line in source.read_text().split("\n") if line.strip()]
        stdout = [line for line in (case / "stdout").read_text().split("\n") if line]
        return records, stdout, args

    return read
