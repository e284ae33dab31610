"""The README's Python recipes run as written and print what it shows."""

import contextlib
import io
import os

from conftest import ROOT


def recipes():
    """Each ```python block of "From Python" with the output block after it."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## From Python", 1)[1].split("\n## ", 1)[0]
    blocks = []
    kind, lines = None, []
    for line in section.split("\n"):
        if line.startswith("```") and kind is None:
            kind, lines = line[3:], []
        elif line.startswith("```"):
            blocks.append((kind, "".join(f"{l}\n" for l in lines)))
            kind = None
        elif kind is not None:
            lines.append(line)
    pairs = []
    for (kind, code), (next_kind, output) in zip(blocks, blocks[1:]):
        if kind == "python" and next_kind == "" and not code.startswith(">>>"):
            pairs.append((code, output))
    return pairs


def test_the_readme_recipes_print_what_the_readme_shows():
    pairs = recipes()
    assert len(pairs) == 2
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for code, expected in pairs:
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                exec(compile(code, "README.md", "exec"), {})
            # print() of a DuckDB relation ends with an empty line.
            assert printed.getvalue().rstrip("\n") == expected.rstrip("\n")
    finally:
        os.chdir(here)
