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
    #: Each value's ``(x, y)``, for a marker per point.
    coords: tuple[tuple[float, float], ...] = ()


def line_chart(
    values: Sequence[Fraction],
    width: int = 600,
    height: int = 160,
    pad: int = 8,
    *,
    bounds: Sequence[Fraction] = (),
) -> LineChart:
    """The chart of ``values`` in order, scaled to fit with 0 always shown
    (and every value of ``bounds``: charts drawn on one scale)."""
    low = min([Fraction(0), *values, *bounds])
    high = max([Fraction(0), *values, *bounds])
    span = (high - low) or Fraction(1)
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    step = Fraction(inner_w, max(len(values) - 1, 1))

    def y(value: Fraction) -> float:
        return round(float(pad + inner_h * (high - value) / span), 1)

    coords = tuple(
        (round(float(pad + step * index), 1), y(value))
        for index, value in enumerate(values)
    )
    points = " ".join(f"{x},{y_}" for x, y_ in coords)
    return LineChart(
        width, height, points, y(Fraction(0)), low, high, len(values), coords
    )


def line_charts(
    series: Sequence[Sequence[Fraction]], width: int = 600, height: int = 160
) -> list[LineChart]:
    """One chart per series, all on the same scale (several lines in one
    ``<svg>``: the leaders over a season, two rates over a career)."""
    every = [value for values in series for value in values]
    bounds = [min(every, default=Fraction(0)), max(every, default=Fraction(0))]
    return [line_chart(values, width, height, bounds=bounds) for values in series]


@dataclass(frozen=True)
class Segment:
    """A part of a 100-wide stacked bar: from ``x``, ``width`` long."""

    place: int
    count: int
    x: float
    width: float


def stacked_bar(counts: Sequence[int]) -> tuple[Segment, ...]:
    """``counts`` (sessions finished 1st, 2nd...) as the parts of one bar
    100 wide, each as long as its share; empty parts left out."""
    total = sum(counts)
    if not total:
        return ()
    segments, start = [], Fraction(0)
    for place, count in enumerate(counts, start=1):
        length = Fraction(100 * count, total)
        if count:
            segments.append(
                Segment(place, count, round(float(start), 1), round(float(length), 1))
            )
        start += length
    return tuple(segments)
