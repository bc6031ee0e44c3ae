"""Score functions of sorted final dice, the building blocks every ruleset's boxes are made of."""

from __future__ import annotations

from collections.abc import Callable, Collection

from .dice import Dice

Score = Callable[[Dice], int]


def face_sum(face: int) -> Score:
    """Ones … Sixes: the sum of the dice showing this face."""

    def score(dice: Dice) -> int:
        return face * dice.count(face)

    return score


def chance(dice: Dice) -> int:
    """The sum of all five dice."""
    return sum(dice)


def kind_total(n: int) -> Score:
    """Hasbro's n of a kind: the sum of all five dice when at least n are equal."""

    def score(dice: Dice) -> int:
        return sum(dice) if max(dice.counts) >= n else 0

    return score


def kind_only(n: int) -> Score:
    """Yatzy's n of a kind: n times the highest face shown at least n times (only those dice count)."""

    def score(dice: Dice) -> int:
        faces = [face for face, count in enumerate(dice.counts, start=1) if count >= n]
        return n * faces[-1] if faces else 0

    return score


def two_pairs(dice: Dice) -> int:
    """Two pairs of different faces (a full house holds two): twice each face; else 0."""
    pairs = [face for face, count in enumerate(dice.counts, start=1) if count >= 2]
    return 2 * (pairs[-1] + pairs[-2]) if len(pairs) >= 2 else 0


def full_house(points: int | None) -> Score:
    """Three of one face and two of another: fixed points, or the dice's sum where points is None."""

    def score(dice: Dice) -> int:
        if sorted(dice.counts)[-2:] != [2, 3]:
            return 0
        return sum(dice) if points is None else points

    return score


def straight(runs: Collection[frozenset[int]], points: int) -> Score:
    """Fixed points when the dice's faces include one of these runs."""

    def score(dice: Dice) -> int:
        faces = set(dice)
        return points if any(run <= faces for run in runs) else 0

    return score


def five_of_a_kind(points: int) -> Score:
    """Fixed points for five equal dice."""

    def score(dice: Dice) -> int:
        return points if dice.is_five_of_a_kind else 0

    return score


def run(first: int, last: int) -> frozenset[int]:
    """The faces first … last."""
    return frozenset(range(first, last + 1))
