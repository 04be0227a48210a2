"""Bar charts as SVG coordinates, pure: values in, rectangles out.

Like the leagues' line chart (``leagues.charts``), the pages draw these in
an inline ``<svg>``: no script, no library. ``column_chart`` draws a few
labelled columns (a player's placements); ``bar_lengths`` scales each value
of a frequency table to a bar's length, the largest full (fan or yaku
frequencies, one bar per row beside the name, readable on a phone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Column:
    """One column: its ``label`` (given), its ``value``, its rectangle, and
    where its value's text sits (``text_y``) and its label's (``label_y``)."""

    label: str
    value: Fraction
    x: float
    y: float
    width: float
    height: float
    text_x: float
    text_y: float
    label_y: float


@dataclass(frozen=True)
class ColumnChart:
    """Columns in a ``width`` x ``height`` box, standing on ``base_y``."""

    width: int
    height: int
    base_y: float
    columns: tuple[Column, ...]


def column_chart(
    values: Sequence[tuple[str, Fraction | int]],
    width: int = 320,
    height: int = 160,
    pad: int = 8,
    label_room: int = 20,
) -> ColumnChart:
    """Columns for ``values`` (label, value not below 0) side by side, the
    largest reaching the top; ``label_room`` below them for the labels."""
    count = max(len(values), 1)
    high = max([Fraction(0), *(Fraction(v) for _, v in values)]) or Fraction(1)
    base = height - label_room
    # Room above the tallest column for its value.
    inner_h = base - 2 * pad - 14
    slot = Fraction(width - 2 * pad, count)
    bar_width = slot * Fraction(3, 5)
    columns = []
    for index, (label, raw) in enumerate(values):
        value = max(Fraction(raw), Fraction(0))
        bar_height = Fraction(inner_h) * value / high
        x = pad + slot * index + (slot - bar_width) / 2
        columns.append(
            Column(
                label=label,
                value=value,
                x=_r(x),
                y=_r(base - bar_height),
                width=_r(bar_width),
                height=_r(bar_height),
                text_x=_r(x + bar_width / 2),
                text_y=_r(base - bar_height - 3),
                label_y=_r(Fraction(height - 5)),
            )
        )
    return ColumnChart(width, height, float(base), tuple(columns))


def bar_lengths(values: Sequence[Fraction | int], length: int = 100) -> list[float]:
    """Each value's bar length out of ``length``, the largest full; none
    longer than ``length``, none below 0."""
    high = max([Fraction(0), *(Fraction(v) for v in values)])
    if not high:
        return [0.0 for _ in values]
    return [_r(max(Fraction(v), Fraction(0)) * length / high) for v in values]


def _r(value: Fraction | int) -> float:
    return round(float(value), 1)
