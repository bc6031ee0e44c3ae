"""What the table page's statistics section shows: the figures as words and charts.

The page lists the games and the high scores itself; this is the players' figures per edition,
head-to-head, points per box and the three charts.

Every figure comes from scorekeeper.statistics (the engine's totals); this module only formats
them in the reader's language and lays out the charts (table_charts). The template prints.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import format_decimal, format_percent, get_locale

from scorekeeper.statistics import EditionFigures, PlayerFigures, TableStatistics

from ..infra.i18n import box_name, edition_name
from .coach_chart import Chart
from .table_charts import BoxChart, Histogram, Line, box_chart, histogram, line_chart

RECENT = 20  # rows of the scores-over-time chart's data table: the latest games (the list has all)
DASH = "—"
VIEWS = 32  # formatted sections each process keeps (a table's result in one language each)


@dataclass(frozen=True, slots=True)
class PlayerRowView:
    """A player's figures, formatted."""

    name: str
    games: str
    wins: str
    win_rate: str
    mean: str
    stdev: str
    best: str
    worst: str
    upper_bonus_rate: str
    five_rate: str
    extra_per_game: str


@dataclass(frozen=True, slots=True)
class BoxRowView:
    """A row of the points-per-box table: the box, the table, each player, optimal play."""

    name: str
    table: str
    players: tuple[str, ...]
    optimal: str


@dataclass(frozen=True, slots=True)
class EditionView:
    """One edition's section."""

    slug: str  # for element ids
    name: str
    games: int
    players: tuple[PlayerRowView, ...]
    names: tuple[str, ...]
    five_name: str | None  # the five-of-a-kind box's name, None if the edition has none
    has_extra: bool
    head_to_head: tuple[tuple[str, tuple[str, ...]], ...]  # (row player, "won–lost" against each column)
    boxes: tuple[BoxRowView, ...]
    has_optimal: bool
    scores_chart: Chart
    recent: tuple[tuple[str, tuple[str, ...]], ...]  # (game number, each player's score or —), latest last
    histogram: Histogram
    box_chart: BoxChart


@dataclass(frozen=True, slots=True)
class StatisticsView:
    """The whole section."""

    editions: tuple[EditionView, ...]
    finished: int


_VIEWS: OrderedDict[tuple[int, str], tuple[TableStatistics, StatisticsView]] = OrderedDict()
_LOCK = threading.Lock()


def statistics_view(statistics: TableStatistics) -> StatisticsView:
    """The section of these statistics, in the request's language (formatted once per result and
    language: scorekeeper.statistics hands out the same immutable result while no game changed)."""
    key = (id(statistics), str(get_locale()))
    with _LOCK:
        found = _VIEWS.get(key)
        if found is not None and found[0] is statistics:  # the same object, not a reused id
            _VIEWS.move_to_end(key)
            return found[1]
    view = StatisticsView(
        editions=tuple(_edition(figures) for figures in statistics.editions),
        finished=statistics.finished,
    )
    with _LOCK:
        _VIEWS[key] = (statistics, view)  # the result is kept with its view, so its id stays its own
        while len(_VIEWS) > VIEWS:
            _VIEWS.popitem(last=False)
    return view


def decimal(value: float) -> str:
    """One decimal, as the language writes it."""
    return format_decimal(value, format="#,##0.0")


def percent(rate: float | None) -> str:
    """A share as a whole percentage ("67 %" in French), a dash when there is none."""
    return DASH if rate is None else format_percent(rate)


def _player(player: PlayerFigures) -> PlayerRowView:
    return PlayerRowView(
        name=player.name,
        games=str(player.games),
        wins=str(player.wins),
        win_rate=percent(player.win_rate),
        mean=decimal(player.mean),
        stdev=decimal(player.stdev),
        best=str(player.best),
        worst=str(player.worst),
        upper_bonus_rate=percent(player.upper_bonus_rate),
        five_rate=percent(player.five_rate),
        extra_per_game=DASH
        if player.extra_per_game is None
        else format_decimal(player.extra_per_game, "0.00"),
    )


def _edition(figures: EditionFigures) -> EditionView:
    rules = figures.edition
    players = figures.players
    h2h = figures.head_to_head
    head_to_head = tuple(
        (
            a.name,
            tuple(
                DASH
                if a.key == b.key or not h2h.met(a.key, b.key)
                else f"{h2h.won(a.key, b.key)}–{h2h.won(b.key, a.key)}"
                for b in players
            ),
        )
        for a in players
    )
    optimal = figures.optimal
    boxes = tuple(
        BoxRowView(
            name=box_name(rules, box.key),
            table=decimal(figures.box_means[i]),
            players=tuple(decimal(p.box_means[i]) for p in players),
            optimal=decimal(optimal[i]) if optimal else "",
        )
        for i, box in enumerate(rules.boxes)
    )
    return EditionView(
        slug=rules.id,
        name=edition_name(rules),
        games=figures.games,
        players=tuple(_player(p) for p in players),
        names=tuple(p.name for p in players),
        five_name=None if figures.five_box is None else box_name(rules, rules.boxes[figures.five_box].key),
        has_extra=rules.extra is not None,
        head_to_head=head_to_head,
        boxes=boxes,
        has_optimal=optimal is not None,
        scores_chart=line_chart(
            [Line(seat, p.name, p.scores) for seat, p in enumerate(players)], figures.games
        ),
        recent=_recent(players, figures.games),
        histogram=histogram(figures.all_scores),
        box_chart=box_chart([box_name(rules, box.key) for box in rules.boxes], figures.box_means, optimal),
    )


def _recent(players: Sequence[PlayerFigures], games: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The latest games' scores per player: the scores-over-time chart's data table."""
    first = max(games - RECENT, 0) + 1
    by_player = [dict(p.scores) for p in players]
    return tuple(
        (str(number), tuple(str(scores[number]) if number in scores else DASH for scores in by_player))
        for number in range(first, games + 1)
    )
