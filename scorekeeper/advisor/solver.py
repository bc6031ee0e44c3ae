"""One turn of optimal play, computed for many turn-start states at once.

A turn-start state is (filled-mask, upper subtotal capped at 63, Yahtzee box holds 50). A state's
value is the expected number of points still to come, upper bonus and extra-Yahtzee bonuses
included. Arrays put the rolls or keeps on the first axis and the states on the second, so every
step is a row gather or a row-wise ufunc over contiguous memory; scratch arrays are reused.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from .dice import BLOCKS, CHILDREN, DICE, KEEPS, PARENTS, ROLL_COUNT, ROLL_PROBABILITY
from .points import (
    BOX_COUNT, MASKS, UPPER_CAP, UPPER_STATES, YAHTZEE_BIT, YAHTZEE_POINTS, Points, upper_bonus,
)

FLAGS = 2
TABLE_SHAPE = (MASKS, UPPER_STATES, FLAGS)
FULL = MASKS - 1


def state_index(mask, upper, flag):
    """Flat index of a turn-start state in a table of TABLE_SHAPE."""
    return (mask * UPPER_STATES + upper) * FLAGS + flag


class _Scratch(threading.local):
    """Reusable arrays per thread: fresh large arrays would cost a page fault per 4 KB."""

    def __init__(self) -> None:
        self.arrays: dict[object, np.ndarray] = {}

    def get(self, key: object, rows: int, n: int) -> np.ndarray:
        flat = self.arrays.get(key)
        if flat is None or flat.size < rows * n:
            flat = self.arrays[key] = np.empty(rows * n)
        return flat[: rows * n].reshape(rows, n)


_SCRATCH = _Scratch()


@dataclass(frozen=True)
class _BoxPlan:
    """One box's distinct points values and, per roll, which of them it scores."""

    bit: int
    upper: bool
    yahtzee: bool
    values: np.ndarray  # distinct points (ascending)
    of_roll: np.ndarray  # (252,) index into values
    first: int  # the box's first row in the gains array


