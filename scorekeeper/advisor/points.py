"""The points tables the solver needs, read from the rules engine for one edition."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from scorekeeper.rules import BOXES, Box, Edition
from scorekeeper.rules.joker import EXTRA_YAHTZEE_BONUS, bonus_due, placements
from scorekeeper.rules.scorecard import UPPER_BONUS_POINTS, UPPER_BONUS_THRESHOLD
from scorekeeper.rules.scoring import YAHTZEE_POINTS, is_five_of_a_kind

from .dice import ROLLS

BOX_COUNT = len(BOXES)
MASKS = 1 << BOX_COUNT
UPPER_MASK = (1 << 6) - 1
YAHTZEE_BIT = 1 << Box.YAHTZEE.index
UPPER_CAP = UPPER_BONUS_THRESHOLD  # the upper subtotal matters only up to the threshold
UPPER_STATES = UPPER_CAP + 1
NOT_ALLOWED = -1


@dataclass(frozen=True)
class Points:
    """Points of every final roll in every box for one edition, jokers included."""

    edition: Edition
    normal: np.ndarray  # (252, 13) points while no joker applies
    joker_rolls: np.ndarray  # ROLLS indices of five of a kind
    joker_points: np.ndarray  # (6, 13) points of each five of a kind in each box as a joker, -1 = never
    joker_allowed: np.ndarray  # (8192, 6, 13) the joker order allows the box for that filled-mask
    extra_bonus: np.ndarray  # (6,) points added to a joker roll while the Yahtzee box holds 50


def open_boxes(mask: int) -> frozenset[Box]:
    """The boxes whose bit is clear in a filled-mask."""
    return frozenset(box for i, box in enumerate(BOXES) if not mask >> i & 1)


@lru_cache(maxsize=None)
def points_for(edition: Edition) -> Points:
    """Ask the engine what each roll scores where, including the joker order of this edition."""
    everything = frozenset(BOXES)
    normal = np.array(
        [[placements(everything, roll, None, edition)[box] for box in BOXES] for roll in ROLLS],
        dtype=np.int64,
    )
    joker_rolls = np.array([r for r, roll in enumerate(ROLLS) if is_five_of_a_kind(roll)])
    joker_points = np.full((len(joker_rolls), BOX_COUNT), NOT_ALLOWED, dtype=np.int64)
    joker_allowed = np.zeros((MASKS, len(joker_rolls), BOX_COUNT), dtype=bool)
    for mask in range(MASKS):
        if not mask & YAHTZEE_BIT or mask == MASKS - 1:
            continue  # no joker while the Yahtzee box is empty, no turn on a full sheet
        opened = open_boxes(mask)
        for j, r in enumerate(joker_rolls):
            # Any filled Yahtzee box gives the same placements; 0 stands for "filled".
            for box, pts in placements(opened, ROLLS[r], 0, edition).items():
                if joker_points[j, box.index] not in (NOT_ALLOWED, pts):
                    raise ValueError("a joker's points depend on the other boxes")  # the solver assumes not
                joker_points[j, box.index] = pts
                joker_allowed[mask, j, box.index] = True
    extra_bonus = np.array(
        [EXTRA_YAHTZEE_BONUS if bonus_due(ROLLS[r], YAHTZEE_POINTS) else 0 for r in joker_rolls]
    )
    return Points(edition, normal, joker_rolls, joker_points, joker_allowed, extra_bonus)


def upper_bonus(upper: np.ndarray, gained: np.ndarray | int) -> np.ndarray:
    """The upper bonus earned by adding `gained` upper points to a subtotal `upper`."""
    return np.where((upper < UPPER_BONUS_THRESHOLD) & (upper + gained >= UPPER_BONUS_THRESHOLD),
                    UPPER_BONUS_POINTS, 0)


__all__ = ["Points", "points_for", "upper_bonus", "UPPER_CAP", "YAHTZEE_POINTS"]
