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


class Turn:
    """One turn's arithmetic for an edition, reading later states from a flat value table."""

    def __init__(self, points: Points, table: np.ndarray) -> None:
        self.points = points
        self.table = table.reshape(-1)
        self.plans = []
        for b in range(BOX_COUNT):
            values, of_roll = np.unique(points.normal[:, b], return_inverse=True)
            self.plans.append(_BoxPlan(1 << b, b < 6, 1 << b == YAHTZEE_BIT, values, of_roll))

    # -- the last roll: the best box ---------------------------------------------------

    def final(self, mask: np.ndarray, upper: np.ndarray, flag: np.ndarray) -> np.ndarray:
        """(252, n): the value of each final roll, placed in its best box."""
        n = len(mask)
        best = np.full((ROLL_COUNT, n), -np.inf)
        for plan in self.plans:
            is_open = (mask & plan.bit) == 0
            if not is_open.any():
                continue
            gains = self._gains(plan, mask, upper, flag)
            gains[:, ~is_open] = -np.inf
            np.maximum(best, gains[plan.of_roll], out=best)
        jokers = np.flatnonzero(mask & YAHTZEE_BIT)
        if len(jokers):
            best[np.ix_(self.points.joker_rolls, jokers)] = self._joker_values(
                mask[jokers], upper[jokers], flag[jokers]
            )
        return best

    def box_gains(self, mask, upper, flag, rolls) -> np.ndarray:
        """(13, n): for one final roll per state, each box's points plus the value after it (-inf if not allowed)."""
        n = len(mask)
        out = np.full((BOX_COUNT, n), -np.inf)
        cols = np.arange(n)
        for b, plan in enumerate(self.plans):
            is_open = (mask & plan.bit) == 0
            if is_open.any():
                gains = self._gains(plan, mask, upper, flag)
                out[b] = np.where(is_open, gains[plan.of_roll[rolls], cols], -np.inf)
        for j, r in enumerate(self.points.joker_rolls):
            hit = np.flatnonzero((rolls == r) & (mask & YAHTZEE_BIT != 0))
            if len(hit):
                out[:, hit] = self._joker_boxes(j, mask[hit], upper[hit], flag[hit])
        return out

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

    def _joker_boxes(self, j: int, mask, upper, flag) -> np.ndarray:
        """(13, n): the value of five of a kind j placed in each box by the joker order."""
        pts = self.points.joker[mask, j, :].T.astype(np.int64)  # (13, n)
        out = np.full(pts.shape, -np.inf)
        bonus = self.points.extra_bonus[j] * flag
        for b, plan in enumerate(self.plans):
            allowed = pts[b] >= 0
            if not allowed.any():
                continue
            p = pts[b]
            after = mask | plan.bit
            if plan.upper:
                nxt = state_index(after, np.minimum(upper + p, UPPER_CAP), flag)
                gain = p + upper_bonus(upper, p) + self.table[nxt]
            else:
                gain = p + self.table[state_index(after, upper, flag)]
            out[b] = np.where(allowed, gain + bonus, -np.inf)
        return out

    def _joker_values(self, mask, upper, flag) -> np.ndarray:
        """(6, n): the best placement of each five of a kind when the joker applies."""
        return np.stack([
            self._joker_boxes(j, mask, upper, flag).max(axis=0)
            for j in range(len(self.points.joker_rolls))
        ])

    # -- keeps and rerolls ----------------------------------------------------------------

    @staticmethod
    def keeps(roll_values: np.ndarray) -> np.ndarray:
        """(462, n): each keep's expected value, one die at a time: the mean of its six one-die-larger keeps."""
        n = roll_values.shape[1]
        out = np.empty((len(KEEPS), n))
        out[:ROLL_COUNT] = roll_values
        for size in range(DICE - 1, -1, -1):
            start, stop = BLOCKS[size]
            kids = CHILDREN[size]
            acc = out[start:stop]
            np.take(out, kids[:, 0], axis=0, out=acc)
            for face in range(1, 6):
                acc += np.take(out, kids[:, face], axis=0)
            acc *= 1.0 / 6.0
        return out

    @staticmethod
    def rolls(keep_values: np.ndarray) -> np.ndarray:
        """(252, n): each roll's value with the best keep of its dice (keeping all included)."""
        best = keep_values.copy()
        for size in range(1, DICE + 1):
            start, stop = BLOCKS[size]
            parents, lengths = PARENTS[size]
            block = best[start:stop]
            for j, length in enumerate(lengths):
                np.maximum(block[:length], np.take(best, parents[:length, j], axis=0),
                           out=block[:length])
        return best[:ROLL_COUNT]

    def start_values(self, mask, upper, flag) -> np.ndarray:
        """(n,): the expected points still to come from the start of a turn."""
        last = self.final(mask, upper, flag)
        two_left = self.rolls(self.keeps(self.rolls(self.keeps(last))))
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
            for mask in masks:
                filled_upper = mask & 63
                us = np.unique(canon[filled_upper])
                flags = (0, 1) if mask & YAHTZEE_BIT else (0,)
                for f in flags:
                    base = sum(len(x) for x in m_all)
                    m_all.append(np.full(len(us), mask))
                    u_all.append(us)
                    f_all.append(np.full(len(us), f))
                    dst_all.append(state_index(mask, reach[filled_upper], f))
                    src_all.append(base + np.searchsorted(us, canon[filled_upper]))
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
