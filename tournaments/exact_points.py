"""How exact table points are written, on every page of every app.

Table points are exact fractions (a three-way tie gives 7/3). They are shown
as a whole part plus a vulgar fraction, "2⅓", never as a rounded decimal, so
that the page agrees with the standings to the last twelfth; sums whose
denominator has no single glyph (5/12) are written "2 5/12".

Pure: no Django. The tournaments' pages (``views.display``) and the
leagues' (``league_tags``) write table points through it.
"""

from __future__ import annotations

from fractions import Fraction

GLYPHS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
}


def format_points(value: Fraction | int) -> str:
    """Exact table points: 7/3 -> "2⅓", 1/2 -> "½", -5/4 -> "-1¼"."""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value), 1)
    if not part:
        return f"{sign}{whole}"
    glyph = GLYPHS.get(part, f" {part.numerator}/{part.denominator}")
    if whole:
        return f"{sign}{whole}{glyph}"
    return f"{sign}{glyph.strip()}"