class _Group:
    """Boxes maxed together once per distinct combination of their points, not once per roll.

    A member is a box plan or a smaller group. `keys` lists, per combination, each member's row;
    `of_roll` gives each roll's combination. The root keeps one row per roll, in roll order.
    """

    def __init__(self, members: list, root: bool = False) -> None:
        rows = np.stack([m.of_roll for m in members], axis=1)
        if root:
            self.keys, self.of_roll = rows, np.arange(len(rows))
        else:
            self.keys, self.of_roll = np.unique(rows, axis=0, return_inverse=True)
        self.members = members

    def evaluate(self, gains: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """(combinations, n): the best member value for each combination."""
        n = gains.shape[1]
        parts = [
            gains[m.first: m.first + len(m.values)] if isinstance(m, _BoxPlan) else m.evaluate(gains)
            for m in self.members
        ]
        if out is None:
            out = _SCRATCH.get(("group", id(self)), len(self.keys), n)
        tmp = _SCRATCH.get("group-tmp", len(self.keys), n)
        np.take(parts[0], self.keys[:, 0], axis=0, out=out, mode="clip")
        for i in range(1, len(parts)):
            np.take(parts[i], self.keys[:, i], axis=0, out=tmp, mode="clip")
            np.maximum(out, tmp, out=out)
        return out


def _tree(plans: list[_BoxPlan]) -> _Group:
    """Low and high upper boxes, and the lower boxes as kinds-and-Chance against the patterns."""
    kinds = _Group([plans[b] for b in (6, 7, 12)])
    patterns = _Group([plans[b] for b in (8, 9, 10, 11)])
    parts = [_Group(plans[0:3]), _Group(plans[3:6]), _Group([kinds, patterns])]
    return _Group(parts, root=True)


def _row_of(plan: _BoxPlan, pts: int, never: int) -> int:
    """The gains row of a joker's points in a box (`never` if the joker never goes there)."""
    if pts < 0:
        return never
    (rows,) = np.nonzero(plan.values == pts)
    if not len(rows):
        raise ValueError("a joker scores points no roll scores normally")  # the solver assumes it does
    return plan.first + int(rows[0])


class Turn:
    """One turn's arithmetic for an edition, reading later states from a value table."""

    def __init__(self, points: Points, table: np.ndarray) -> None:
        self.points = points
        self.table = table.reshape(-1)
        self.plans: list[_BoxPlan] = []
        first = 0
        for b in range(BOX_COUNT):
            values, of_roll = np.unique(points.normal[:, b], return_inverse=True)
            self.plans.append(_BoxPlan(1 << b, b < 6, 1 << b == YAHTZEE_BIT, values, of_roll, first))
            first += len(values)
        self.gain_rows = first
        self.groups = _tree(self.plans)
        # Per five of a kind and box, the gains row of its joker points (the -inf row if never).
        self.joker_rows = np.array([
            [_row_of(plan, pts, first) for plan, pts in zip(self.plans, row)]
            for row in points.joker_points
        ])

    # -- the last roll: the best box ---------------------------------------------------

    def gains(self, mask, upper, flag) -> np.ndarray:
        """(rows, n): per box and distinct points, points + bonus + next state's value; -inf if filled.

        The last row is all -inf: where a joker never goes.
        """
        out = _SCRATCH.get("gains", self.gain_rows + 1, len(mask))
        here = state_index(mask, upper, flag)
        for plan in self.plans:
            rows = out[plan.first: plan.first + len(plan.values)]
            v = plan.values[:, None]
            # The same state with this box filled (unchanged where it is filled: masked below).
            step = ((mask | plan.bit) - mask) * (UPPER_STATES * FLAGS)
            if plan.upper:
                raised = np.minimum(upper + v, UPPER_CAP)
                nxt = here + step + (raised - upper) * FLAGS
                np.add(self.table[nxt], v + upper_bonus(upper, v), out=rows)
            elif plan.yahtzee:  # the Yahtzee box is open, so the flag is 0 and becomes 1 for 50
                nxt = here + step + (v == YAHTZEE_POINTS)
                np.add(self.table[nxt], v, out=rows)
            else:
                np.add(self.table[here + step], v, out=rows)
            np.copyto(rows, -np.inf, where=(mask & plan.bit) != 0)
        out[-1] = -np.inf
        return out

    def final(self, mask, upper, flag, out: np.ndarray | None = None) -> np.ndarray:
        """(252, n): the value of each final roll, placed in its best box."""
        gains = self.gains(mask, upper, flag)
        best = self.groups.evaluate(gains, out)
        jokers = (mask & YAHTZEE_BIT) != 0
        if jokers.any():
            rows = self.points.joker_rolls
            best[rows] = np.where(jokers, self._jokers(gains, mask, flag).max(axis=1), best[rows])
        return best

    def box_gains(self, mask, upper, flag, rolls) -> np.ndarray:
        """(13, n): one final roll per state; each box's points plus the value after (-inf: not allowed)."""
        gains = self.gains(mask, upper, flag)
        cols = np.arange(len(mask))
        out = np.stack([gains[plan.first + plan.of_roll[rolls], cols] for plan in self.plans])
        jokers = self._jokers(gains, mask, flag)
        for j, r in enumerate(self.points.joker_rolls):
            hit = (rolls == r) & (mask & YAHTZEE_BIT != 0)
            out[:, hit] = jokers[j][:, hit]
        return out

    def _jokers(self, gains, mask, flag) -> np.ndarray:
        """(6, 13, n): each five of a kind placed in each box as the joker order allows (else -inf).

        A joker scores points some roll also scores normally, so the normal gains hold its value.
        """
        n = len(mask)
        out = np.take(gains, self.joker_rows.ravel(), axis=0).reshape(*self.joker_rows.shape, n)
        allowed = np.moveaxis(self.points.joker_allowed[mask], 0, -1)  # (6, 13, n)
        np.copyto(out, -np.inf, where=~allowed)
        out += self.points.extra_bonus[:, None, None] * flag
        return out

    # -- keeps and rerolls ----------------------------------------------------------------

    @staticmethod
    def keeps(values: np.ndarray) -> np.ndarray:
        """Fill rows 252: of a (462, n) array with each keep's expected value, from the rolls' rows.

        One die at a time: a keep's value is the mean of the six keeps with one more die.
        """
        n = values.shape[1]
        widest = BLOCKS[DICE - 1][1] - BLOCKS[DICE - 1][0]
        acc_all, tmp_all = _SCRATCH.get("acc", widest, n), _SCRATCH.get("tmp", widest, n)
        for size in range(DICE - 1, -1, -1):
            start, stop = BLOCKS[size]
            kids = CHILDREN[size]
            # Gathers go to scratch: a take whose output overlaps its input copies the input first.
            acc, tmp = acc_all[: stop - start], tmp_all[: stop - start]
            np.take(values, kids[:, 0], axis=0, out=acc, mode="clip")
            for face in range(1, 6):
                np.take(values, kids[:, face], axis=0, out=tmp, mode="clip")
                acc += tmp
            np.multiply(acc, 1.0 / 6.0, out=values[start:stop])
        return values

    @staticmethod
    def rolls(values: np.ndarray) -> np.ndarray:
        """Turn a (462, n) array of keep values, in place, into each keep's best sub-keep value.

        Rows :252 then hold each roll's value with the best keep of its dice (keeping all included).
        """
        tmp_all = _SCRATCH.get("tmp", ROLL_COUNT, values.shape[1])
        for size in range(1, DICE + 1):
            start, stop = BLOCKS[size]
            parents, lengths = PARENTS[size]
            block = values[start:stop]
            for j, length in enumerate(lengths):
                tmp = tmp_all[:length]
                np.take(values, parents[:length, j], axis=0, out=tmp, mode="clip")
                np.maximum(block[:length], tmp, out=block[:length])
        return values

    def turn_arrays(self, mask, upper, flag, rolls_left: int) -> np.ndarray:
        """(462, n) keep values with this many rolls left (1 or 2); rows :252 keep all five dice."""
        values = np.empty((len(KEEPS), len(mask)))
        self.final(mask, upper, flag, out=values[:ROLL_COUNT])
        self.keeps(values)
        for _ in range(rolls_left - 1):
            self.keeps(self.rolls(values))
        return values

    def start_values(self, mask, upper, flag) -> np.ndarray:
        """(n,): the expected points still to come from the start of a turn."""
        values = _SCRATCH.get("values", len(KEEPS), len(mask))
        self.final(mask, upper, flag, out=values[:ROLL_COUNT])
        for _ in range(2):  # keep, roll, keep, roll
            self.rolls(self.keeps(values))
        return np.einsum("r,rn->n", ROLL_PROBABILITY, values[:ROLL_COUNT])
