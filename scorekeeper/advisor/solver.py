"""Backward induction over turn-start states: one turn's values for many states at once.

A turn-start state is (filled-mask, upper subtotal capped at 63, Yahtzee box holds 50). Values are
expected points still to come, upper bonus and extra-Yahtzee bonuses included. Arrays put the rolls
or keeps on the first axis and the states on the second, so every step is a row gather or a
row-wise ufunc over contiguous memory.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from .dice import BLOCKS, CHILDREN, DICE, KEEPS, PARENTS, ROLL_COUNT, ROLL_PROBABILITY
from .points import (
    BOX_COUNT, MASKS, UPPER_CAP, UPPER_STATES, YAHTZEE_BIT, YAHTZEE_POINTS, Points, upper_bonus,
)

FLAGS = 2
TABLE_SHAPE = (MASKS, UPPER_STATES, FLAGS)
FULL = MASKS - 1
CHUNK = 512  # states per batch: a batch's keep arrays stay near the core's cache


def state_index(mask: np.ndarray | int, upper: np.ndarray | int, flag: np.ndarray | int):
    """Flat index of a turn-start state in a table of TABLE_SHAPE."""
    return (mask * UPPER_STATES + upper) * FLAGS + flag


@dataclass(frozen=True)
class _BoxPlan:
    """One box's distinct point values and, per roll, which of them it scores."""

    bit: int
    upper: bool
    yahtzee: bool
    values: np.ndarray  # distinct points, int
    of_roll: np.ndarray  # (252,) index into values


class _Group:
    """Boxes maxed together once per distinct combination of their points, not once per roll.

    A member is a box number or a smaller group. `keys` lists, per combination, each member's
    row; `of_roll` gives each roll's combination. The root keeps one row per roll, in order.
    """

    def __init__(self, members: list, member_rows: list[np.ndarray], root: bool = False) -> None:
        rows = np.stack(member_rows, axis=1)
        if root:
            self.keys, self.of_roll = rows, np.arange(len(rows))
        else:
            self.keys, self.of_roll = np.unique(rows, axis=0, return_inverse=True)
        self.members = members

    def evaluate(self, gains: list[np.ndarray]) -> np.ndarray:
        """(combinations, n): the best member value for each combination."""
        parts = [gains[m] if isinstance(m, int) else m.evaluate(gains) for m in self.members]
        out = np.take(parts[0], self.keys[:, 0], axis=0)
        for i in range(1, len(parts)):
            np.maximum(out, np.take(parts[i], self.keys[:, i], axis=0), out=out)
        return out


def _tree(plans: list[_BoxPlan]) -> _Group:
    """Low, medium, high upper boxes; kinds and Chance; the fixed-points patterns."""

    def group(boxes: list[int]) -> _Group:
        return _Group(boxes, [plans[b].of_roll for b in boxes])

    kinds, patterns = group([6, 7, 12]), group([8, 9, 10, 11])
    lower = _Group([kinds, patterns], [kinds.of_roll, patterns.of_roll])
    parts = [group([0, 1, 2]), group([3, 4, 5]), lower]
    return _Group(parts, [p.of_roll for p in parts], root=True)


def _row_of(values: np.ndarray, pts: int) -> int:
    """Where a joker's points sit among a box's normal points values (-1 if never allowed)."""
    if pts < 0:
        return -1
    (rows,) = np.nonzero(values == pts)
    if not len(rows):
        raise ValueError("a joker scores points no roll scores normally")  # the solver assumes it does
    return int(rows[0])


