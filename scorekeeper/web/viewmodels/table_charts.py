"""The statistics' charts as SVG geometry: final scores over time, their distribution, points per box.

Built on the coach's chart primitives (coach_chart: palette, dashes, marker shapes, axis
ranges, Series/Tick/Chart), drawn by the shared line-chart template (templates/charts/_lines.html)
and two small bar-chart templates; presentation attributes only, no script, so they pass the
CSP, work without JavaScript and print.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .coach_chart import COLOURS, DASHES, HEIGHT, LEFT, RIGHT, SHAPES, TOP, WIDTH, Chart, Series, Tick, marker
from .coach_chart import y_range as axis_range

BOTTOM = 28
DENSE = 60  # more points than this on a line: no markers (they would merge into a smear)
BAR_ROW = 32  # height of one box's row in the points-per-box chart: its full name above its bar
MOST_BINS = 8  # the distribution's bins are halved while there are at most this many


@dataclass(frozen=True, slots=True)
class Line:
    """One player's points to draw: (x, y) in data units."""

    seat: int  # the colour/dash/marker slot
    name: str
    points: tuple[tuple[int, int], ...]


def line_chart(lines: Sequence[Line], last_x: int) -> Chart:
    """A line per player on x from 1 to last_x (game numbers), y around their scores."""
    low, high, step = axis_range([y for line in lines for _, y in line.points])
    x_low, x_high, x_step = axis_range([0, last_x])
    x_low = max(x_low, 0)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x_of(x: float) -> float:
        return LEFT + (right - LEFT) * (x - x_low) / (x_high - x_low)

    def y_of(y: float) -> float:
        return bottom - (bottom - TOP) * (y - low) / (high - low)

    series = []
    for line in lines:
        i = line.seat % len(COLOURS)
        coords = [(x_of(x), y_of(y)) for x, y in line.points]
        sparse = len(coords) <= DENSE
        series.append(
            Series(
                index=i,
                name=line.name,
                colour=COLOURS[i],
                dash=DASHES[i],
                shape=SHAPES[i],
                points=" ".join(f"{x:.1f},{y:.1f}" for x, y in coords),
                markers=tuple(marker(SHAPES[i], x, y) for x, y in coords) if sparse else (),
                filled=SHAPES[i] not in ("plus", "cross", "bar"),
                sample=marker(SHAPES[i], 18, 6),
            )
        )
    y_ticks = tuple(Tick(y_of(v), str(v)) for v in range(int(low), int(high) + 1, step))
    x_ticks = tuple(Tick(x_of(v), str(v)) for v in range(int(x_low), int(x_high) + 1, x_step))
    return Chart(WIDTH, HEIGHT, LEFT, right, TOP, bottom, tuple(series), x_ticks, y_ticks)


@dataclass(frozen=True, slots=True)
class Bar:
    """A rectangle with the figures it stands for."""

    x: float
    y: float
    width: float
    height: float
    low: int  # the bin's scores: low to high inclusive
    high: int
    count: int


@dataclass(frozen=True, slots=True)
class Histogram:
    """The distribution of final scores: one bar per bin of equal width."""

    width: int
    height: int
    left: int
    right: float
    top: int
    bottom: float
    bars: tuple[Bar, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]


def histogram(scores: Sequence[int]) -> Histogram:
    """Bins of a round width over the scores' range, their counts as bars."""
    low, high, step = axis_range(scores)
    low = max(int(low), 0)
    high = int(high)
    width = step
    if (high - low) // step <= MOST_BINS and step % 2 == 0:
        width = step // 2
    edges = list(range(low, high, width))
    counts = [0] * len(edges)
    for score in scores:
        counts[min((score - low) // width, len(edges) - 1)] += 1
    _, count_high, count_step = axis_range([0, max(counts)])
    count_step = max(count_step, 1)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x_of(value: float) -> float:
        return LEFT + (right - LEFT) * (value - low) / (high - low)

    def y_of(count: float) -> float:
        return bottom - (bottom - TOP) * count / count_high

    bars = tuple(
        Bar(
            x_of(edge) + 0.5,
            y_of(count),
            x_of(edge + width) - x_of(edge) - 1,
            bottom - y_of(count),
            edge,
            edge + width - 1,
            count,
        )
        for edge, count in zip(edges, counts, strict=True)
    )
    x_ticks = tuple(Tick(x_of(v), str(v)) for v in range(low, high + 1, step))
    y_ticks = tuple(Tick(y_of(v), str(v)) for v in range(0, int(count_high) + 1, count_step))
    return Histogram(WIDTH, HEIGHT, LEFT, right, TOP, bottom, bars, x_ticks, y_ticks)


@dataclass(frozen=True, slots=True)
class BoxRow:
    """One box's row: the table's average as a bar, optimal play's as a tick across it."""

    label: str
    y: float  # the row's top
    bar: float  # the bar's width
    optimal: float | None  # the tick's x, None without the coach


@dataclass(frozen=True, slots=True)
class BoxChart:
    """Average points per box against optimal play, one row per box."""

    width: int
    height: int
    left: int
    right: float
    row: int
    rows: tuple[BoxRow, ...]
    x_ticks: tuple[Tick, ...]


def box_chart(labels: Sequence[str], means: Sequence[float], optimal: Sequence[float] | None) -> BoxChart:
    """Horizontal bars of `means` per box, each under its box's full name (a phone has no room for
    a column of names, and codes like "3K" explain nothing); optimal play's figure as a tick."""
    top_value = max([*means, *(optimal or ()), 1.0])
    _, high, step = axis_range([0, top_value])
    left = LEFT // 2
    right = WIDTH - RIGHT * 2

    def x_of(value: float) -> float:
        return left + (right - left) * value / high

    rows = tuple(
        BoxRow(label, TOP + i * BAR_ROW, x_of(mean) - left, x_of(optimal[i]) if optimal else None)
        for i, (label, mean) in enumerate(zip(labels, means, strict=True))
    )
    height = TOP + len(rows) * BAR_ROW + BOTTOM
    x_ticks = tuple(Tick(x_of(v), str(v)) for v in range(0, int(high) + 1, step))
    return BoxChart(WIDTH, height, left, right, BAR_ROW, rows, x_ticks)
