#!/usr/bin/env python3
"""The house rules that a reader can check by counting, run by .ci/run:

- every Rust source file under crates/*/src is at most 600 lines, and the
  README at most 500;
- no two modules of a crate import each other. A module here is a file or
  a folder under a crate's src/ (a subcommand of fen-cli's commands/ is
  one of its own); an import is a path through `crate::` or `super::`
  that reaches another module. A folder's own files (mod.rs and its
  children) are one module.

Prints what breaks a rule and exits 1; else one line and 0.
"""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
MAX_FILE = 600
MAX_README = 500


def module_path(src, path):
    parts = os.path.relpath(path, src)[: -len(".rs")].split(os.sep)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def unit(parts):
    """The module an edge counts between: a subcommand of fen-cli's
    commands/ by its own name, else the first part under src/."""
    if parts[:1] == ["commands"]:
        return "::".join(parts[:2])
    return "::".join(parts[:1])


def imports(src, path, parts, text):
    text = re.sub(r"//.*", "", text)
    parent = parts[:-1]
    found = set()
    for match in re.finditer(r"\b(crate|super)((?:::\w+)+)", text):
        base = [] if match.group(1) == "crate" else parent
        found.add(unit(base + match.group(2).split("::")[1:]))
    for match in re.finditer(r"use\s+(crate|super)::\{([^;]*)\};", text, re.S):
        base = [] if match.group(1) == "crate" else parent
        for name in re.findall(r"(?:^|[,{\s])(\w+)(?:::|\s*[,}]|$)", match.group(2)):
            if name not in ("self",):
                found.add(unit(base + [name]))
    return found


def crate_cycles(src):
    edges = set()
    for folder, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            parts = module_path(src, path)
            here = unit(parts)
            with open(path, encoding="utf-8") as file:
                for there in imports(src, path, parts, file.read()):
                    if there and there != here:
                        edges.add((here, there))
    return sorted((a, b) for a, b in edges if (b, a) in edges and a < b)


def main():
    broken = []
    crates = os.path.join(ROOT, "crates")
    for crate in sorted(os.listdir(crates)):
        src = os.path.join(crates, crate, "src")
        if not os.path.isdir(src):
            continue
        for folder, _, files in os.walk(src):
            for name in files:
                path = os.path.join(folder, name)
                if name.endswith(".rs"):
                    with open(path, encoding="utf-8") as file:
                        lines = sum(1 for _ in file)
                    if lines > MAX_FILE:
                        rel = os.path.relpath(path, ROOT)
                        broken.append(f"{rel}: {lines} lines (at most {MAX_FILE})")
        for a, b in crate_cycles(src):
            broken.append(f"crates/{crate}: {a} and {b} import each other")
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
        lines = sum(1 for _ in file)
    if lines > MAX_README:
        broken.append(f"README.md: {lines} lines (at most {MAX_README})")
    for line in broken:
        print(f"house: {line}", file=sys.stderr)
    if broken:
        return 1
    print("house: files within their lengths, no two modules of a crate importing each other")
    return 0


if __name__ == "__main__":
    sys.exit(main())
