#!/usr/bin/env python3
"""Writes the font that sheets' PDFs set their text in.

A sheet's PDF holds its captions, titles and answers as text, so that they
can be searched, copied and read aloud; the text needs a font embedded in
the file, and fenkit ships the one its diagrams draw their letters with
(tools/glyphs.py): DejaVu Sans Bold, cut to the same characters so that
the repository holds tens of kilobytes, not the whole font. Each PDF
embeds a further subset of it, the glyphs its pages use (the subsetter
crate). Run once by hand when the set of characters changes (needs
`pip install fonttools` and Debian's fonts-dejavu-core):

    python3 tools/font.py crates/fenkit-diagrams/assets/DejaVuSans-Bold.ttf
"""

import sys

from fontTools import subset
from fontTools.ttLib import TTFont

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from glyphs import CHARACTERS, FONT  # noqa: E402

options = subset.Options()
# Outlines, metrics and the character map are what a PDF writer needs;
# hinting, kerning and layout tables are not used.
options.hinting = False
options.layout_features = []
options.name_IDs = ["*"]
options.notdef_outline = True
options.drop_tables += ["FFTM"]
font = TTFont(FONT, recalcTimestamp=False)
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=[ord(c) for c in CHARACTERS])
subsetter.subset(font)
font.save(sys.argv[1])
