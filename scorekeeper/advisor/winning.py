"""Chances to win of one turn's options, for many positions at once (numpy): playing this turn for the win.

The definition (one turn of play for the win, then the coach's way):
- A position is the player's sheet at the start of their turn and the other players' sheets. The
  others' final totals are independent of the player's: each follows the coach's (expected-score)
  play from their sheet, their final-score distributions are distribution.py's.
- `share[s]`: the player's chance to finish first with a final total of s against those totals,
  ties shared equally (as win_chances counts them). A chance to win is then the expectation of
  share over the player's final total: linear in the player's distribution.
- A box filled with the final dice: the sheet after it is played on the coach's way; its chance is
  Σ_r P(r points still to come from there) × share[total after + r].
- A final roll is worth its best box for the win; a keep with one roll left the mean over the
  reroll of the final roll's worth; a roll with one roll left its best keep (keeping all five
  included) for the win; a keep with two rolls left the mean over the reroll of that. This is
  the coach's turn arithmetic (solver.Turn) with the chance to win in place of the expected score.
So an option's chance is what the player gets by taking it and playing the REST OF THIS TURN for the
win (every later choice of the turn the best for the win, as this module advises it), then every
turn after it the coach's way, like everyone else. A player who follows the advice all turn gets
the chance shown when the turn started: the figures of one turn agree with each other. The
alternative, the coach's keeps for the rest of the turn after any option, gives a lower figure to a
keep whose later keeps the player would not make, and no chance a player following the advice gets.
The policy that takes the best option for the win at every decision is a one-turn improvement on
the coach's: against coach players it wins at least as often as the coach does (the policy
improvement theorem: the others' play does not depend on the player's; up to the accuracy of the
curves read from the chance table with seven boxes open or more), and it is what the self-play
benchmark measures (benchmarks/play_to_win_bench.py). Not the optimal play for the win, which would play every
later turn for the win too: that is a game between all the players (Pawlewicz 2011 solves it for
two players, with a table of billions of positions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .dice import KEEPS, ROLL_COUNT
from .points import IntArray, Points
from .solver import FloatArray, Turn

BoolArray = npt.NDArray[np.bool_]
GAIN_KEY = 4096  # above any points one turn adds
GATHER = 4_000_000  # share values gathered at once by final_chances (32 MB)


def win_shares(pmfs: FloatArray) -> FloatArray:
    """share[..., s]: the chance to finish first with a final total s, ties shared, from the others'
    final-total pmfs (others, ..., totals) on the same totals 0 … length-1 (independent).

    The others tie at s or stay below it: the chance that all stay at or below s with k of them at
    s is a polynomial's coefficient (the product over the others of below + x · at), and a tie of
    k others leaves 1 / (k + 1) of the win.
    """
    below = np.cumsum(pmfs, axis=-1) - pmfs  # P(X_j < s)
    poly = [np.ones(pmfs.shape[1:])]  # poly[k]: P(all others <= s, exactly k of them at s)
    for at, under in zip(pmfs, below, strict=True):
        grown = [p * under for p in poly] + [np.zeros_like(poly[0])]
        for k, p in enumerate(poly):
            grown[k + 1] += p * at
        poly = grown
    share: FloatArray = sum((p / (k + 1) for k, p in enumerate(poly)), np.zeros(pmfs.shape[1:]))
    return share


def share_of(others: Sequence[tuple[IntArray, FloatArray]], length: int) -> FloatArray:
    """share[s] for s = 0 … length-1 against these (final totals, probabilities); length must pass
    every other's highest total, so that share is 1 from there on."""
    pmfs = np.zeros((len(others), length))
    for row, (support, prob) in zip(pmfs, others, strict=True):
        row[support] = prob
    return win_shares(pmfs)


@dataclass(frozen=True)
class Placements:
    """Per final roll (252), box and position: whether the rules allow it, the points it adds
    (bonuses included) and the turn-start state after it (flat index)."""

    allowed: BoolArray  # (252, boxes, n)
    gained: IntArray
    after: IntArray


