"""A table's statistics computed from its games' engine totals (pure: no database, no web).

Conventions (the page states them too):
- Player figures, high scores and head-to-head count finished games only; the game list shows all.
- Editions are never mixed: every figure belongs to one edition.
- A win is first place in a game of two or more seats; a first place shared by equal totals
  is a win for each of them. The win rate is wins over such games played (solo games excluded).
- The standard deviation is the population one (of the games played, not an estimate).
- Head-to-head: in each finished game two players both sat in, the higher total wins; equal
  totals are counted as ties, not as wins.
- Players are matched by ``player_key``; a player is shown by their latest spelling.
- On a sheet of several columns (Triple Yahtzee) each column counts as a sheet for the figures of
  a box (points per box, the five-of-a-kind rate) and for the upper bonus rate; scores, wins and
  head-to-head are the grand totals.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from operator import add

from scorekeeper.rules import Ruleset, every_edition

from .names import player_key
from .totals import GameTotals, five_box

HIGH_SCORES = 10  # entries in each edition's high-score list

Optimal = Callable[[Ruleset], tuple[float, ...] | None]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A stored game as the statistics see it: its settings, players and engine totals."""

    id: int
    created_at: datetime
    edition: Ruleset
    title: str
    players: tuple[str, ...]
    totals: GameTotals
    version: int = 0  # the stored game's version the totals belong to (0 where nothing is stored)


@dataclass(frozen=True, slots=True)
class Result:
    """One seat's final score in the game list."""

    name: str
    total: int
    rank: int


@dataclass(frozen=True, slots=True)
class GameLine:
    """A row of the table's game list."""

    id: int
    created_at: datetime
    edition: Ruleset
    title: str
    over: bool
    results: tuple[Result, ...]  # in seat order
    winners: tuple[str, ...]  # first place once the game is over (several on a tie)


@dataclass(frozen=True, slots=True)
class HighScore:
    """An entry of an edition's high-score list."""

    total: int
    name: str
    created_at: datetime
    game_id: int


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's figures in one edition (finished games only)."""

    key: str
    name: str
    games: int
    wins: int
    contests: int  # finished games with two or more seats: what the win rate divides by
    mean: float
    stdev: float
    best: int
    worst: int
    upper_bonus_rate: float  # share of the player's columns that earned the upper bonus
    five_rate: float | None  # share of the five-of-a-kind box's cells at its full points
    extra_per_game: float | None  # extra five-of-a-kinds (with bonus) per game; None without them
    box_means: tuple[float, ...]  # average points per box (per cell of it), sheet order
    scores: tuple[tuple[int, int], ...]  # (game number in the edition, final score), oldest first

    @property
    def win_rate(self) -> float | None:
        """Wins over games against others, None if there were none."""
        return self.wins / self.contests if self.contests else None


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Wins between every pair of an edition's players (keys in the players' order)."""

    keys: tuple[str, ...]
    wins: dict[tuple[str, str], int]  # (a, b): finished games where a's total beat b's
    ties: dict[tuple[str, str], int]  # (a, b) and (b, a) alike: equal totals

    def won(self, a: str, b: str) -> int:
        """Games a won against b."""
        return self.wins.get((a, b), 0)

    def met(self, a: str, b: str) -> int:
        """Finished games a and b both played."""
        return self.won(a, b) + self.won(b, a) + self.ties.get((a, b), 0)


@dataclass(frozen=True, slots=True)
class EditionFigures:
    """Everything about one edition's finished games at the table."""

    edition: Ruleset
    games: int  # finished games
    players: tuple[PlayerFigures, ...]  # most games first, then by name
    high_scores: tuple[HighScore, ...]
    head_to_head: HeadToHead
    five_box: int | None  # position in a column of the five-of-a-kind box
    optimal: tuple[float, ...] | None  # optimal play's average points per box, when the coach knows
    all_scores: tuple[int, ...]  # every final score of the edition (the distribution)
    box_means: tuple[float, ...]  # average points per box (per cell of it) over every player's sheets


@dataclass(frozen=True, slots=True)
class TableStatistics:
    """The table's games and its figures per edition (registry order)."""

    played: tuple[PlayedGame, ...]  # oldest first
    editions: tuple[EditionFigures, ...]

    @property
    def games(self) -> tuple[GameLine, ...]:
        """The game list, newest first (made when asked: the table page lists its games itself)."""
        return tuple(_line(game) for game in reversed(self.played))

    @property
    def finished(self) -> int:
        """Finished games over every edition."""
        return sum(edition.games for edition in self.editions)


def compute(games: Iterable[PlayedGame], optimal: Optimal | None = None) -> TableStatistics:
    """The statistics of these games (any order); `optimal` gives an edition's per-box expectation."""
    ordered = sorted(games, key=lambda g: (g.created_at, g.id))
    by_edition: dict[str, list[PlayedGame]] = defaultdict(list)
    for game in ordered:
        if game.totals.over:
            by_edition[game.edition.id].append(game)
    editions = tuple(
        _edition(rules, by_edition[rules.id], optimal(rules) if optimal else None)
        for rules in every_edition()
        if by_edition.get(rules.id)
    )
    return TableStatistics(tuple(ordered), editions)


