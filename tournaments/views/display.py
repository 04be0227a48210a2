"""How numbers look on the pages.

Table points are exact fractions (a three-way tie gives 7/3). They are shown
as a whole part plus a vulgar fraction, "2⅓", never as a rounded decimal, so
that the page agrees with the standings to the last twelfth; sums whose
denominator has no single glyph (5/12) are written "2 5/12".
"""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import pgettext_lazy

from tournaments.models import WIND_CHOICES

GLYPHS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
}
WIND_NAMES = dict(WIND_CHOICES)
# One-letter winds for the narrow columns of the hand list (French West is O).
WIND_LETTERS = {
    "E": pgettext_lazy("wind letter", "E"),
    "S": pgettext_lazy("wind letter", "S"),
    "W": pgettext_lazy("wind letter", "W"),
    "N": pgettext_lazy("wind letter", "N"),
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


def signed(value: int) -> str:
    """A payment with its sign: +36, -20, 0."""
    return f"{value:+d}" if value else "0"


def wind_name(code: str) -> str:
    """The translated name of a wind code ("E" -> "East")."""
    return str(WIND_NAMES.get(code, code))


def wind_letter(code: str) -> str:
    """The translated one-letter wind ("W" -> "O" in French)."""
    return str(WIND_LETTERS.get(code, code))
