"""Seeded games at a table of coach players, one of them playing each turn for the win (winning.py).

All games advance together, seat by seat: every decision is one numpy pass over the games. Game g's
player for the win sits at seat g % players, so every seat is played as often and a share of the
wins above 1 / players is the advice's, not the seat's. Decisions for the win take the best chance
(equal to 1e-9: the best expected score, then the first candidate, as the coach breaks ties), so
where the chances cannot tell options apart the player plays the coach's way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .advisor import Advisor
from .dice import KEEPS, SUB_KEEPS
from .distribution import Distributions
from .outcomes import finals
from .points import IntArray
from .rollouts import _decode
from .simulate import _roll
from .solver import FloatArray
from .winning import final_chances, keep_chances, placements, win_shares

TIE = 1e-9  # chances this close are equal
BATCH = 512  # positions worked out at once (a turn's arrays for 512 positions: ~100 MB)
NO_KEEP = KEEPS.index(())


@dataclass(frozen=True)
class Table:
    """Positions at a table: per game (rows) and seat (columns) a turn-start state (flat) and a total."""

    states: IntArray
    totals: IntArray
    open_boxes: IntArray  # (seats,) boxes still open on each seat's sheet (the same in every game)


@dataclass
class Decisions:
    """The player for the win's keeps and boxes, and those that differ from the coach's, by boxes open."""

    made: dict[int, int] = field(default_factory=dict)
    changed: dict[int, int] = field(default_factory=dict)

    def count(self, open_boxes: int, made: int, changed: int) -> None:
        """Add a batch of decisions taken with this many boxes open."""
        self.made[open_boxes] = self.made.get(open_boxes, 0) + made
        self.changed[open_boxes] = self.changed.get(open_boxes, 0) + changed


@dataclass(frozen=True)
class Match:
    """The outcome of a set of games: final totals, the seat of the player for the win, their decisions."""

    finals: IntArray  # (games, seats)
    seat: IntArray  # (games,) the player for the win's seat
    decisions: Decisions

    @property
    def shares(self) -> FloatArray:
        """(games, seats): each seat's share of the win, ties shared."""
        top = self.finals == self.finals.max(axis=1, keepdims=True)
        out: FloatArray = top / top.sum(axis=1, keepdims=True)
        return out

    @property
    def won(self) -> FloatArray:
        """(games,): the player for the win's share of each game's win."""
        out: FloatArray = self.shares[np.arange(len(self.seat)), self.seat]
        return out


class TurnsForWin:
    """Every final roll's and keep's chance to win for many positions: the player at `seat` to play."""

    def __init__(self, advisor: Advisor, dist: Distributions, table: Table, seat: int) -> None:
        points = advisor.points
        others = [s for s in range(table.states.shape[1]) if s != seat]
        n = len(table.states)
        curves = [_curves(dist, table.states[:, s], int(table.open_boxes[s])) for s in others]
        highest = [
            table.totals[:, s] + np.array([len(c) for c in cs]) for s, cs in zip(others, curves, strict=True)
        ]
        length = int(np.max(highest)) + 2  # share is 1 from every other's last total on
        pmfs = np.zeros((len(others), n, length))
        for k, (s, cs) in enumerate(zip(others, curves, strict=True)):
            for g, (total, curve) in enumerate(zip(table.totals[:, s].tolist(), cs, strict=True)):
                pmfs[k, g, total : total + len(curve)] = curve
        self.shares = win_shares(pmfs)
        mask, upper, flag = _decode(points, table.states[:, seat])
        self.places = placements(points, mask, upper, flag)
        open_after = int(table.open_boxes[seat]) - 1

        def pmf_of(states: list[int]) -> list[FloatArray]:
            return _curves(dist, np.array(states, dtype=np.int64), open_after)

        self.final = final_chances(self.places, table.totals[:, seat], self.shares, pmf_of)
        self.one, self.two = keep_chances(self.final.max(axis=1))


def _curves(dist: Distributions, states: IntArray, open_boxes: int) -> list[FloatArray]:
    """The curve of the points still to come from each state (as many boxes open), each distinct one once."""
    unique, where = np.unique(states, return_inverse=True)
    if open_boxes > 0 and len(unique) > 1:
        dist.remember_many(unique.tolist(), open_boxes)
    found = [dist.pmf(state, open_boxes) for state in unique.tolist()]
    return [found[i] for i in where.reshape(-1).tolist()]


def choose(chances: FloatArray, values: FloatArray) -> IntArray:
    """(n,) per row the best candidate for the win: best chance, then best value, then the first."""
    best = chances.max(axis=1, keepdims=True)
    out: IntArray = np.where(chances >= best - TIE, values, -np.inf).argmax(axis=1)
    return out