class Turn:
    """One turn's arithmetic for an edition, reading later states from a flat value table."""

    def __init__(self, points: Points, table: np.ndarray) -> None:
        self.points = points
        self.table = table.reshape(-1)
        self.plans = []
        for b in range(BOX_COUNT):
            values, of_roll = np.unique(points.normal[:, b], return_inverse=True)
            self.plans.append(_BoxPlan(1 << b, b < 6, 1 << b == YAHTZEE_BIT, values, of_roll))
        self.groups = _tree(self.plans)
        self.joker_rows = [
            [_row_of(plan.values, pts) for plan, pts in zip(self.plans, row)]
            for row in points.joker_points
        ]

    # -- the last roll: the best box ---------------------------------------------------

    def final(self, mask: np.ndarray, upper: np.ndarray, flag: np.ndarray) -> np.ndarray:
        """(252, n): the value of each final roll, placed in its best box."""
        gains = self._all_gains(mask, upper, flag)
        best = self.groups.evaluate(gains)
        jokers = np.flatnonzero(mask & YAHTZEE_BIT)
        if len(jokers):
            for j, r in enumerate(self.points.joker_rolls):
                best[r, jokers] = self._joker_boxes(gains, j, jokers, mask, flag).max(axis=0)
        return best

    def box_gains(self, mask, upper, flag, rolls) -> np.ndarray:
        """(13, n): for one final roll per state, each box's points plus the value after it (-inf if not allowed)."""
        gains = self._all_gains(mask, upper, flag)
        cols = np.arange(len(mask))
        out = np.stack([g[plan.of_roll[rolls], cols] for g, plan in zip(gains, self.plans)])
        for j, r in enumerate(self.points.joker_rolls):
            hit = np.flatnonzero((rolls == r) & (mask & YAHTZEE_BIT != 0))
            if len(hit):
                out[:, hit] = self._joker_boxes(gains, j, hit, mask, flag)
        return out

    def _all_gains(self, mask, upper, flag) -> list[np.ndarray]:
        """Per box, (values, n): points plus bonus plus the next state's value, -inf where filled."""
        return [
            np.where((mask & plan.bit) == 0, self._gains(plan, mask, upper, flag), -np.inf)
            for plan in self.plans
        ]

    def _gains(self, plan: _BoxPlan, mask, upper, flag) -> np.ndarray:
        """(values, n): points plus bonus plus the next state's value, per distinct points value."""
        v = plan.values[:, None]
        after = mask | plan.bit
        if plan.upper:
            nxt = state_index(after, np.minimum(upper + v, UPPER_CAP), flag)
            return v + upper_bonus(upper, v) + self.table[nxt]
        if plan.yahtzee:
            nxt = state_index(after, upper, (v == YAHTZEE_POINTS).astype(np.int64))
            return v + self.table[nxt]
        return v + self.table[state_index(after, upper, flag)]

    def _joker_boxes(self, gains, j: int, cols, mask, flag) -> np.ndarray:
        """(13, len(cols)): five of a kind j placed in each box as the joker order allows.

        A joker scores points some roll also scores normally, so the normal gains hold its value.
        """
        out = np.full((BOX_COUNT, len(cols)), -np.inf)
        for b, row in enumerate(self.joker_rows[j]):
            if row >= 0:
                out[b] = gains[b][row, cols]
        out[~self.points.joker_allowed[mask[cols], j].T] = -np.inf
        out += self.points.extra_bonus[j] * flag[cols]
        return out

    # -- keeps and rerolls ----------------------------------------------------------------

    @staticmethod
    def keeps(roll_values: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """(462, n): each keep's expected value, one die at a time: the mean of its six one-die-larger keeps."""
        n = roll_values.shape[1]
        if out is None:
            out = np.empty((len(KEEPS), n))
        if not np.shares_memory(out, roll_values):
            out[:ROLL_COUNT] = roll_values
        # Gathers go to scratch rows: a take whose output overlaps its input copies the input first.
        widest = BLOCKS[DICE - 1][1] - BLOCKS[DICE - 1][0]
        scratch = np.empty((2, widest, n))
        for size in range(DICE - 1, -1, -1):
            start, stop = BLOCKS[size]
            kids = CHILDREN[size]
            acc, tmp = scratch[0, : stop - start], scratch[1, : stop - start]
            np.take(out, kids[:, 0], axis=0, out=acc, mode="clip")
            for face in range(1, 6):
                np.take(out, kids[:, face], axis=0, out=tmp, mode="clip")
                acc += tmp
            np.multiply(acc, 1.0 / 6.0, out=out[start:stop])
        return out

    @staticmethod
    def rolls(keep_values: np.ndarray, inplace: bool = False) -> np.ndarray:
        """(252, n): each roll's value with the best keep of its dice (keeping all included).

        With `inplace` the keep values are overwritten (each keep then holds its best sub-keep).
        """
        best = keep_values if inplace else keep_values.copy()
        scratch = np.empty((ROLL_COUNT, best.shape[1]))
        for size in range(1, DICE + 1):
            start, stop = BLOCKS[size]
            parents, lengths = PARENTS[size]
            block = best[start:stop]
            for j, length in enumerate(lengths):
                tmp = scratch[:length]
                np.take(best, parents[:length, j], axis=0, out=tmp, mode="clip")
                np.maximum(block[:length], tmp, out=block[:length])
        return best[:ROLL_COUNT]

    def start_values(self, mask, upper, flag) -> np.ndarray:
        """(n,): the expected points still to come from the start of a turn."""
        work = np.empty((len(KEEPS), len(mask)))
        work[:ROLL_COUNT] = self.final(mask, upper, flag)
        for _ in range(2):  # two rerolls: keep, roll, keep, roll
            self.rolls(self.keeps(work[:ROLL_COUNT], out=work), inplace=True)
        two_left = work[:ROLL_COUNT]
        return np.einsum("r,rn->n", ROLL_PROBABILITY, two_left)


# -- the state space --------------------------------------------------------------------


def _upper_layout(points: Points):
    """Per set of filled upper boxes: reachable capped subtotals and the state each one shares."""
    tops = [int(points.normal[:, b].max()) for b in range(6)]
    reach, canon = {}, {}
    for filled in range(1 << 6):
        sums = {0}
        for b in range(6):
            if filled >> b & 1:
                sums = {min(s + int(v), UPPER_CAP) for s in sums for v in np.unique(points.normal[:, b])}
        room = sum(tops[b] for b in range(6) if not filled >> b & 1)
        reach[filled] = np.array(sorted(sums))
        dead = [s for s in sorted(sums) if s < UPPER_CAP and s + room < UPPER_CAP]
        # Past 63 or out of reach of 63, the subtotal no longer matters: one state stands for all.
        canon[filled] = np.array([s if s not in dead else dead[0] for s in sorted(sums)])
    return reach, canon


def build(points: Points, progress: Callable[[int], None] | None = None,
          workers: int = 2) -> np.ndarray:
    """The float64 table of TABLE_SHAPE (unreachable states NaN) for one edition."""
    table = np.full(TABLE_SHAPE, np.nan)
    table[FULL] = 0.0
    flat = table.reshape(-1)
    turn = Turn(points, table)
    reach, canon = _upper_layout(points)
    levels = [[m for m in range(FULL) if bin(m).count("1") == k] for k in range(BOX_COUNT)]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for masks in reversed(levels):
            m_all, u_all, f_all, dst_all, src_all = [], [], [], [], []
            base = 0
            for mask in masks:
                filled_upper = mask & 63
                us = np.unique(canon[filled_upper])
                flags = (0, 1) if mask & YAHTZEE_BIT else (0,)
                for f in flags:
                    m_all.append(np.full(len(us), mask))
                    u_all.append(us)
                    f_all.append(np.full(len(us), f))
                    dst_all.append(state_index(mask, reach[filled_upper], f))
                    src_all.append(base + np.searchsorted(us, canon[filled_upper]))
                    base += len(us)
            m, u, f = (np.concatenate(x).astype(np.int64) for x in (m_all, u_all, f_all))
            values = np.empty(len(m))

            def work(lo: int, hi: int) -> int:
                values[lo:hi] = turn.start_values(m[lo:hi], u[lo:hi], f[lo:hi])
                return hi - lo

            jobs = [pool.submit(work, lo, min(lo + CHUNK, len(m))) for lo in range(0, len(m), CHUNK)]
            for job in jobs:
                done = job.result()
                if progress:
                    progress(done)
            flat[np.concatenate(dst_all)] = values[np.concatenate(src_all)]
    return table


def state_count(points: Points) -> int:
    """How many distinct turn-start states the build computes (for a progress bar)."""
    _, canon = _upper_layout(points)
    return sum(
        len(np.unique(canon[mask & 63])) * (2 if mask & YAHTZEE_BIT else 1) for mask in range(FULL)
    )
