"""Seeded games of optimal solitaire play: the advisor decides, the rules engine scores.

All games advance together, one turn at a time, so each decision is one numpy pass over every game.
Exact ties go to the first candidate (the keep of all dice, then larger keeps; boxes in sheet order).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scorekeeper.rules import BOXES, ROUNDS, Box, Scorecard

from .advisor import Advisor, card_state
from .dice import DICE, FACES, KEEPS, ROLL_BY_CODE, ROLLS, SUB_KEEPS, roll_code

KEEP_COUNTS = np.array([[k.count(f) for f in range(1, FACES + 1)] for k in KEEPS])


@dataclass(frozen=True)
class Simulation:
    """The final sheets of the simulated games."""

    cards: list[Scorecard]

    @property
    def scores(self) -> np.ndarray:
        """Grand totals."""
        return np.array([card.grand_total for card in self.cards])

    @property
    def upper_bonus_rate(self) -> float:
        """Share of games with the upper bonus."""
        return float(np.mean([card.upper_bonus > 0 for card in self.cards]))

    @property
    def yahtzee_rate(self) -> float:
        """Share of games with 50 in the Yahtzee box."""
        return float(np.mean([card.points(Box.YAHTZEE) == 50 for card in self.cards]))


def _roll(rng: np.random.Generator, kept: np.ndarray) -> np.ndarray:
    """ROLLS indices after rolling every die not kept (kept: KEEPS indices)."""
    counts = KEEP_COUNTS[kept]
    fresh = rng.integers(1, FACES + 1, size=(len(kept), DICE))
    used = np.arange(DICE) < (DICE - counts.sum(axis=1))[:, None]
    new = np.stack([((fresh == face) & used).sum(axis=1) for face in range(1, FACES + 1)], axis=1)
    return ROLL_BY_CODE[roll_code(counts + new)]


def _best_keep(keep_values: np.ndarray, rolls: np.ndarray) -> np.ndarray:
    """KEEPS index of the best keep of each game's roll."""
    candidates = SUB_KEEPS[rolls]  # (n, 32)
    values = keep_values[candidates, np.arange(len(rolls))[:, None]]
    return candidates[np.arange(len(rolls)), values.argmax(axis=1)]


def simulate(advisor: Advisor, games: int, seed: int = 0) -> Simulation:
    """Play `games` games with optimal decisions, dice from a seeded generator."""
    rng = np.random.default_rng(seed)
    turn = advisor.turn()
    cards = [Scorecard(advisor.edition) for _ in range(games)]
    everyone = np.full(games, KEEPS.index(()))
    for _ in range(ROUNDS):
        mask, upper, flag = (np.array(x) for x in zip(*map(card_state, cards)))
        one_left = turn.turn_arrays(mask, upper, flag, rolls_left=1)
        two_left = turn.turn_arrays(mask, upper, flag, rolls_left=2)
        rolls = _roll(rng, everyone)
        rolls = _roll(rng, _best_keep(two_left, rolls))
        rolls = _roll(rng, _best_keep(one_left, rolls))
        choice = turn.box_gains(mask, upper, flag, rolls).argmax(axis=0)
        cards = [card.fill(BOXES[b], ROLLS[r]) for card, b, r in zip(cards, choice, rolls)]
    return Simulation(cards)