def coach_turns(advisor: Advisor, states: IntArray, rng: np.random.Generator) -> tuple[IntArray, IntArray]:
    """(points gained, state after) of a turn of the coach's play from each state."""
    points, turn = advisor.points, advisor.turn()
    n = len(states)
    gained, after = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    unique, column = np.unique(states, return_inverse=True)
    column = column.reshape(-1)
    for lo in range(0, len(unique), BATCH):
        who = np.flatnonzero((column >= lo) & (column < lo + BATCH))
        col = column[who] - lo
        mask, upper, flag = _decode(points, unique[lo : lo + BATCH])
        rolls = _roll(rng, np.full(len(who), NO_KEEP))
        for left in (2, 1):
            values = turn.turn_arrays(mask, upper, flag, rolls_left=left)
            candidates = SUB_KEEPS[rolls]
            best = values[candidates, col[:, None]].argmax(axis=1)
            rolls = _roll(rng, candidates[np.arange(len(who)), best])
        fin = finals(turn, mask, upper, flag)
        gained[who] = fin.points[rolls, col]
        after[who] = fin.after[rolls, col]
    return gained, after


def win_turns(
    advisor: Advisor,
    dist: Distributions,
    table: Table,
    seat: int,
    rng: np.random.Generator,
    decisions: Decisions,
) -> tuple[IntArray, IntArray]:
    """(points gained, state after) of a turn played for the win by `seat` in each game of the table."""
    points, turn = advisor.points, advisor.turn()
    n = len(table.states)
    gained, after = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    for lo in range(0, n, BATCH):
        part = Table(table.states[lo : lo + BATCH], table.totals[lo : lo + BATCH], table.open_boxes)
        m = len(part.states)
        rows = np.arange(m)
        win = TurnsForWin(advisor, dist, part, seat)
        mask, upper, flag = _decode(points, part.states[:, seat])
        rolls = _roll(rng, np.full(m, NO_KEEP))
        for left, chances in ((2, win.two), (1, win.one)):
            values = turn.turn_arrays(mask, upper, flag, rolls_left=left)
            candidates = SUB_KEEPS[rolls]
            expected = values[candidates, rows[:, None]]
            best = choose(chances[candidates, rows[:, None]], expected)
            decisions.count(int(table.open_boxes[seat]), m, int((best != expected.argmax(axis=1)).sum()))
            rolls = _roll(rng, candidates[rows, best])
        expected = turn.box_gains(mask, upper, flag, rolls).T  # (m, boxes)
        box = choose(win.final[rolls, :, rows], expected)
        decisions.count(int(table.open_boxes[seat]), m, int((box != expected.argmax(axis=1)).sum()))
        gained[lo : lo + m] = win.places.gained[rolls, box, rows]
        after[lo : lo + m] = win.places.after[rolls, box, rows]
    return gained, after


def play(
    advisor: Advisor,
    dist: Distributions,
    players: int,
    games: int,
    seed: int | np.random.SeedSequence = 0,
    for_win: bool = True,
) -> Match:
    """`games` games of `players` players, all of the coach's way but one playing each turn for the win
    (unless not `for_win`: a control, where that seat plays the coach's way too)."""
    points = advisor.points
    rng = np.random.default_rng(seed)
    rounds = advisor.edition.rounds
    start = int(points.index(0, 0, 0))
    states = np.full((games, players), start, dtype=np.int64)
    totals = np.zeros((games, players), dtype=np.int64)
    seat_for_win = np.arange(games) % players
    decisions = Decisions()
    for r in range(rounds):
        forget(dist, rounds - r)
        for seat in range(players):
            open_boxes = np.array([rounds - r - (s < seat) for s in range(players)])
            mine = np.flatnonzero((seat_for_win == seat) & for_win)
            theirs = np.flatnonzero((seat_for_win != seat) | (not for_win))
            if len(theirs):
                gained, after = coach_turns(advisor, states[theirs, seat], rng)
                states[theirs, seat] = after
                totals[theirs, seat] += gained
            if len(mine):
                table = Table(states[mine], totals[mine], open_boxes)
                gained, after = win_turns(advisor, dist, table, seat, rng, decisions)
                states[mine, seat] = after
                totals[mine, seat] += gained
    return Match(totals, seat_for_win, decisions)


def forget(dist: Distributions, open_boxes: int) -> None:
    """Drop the remembered curves of states with more boxes open than this: play never meets them again."""
    points = dist.advisor.points
    full = points.full
    with dist._lock:
        stale = [
            s
            for s in dist._pmfs
            if (full & ~(s // (points.upper_states * points.flags))).bit_count() > open_boxes
        ]
        for state in stale:
            del dist._pmfs[state]
        dist._steps.clear()


__all__ = ["Decisions", "Match", "Table", "TurnsForWin", "choose", "coach_turns", "play", "win_turns"]
