"""Sheets and yardsticks for the chance-to-win checks (tests and benchmarks/chances_bench.py)."""

from __future__ import annotations

import numpy as np

from scorekeeper.advisor import Advisor
from scorekeeper.advisor.dice import DICE, FACES
from scorekeeper.rules import Scorecard


def mid_game(advisor: Advisor, rng: np.random.Generator, turns: int) -> Scorecard:
    """A sheet after `turns` turns: the coach keeps; its box four times in five, else a random one."""
    card = Scorecard(advisor.edition)
    for _ in range(turns):
        dice = tuple(sorted(rng.integers(1, FACES + 1, DICE).tolist()))
        for left in (2, 1):
            keep = advisor.best_keep(card, dice, left)
            dice = tuple(sorted(keep + tuple(rng.integers(1, FACES + 1, DICE - len(keep)).tolist())))
        options = list(card.options(dice))
        box = advisor.best_box(card, dice) if rng.random() < 0.8 else options[rng.integers(len(options))]
        card = card.fill(box, dice)
    return card


def kolmogorov(support: np.ndarray, prob: np.ndarray, sample: np.ndarray) -> float:
    """Largest gap between the distribution's CDF and the sample's, over the integers."""
    low, high = min(int(support[0]), int(sample.min())), max(int(support[-1]), int(sample.max()))
    ours = np.zeros(high - low + 1)
    ours[support - low] = prob
    seen = np.bincount(sample - low, minlength=high - low + 1) / len(sample)
    return float(np.abs(np.cumsum(ours) - np.cumsum(seen)).max())


def shared_wins(finals: np.ndarray) -> np.ndarray:
    """(players, games) final totals -> each player's share of each game's win (ties shared)."""
    top = finals.max(axis=0)
    winners = finals == top
    shares: np.ndarray = winners / winners.sum(axis=0)
    return shares
