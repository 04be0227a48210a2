"""The career chart's polyline: scaled into its box, zero always shown."""

from __future__ import annotations

from fractions import Fraction as F

from leagues.charts import line_chart, line_charts, stacked_bar


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


def test_charts_drawn_together_share_one_scale():
    """Two series on one scale: the same value sits at the same height."""
    low, high = line_charts([[F(1), F(3)], [F(3), F(0)]])
    assert low.high == high.high == 3 and low.low == high.low == 0
    assert low.coords[1][1] == high.coords[0][1]  # both at 3
    assert high.coords[1][1] == high.zero_y
    assert len(low.coords) == low.count == 2


def test_a_stacked_bar_is_100_wide_and_skips_empty_places():
    segments = stacked_bar([3, 0, 1, 0])
    assert [s.place for s in segments] == [1, 3]
    assert segments[0].x == 0 and segments[0].width == 75
    assert segments[1].x == 75 and segments[1].width == 25
    assert stacked_bar([0, 0, 0, 0]) == ()