def _line(game: PlayedGame) -> GameLine:
    results = tuple(
        Result(name, seat.total, seat.rank)
        for name, seat in zip(game.players, game.totals.seats, strict=True)
    )
    winners = tuple(r.name for r in results if r.rank == 1) if game.totals.over else ()
    return GameLine(game.id, game.created_at, game.edition, game.title, game.totals.over, results, winners)


class _Tally:
    """One player's running sums in one edition."""

    __slots__ = ("bonus", "boxes", "contests", "extra", "fives", "name", "scores", "wins")

    def __init__(self, boxes: int) -> None:
        self.name = ""
        self.scores: list[tuple[int, int]] = []
        self.wins = 0
        self.contests = 0
        self.bonus = 0
        self.fives = 0
        self.extra = 0
        self.boxes = [0] * boxes


def _edition(
    rules: Ruleset, games: Sequence[PlayedGame], optimal: tuple[float, ...] | None
) -> EditionFigures:
    five = five_box(rules)
    five_points = rules.boxes[five].fixed if five is not None else None
    five_cells = rules.cells_of(rules.boxes[five].key) if five is not None else ()
    columns = len(rules.columns)
    box_of = [rules.box_index(cell.box) for cell in rules.cells]  # sheet position -> box
    # Each column that earned the upper bonus paid the same points: how many did is the total's share.
    bonus_points = rules.upper_bonus.points if rules.upper_bonus else 0
    tallies: dict[str, _Tally] = {}
    wins: dict[tuple[str, str], int] = defaultdict(int)
    ties: dict[tuple[str, str], int] = defaultdict(int)
    highs: list[tuple[int, datetime, int, int, str]] = []  # (-total, date, game, seat, name): best first
    all_scores: list[int] = []
    for number, game in enumerate(games, start=1):
        seats = game.totals.seats
        keys = [player_key(name) for name in game.players]
        contest = len(seats) > 1
        for at, (name, key, seat) in enumerate(zip(game.players, keys, seats, strict=True)):
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = _Tally(len(rules.boxes))
            tally.name = name  # the latest spelling wins: games are in date order
            tally.scores.append((number, seat.total))
            if contest:
                tally.contests += 1
                tally.wins += seat.rank == 1
            tally.bonus += seat.upper_bonus // bonus_points if bonus_points else 0
            tally.extra += seat.extra
            tally.fives += sum(seat.boxes[cell] == five_points for cell in five_cells)
            # A finished sheet has every box filled: no None to skip.
            if columns == 1:
                tally.boxes = list(map(add, tally.boxes, seat.boxes))
            else:
                for cell, points in enumerate(seat.boxes):
                    tally.boxes[box_of[cell]] += points or 0
            highs.append((-seat.total, game.created_at, game.id, at, name))
            all_scores.append(seat.total)
        for i, (a, seat_a) in enumerate(zip(keys, seats, strict=True)):
            for b, seat_b in zip(keys[i + 1 :], seats[i + 1 :], strict=True):
                if a == b:
                    continue  # two spellings of one player at one game: no match against oneself
                if seat_a.total > seat_b.total:
                    wins[(a, b)] += 1
                elif seat_b.total > seat_a.total:
                    wins[(b, a)] += 1
                else:
                    ties[(a, b)] += 1
                    ties[(b, a)] += 1
    players = tuple(
        sorted(
            (_player(key, tally, rules, five is not None) for key, tally in tallies.items()),
            key=lambda p: (-p.games, p.key),
        )
    )
    best = heapq.nsmallest(HIGH_SCORES, highs)
    return EditionFigures(
        edition=rules,
        games=len(games),
        players=players,
        high_scores=tuple(HighScore(-total, name, at, game_id) for total, at, game_id, _, name in best),
        head_to_head=HeadToHead(tuple(p.key for p in players), dict(wins), dict(ties)),
        five_box=five,
        optimal=optimal,
        all_scores=tuple(all_scores),
        box_means=tuple(
            sum(tally.boxes[i] for tally in tallies.values()) / (len(all_scores) * columns)
            for i in range(len(rules.boxes))
        ),
    )


def _player(key: str, tally: _Tally, rules: Ruleset, has_five: bool) -> PlayerFigures:
    totals = [total for _, total in tally.scores]
    n = len(totals)
    sheets = n * len(rules.columns)  # columns played: what the figures of a box divide by
    mean = sum(totals) / n
    stdev = math.sqrt(sum((t - mean) ** 2 for t in totals) / n)
    return PlayerFigures(
        key=key,
        name=tally.name,
        games=n,
        wins=tally.wins,
        contests=tally.contests,
        mean=mean,
        stdev=stdev,
        best=max(totals),
        worst=min(totals),
        upper_bonus_rate=tally.bonus / sheets,
        five_rate=tally.fives / sheets if has_five else None,
        extra_per_game=tally.extra / n if rules.extra is not None else None,
        box_means=tuple(points / sheets for points in tally.boxes),
        scores=tuple(tally.scores),
    )
