"""One turn of the coach's play from many turn-start states: how likely each final roll is, and what it does.

The coach keeps the best dice twice (ties as simulate.py breaks them: the first candidate, keeping all
dice first) and puts the final roll in its best box (ties: sheet order). Per state and final roll this
gives the probability of ending the turn with that roll, the points it adds (bonuses included) and
the state after, so anything additive over turns (moments, a score distribution) follows exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .dice import (
    BLOCKS,
    DICE,
    FACES,
    KEEPS,
    PARENTS,
    ROLL_BY_CODE,
    ROLL_COUNT,
    ROLL_PROBABILITY,
    SUB_KEEPS,
    _probability,
    roll_code,
)
from .points import IntArray, Points
from .solver import FloatArray, Turn


def _keep_to_roll() -> FloatArray:
    """(462, 252): the probability that rolling the dice a keep leaves out ends on each roll."""
    matrix = np.zeros((len(KEEPS), ROLL_COUNT))
    counts = np.array([[k.count(f) for f in range(1, FACES + 1)] for k in KEEPS], dtype=np.int64)
    for k, keep in enumerate(KEEPS):
        rest = DICE - len(keep)
        for fresh in (other for other in KEEPS if len(other) == rest):
            extra = np.array([fresh.count(f) for f in range(1, FACES + 1)], dtype=np.int64)
            r = int(ROLL_BY_CODE[roll_code(counts[k] + extra)])
            matrix[k, r] += _probability(fresh)
    return matrix


KEEP_TO_ROLL = _keep_to_roll()


@dataclass(frozen=True)
class Finals:
    """Per final roll (rows, 252) and state (columns): the coach's box, its value, points and the state after.

    `points` includes the upper and extra bonuses it earns; `lump` marks the turns that score the
    sheet's biggest fixed box (a five of a kind's 50) or an extra bonus: the jumps a smooth curve misses.
    """

    box: IntArray
    value: FloatArray  # points + value of the state after, as the coach ranks boxes
    points: IntArray
    after: IntArray  # flat table index
    box_bonus: IntArray  # the upper bonus this turn earns (in `points` too)
    lump: npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Outcomes:
    """A whole turn: the probability (252, n) of each final roll, with what that roll does."""

    probability: FloatArray
    finals: Finals


def lump_box(points: Points) -> tuple[int, int]:
    """(index, points) of the box with the largest fixed points; (-1, 0) if no box has fixed points."""
    fixed = [(box.fixed or 0, -i) for i, box in enumerate(points.rules.boxes)]
    most, at = max(fixed)
    return (-at, most) if most else (-1, 0)


def _push(mass: FloatArray, keep_values: FloatArray) -> FloatArray:
    """Roll probabilities (252, n) after keeping each roll's best dice and rolling the rest."""
    n = mass.shape[1]
    best = np.repeat(SUB_KEEPS[:, :1], n, axis=1)  # keep-all first: a later keep must be strictly better
    best_value = keep_values[SUB_KEEPS[:, 0]]
    for c in range(1, SUB_KEEPS.shape[1]):
        value = keep_values[SUB_KEEPS[:, c]]
        better = value > best_value
        np.copyto(best_value, value, where=better)
        np.copyto(best, SUB_KEEPS[:, c : c + 1], where=better)
    weighted = np.bincount((best * n + np.arange(n)).ravel(), weights=mass.ravel(), minlength=len(KEEPS) * n)
    kept = weighted.astype(np.float64, copy=False).reshape(len(KEEPS), n)  # float already: typed so
    return _roll_the_rest(kept)


def _roll_the_rest(kept: FloatArray) -> FloatArray:
    """(252, n) final-roll probabilities from (462, n) probabilities of each keep, its missing dice rolled.

    One die at a time, smaller keeps first (a die adds each face with 1/6: the same multisets as
    rolling them together): KEEP_TO_ROLL's product, in a sixtieth of the arithmetic (it is sparse).
    """
    for size in range(1, DICE + 1):
        start, stop = BLOCKS[size]
        parents, lengths = PARENTS[size]
        block = kept[start:stop]
        for j, length in enumerate(lengths):
            block[:length] += kept[parents[:length, j]] * (1.0 / FACES)
    out: FloatArray = kept[:ROLL_COUNT]
    return out


def finals(turn: Turn, mask: IntArray, upper: IntArray, flag: IntArray) -> Finals:
    """What the coach does with each final roll from each of these states (none complete)."""
    p: Points = turn.points
    n = len(mask)
    gains = turn.gains(mask, upper, flag)
    box = np.zeros((ROLL_COUNT, n), dtype=np.int64)
    value = np.full((ROLL_COUNT, n), -np.inf)
    for b, plan in enumerate(turn.plans):  # strictly better only: ties go to the earlier box
        gain = gains[plan.first + plan.of_roll]
        better = gain > value
        np.copyto(value, gain, where=better)
        box[better] = b
    pts = p.normal[np.arange(ROLL_COUNT)[:, None], box]
    extra_bonus = np.zeros((ROLL_COUNT, n), dtype=np.int64)
    if p.extra is not None and len(p.joker_rolls):
        hit = (mask & p.extra_bit) != 0
        jokers = turn._jokers(gains, mask, flag)  # (jokers, boxes, n)
        chosen = jokers.argmax(axis=1)
        rows = p.joker_rolls
        box[rows] = np.where(hit, chosen, box[rows])
        value[rows] = np.where(hit, jokers.max(axis=1), value[rows])
        j = np.arange(len(rows))[:, None]
        pts[rows] = np.where(hit, p.joker_points[j, box[rows]], pts[rows])
        extra_bonus[rows] = np.where(hit & (flag == 1), p.extra_bonus[:, None], 0)
    is_upper = np.isin(box, p.upper)
    raised = np.where(is_upper, np.minimum(upper + pts, p.upper_cap), upper)
    box_bonus = np.where(is_upper, p.bonus(upper, pts), 0)
    gained = pts + extra_bonus + box_bonus
    flag_after = flag
    if p.extra is not None:
        flag_after = np.where(box == p.extra, p.armed[np.clip(pts, 0, len(p.armed) - 1)], flag)
    big, fixed = lump_box(p)
    lump = ((box == big) & (pts == fixed)) | (extra_bonus > 0)
    after = p.index(mask | (1 << box), raised, flag_after)
    return Finals(box, value, gained, after, box_bonus, lump)


def turn_outcomes(turn: Turn, mask: IntArray, upper: IntArray, flag: IntArray) -> Outcomes:
    """The coach's whole turn from each of these states (none complete)."""
    n = len(mask)
    mass = np.repeat(ROLL_PROBABILITY[:, None], n, axis=1)
    one_left, two_left = turn.both_turn_arrays(mask, upper, flag)
    mass = _push(_push(mass, two_left), one_left)
    return Outcomes(mass, finals(turn, mask, upper, flag))


__all__ = ["KEEP_TO_ROLL", "Finals", "Outcomes", "finals", "lump_box", "turn_outcomes"]
