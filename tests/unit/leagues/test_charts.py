"""The career chart's polyline: scaled into its box, zero always shown."""

from __future__ import annotations

from fractions import Fraction as F

from leagues.charts import line_chart


def test_points_span_the_box_with_the_padding():
    chart = line_chart([F(0), F(4), F(2)], width=100, height=50, pad=5)
    assert chart.points == "5.0,45.0 50.0,5.0 95.0,25.0"
    assert chart.zero_y == 45.0
    assert (chart.low, chart.high, chart.count) == (0, 4, 3)


def test_negative_values_put_zero_inside():
    chart = line_chart([F(-2), F(2)], width=100, height=50, pad=5)
    assert chart.zero_y == 25.0
    assert chart.points == "5.0,45.0 95.0,5.0"


def test_no_value_draws_nothing():
    assert line_chart([]).points == ""
