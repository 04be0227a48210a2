"""A line chart as SVG coordinates, pure: values in, a polyline out.

Server-rendered charts need no script and no CDN: the template draws the
``points`` of ``line_chart`` in an inline ``<svg>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class LineChart:
    """``points`` for ``<polyline points=...>`` in a ``width`` x ``height``
    box; ``zero_y`` is the height of the value 0 (the axis)."""

    width: int
    height: int
    points: str
    zero_y: float
    low: Fraction
    high: Fraction
    count: int


def line_chart(
    values: Sequence[Fraction], width: int = 600, height: int = 160, pad: int = 8
) -> LineChart:
    """The chart of ``values`` in order, scaled to fit with 0 always shown."""
    low = min([Fraction(0), *values])
    high = max([Fraction(0), *values])
    span = (high - low) or Fraction(1)
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    step = Fraction(inner_w, max(len(values) - 1, 1))

    def y(value: Fraction) -> float:
        return round(float(pad + inner_h * (high - value) / span), 1)

    points = " ".join(
        f"{round(float(pad + step * index), 1)},{y(value)}"
        for index, value in enumerate(values)
    )
    return LineChart(width, height, points, y(Fraction(0)), low, high, len(values))
