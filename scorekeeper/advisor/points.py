"""What the solver needs to know of one ruleset, read from the rules engine: points, order, state layout.

Boxes are bits in sheet order (bit i = the ruleset's box i). A turn-start state is (filled-mask,
upper subtotal capped at the upper bonus threshold, flag); the flag exists only where the ruleset
has an extra-five-of-a-kind policy, and says whether the extra box holds points that earn its bonus.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from scorekeeper.rules import Dice, Ruleset, find_edition

from .dice import ROLLS

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
NOT_ALLOWED = -1
_DICE = tuple(Dice.of(roll) for roll in ROLLS)  # the engine's dice type, in ROLLS order


@dataclass(frozen=True, eq=False)
class Points:
    """One ruleset as the solver sees it: every roll's points in every box, jokers, order and layout."""

    rules: Ruleset
    normal: IntArray  # (252, boxes) points before any joker
    upper: tuple[int, ...]  # indices of the upper boxes (their points count toward the upper bonus)
    upper_cap: int  # the upper bonus threshold: the subtotal matters only up to it
    upper_bonus: int  # its points
    forced: bool  # only the first open box (in sheet order) may be filled
    extra: int | None  # index of the extra-five-of-a-kind box (Hasbro's Yahtzee), None without a policy
    armed: IntArray  # (101,) flag after the extra box takes these points (1: a later one earns the bonus)
    joker_rolls: IntArray  # ROLLS indices of the rolls that are jokers once the extra box is filled
    joker_points: IntArray  # (jokers, boxes) points of each joker in each box, NOT_ALLOWED = never
    joker_allowed: BoolArray  # (masks, jokers, boxes) the joker order allows the box on that filled-mask
    extra_bonus: IntArray  # (jokers,) bonus added to a joker roll while the flag is set

    @property
    def boxes(self) -> int:
        """How many boxes (= turns)."""
        return len(self.rules.boxes)

    @property
    def masks(self) -> int:
        """How many filled-masks."""
        return 1 << self.boxes

    @property
    def full(self) -> int:
        """The mask of a complete sheet."""
        return self.masks - 1

    @property
    def upper_bits(self) -> int:
        """The mask of the upper boxes."""
        return sum(1 << b for b in self.upper)

    @property
    def extra_bit(self) -> int:
        """The extra box's bit (0 without one)."""
        return 0 if self.extra is None else 1 << self.extra

    @property
    def upper_states(self) -> int:
        """Capped subtotals 0 … cap."""
        return self.upper_cap + 1

    @property
    def flags(self) -> int:
        """2 with an extra-bonus flag, else 1."""
        return 1 if self.extra is None else 2

    @property
    def shape(self) -> tuple[int, int, int]:
        """The value table's shape: (masks, upper subtotals, flags)."""
        return self.masks, self.upper_states, self.flags

    def index(self, mask: npt.ArrayLike, upper: npt.ArrayLike, flag: npt.ArrayLike) -> IntArray:
        """Flat index of turn-start states in a table of this shape."""
        m, u, f = (np.asarray(x, dtype=np.int64) for x in (mask, upper, flag))
        index: IntArray = (m * self.upper_states + u) * self.flags + f
        return index

    def reachable(self) -> IntArray:
        """Every filled-mask play can reach: all of them, or only sheet-order prefixes in a forced order."""
        if self.forced:
            return np.array([(1 << k) - 1 for k in range(self.boxes + 1)], dtype=np.int64)
        return np.arange(self.masks, dtype=np.int64)

    def choosable(self, mask: IntArray) -> IntArray:
        """Bits of the boxes a roll that is no joker may fill: the open ones, or the first open one."""
        open_ = ~mask & self.full
        return open_ & -open_ if self.forced else open_

    def bonus(self, upper: IntArray, gained: IntArray) -> IntArray:
        """The upper bonus earned by adding `gained` upper points to subtotals `upper`."""
        reached = (upper < self.upper_cap) & (upper + gained >= self.upper_cap)
        return np.where(reached, self.upper_bonus, 0)


