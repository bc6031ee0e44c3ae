"""Games played on from one sheet by the coach with seeded dice: the yardstick for the distribution.

Every die is rolled (three rolls, the coach's best keeps between them, ties to the first candidate as
in simulate.py); the games that reach the same state share one numpy pass per turn, BATCH states at a
time (the memory stays small however many games are played).
"""

from __future__ import annotations

import numpy as np

from scorekeeper.rules import Scorecard

from .advisor import Advisor, card_state
from .dice import KEEPS, SUB_KEEPS
from .outcomes import finals
from .points import IntArray, Points
from .simulate import _roll


def _decode(points: Points, index: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    flag = index % points.flags
    rest = index // points.flags
    return rest // points.upper_states, rest % points.upper_states, flag


def rollouts(advisor: Advisor, card: Scorecard, games: int, seed: Seed = 0) -> IntArray:
    """Final totals of `games` games played on from `card` (a turn start) by the coach."""
    _, totals = paths(advisor, card, games, seed)
    last: IntArray = totals[-1]
    return last


Seed = int | np.random.SeedSequence
BATCH = 512  # states whose keep values are held at once: ~50 MB at most, as fast as larger batches


def paths(advisor: Advisor, card: Scorecard, games: int, seed: Seed = 0) -> tuple[IntArray, IntArray]:
    """(states, totals), each (turns left + 1, games): each game's state (flat index) and total by turn."""
    state = int(advisor.points.index(*card_state(card)))
    return paths_from(advisor, state, card.scores.count(None), card.grand_total, games, seed)


def paths_from(
    advisor: Advisor, state: int, turns: int, total: int, games: int, seed: Seed = 0
) -> tuple[IntArray, IntArray]:
    """paths() from a turn-start state (flat index) with this many turns left and this total so far."""
    points, turn = advisor.points, advisor.turn()
    rng = np.random.default_rng(seed)
    totals = [np.full(games, total, dtype=np.int64)]
    states = [np.full(games, state, dtype=np.int64)]
    everyone = np.full(games, KEEPS.index(()))
    rows = np.arange(games)
    for _ in range(turns):
        unique, column = np.unique(states[-1], return_inverse=True)
        mask, upper, flag = _decode(points, unique)
        order = np.argsort(column, kind="stable")  # the games by state: each batch of states a slice
        starts = np.searchsorted(column[order], np.arange(0, len(unique) + BATCH, BATCH))
        batches = [
            (lo, order[starts[b] : starts[b + 1]]) for b, lo in enumerate(range(0, len(unique), BATCH))
        ]
        rolls = _roll(rng, everyone)
        for left in (2, 1):
            candidates = SUB_KEEPS[rolls]
            best = np.empty(games, dtype=np.int64)
            for lo, who in batches:
                hi = lo + BATCH
                values = turn.turn_arrays(mask[lo:hi], upper[lo:hi], flag[lo:hi], rolls_left=left)
                best[who] = values[candidates[who], column[who, None] - lo].argmax(axis=1)
            rolls = _roll(rng, candidates[rows, best])
        gained = np.empty(games, dtype=np.int64)
        after = np.empty(games, dtype=np.int64)
        for lo, who in batches:
            fin = finals(turn, mask[lo : lo + BATCH], upper[lo : lo + BATCH], flag[lo : lo + BATCH])
            gained[who] = fin.points[rolls[who], column[who] - lo]
            after[who] = fin.after[rolls[who], column[who] - lo]
        totals.append(totals[-1] + gained)
        states.append(after)
    return np.array(states), np.array(totals)


__all__ = ["paths", "paths_from", "rollouts"]
