"""Seeded games of optimal solitaire play: the advisor decides, the rules engine scores.

All games advance together, one turn at a time, so each decision is one numpy pass over every game.
Exact ties go to the first candidate (the keep of all dice, then larger keeps; boxes in sheet order).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scorekeeper.rules import Scorecard

from .advisor import Advisor, card_state
from .dice import DICE, FACES, KEEPS, ROLL_BY_CODE, ROLLS, SUB_KEEPS, roll_code
from .points import IntArray
from .solver import FloatArray

KEEP_COUNTS = np.array([[k.count(f) for f in range(1, FACES + 1)] for k in KEEPS])


@dataclass(frozen=True)
class Simulation:
    """The final sheets of the simulated games."""

    cards: list[Scorecard]

    @property
    def scores(self) -> IntArray:
        """Grand totals."""
        return np.array([card.grand_total for card in self.cards], dtype=np.int64)

    @property
    def upper_bonus_rate(self) -> float:
        """Share of games with the upper bonus."""
        return float(np.mean([card.upper_bonus > 0 for card in self.cards]))

    def fixed_rate(self, key: str) -> float:
        """Share of games whose box `key` holds its fixed points (e.g. a five-of-a-kind box's)."""
        return float(np.mean([card.points(key) == card.edition.box(key).fixed for card in self.cards]))


def _roll(rng: np.random.Generator, kept: IntArray) -> IntArray:
    """ROLLS indices after rolling every die not kept (kept: KEEPS indices)."""
    counts = KEEP_COUNTS[kept]
    fresh = rng.integers(1, FACES + 1, size=(len(kept), DICE))
    used = np.arange(DICE) < (DICE - counts.sum(axis=1))[:, None]
    new = np.stack([((fresh == face) & used).sum(axis=1) for face in range(1, FACES + 1)], axis=1)
    rolls: IntArray = ROLL_BY_CODE[roll_code(counts + new)]
    return rolls


def _best_keep(keep_values: FloatArray, rolls: IntArray) -> IntArray:
    """KEEPS index of the best keep of each game's roll."""
    candidates = SUB_KEEPS[rolls]  # (n, 32)
    values = keep_values[candidates, np.arange(len(rolls))[:, None]]
    best: IntArray = candidates[np.arange(len(rolls)), values.argmax(axis=1)]
    return best


def simulate(advisor: Advisor, games: int, seed: int = 0) -> Simulation:
    """Play `games` games with optimal decisions, dice from a seeded generator."""
    rng = np.random.default_rng(seed)
    turn = advisor.turn()
    keys = [box.key for box in advisor.edition.boxes]
    cards = [Scorecard(advisor.edition) for _ in range(games)]
    everyone = np.full(games, KEEPS.index(()))
    for _ in range(advisor.edition.rounds):
        mask, upper, flag = (np.array(x, dtype=np.int64) for x in zip(*map(card_state, cards), strict=True))
        one_left, two_left = turn.both_turn_arrays(mask, upper, flag)
        rolls = _roll(rng, everyone)
        rolls = _roll(rng, _best_keep(two_left, rolls))
        rolls = _roll(rng, _best_keep(one_left, rolls))
        choice = turn.box_gains(mask, upper, flag, rolls).argmax(axis=0)
        cards = [card.fill(keys[b], ROLLS[r]) for card, b, r in zip(cards, choice, rolls, strict=True)]
    return Simulation(cards)
