"""Score functions of sorted final dice (any count), the building blocks every ruleset's boxes are made of.

"Different faces" is strict everywhere: all-equal dice hold one face, never two pairs or a full house.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from .dice import Dice

Score = Callable[[Dice], int]


def _faces_with(dice: Dice, at_least: int) -> list[int]:
    """The faces shown by at least this many dice, lowest first."""
    return [face for face, count in enumerate(dice.counts, start=1) if count >= at_least]


def face_sum(face: int) -> Score:
    """Ones … Sixes: the sum of the dice showing this face."""

    def score(dice: Dice) -> int:
        return face * dice.count(face)

    return score


def chance(dice: Dice) -> int:
    """The sum of all the dice."""
    return sum(dice)


def kind_total(n: int) -> Score:
    """Hasbro's n of a kind: the sum of all the dice when at least n are equal."""

    def score(dice: Dice) -> int:
        return sum(dice) if max(dice.counts) >= n else 0

    return score


def kind_only(n: int) -> Score:
    """Yatzy's n of a kind: n times the highest face shown at least n times (only those dice count)."""

    def score(dice: Dice) -> int:
        faces = _faces_with(dice, n)
        return n * faces[-1] if faces else 0

    return score


def two_pairs(dice: Dice) -> int:
    """Two pairs of different faces (a full house holds two): twice each of the two highest; else 0."""
    pairs = _faces_with(dice, 2)
    return 2 * (pairs[-1] + pairs[-2]) if len(pairs) >= 2 else 0


def three_pairs(dice: Dice) -> int:
    """Three pairs of three different faces: the sum of the dice; else 0."""
    return sum(dice) if len(_faces_with(dice, 2)) >= 3 else 0


def full_house(points: int | None) -> Score:
    """Three of one face and two of another: fixed points, or (points None) the best 3a + 2b.

    With five dice 3a + 2b is the sum of all five.
    """

    def score(dice: Dice) -> int:
        houses = [3 * a + 2 * b for a in _faces_with(dice, 3) for b in _faces_with(dice, 2) if b != a]
        if not houses:
            return 0
        return max(houses) if points is None else points

    return score


def two_sets(first: int, second: int) -> Score:
    """``first`` dice of one face and ``second`` of another (Villa 3+3, Tower 4+2): the sum of the dice."""

    def score(dice: Dice) -> int:
        met = any(a != b for a in _faces_with(dice, first) for b in _faces_with(dice, second))
        return sum(dice) if met else 0

    return score


def straight(runs: Collection[frozenset[int]], points: int) -> Score:
    """Fixed points when the dice's faces include one of these runs."""

    def score(dice: Dice) -> int:
        faces = set(dice)
        return points if any(run <= faces for run in runs) else 0

    return score


def all_equal(points: int) -> Score:
    """Fixed points when every die shows the same face (Yahtzee with five dice, Maxi Yatzy with six)."""

    def score(dice: Dice) -> int:
        return points if dice.all_equal else 0

    return score


five_of_a_kind = all_equal  # the name the five-dice editions use


def run(first: int, last: int) -> frozenset[int]:
    """The faces first … last."""
    return frozenset(range(first, last + 1))
