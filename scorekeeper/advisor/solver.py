"""One turn of optimal play, computed for many turn-start states at once, for any ruleset.

A turn-start state is (filled-mask, capped upper subtotal, flag) as laid out by `Points`. A state's
value is the expected number of points still to come, upper bonus and extra bonuses included.
Arrays put the rolls or keeps on the first axis and the states on the second, so every step is a
row gather or a row-wise ufunc over contiguous memory; scratch arrays are reused.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass
from typing import Union

import numpy as np
import numpy.typing as npt

from .dice import BLOCKS, CHILDREN, DICE, KEEPS, PARENTS, ROLL_COUNT, ROLL_PROBABILITY
from .points import IntArray, Points

FloatArray = npt.NDArray[np.float64]


class _Scratch(threading.local):
    """Reusable arrays per thread: fresh large arrays would cost a page fault per 4 KB."""

    def __init__(self) -> None:
        self.arrays: dict[object, FloatArray] = {}

    def get(self, key: object, rows: int, n: int) -> FloatArray:
        flat = self.arrays.get(key)
        if flat is None or flat.size < rows * n:
            flat = self.arrays[key] = np.empty(rows * n)
        return flat[: rows * n].reshape(rows, n)


_SCRATCH = _Scratch()


@dataclass(frozen=True, eq=False)
class _BoxPlan:
    """One box's distinct points values and, per roll, which of them it scores."""

    index: int  # sheet position (its bit is 1 << index)
    upper: bool
    extra: bool  # the extra-five-of-a-kind box: filling it sets the flag
    values: IntArray  # distinct points (ascending)
    of_roll: IntArray  # (252,) index into values
    first: int  # the box's first row in the gains array

    @property
    def bit(self) -> int:
        """The box's bit in a filled-mask."""
        return 1 << self.index


_Member = Union[_BoxPlan, "_Group"]


