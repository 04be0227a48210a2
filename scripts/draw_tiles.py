"""Write the 34 tile images of the fan calculator to ``static/tiles/``.

The SVG files are committed, so the site needs nothing at run time. Each tile
is 60x80: an ivory face with a dark frame, drawn large and high-contrast for
tablets. Suited tiles carry their rank in the top-left corner and winds their
letter, so a player who does not read the Chinese characters still knows the
tile.

Every character (the Chinese numerals, winds, dragons and the corner index) is
written as a ``<path>`` outline taken from a font when this script runs: a
tablet without a CJK font shows the same tile as a desktop that has one. The
font and fontTools are needed only here, never by the site, so they are not in
``requirements*.txt``. To regenerate the tiles (Debian 12):

    apt-get install fonts-noto-cjk   # Noto Sans/Serif CJK, SIL Open Font Licence 1.1
    python3 -m venv /tmp/tiles-venv && /tmp/tiles-venv/bin/pip install fonttools
    /tmp/tiles-venv/bin/python scripts/draw_tiles.py

``--serif`` and ``--sans`` point to other font files (``.ttc``, ``.otf`` or
``.ttf``) if the fonts live elsewhere. The OFL allows drawing glyph outlines
into documents such as these images; the outlines are not a font.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "static" / "tiles"
FONT_DIR = Path("/usr/share/fonts/opentype/noto")
# Bold faces: the former <text> elements asked for font-weight 700.
SERIF = FONT_DIR / "NotoSerifCJK-Bold.ttc"
SANS = FONT_DIR / "NotoSansCJK-Bold.ttc"
WIDTH, HEIGHT = 60, 80
INK, RED, GREEN, BLUE = "#14202b", "#c0141c", "#0c7a3a", "#1746a2"
NUMERALS = "一二三四五六七八九"
WINDS = (("東", "E"), ("南", "S"), ("西", "W"), ("北", "N"))

# Dot centres per rank, in tile coordinates, with the colour of each dot.
DOTS: dict[int, list[tuple[float, float, str]]] = {
    2: [(30, 27, GREEN), (30, 59, BLUE)],
    3: [(19, 27, BLUE), (30, 45, RED), (41, 63, GREEN)],
    4: [(19, 30, BLUE), (41, 30, GREEN), (19, 58, GREEN), (41, 58, BLUE)],
    5: [
        (18, 27, BLUE),
        (42, 27, GREEN),
        (30, 44, RED),
        (18, 61, GREEN),
        (42, 61, BLUE),
    ],
    6: [(21, 26, GREEN), (41, 26, GREEN)]
    + [(x, y, RED) for y in (46, 64) for x in (21, 41)],
    7: [(18, 23, GREEN), (30, 30, GREEN), (42, 37, GREEN)]
    + [(x, y, RED) for y in (53, 68) for x in (21, 39)],
    8: [(x, y, BLUE) for y in (22, 37, 52, 67) for x in (22, 40)],
    9: [
        (x, y, colour)
        for y, colour in ((25, BLUE), (45, RED), (65, GREEN))
        for x in (15, 30, 45)
    ],
}
DOT_RADIUS = {2: 11, 3: 9, 4: 9, 5: 8, 6: 8, 7: 6.5, 8: 6.5, 9: 7}

# Bamboo stick centres per rank (x, y, colour); 1 is drawn on its own.
STICKS: dict[int, list[tuple[float, float, str]]] = {
    2: [(30, 29, GREEN), (30, 58, BLUE)],
    3: [(30, 29, GREEN), (19, 58, GREEN), (41, 58, GREEN)],
    4: [(x, y, c) for y in (29, 58) for x, c in ((20, BLUE), (40, GREEN))],
    5: [(x, y, GREEN) for y in (29, 58) for x in (15, 45)] + [(30, 43, RED)],
    6: [(x, y, GREEN) for y in (29, 58) for x in (16, 30, 44)],
    7: [(30, 17, RED)] + [(x, y, GREEN) for y in (42, 65) for x in (16, 30, 44)],
    8: [(x, y, GREEN) for y in (29, 58) for x in (12, 24, 36, 48)],
    9: [(x, y, RED if x == 30 else GREEN) for y in (24, 46, 67) for x in (17, 30, 43)],
}
STICK_HEIGHT = {2: 24, 3: 24, 4: 24, 5: 24, 6: 24, 7: 19, 8: 24, 9: 18}


class Outliner:
    """Turns a string into SVG path data with one font's glyph outlines.

    Coordinates follow SVG ``<text>``: ``x`` is the pen start (or the middle
    of the advance widths when ``anchor`` is ``"middle"``), ``baseline`` the
    baseline's y, ``size`` the font size in tile units.
    """

    def __init__(self, path: Path) -> None:
        self.font = load_font(path)
        self.glyphs = self.font.getGlyphSet()
        self.cmap = self.font.getBestCmap()
        self.units = self.font["head"].unitsPerEm

    def path(
        self, text: str, x: float, baseline: float, size: float, anchor: str = "start"
    ) -> str:
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen

        scale = size / self.units
        names = [self.cmap[ord(char)] for char in text]
        advance = sum(self.glyphs[name].width for name in names) * scale
        pen_x = x - advance / 2 if anchor == "middle" else x
        data = []
        for name in names:
            svg_pen = SVGPathPen(self.glyphs, ntos=number)
            # Font units point up; SVG's y axis points down.
            pen = TransformPen(svg_pen, (scale, 0, 0, -scale, pen_x, baseline))
            self.glyphs[name].draw(pen)
            data.append(svg_pen.getCommands())
            pen_x += self.glyphs[name].width * scale
        return "".join(data)


def load_font(path: Path) -> Any:
    """The simplified-Chinese face of a collection, or the font itself."""
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() != ".ttc":
        return TTFont(path)
    faces = TTCollection(path).fonts
    for face in faces:
        if " SC" in (face["name"].getDebugName(1) or ""):
            return face
    return faces[0]


def number(value: float) -> str:
    """Two decimals are far below a pixel at any tile size; keep files small."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Painter:
    """Draws the 34 tiles; ``serif`` writes the characters, ``sans`` the index."""

    def __init__(self, serif: Outliner, sans: Outliner) -> None:
        self.serif = serif
        self.sans = sans

    def frame(self, body: str, corner: str = "", corner_colour: str = INK) -> str:
        """The tile face around ``body``, with an optional corner label."""
        label = (
            f'<path d="{self.sans.path(corner, 6.5, 14, 11)}" fill="{corner_colour}"/>'
            if corner
            else ""
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" '
            f'height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">'
            '<rect x="1" y="1" width="58" height="78" rx="7" fill="#c9c3ad"/>'
            '<rect x="1" y="1" width="58" height="75" rx="7" fill="#fffdf4" '
            f'stroke="{INK}" stroke-width="1.6"/>{body}{label}</svg>\n'
        )

    def cjk(self, char: str, y: float, size: float, colour: str) -> str:
        d = self.serif.path(char, 30, y, size, anchor="middle")
        return f'<path d="{d}" fill="{colour}"/>'

    def characters(self, rank: int) -> str:
        body = self.cjk(NUMERALS[rank - 1], 36, 24, BLUE) + self.cjk("萬", 67, 27, RED)
        return self.frame(body, str(rank))

    def dots(self, rank: int) -> str:
        return self.frame(dots(rank), str(rank))

    def bamboo(self, rank: int) -> str:
        return self.frame(bamboo(rank), str(rank), GREEN)

    def honour(self, rank: int) -> str:
        if rank <= 4:
            char, letter = WINDS[rank - 1]
            return self.frame(self.cjk(char, 58, 36, INK), letter)
        if rank == 5:  # White dragon: an empty blue frame, as on most sets
            body = (
                '<rect x="12" y="14" width="36" height="50" rx="3" fill="none" '
                f'stroke="{BLUE}" stroke-width="4"/>'
                '<rect x="18" y="20" width="24" height="38" rx="2" fill="none" '
                f'stroke="{BLUE}" stroke-width="2"/>'
            )
            return self.frame(body)
        char, colour = ("發", GREEN) if rank == 6 else ("中", RED)
        return self.frame(self.cjk(char, 56, 36, colour))

    def tiles(self) -> dict[str, str]:
        """File name -> SVG text for the 34 tiles."""
        out: dict[str, str] = {}
        for suit, draw in (
            ("m", self.characters),
            ("p", self.dots),
            ("s", self.bamboo),
        ):
            for rank in range(1, 10):
                out[f"{rank}{suit}.svg"] = draw(rank)
        for rank in range(1, 8):
            out[f"{rank}z.svg"] = self.honour(rank)
        return out


