#!/usr/bin/env python3
"""Writes the glyph outlines that diagrams use for coordinates and captions.

Diagrams draw their letters as paths, so that an SVG looks the same in every
viewer and PNG rendering needs no fonts. Run once by hand when the set of
characters changes (needs `pip install fonttools` and Debian's
fonts-dejavu-core):

    python3 tools/glyphs.py > crates/fenkit-diagrams/assets/glyphs.txt

Each output line is: the character's code point in hex, its advance width,
and its outline as SVG path data, in font units with y pointing up.
"""

import sys

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
# ASCII, then what players' names and titles hold beyond it: Latin-1 and
# Latin Extended-A (Pérez, Dziuba, Đukić), and Cyrillic (Карпов).
CHARACTERS = (
    [chr(c) for c in range(0x20, 0x7F)]
    + [chr(c) for c in range(0xA1, 0x180) if c != 0xAD]
    + [chr(c) for c in range(0x400, 0x460)]
    + ["\u2013", "\u2014", "\u2019", "\u201c", "\u201d"]
)


def main():
    font = TTFont(FONT)
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    print(f"# DejaVu Sans Bold, {font['head'].unitsPerEm} units per em; see tools/glyphs.py")
    for char in CHARACTERS:
        name = cmap[ord(char)]
        pen = SVGPathPen(glyphs, ntos=lambda n: f"{round(n)}")
        glyphs[name].draw(pen)
        advance = font["hmtx"][name][0]
        print(f"{ord(char):x} {advance} {pen.getCommands()}".rstrip())


if __name__ == "__main__":
    sys.exit(main())
