"""What five final dice score in each box, before the joker rule is considered."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement

from .boxes import BOXES, Box, N_
from .errors import RuleViolation

Dice = tuple[int, int, int, int, int]

FULL_HOUSE_POINTS = 25
SMALL_STRAIGHT_POINTS = 30
LARGE_STRAIGHT_POINTS = 40
YAHTZEE_POINTS = 50

BAD_DICE = N_("Enter exactly five dice, each from 1 to 6.")
_NOT_DICE = (str, bytes, bytearray, memoryview)  # sequences, but of characters or bytes

SMALL_STRAIGHTS = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
LARGE_STRAIGHTS = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})

# The most points each box can ever score (a joker included): the sheet's limits.
MAX_POINTS = {
    Box.ONES: 5, Box.TWOS: 10, Box.THREES: 15, Box.FOURS: 20, Box.FIVES: 25, Box.SIXES: 30,
    Box.THREE_OF_A_KIND: 30, Box.FOUR_OF_A_KIND: 30, Box.FULL_HOUSE: FULL_HOUSE_POINTS,
    Box.SMALL_STRAIGHT: SMALL_STRAIGHT_POINTS, Box.LARGE_STRAIGHT: LARGE_STRAIGHT_POINTS,
    Box.YAHTZEE: YAHTZEE_POINTS, Box.CHANCE: 30,
}


def normalize_dice(dice: object) -> Dice:
    """Five dice as a sorted tuple; RuleViolation for anything that is not five ints 1–6."""
    # Only real sequences: a generator would be used up by a failed attempt, and a dict's
    # keys, a set's members or a string's characters are not five dice.
    if not isinstance(dice, Sequence) or isinstance(dice, _NOT_DICE):
        raise RuleViolation(BAD_DICE)
    values = tuple(dice)  # read once, so the checked dice are the returned dice
    if len(values) != 5 or not all(
        type(d) is int and 1 <= d <= 6 for d in values  # bools and floats are not dice
    ):
        raise RuleViolation(BAD_DICE)
    return tuple(sorted(values))  # type: ignore[return-value]


def is_five_of_a_kind(dice: Dice) -> bool:
    """Five equal dice (a Yahtzee roll), for sorted dice."""
    return dice[0] == dice[4]


def _has_run(faces: set[int], runs: tuple[set[int], ...]) -> bool:
    return any(run <= faces for run in runs)


def _compute_scores(dice: Dice) -> tuple[int, ...]:
    counts = Counter(dice)
    most = max(counts.values())
    total = sum(dice)
    faces = set(dice)
    upper = tuple(face * counts[face] for face in range(1, 7))
    lower = (
        total if most >= 3 else 0,
        total if most >= 4 else 0,
        FULL_HOUSE_POINTS if sorted(counts.values()) == [2, 3] else 0,
        SMALL_STRAIGHT_POINTS if _has_run(faces, SMALL_STRAIGHTS) else 0,
        LARGE_STRAIGHT_POINTS if _has_run(faces, LARGE_STRAIGHTS) else 0,
        YAHTZEE_POINTS if most == 5 else 0,
        total,
    )
    return upper + lower


# All 252 distinct final rolls, scored once: scoring is then a dictionary look-up.
ALL_ROLLS: tuple[Dice, ...] = tuple(combinations_with_replacement(range(1, 7), 5))  # type: ignore[assignment]
_SCORES: dict[Dice, tuple[int, ...]] = {roll: _compute_scores(roll) for roll in ALL_ROLLS}


def box_scores(dice: Dice) -> tuple[int, ...]:
    """Points of sorted dice in each of the 13 boxes (sheet order), without the joker."""
    return _SCORES[dice]


def score(box: Box, dice: Dice) -> int:
    """Points of sorted dice in one box, without the joker."""
    return _SCORES[dice][box.index]


def joker_score(box: Box, dice: Dice) -> int:
    """Points of an extra Yahtzee placed as a joker: lower boxes score as if the pattern were met."""
    fixed = {
        Box.FULL_HOUSE: FULL_HOUSE_POINTS,
        Box.SMALL_STRAIGHT: SMALL_STRAIGHT_POINTS,
        Box.LARGE_STRAIGHT: LARGE_STRAIGHT_POINTS,
    }
    return fixed.get(box, _SCORES[dice][box.index])


__all__ = [
    "ALL_ROLLS", "BOXES", "Dice", "MAX_POINTS", "box_scores", "is_five_of_a_kind",
    "joker_score", "normalize_dice", "score",
]