class _Group:
    """Boxes maxed together once per distinct combination of their points, not once per roll.

    A member is a box plan or a smaller group. `keys` lists, per combination, each member's row;
    `of_roll` gives each roll's combination. The root keeps one row per roll, in roll order.
    """

    keys: IntArray
    of_roll: IntArray

    def __init__(self, members: list[_Member], root: bool = False) -> None:
        rows = np.stack([m.of_roll for m in members], axis=1)
        if root:
            self.keys, self.of_roll = rows, np.arange(len(rows))
        else:
            self.keys, inverse = np.unique(rows, axis=0, return_inverse=True)
            self.of_roll = inverse.reshape(-1)
        self.members = members

    def evaluate(self, gains: FloatArray, out: FloatArray | None = None) -> FloatArray:
        """(combinations, n): the best member value for each combination."""
        n = gains.shape[1]
        parts = [
            gains[m.first : m.first + len(m.values)] if isinstance(m, _BoxPlan) else m.evaluate(gains)
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


@dataclass
class _Node:
    """A subtree while the tree is planned: its boxes' combination code per roll, and its children."""

    code: IntArray  # (252,) combination of the subtree's boxes' points, 0 … combinations-1
    children: list[_Node | _BoxPlan]

    @property
    def combinations(self) -> int:
        return int(self.code.max()) + 1


def _combine(a: IntArray, b: IntArray) -> IntArray:
    """One code, 0 … distinct pairs - 1, per distinct pair of codes (in the order of the pairs)."""
    joined = a * (int(b.max()) + 1) + b
    present = np.zeros(int(joined.max()) + 1, dtype=np.int64)
    present[joined] = 1
    code: IntArray = (np.cumsum(present) - 1)[joined]
    return code


def _tree(plans: list[_BoxPlan]) -> _Group:
    """Group the boxes so that the max over boxes takes the fewest row operations per state.

    A group costs (its distinct points combinations) x (its members) row operations; the root one
    per roll and member. Greedily merge the two top-level subtrees (or add one to the other's
    group) that save the most, while a merge saves anything: boxes whose points move together
    (the low faces, the kinds with Chance, the patterns) end up grouped, for any sheet.
    """
    rolls = len(plans[0].of_roll)
    top: list[_Node] = [_Node(p.of_roll, [p]) for p in plans]
    pairs: dict[tuple[int, int], IntArray] = {}  # combined codes of two top-level subtrees, by id
    alive = list(top)  # every subtree stays referenced, so no id is reused while `pairs` holds it
    while len(top) > 1:
        best: tuple[int, int, int, _Node] | None = None
        for i, j in itertools.combinations(range(len(top)), 2):
            a, b = top[i], top[j]
            code = pairs.get((id(a), id(b)))
            if code is None:
                code = pairs[id(a), id(b)] = _combine(a.code, b.code)
            k = int(code.max()) + 1
            options = [(2 * k, _Node(code, [a, b]))]
            for x, y in ((a, b), (b, a)):
                if len(x.children) > 1:  # y joins x's group instead of a new one above both
                    grown = k * (len(x.children) + 1) - x.combinations * len(x.children)
                    options.append((grown, _Node(code, [*x.children, y])))
            for cost, node in options:
                saving = rolls - cost
                if saving > 0 and (best is None or saving > best[0]):
                    best = (saving, i, j, node)
        if best is None:
            break
        _, i, j, node = best
        top = [t for k, t in enumerate(top) if k not in (i, j)] + [node]
        alive.append(node)
    return _Group([_build(t) for t in top], root=True)


def _build(node: _Node | _BoxPlan) -> _Member:
    if isinstance(node, _BoxPlan):
        return node
    if len(node.children) == 1:
        return _build(node.children[0])
    return _Group([_build(child) for child in node.children])


def _row_of(plan: _BoxPlan, pts: int, never: int) -> int:
    """The gains row of a joker's points in a box (`never` if the joker never goes there)."""
    if pts < 0:
        return never
    (rows,) = np.nonzero(plan.values == pts)
    if not len(rows):
        raise ValueError("a joker scores points no roll scores normally")  # the solver assumes it does
    return plan.first + int(rows[0])


class Turn:
    """One turn's arithmetic for a ruleset, reading later states from a value table."""

    def __init__(self, points: Points, table: npt.NDArray[np.floating]) -> None:
        self.points = points
        self.table = table.reshape(-1)
        self.plans: list[_BoxPlan] = []
        first = 0
        for b in range(points.boxes):
            values, of_roll = np.unique(points.normal[:, b], return_inverse=True)
            self.plans.append(
                _BoxPlan(b, b in points.upper, b == points.extra, values, of_roll.reshape(-1), first)
            )
            first += len(values)
        self.gain_rows = first
        self.groups = _tree(self.plans)
        # Per joker roll and box, the gains row of its joker points (the -inf row if never).
        self.joker_rows = np.array(
            [
                [_row_of(plan, int(pts), first) for plan, pts in zip(self.plans, row, strict=True)]
                for row in points.joker_points
            ],
            dtype=np.intp,
        ).reshape(len(points.joker_points), points.boxes)

    # -- the last roll: the best box ---------------------------------------------------

    def gains(self, mask: IntArray, upper: IntArray, flag: IntArray) -> FloatArray:
        """(rows, n): per box and distinct points, points + bonus + next state's value; -inf if not choosable.

        The last row is all -inf: where a joker never goes.
        """
        p = self.points
        out = _SCRATCH.get("gains", self.gain_rows + 1, len(mask))
        here = p.index(mask, upper, flag)
        choosable = p.choosable(mask)
        for plan in self.plans:
            rows = out[plan.first : plan.first + len(plan.values)]
            v = plan.values[:, None]
            # The same state with this box filled (unchanged where it is filled: masked below).
            step = ((mask | plan.bit) - mask) * (p.upper_states * p.flags)
            if plan.upper:
                raised = np.minimum(upper + v, p.upper_cap)
                nxt = here + step + (raised - upper) * p.flags
                np.add(self.table[nxt], v + p.bonus(upper, v), out=rows)
            elif plan.extra:  # the extra box is open, so the flag is 0; its points may set it
                nxt = here + step + p.armed[v]
                np.add(self.table[nxt], v, out=rows)
            else:
                np.add(self.table[here + step], v, out=rows)
            np.copyto(rows, -np.inf, where=(choosable & plan.bit) == 0)
        out[-1] = -np.inf
        return out

    def final(
        self, mask: IntArray, upper: IntArray, flag: IntArray, out: FloatArray | None = None
    ) -> FloatArray:
        """(252, n): the value of each final roll, placed in its best allowed box."""
        gains = self.gains(mask, upper, flag)
        best = self.groups.evaluate(gains, out)
        if self.points.extra is not None:
            jokers = (mask & self.points.extra_bit) != 0
            if jokers.any():
                rows = self.points.joker_rolls
                best[rows] = np.where(jokers, self._jokers(gains, mask, flag).max(axis=1), best[rows])
        return best

    def box_gains(self, mask: IntArray, upper: IntArray, flag: IntArray, rolls: IntArray) -> FloatArray:
        """(boxes, n): one final roll per state; each box's points plus the value after (-inf: refused)."""
        gains = self.gains(mask, upper, flag)
        cols = np.arange(len(mask))
        out = np.stack([gains[plan.first + plan.of_roll[rolls], cols] for plan in self.plans])
        if self.points.extra is not None:
            jokers = self._jokers(gains, mask, flag)
            for j, r in enumerate(self.points.joker_rolls):
                hit = (rolls == r) & (mask & self.points.extra_bit != 0)
                out[:, hit] = jokers[j][:, hit]
        return out

    def _jokers(self, gains: FloatArray, mask: IntArray, flag: IntArray) -> FloatArray:
        """(jokers, boxes, n): each joker roll placed in each box as the joker order allows (else -inf).

        A joker scores points some roll also scores normally, so the normal gains hold its value.
        """
        n = len(mask)
        out = np.take(gains, self.joker_rows.ravel(), axis=0).reshape(*self.joker_rows.shape, n)
        allowed = np.moveaxis(self.points.joker_allowed[mask], 0, -1)  # (jokers, boxes, n)
        np.copyto(out, -np.inf, where=~allowed)
        out += self.points.extra_bonus[:, None, None] * flag
        return out

    # -- keeps and rerolls ----------------------------------------------------------------

    @staticmethod
    def keeps(values: FloatArray) -> FloatArray:
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
    def rolls(values: FloatArray) -> FloatArray:
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

    def turn_arrays(self, mask: IntArray, upper: IntArray, flag: IntArray, rolls_left: int) -> FloatArray:
        """(462, n) keep values with this many rolls left (1 or 2); rows :252 keep all five dice."""
        values = np.empty((len(KEEPS), len(mask)))
        self.final(mask, upper, flag, out=values[:ROLL_COUNT])
        self.keeps(values)
        for _ in range(rolls_left - 1):
            self.keeps(self.rolls(values))
        return values

    def both_turn_arrays(
        self, mask: IntArray, upper: IntArray, flag: IntArray
    ) -> tuple[FloatArray, FloatArray]:
        """turn_arrays with one roll left and with two, in one pass: the second continues from the first."""
        values = np.empty((len(KEEPS), len(mask)))
        self.final(mask, upper, flag, out=values[:ROLL_COUNT])
        one_left = self.keeps(values).copy()
        return one_left, self.keeps(self.rolls(values))

    def start_values(self, mask: IntArray, upper: IntArray, flag: IntArray) -> FloatArray:
        """(n,): the expected points still to come from the start of a turn."""
        values = _SCRATCH.get("values", len(KEEPS), len(mask))
        self.final(mask, upper, flag, out=values[:ROLL_COUNT])
        for _ in range(2):  # keep, roll, keep, roll
            self.rolls(self.keeps(values))
        result: FloatArray = np.einsum("r,rn->n", ROLL_PROBABILITY, values[:ROLL_COUNT])
        return result
