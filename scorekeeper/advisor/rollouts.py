"""Games played on from one sheet by the coach with seeded dice: the yardstick for the distribution.

Every die is rolled (three rolls, the coach's best keeps between them, ties to the first candidate as
in simulate.py); the games that reach the same state share one numpy pass per turn.
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


def rollouts(advisor: Advisor, card: Scorecard, games: int, seed: int = 0) -> IntArray:
    """Final totals of `games` games played on from `card` (a turn start) by the coach."""
    _, totals = paths(advisor, card, games, seed)
    last: IntArray = totals[-1]
    return last


def paths(advisor: Advisor, card: Scorecard, games: int, seed: int = 0) -> tuple[IntArray, IntArray]:
    """(states, totals), each (turns left + 1, games): each game's state (flat index) and total by turn."""
    points, turn = advisor.points, advisor.turn()
    rng = np.random.default_rng(seed)
    totals = [np.full(games, card.grand_total, dtype=np.int64)]
    states = [np.full(games, int(points.index(*card_state(card))), dtype=np.int64)]
    everyone = np.full(games, KEEPS.index(()))
    rows = np.arange(games)
    for _ in range(card.scores.count(None)):
        unique, column = np.unique(states[-1], return_inverse=True)
        mask, upper, flag = _decode(points, unique)
        rolls = _roll(rng, everyone)
        for left in (2, 1):
            values = turn.turn_arrays(mask, upper, flag, rolls_left=left)
            candidates = SUB_KEEPS[rolls]
            best = values[candidates, column[:, None]].argmax(axis=1)
            rolls = _roll(rng, candidates[rows, best])
        fin = finals(turn, mask, upper, flag)
        totals.append(totals[-1] + fin.points[rolls, column])
        states.append(fin.after[rolls, column])
    return np.array(states), np.array(totals)


__all__ = ["paths", "rollouts"]