def placements(points: Points, mask: IntArray, upper: IntArray, flag: IntArray) -> Placements:
    """Every box each final roll may fill from these turn-start states (none complete), as outcomes.finals
    reads the rules for the coach's box alone: jokers and their order, the upper and extra bonuses."""
    n, boxes = len(mask), points.boxes
    box = np.arange(boxes)[None, :, None]
    bits = (1 << box).astype(np.int64)
    pts = np.repeat(points.normal[:, :, None], n, axis=2)
    allowed = np.repeat(((points.choosable(mask)[None, None, :] & bits) != 0), ROLL_COUNT, axis=0)
    extra_bonus = np.zeros((ROLL_COUNT, boxes, n), dtype=np.int64)
    if points.extra is not None and len(points.joker_rolls):
        hit = (mask & points.extra_bit) != 0  # (n,): the extra box is filled: five of a kind is a joker
        rows = points.joker_rolls
        joker_allowed = np.moveaxis(points.joker_allowed[mask], 0, -1)  # (jokers, boxes, n)
        pts[rows] = np.where(hit, points.joker_points[:, :, None], pts[rows])
        allowed[rows] = np.where(hit, joker_allowed, allowed[rows])
        extra_bonus[rows] = np.where(hit & (flag == 1), points.extra_bonus[:, None, None], 0)
    pts = np.where(allowed, pts, 0)  # refused (a joker's NOT_ALLOWED): no points, never read
    is_upper = np.isin(box, points.upper)
    raised = np.where(is_upper, np.minimum(upper + pts, points.upper_cap), upper)
    gained = pts + extra_bonus + np.where(is_upper, points.bonus(upper, pts), 0)
    flag_after = np.broadcast_to(flag, pts.shape)
    if points.extra is not None:
        flag_after = np.where(box == points.extra, points.armed[np.clip(pts, 0, len(points.armed) - 1)], flag)
    after = points.index(mask | bits, raised, flag_after)
    return Placements(allowed, gained, np.where(allowed, after, -1))


PmfOf = Callable[[list[int]], list[FloatArray]]  # points still to come from turn-start states (flat)


def final_chances(places: Placements, totals: IntArray, shares: FloatArray, pmf_of: PmfOf) -> FloatArray:
    """(252, boxes, n): the chance to win after putting each final roll in each box (-inf: refused).

    `totals` (n,) are the sheets' totals now; `shares` (n, length) each position's share, 1 from
    its last total on (past it the index is clipped); `pmf_of` gives the states' curves.
    """
    n = len(totals)
    live = places.allowed
    column = np.broadcast_to(np.arange(n), live.shape)[live]
    # One key per (position, points gained, state after): the rolls and boxes that end a turn alike.
    states_past = int(places.after.max()) + 1
    key = (column * GAIN_KEY + places.gained[live]) * states_past + places.after[live]
    keys, where = np.unique(key, return_inverse=True)
    after, rest = keys % states_past, keys // states_past
    gained, column = rest % GAIN_KEY, rest // GAIN_KEY
    states, row = np.unique(after, return_inverse=True)
    curves = pmf_of(states.tolist())
    width = max(len(c) for c in curves)
    table = np.zeros((len(curves), width))
    for i, curve in enumerate(curves):
        table[i, : len(curve)] = curve
    start = totals[column] + gained
    last = shares.shape[1] - 1
    values = np.empty(len(keys))
    step = max(1, GATHER // width)
    offsets = np.arange(width)
    for lo in range(0, len(keys), step):
        part = slice(lo, lo + step)
        index = np.minimum(start[part, None] + offsets[None, :], last)
        window = shares[column[part, None], index]
        values[part] = np.einsum("kr,kr->k", window, table[row[part]])
    out = np.full(live.shape, -np.inf)
    out[live] = values[where]
    return out


def keep_chances(final: FloatArray) -> tuple[FloatArray, FloatArray]:
    """(462, n) each keep's chance to win with one roll left, and with two, from each final roll's (252, n).

    Rows :252 keep all five dice: with one roll left, the roll's own chance; with two, its chance
    with the last roll still to decide (kept all, or rolled again: what is best then).
    """
    values = np.empty((len(KEEPS), final.shape[1]))
    values[:ROLL_COUNT] = final
    one = Turn.keeps(values).copy()
    two = Turn.keeps(Turn.rolls(values))
    return one, two


__all__ = [
    "Placements",
    "final_chances",
    "keep_chances",
    "placements",
    "share_of",
    "win_shares",
]