def dot(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.62:.1f}" fill="#fffdf4"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.32:.1f}" fill="{colour}"/>'
    )


def dots(rank: int) -> str:
    """The dots of a circles tile, without the frame."""
    if rank == 1:
        body = (
            dot(30, 42, 20, GREEN)
            + '<circle cx="30" cy="42" r="9" fill="none" stroke="#c0141c" '
            'stroke-width="3"/>'
        )
    else:
        body = "".join(dot(x, y, DOT_RADIUS[rank], c) for x, y, c in DOTS[rank])
    return body


def stick(x: float, y: float, height: float, colour: str, width: float = 7) -> str:
    """A bamboo stick centred on (x, y), with a node in the middle."""
    top = y - height / 2
    return (
        f'<rect x="{x - width / 2}" y="{top}" width="{width}" height="{height}" '
        f'rx="{width / 2}" fill="{colour}"/>'
        f'<rect x="{x - width / 2 - 1}" y="{y - 1.2}" width="{width + 2}" '
        f'height="2.4" rx="1" fill="{colour}"/>'
        f'<line x1="{x}" y1="{top + 3}" x2="{x}" y2="{top + height - 3}" '
        'stroke="#fffdf4" stroke-width="1.2"/>'
    )


def bamboo(rank: int) -> str:
    """The sticks of a bamboo tile, without the frame."""
    if rank == 1:
        # Real sets show a bird; one tall stick with leaves reads more clearly.
        body = (
            stick(30, 44, 50, GREEN, 11)
            + '<path d="M35 30 q12 -8 16 -2 q-8 4 -16 6z" fill="#0c7a3a"/>'
            + '<path d="M25 52 q-12 -6 -16 0 q8 4 16 4z" fill="#0c7a3a"/>'
            + '<circle cx="30" cy="20" r="4" fill="#c0141c"/>'
        )
    else:
        height = STICK_HEIGHT[rank]
        body = "".join(stick(x, y, height, c) for x, y, c in STICKS[rank])
    return body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serif", type=Path, default=SERIF, help="CJK characters")
    parser.add_argument("--sans", type=Path, default=SANS, help="corner index")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    tiles = Painter(Outliner(args.serif), Outliner(args.sans)).tiles()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, svg in tiles.items():
        (args.out / name).write_text(svg, encoding="utf-8")
    print(f"{len(tiles)} tiles written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