def _sheet(rules: Ruleset, mask: int, extra: int | None = None, held: int = 0) -> list[int | None]:
    """Scores of a sheet with these boxes filled (0 everywhere, `held` in the extra box)."""
    scores: list[int | None] = [0 if mask >> b & 1 else None for b in range(len(rules.boxes))]
    if extra is not None and mask >> extra & 1:
        scores[extra] = held
    return scores


@cache
def points_for(edition: str | Ruleset) -> Points:
    """Ask the engine what each roll scores where, which boxes it may go to, and what earns a bonus."""
    rules = find_edition(edition)
    count = len(rules.boxes)
    normal = np.array([rules.scores(roll) for roll in _DICE], dtype=np.int64)
    upper = tuple(i for i, box in enumerate(rules.boxes) if box.is_upper)
    points = Points(
        rules,
        normal,
        upper,
        # Without an upper bonus the upper subtotal never matters: one upper state.
        rules.upper_bonus.threshold if rules.upper_bonus else 0,
        rules.upper_bonus.points if rules.upper_bonus else 0,
        rules.order.forced,
        None,
        np.zeros(1, dtype=np.int64),
        np.zeros(0, dtype=np.int64),
        np.zeros((0, count), dtype=np.int64),
        np.zeros((0, 0, count), dtype=bool),
        np.zeros(0, dtype=np.int64),
    )
    _check_order(points)
    if rules.extra is None:
        return points
    return _with_extra(points)


def _check_order(points: Points) -> None:
    """The order the solver assumes (any open box, or the first) is the engine's, for an ordinary roll."""
    rules, ordinary = points.rules, Dice.of((1, 2, 3, 4, 6))
    for mask in points.reachable()[:-1][:64]:
        allowed = set(rules.placements(_sheet(rules, int(mask)), ordinary))
        bits = int(points.choosable(np.array(mask)))
        if allowed != {rules.boxes[b].key for b in range(points.boxes) if bits >> b & 1}:
            raise ValueError(f"{rules}: the engine's box order is not one the solver knows")


def _with_extra(points: Points) -> Points:
    """Points with the extra-five-of-a-kind policy: jokers, their order, the flag and the bonus."""
    rules, policy = points.rules, points.rules.extra
    assert policy is not None
    extra = rules.box_index(policy.box)
    bit = 1 << extra
    filled = _sheet(rules, bit, extra)
    joker_rolls = np.array(
        [r for r, roll in enumerate(_DICE) if policy.is_joker(rules, filled, roll)], dtype=np.int64
    )
    # The flag: points held in the extra box that make a later joker earn its bonus.
    held_values = np.unique(points.normal[:, extra])
    armed = np.zeros(int(held_values.max()) + 1, dtype=np.int64)
    for held in held_values:
        armed[held] = rules.bonus_points(_sheet(rules, bit, extra, int(held)), _DICE[joker_rolls[0]]) > 0
    jokers, count = len(joker_rolls), points.boxes
    joker_points = np.full((jokers, count), NOT_ALLOWED, dtype=np.int64)
    joker_allowed = np.zeros((points.masks, jokers, count), dtype=bool)
    for mask in points.reachable():
        if not mask & bit or mask == points.full:
            continue  # no joker while the extra box is open, no turn on a full sheet
        sheet = _sheet(rules, int(mask), extra)
        for j, r in enumerate(joker_rolls):
            # Any points held in the extra box give the same placements (checked: one value per box).
            for key, pts in rules.placements(sheet, _DICE[r]).items():
                b = rules.box_index(key)
                if joker_points[j, b] not in (NOT_ALLOWED, pts):
                    raise ValueError("a joker's points depend on the other boxes")  # the solver assumes not
                joker_points[j, b] = pts
                joker_allowed[mask, j, b] = True
    armed_sheet = _sheet(rules, bit, extra, int(np.flatnonzero(armed)[0])) if armed.any() else filled
    extra_bonus = np.array([rules.bonus_points(armed_sheet, _DICE[r]) for r in joker_rolls], dtype=np.int64)
    return Points(
        rules,
        points.normal,
        points.upper,
        points.upper_cap,
        points.upper_bonus,
        points.forced,
        extra,
        armed,
        joker_rolls,
        joker_points,
        joker_allowed,
        extra_bonus,
    )


__all__ = ["NOT_ALLOWED", "Points", "points_for"]
