"""The review's charts: each player's expected final score after each turn and chance to win, as SVG.

The template draws it with presentation attributes only (no style, no script); players differ
by colour, dash pattern and marker shape, so the chart reads in black and white too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask_babel import format_percent

WIDTH, HEIGHT = 360, 210
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 8, 28
MARK = 3.5  # marker radius

COLOURS = ("#0a7d55", "#c0501f", "#3461c1", "#9b3fb5", "#7a6a00", "#c2185b", "#00838f", "#6d4c41")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "12 4", "1 2", "6 2 2 2")
SHAPES = ("circle", "square", "triangle", "diamond", "down", "plus", "cross", "bar")
_STEPS = (5, 10, 20, 25, 50, 100, 200)


@dataclass(frozen=True)
class Series:
    """One player's line: its look, its polyline points and a marker path per point."""

    index: int
    name: str
    colour: str
    dash: str
    shape: str
    points: str  # "x,y x,y …" for <polyline points>
    markers: tuple[str, ...]  # one <path d> per point
    filled: bool  # plus, cross and bar markers are strokes only
    sample: str  # the legend's marker path, centred in a 36 × 12 sample


@dataclass(frozen=True)
class Tick:
    """An axis tick: its position and its label."""

    at: float
    label: str


@dataclass(frozen=True)
class Chart:
    """Everything the template needs to draw the chart."""

    width: int
    height: int
    left: int
    right: float
    top: int
    bottom: float
    series: tuple[Series, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]


def marker(shape: str, x: float, y: float, r: float = MARK) -> str:
    """An SVG path of a marker centred on (x, y)."""
    if shape == "circle":
        return f"M{x - r:.1f},{y:.1f}a{r},{r} 0 1,0 {2 * r},0a{r},{r} 0 1,0 {-2 * r},0Z"
    if shape == "square":
        s = r * 0.85
        return f"M{x - s:.1f},{y - s:.1f}h{2 * s:.1f}v{2 * s:.1f}h{-2 * s:.1f}Z"
    if shape == "triangle":
        return f"M{x:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}L{x - r:.1f},{y + r:.1f}Z"
    if shape == "down":
        return f"M{x:.1f},{y + r:.1f}L{x + r:.1f},{y - r:.1f}L{x - r:.1f},{y - r:.1f}Z"
    if shape == "diamond":
        return f"M{x:.1f},{y - r:.1f}L{x + r:.1f},{y:.1f}L{x:.1f},{y + r:.1f}L{x - r:.1f},{y:.1f}Z"
    if shape == "plus":
        return f"M{x - r:.1f},{y:.1f}H{x + r:.1f}M{x:.1f},{y - r:.1f}V{y + r:.1f}"
    if shape == "cross":
        return (
            f"M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}"  # one stroke, then the other
            f"M{x - r:.1f},{y + r:.1f}L{x + r:.1f},{y - r:.1f}"
        )
    return f"M{x - r:.1f},{y - r:.1f}V{y + r:.1f}M{x + r:.1f},{y - r:.1f}V{y + r:.1f}"  # bar


def y_range(values: Sequence[float]) -> tuple[float, float, int]:
    """Axis bounds with a little room and a round step giving about five ticks."""
    low, high = min(values), max(values)
    span = max(high - low, 10.0)
    step = next((s for s in _STEPS if span / s <= 6), _STEPS[-1])
    return math.floor((low - 2) / step) * step, math.ceil((high + 2) / step) * step, step


def review_chart(reviews: Sequence, rounds: int) -> Chart:
    """The chart of these PlayerReviews (their `series`: start, then after each of `rounds` turns)."""
    low, high, step = y_range([v for review in reviews for v in review.series])
    lines = [(review.player, review.name, review.series) for review in reviews]
    return line_chart(lines, rounds, low, high, [float(v) for v in range(int(low), int(high) + 1, step)], str)


def chance_chart(names: Sequence[str], series: Sequence[Sequence[float]], rounds: int) -> Chart:
    """Each player's chance to win (0–1) at the start and after each round, on a 0–1 axis in percent."""
    lines = [
        (seat, name, tuple(values)) for seat, (name, values) in enumerate(zip(names, series, strict=True))
    ]
    ticks = [0.0, 0.25, 0.5, 0.75, 1.0]  # the axis in quarters
    return line_chart(lines, rounds, 0.0, 1.0, ticks, lambda v: format_percent(v, format="#,##0%"))


def line_chart(
    lines: Sequence[tuple[int, str, Sequence[float]]],
    rounds: int,
    low: float,
    high: float,
    ticks: Sequence[float],
    label: Callable[[float], str],
) -> Chart:
    """Lines of (seat, name, values at x = 0, 1, …) on an x axis of `rounds` and a y axis low…high."""
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x_of(turn: int) -> float:
        return LEFT + (right - LEFT) * turn / rounds

    def y_of(value: float) -> float:
        return bottom - (bottom - TOP) * (value - low) / (high - low)

    series = []
    for seat, name, values in lines:
        i = seat % len(COLOURS)
        shape = SHAPES[i]
        coords = [(x_of(turn), y_of(value)) for turn, value in enumerate(values)]
        series.append(
            Series(
                index=i,
                name=name,
                colour=COLOURS[i],
                dash=DASHES[i],
                shape=shape,
                points=" ".join(f"{x:.1f},{y:.1f}" for x, y in coords),
                markers=tuple(marker(shape, x, y) for x, y in coords),
                filled=shape not in ("plus", "cross", "bar"),
                sample=marker(shape, 18, 6),
            )
        )
    y_ticks = tuple(
        Tick(y_of(value), label(int(value) if value == int(value) and high > 1 else value)) for value in ticks
    )
    x_ticks = tuple(Tick(x_of(turn), str(turn)) for turn in range(rounds + 1))
    return Chart(WIDTH, HEIGHT, LEFT, right, TOP, bottom, tuple(series), x_ticks, y_ticks)
