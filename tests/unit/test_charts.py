"""The pure bar-chart helpers of the statistics pages."""

from __future__ import annotations

from fractions import Fraction

from tournaments.charts import bar_lengths, column_chart


def test_the_largest_column_is_the_tallest_and_zero_is_flat():
    chart = column_chart([("1st", 3), ("2nd", 0), ("3rd", 1), ("4th", 2)])
    heights = [column.height for column in chart.columns]
    assert heights[1] == 0
    assert heights[0] == max(heights) > heights[3] > heights[2] > 0
    assert abs(heights[0] - 1.5 * heights[3]) < 0.2
    assert abs(heights[0] - 3 * heights[2]) < 0.2
    for column in chart.columns:
        assert column.y + column.height == chart.base_y
        assert column.text_y > 0  # the value's text stays inside the box
    assert [c.label for c in chart.columns] == ["1st", "2nd", "3rd", "4th"]


def test_columns_stay_inside_the_box():
    chart = column_chart([("a", Fraction(7, 3)), ("b", 5)], width=200, height=100)
    for column in chart.columns:
        assert column.x >= 0 and column.x + column.width <= 200
        assert column.y >= 0


def test_no_value_gives_no_column():
    assert all(c.height == 0 for c in column_chart([("a", 0), ("b", 0)]).columns)


def test_bar_lengths_scale_to_the_largest():
    assert bar_lengths([4, 2, 1, 0]) == [100.0, 50.0, 25.0, 0.0]
    assert bar_lengths([0, 0]) == [0.0, 0.0]
    assert bar_lengths([]) == []
