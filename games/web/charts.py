"""Line-chart geometry for server-rendered SVG: data points in, pixel coordinates and ticks out.

Pure functions over plain numbers, so a template only draws what this module computed and the
geometry is unit-tested without a browser. SVG's y axis points down: larger values get smaller y.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Tick:
    value: float
    position: float  # pixels along its axis (x for x ticks, y for y ticks)
    label: str


@dataclass(frozen=True)
class Line:
    label: str
    points: tuple[Point, ...]  # pixel coordinates, one per data point, in data order

    @property
    def polyline(self) -> str:
        """The ``points`` attribute of an SVG ``<polyline>``."""
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    x_min: float
    x_max: float
    y_min: float
    y_max: float
    lines: tuple[Line, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]


def nice_step(span: float, count: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``count`` intervals over ``span``."""
    if span <= 0 or count < 1:
        return 1.0
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return float(factor * magnitude)
    return float(10 * magnitude)  # unreachable: raw < 10 * magnitude by construction


def nice_range(low: float, high: float, count: int = 5) -> tuple[float, float, float]:
    """(low, high, step) widened outward to multiples of a round step; a flat range gets some height."""
    if high < low:
        low, high = high, low
    if high == low:
        pad = max(abs(low) * 0.01, 1.0)
        low, high = low - pad, high + pad
    step = nice_step(high - low, count)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _label(value: float, step: float) -> str:
    decimals = max(0, -math.floor(math.log10(step))) if step < 1 else 0
    return f"{value:.{decimals}f}"


def line_chart(
    series: Mapping[str, Sequence[Point]],
    *,
    width: int = 640,
    height: int = 280,
    margin: tuple[float, float, float, float] = (16, 16, 32, 56),  # top, right, bottom, left
    y_ticks: int = 5,
    x_ticks: int = 6,
) -> Chart:
    """Scale every series into one plot area with shared axes.

    The y range is widened to round numbers so the tick labels read well; the x range is the data's
    own (a chart of one point puts it in the middle).
    """
    top, right_margin, bottom_margin, left = margin
    right, bottom = width - right_margin, height - bottom_margin
    xs = [x for points in series.values() for x, _ in points]
    ys = [y for points in series.values() for _, y in points]
    if not xs:
        xs, ys = [0.0, 1.0], [0.0, 1.0]
    y_low, y_high, y_step = nice_range(min(ys), max(ys), y_ticks)
    x_low, x_high = min(xs), max(xs)
    if x_low == x_high:
        x_low, x_high = x_low - 1, x_high + 1

    def sx(x: float) -> float:
        return left + (x - x_low) / (x_high - x_low) * (right - left)

    def sy(y: float) -> float:
        return bottom - (y - y_low) / (y_high - y_low) * (bottom - top)

    lines = tuple(
        Line(label=label, points=tuple((sx(x), sy(y)) for x, y in points)) for label, points in series.items()
    )
    y_tick_count = round((y_high - y_low) / y_step)
    y_tick_list = tuple(
        Tick(value, sy(value), _label(value, y_step))
        for value in (y_low + k * y_step for k in range(y_tick_count + 1))
    )
    x_step = max(1.0, nice_step(x_high - x_low, x_ticks))
    first = math.ceil(x_low / x_step) * x_step
    x_tick_list = tuple(
        Tick(value, sx(value), _label(value, x_step))
        for value in (first + k * x_step for k in range(int((x_high - first) / x_step) + 1))
    )
    return Chart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        x_min=x_low,
        x_max=x_high,
        y_min=y_low,
        y_max=y_high,
        lines=lines,
        x_ticks=x_tick_list,
        y_ticks=y_tick_list,
    )
