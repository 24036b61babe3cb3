"""The chart geometry: data scaled into the plot area, round ticks, degenerate inputs."""

from __future__ import annotations

import pytest

from games.web.charts import line_chart, nice_range, nice_step


@pytest.mark.parametrize(
    ("span", "count", "step"),
    [(100, 5, 20), (90, 5, 20), (7, 5, 2), (1, 4, 0.5), (0.03, 3, 0.01), (1000, 10, 100), (0, 5, 1)],
)
def test_nice_step_is_one_two_or_five_times_a_power_of_ten(span: float, count: int, step: float) -> None:
    assert nice_step(span, count) == pytest.approx(step)


def test_nice_range_widens_outward_to_whole_steps() -> None:
    assert nice_range(1487.3, 1532.9, 5) == (1480.0, 1540.0, 10.0)
    low, high, step = nice_range(1500, 1500)  # flat: some height around the value
    assert low < 1500 < high and step > 0


def test_points_map_to_the_plot_area_with_y_pointing_down() -> None:
    chart = line_chart(
        {"mulligan": [(1, 1500.0), (2, 1520.0), (3, 1480.0)]}, width=200, height=100, margin=(10, 10, 10, 10)
    )
    assert (chart.y_min, chart.y_max) == (1480.0, 1520.0)
    (line,) = chart.lines
    assert line.points == ((10.0, 50.0), (100.0, 10.0), (190.0, 90.0))
    assert line.polyline == "10.0,50.0 100.0,10.0 190.0,90.0"


def test_every_series_gets_one_point_per_value_on_shared_axes() -> None:
    chart = line_chart({"a": [(1, 10.0), (3, 30.0)], "b": [(2, 20.0), (4, 40.0), (5, 0.0)]})
    assert [len(line.points) for line in chart.lines] == [2, 3]
    xs = [x for line in chart.lines for x, _ in line.points]
    assert min(xs) == chart.left and max(xs) == chart.right
    ys = [y for line in chart.lines for _, y in line.points]
    assert all(chart.top <= y <= chart.bottom for y in ys)


def test_ticks_cover_the_range_with_readable_labels() -> None:
    chart = line_chart({"a": [(1, 1487.3), (40, 1532.9)]})
    assert [t.label for t in chart.y_ticks] == ["1480", "1490", "1500", "1510", "1520", "1530", "1540"]
    assert chart.y_ticks[0].position == chart.bottom and chart.y_ticks[-1].position == chart.top
    assert [t.value for t in chart.x_ticks] == [10.0, 20.0, 30.0, 40.0]
    assert all(chart.left <= t.position <= chart.right for t in chart.x_ticks)


def test_a_single_point_sits_in_the_middle() -> None:
    chart = line_chart({"a": [(1, 1500.0)]}, width=100, height=100, margin=(0, 0, 0, 0))
    ((x, y),) = chart.lines[0].points
    assert (x, y) == (50.0, 50.0)


def test_no_data_still_gives_a_drawable_chart() -> None:
    chart = line_chart({})
    assert chart.lines == () and chart.y_ticks
