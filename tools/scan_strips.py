"""Writes piece sets from Scid's piece strips (Debian's scid-data:
/usr/share/scid/img/pieces/SET/NAME_SIZE.png or .gif, twelve pieces in a
row, White's pawn, knight, bishop, rook, queen, king, then Black's), for fen
scan's training and held-out boards: FOLDER/NAME/wP.svg ... bK.svg, each
piece's picture inside an SVG, one folder a set.

    python scan_strips.py FOLDER NAME=STRIP [NAME=STRIP ...]
"""

import base64
import io
import os
import sys

from PIL import Image

ORDER = ["wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"]


def main():
    folder = sys.argv[1]
    for pair in sys.argv[2:]:
        name, path = pair.split("=", 1)
        strip = Image.open(path).convert("RGBA")
        side = strip.height
        os.makedirs(os.path.join(folder, name), exist_ok=True)
        for index, piece in enumerate(ORDER):
            cell = strip.crop((index * side, 0, (index + 1) * side, side))
            data = io.BytesIO()
            cell.save(data, format="PNG")
            encoded = base64.b64encode(data.getvalue()).decode()
            svg = (
                f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                f'viewBox="0 0 {side} {side}"><image width="{side}" height="{side}" '
                f'xlink:href="data:image/png;base64,{encoded}"/></svg>'
            )
            with open(os.path.join(folder, name, piece + ".svg"), "w") as out:
                out.write(svg)
        print(f"{name}: 12 pieces from {path}")


if __name__ == "__main__":
    main()
