"""The statistics' figures in words and numbers, for pages, API and workbook.

The common figures have their labels here; a rule set's own figures, and
the common ones it names its own way (the French "Mah-Jong rate"), come
from its ``words.stats`` (``scoring.engine.words``), translated here. A
rate is shown as a percentage, an average with one decimal, a count as it
is; the API gives the exact value too.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.stats import COUNTS, RATES, Figure
from scoring.messages import ruleset_words

FIGURE_LABELS: dict[str, Any] = {
    "hands": _("Hands played"),
    "sessions": _("Sessions"),
    "wins": _("Wins"),
    "win_rate": _("Win rate"),
    "self_draw_share": _("Self-drawn share of wins"),
    "deal_in_rate": _("Deal-in rate"),
    "washout_share": _("Washouts"),
    "average_win_value": _("Average winning hand"),
    "biggest_win_value": _("Biggest winning hand"),
    "penalties": _("Penalties"),
    "penalty_points": _("Penalty points"),
    "first_share": _("1st places"),
    "second_share": _("2nd places"),
    "third_share": _("3rd places"),
    "fourth_share": _("4th places"),
    "average_place": _("Average place"),
    "table_points_per_session": _("Table points per session"),
    # The event's own figures.
    "washout_rate": _("Washout rate"),
    "hands_per_session": _("Hands per session"),
    "minutes_per_hand": _("Minutes per hand"),
}

#: What the event's own figures rest on.
EVENT_COUNTS = {
    "hands": "hands",
    "sessions": "sessions",
    "washout_rate": "hands",
    "hands_per_session": "sessions",
    "minutes_per_hand": "intervals",
}

#: The event's figures that are shares of 1, beside the players' (``RATES``).
EVENT_RATES = frozenset({"washout_rate"})

#: The figures whose value is a plain count (no decimals).
WHOLE = frozenset({"hands", "sessions", "wins", "penalties", "penalty_points"})


def figure_label(key: str, ruleset: str) -> str:
    """A figure's label in the active language, in the rule set's words
    where it has its own."""
    words = ruleset_words(ruleset)
    own = words.stats.get(key) if words is not None else None
    if own:
        return gettext(own)
    label = FIGURE_LABELS.get(key)
    return str(label) if label is not None else key


def items_label(ruleset: str) -> str:
    """What the rule set's breakdown lines are called (fans, yaku)."""
    words = ruleset_words(ruleset)
    own = words.stats.get("items") if words is not None else None
    return gettext(own) if own else gettext("Fans or yaku")


def item_name(name: str, name_fr: str | None, language: str | None) -> str:
    """A fan's or yaku's name, in French where the breakdown carries it."""
    return name_fr if name_fr and (language or "").startswith("fr") else name


def as_number(value: Fraction | int | None) -> float | int | None:
    """A figure's value for JSON: an integer as it is, else four decimals."""
    if value is None or isinstance(value, int):
        return value
    if value.denominator == 1:
        return int(value)
    return round(float(value), 4)


def exact(value: Fraction | int | None) -> str | None:
    """The exact value: ``"7/3"``, ``"4"``."""
    return None if value is None else str(value)


def shown(key: str, value: Fraction | int | None) -> str:
    """A figure as a page shows it: ``"45.5 %"``, ``"2.4"``, ``"12"``; an
    em dash when it rests on nothing."""
    if value is None:
        return "—"
    if key in RATES or key in EVENT_RATES:
        return f"{number_format(float(value) * 100, 1)} %"
    if key in WHOLE or (isinstance(value, int) and key not in COUNTS):
        return number_format(int(value))
    number = Fraction(value)
    if number.denominator == 1:
        return number_format(int(number))
    return number_format(float(number), 1)


def count_text(key: str, figure: Figure, *, event: bool = False) -> str:
    """What a figure rests on, in words: "over 120 hands"."""
    unit = (EVENT_COUNTS if event else COUNTS).get(key, "hands")
    count = figure.count
    if unit == "sessions":
        text = ngettext("over %(count)s session", "over %(count)s sessions", count)
    elif unit == "wins":
        text = ngettext("over %(count)s win", "over %(count)s wins", count)
    elif unit == "intervals":
        text = ngettext(
            "over %(count)s interval between hands",
            "over %(count)s intervals between hands",
            count,
        )
    else:
        text = ngettext("over %(count)s hand", "over %(count)s hands", count)
    return text % {"count": count}


def count_unit(key: str, *, event: bool = False) -> str:
    """``"hands"``, ``"wins"``, ``"sessions"`` (or ``"intervals"``)."""
    return (EVENT_COUNTS if event else COUNTS).get(key, "hands")
