"""Numbers on the league pages: exact table points, averages to 2 places."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.formats import number_format

from tournaments.exact_points import format_points

register = template.Library()


@register.filter
def points(value: Fraction | int | None) -> str:
    """Exact table points as the tournament pages write them (2⅓)."""
    return "" if value is None else format_points(value)


@register.filter
def rule_value(value: Fraction, kind: str) -> str:
    """The ranking figure: an average to two decimals, a total exactly."""
    if kind == "average":
        return number_format(round(float(value), 2), 2)
    return format_points(value)
