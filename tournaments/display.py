"""How numbers and winds look on the pages (table points: ``exact_points``).

Below the selectors: the rows they prepare for a page (the tablet's sheet)
carry these words, and the views use them for the rest."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

# Re-exported: the tournaments' pages import it from here with the rest.
from tournaments.exact_points import format_points as format_points
from tournaments.models import WIND_CHOICES

WIND_NAMES = dict(WIND_CHOICES)
# One-letter winds for the narrow columns of the hand list (French West is O).
WIND_LETTERS = {
    "E": pgettext_lazy("wind letter", "E"),
    "S": pgettext_lazy("wind letter", "S"),
    "W": pgettext_lazy("wind letter", "W"),
    "N": pgettext_lazy("wind letter", "N"),
}


def signed(value: int) -> str:
    """A payment with its sign: +36, -20, 0."""
    return f"{value:+d}" if value else "0"


def wind_name(code: str) -> str:
    """The translated name of a wind code ("E" -> "East")."""
    return str(WIND_NAMES.get(code, code))


def wind_letter(code: str) -> str:
    """The translated one-letter wind ("W" -> "O" in French)."""
    return str(WIND_LETTERS.get(code, code))
