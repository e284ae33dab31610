"""Writes piece sets drawn from the chess symbols of Unicode fonts (U+2654
to U+265F), as books set diagrams with them, for fen scan's training and
held-out boards: FOLDER/NAME/wK.svg ... bP.svg, one folder a font. A
white piece is its black symbol's silhouette filled white under the white
symbol's outline, so that a hatched square does not show through it, as
in print.

    python scan_fonts.py FOLDER NAME=FONT.ttf [NAME=FONT.ttf ...]
"""

import os
import sys

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

# U+2654.. white king, queen, rook, bishop, knight, pawn; U+265A.. black.
ROLES = "KQRBNP"


def outline(font, glyphs, codepoint):
    name = font.getBestCmap()[codepoint]
    pen = SVGPathPen(glyphs)
    glyphs[name].draw(pen)
    bounds = BoundsPen(glyphs)
    glyphs[name].draw(bounds)
    return pen.getCommands(), bounds.bounds, glyphs[name].width


def main():
    folder = sys.argv[1]
    for pair in sys.argv[2:]:
        name, path = pair.split("=", 1)
        font = TTFont(path)
        glyphs = font.getGlyphSet()
        shapes = {}
        for index, role in enumerate(ROLES):
            shapes["w" + role] = outline(font, glyphs, 0x2654 + index)
            shapes["b" + role] = outline(font, glyphs, 0x265A + index)
        low = min(bounds[1] for _, bounds, _ in shapes.values())
        high = max(bounds[3] for _, bounds, _ in shapes.values())
        widest = max(bounds[2] - bounds[0] for _, bounds, _ in shapes.values())
        side = max(high - low, widest) * 1.08
        os.makedirs(os.path.join(folder, name), exist_ok=True)
        for piece, (path_data, bounds, _) in shapes.items():
            # Centred across; the set's common baseline kept up and down.
            shift_x = side / 2 - (bounds[0] + bounds[2]) / 2
            shift_y = high + (side - (high - low)) / 2
            transform = f"translate({shift_x:.1f} {shift_y:.1f}) scale(1 -1)"
            body = ""
            if piece[0] == "w":
                silhouette = shapes["b" + piece[1]][0]
                body += f'<path d="{silhouette}" fill="#fff"/>'
            body += f'<path d="{path_data}" fill="#000"/>'
            svg = (
                f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side:.1f} {side:.1f}">'
                f'<g transform="{transform}">{body}</g></svg>'
            )
            with open(os.path.join(folder, name, piece + ".svg"), "w") as out:
                out.write(svg)
        print(f"{name}: 12 pieces from {path}")


if __name__ == "__main__":
    main()
