"""The Python recipes of the README and of the guide (docs/guide.md) run
as written and print what they show."""

import contextlib
import io
import os

from conftest import ROOT


def recipes(page, heading):
    """Each ```python block of the section under `heading` of `page`, with
    the output block after it."""
    text = (ROOT / page).read_text()
    section = text.split(heading + "\n", 1)[1].split("\n## ", 1)[0]
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
    pairs = recipes("README.md", "## From Python")
    assert len(pairs) == 1
    pairs += recipes("docs/guide.md", "## Python: pandas, DuckDB and one record at a time")
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
