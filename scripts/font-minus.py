#!/usr/bin/env python3
"""Adds U+2212 MINUS SIGN to fonts/NotoSans-{Regular,Bold}.ttf, which Debian's Noto Sans 2.004 lacks.

The glyph is Noto Sans Gurmukhi's of the same package and weight (its Latin is Noto Sans's design):
its outline and advance as they are, without hinting instructions, which belong to that font's
programs. Reports then draw every figure's sign from their own font and embed no other (before, each
minus came from an embedded Noto Sans Gurmukhi). Run once, from the project root, with the unmodified
files of fonts-noto-core 20201225 in DIR (as fonts/ held them up to commit 55cd069; fontTools:
pip install fonttools):
    scripts/font-minus.py /usr/share/fonts/truetype/noto
"""
import sys

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import ttProgram
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphCoordinates

source = sys.argv[1] if len(sys.argv) > 1 else "fonts"
for weight in ("Regular", "Bold"):
    main = TTFont(f"{source}/NotoSans-{weight}.ttf")
    donor = TTFont(f"{source}/NotoSansGurmukhi-{weight}.ttf")
    if 0x2212 in main.getBestCmap():
        sys.exit(f"NotoSans-{weight}.ttf already has U+2212")
    name = donor.getBestCmap()[0x2212]
    outline = donor["glyf"][name]
    coordinates, ends, flags = outline.getCoordinates(donor["glyf"])
    glyph = Glyph()
    glyph.numberOfContours = len(ends)
    glyph.coordinates = GlyphCoordinates(coordinates)
    glyph.endPtsOfContours = list(ends)
    glyph.flags = bytearray(flags)
    glyph.program = ttProgram.Program()
    glyph.program.fromBytecode(b"")
    glyph.recalcBounds(main["glyf"])
    order = main.getGlyphOrder() + ["uni2212"]
    main.setGlyphOrder(order)
    main["glyf"].glyphs["uni2212"] = glyph
    main["glyf"].glyphOrder = order
    main["hmtx"].metrics["uni2212"] = donor["hmtx"].metrics[name]
    for table in main["cmap"].tables:
        if table.isUnicode():
            table.cmap[0x2212] = "uni2212"
    del main["DSIG"]  # a signature of the file as it was
    main.save(f"fonts/NotoSans-{weight}.ttf")
