"""The coach's Yacht against a small solver of our own: values of every sheet, box and keep, and chances.

yatzy-solver has no Yacht, so this file solves it again from RULES.md alone, sharing no code with
scorekeeper/advisor: Yacht's points never depend on the rest of the sheet (no upper bonus, no joker),
so a sheet's state is which of its 12 boxes are filled (4,096 states), and a turn is the usual
three rolls, solved backwards with dense keep-to-roll matrices. Its exact final-score distribution
(the coach's way of playing followed forward, turn by turn) checks the chance to win.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from functools import cache

import numpy as np
import pytest

from scorekeeper.advisor import Advisor, win_chances
from scorekeeper.rules import Scorecard, find_edition

YACHT = find_edition("yacht")
BOXES = [box.key for box in YACHT.boxes]
FULL = (1 << len(BOXES)) - 1
TOLERANCE = 1e-6
ROLLS: list[tuple[int, ...]] = list(itertools.combinations_with_replacement(range(1, 7), 5))
ROLL_INDEX = {roll: i for i, roll in enumerate(ROLLS)}
KEEPS = [keep for n in range(6) for keep in itertools.combinations_with_replacement(range(1, 7), n)]
KEEP_INDEX = {keep: i for i, keep in enumerate(KEEPS)}


def points(box: str, roll: tuple[int, ...]) -> int:
    """RULES.md's Yacht table, written out again."""
    counts = Counter(roll)
    faces = ["ones", "twos", "threes", "fours", "fives", "sixes"]
    if box in faces:
        face = faces.index(box) + 1
        return face * counts[face]
    if box == "full_house":
        return sum(roll) if sorted(counts.values()) == [2, 3] else 0
    if box == "four_of_a_kind":
        return next((4 * face for face, n in counts.items() if n >= 4), 0)
    if box == "little_straight":
        return 30 if sorted(roll) == [1, 2, 3, 4, 5] else 0
    if box == "big_straight":
        return 30 if sorted(roll) == [2, 3, 4, 5, 6] else 0
    if box == "choice":
        return sum(roll)
    assert box == "yacht"
    return 50 if len(counts) == 1 else 0


def _chance_of(outcome: tuple[int, ...]) -> float:
    """The chance that len(outcome) fresh dice show this multiset."""
    arrangements = math.factorial(len(outcome))
    for n in Counter(outcome).values():
        arrangements //= math.factorial(n)
    return arrangements / 6 ** len(outcome)


def _sub_keeps(roll: tuple[int, ...]) -> list[int]:
    return sorted({KEEP_INDEX[tuple(sorted(c))] for n in range(6) for c in itertools.combinations(roll, n)})


class Solved:
    """Every state's expected remaining points, and the pieces the forward pass needs."""

    def __init__(self) -> None:
        self.move = np.zeros((len(KEEPS), len(ROLLS)))  # keep -> chance of each final roll
        for keep in KEEPS:
            for outcome in itertools.combinations_with_replacement(range(1, 7), 5 - len(keep)):
                self.move[KEEP_INDEX[keep], ROLL_INDEX[tuple(sorted(keep + outcome))]] += _chance_of(outcome)
        keeps_of = [_sub_keeps(roll) for roll in ROLLS]
        # Each roll's keeps as a row, padded with an index whose worth is -inf.
        self.keeps = np.full((len(ROLLS), max(map(len, keeps_of))), len(KEEPS))
        for r, keeps in enumerate(keeps_of):
            self.keeps[r, : len(keeps)] = keeps
        self.points = np.array([[points(box, roll) for roll in ROLLS] for box in BOXES], dtype=float)
        self.value = np.zeros(FULL + 1)  # expected points still to come, at a turn's start
        for mask in range(FULL - 1, -1, -1):
            self.value[mask] = self.move[KEEP_INDEX[()]] @ self.stages(mask)[0]

    def after_box(self, mask: int) -> np.ndarray:
        """For each open box and final roll: its points plus what the rest of the game is worth."""
        out = np.full((len(BOXES), len(ROLLS)), -np.inf)
        for b in range(len(BOXES)):
            if not mask >> b & 1:
                out[b] = self.points[b] + self.value[mask | 1 << b]
        return out

    def stages(self, mask: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A roll's worth with two rolls left, with one left, and as final dice."""
        final = self.after_box(mask).max(axis=0)
        one_left = self.keep_worth(final)[self.keeps].max(axis=1)
        two_left = self.keep_worth(one_left)[self.keeps].max(axis=1)
        return two_left, one_left, final

    def keep_worth(self, worth: np.ndarray) -> np.ndarray:
        """Each keep's expected worth of the roll it leads to, and -inf for the padding."""
        return np.append(self.move @ worth, -np.inf)

    @cache  # noqa: B019  (one instance for the module)
    def distribution(self, mask: int) -> np.ndarray:
        """Chance of each number of points still to come, playing as the values say (ties: first best)."""
        out = np.zeros(298)
        if mask == FULL:
            out[0] = 1.0
            return out
        _, one_left, final = self.stages(mask)
        reach = self.move[KEEP_INDEX[()]]
        for worth in (one_left, final):  # each roll's best keep, then where the dice land
            worths = self.keep_worth(worth)[self.keeps]
            best = self.keeps[np.arange(len(ROLLS)), worths.argmax(axis=1)]
            reach = reach @ self.move[best]
        choices = self.after_box(mask).argmax(axis=0)
        for b in set(choices.tolist()):
            rest = self.distribution(mask | 1 << b)
            for r in np.flatnonzero(choices == b):
                shift = int(self.points[b, r])
                out[shift:] += reach[r] * rest[: 298 - shift]
        return out


@pytest.fixture(scope="module")
def ours() -> Solved:
    return Solved()


@pytest.fixture(scope="module")
def coach(advisor_tables) -> Advisor:
    return Advisor.for_edition(YACHT, advisor_tables)


def _mask(card: Scorecard) -> int:
    return sum(1 << i for i, p in enumerate(card.scores) if p is not None)


def _sheets(count: int, seed: int) -> list[Scorecard]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        card = Scorecard(YACHT)
        for _ in range(rng.randint(0, len(BOXES) - 1)):
            dice = [rng.randint(1, 6) for _ in range(5)]
            card = card.fill(rng.choice(list(card.options(dice))), dice)
        out.append(card)
    return out


def test_a_new_yacht_game_is_worth_the_same_to_both_solvers(ours, coach) -> None:
    assert coach.expected_final(Scorecard(YACHT)) == pytest.approx(ours.value[0], abs=TOLERANCE)
    assert 150 < ours.value[0] < 297  # a sound solve, not two equal mistakes of zero


def test_every_yacht_sheet_between_turns_is_worth_the_same(ours, coach) -> None:
    for card in _sheets(300, seed=1):
        assert coach.expected_final(card) - card.grand_total == pytest.approx(
            ours.value[_mask(card)], abs=TOLERANCE
        )


def test_box_and_keep_values_match_in_random_yacht_situations(ours, coach) -> None:
    rng = random.Random(2)
    compared = 0
    for card in _sheets(150, seed=3):
        mask = _mask(card)
        _, one_left, final = ours.stages(mask)
        dice = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
        boxes = coach.box_values(card, dice)
        after = ours.after_box(mask)[:, ROLL_INDEX[dice]]
        assert set(boxes) == {BOXES[b] for b in range(len(BOXES)) if not mask >> b & 1}
        for box, value in boxes.items():
            assert value - card.grand_total == pytest.approx(after[BOXES.index(box)], abs=TOLERANCE)
            compared += 1
        for rolls_left, worth in ((2, one_left), (1, final)):
            for keep, value in coach.keep_values(card, dice, rolls_left).items():
                assert value - card.grand_total == pytest.approx(
                    ours.move[KEEP_INDEX[keep]] @ worth, abs=TOLERANCE
                )
                compared += 1
    assert compared > 2_000


def test_yacht_final_score_chances_match_the_exact_distribution(ours, coach) -> None:
    # The coach's chance table approximates (0.01 is its promise, benchmarks/chances_bench.py); Yacht
    # measured 0.0014 at most.
    for card in [Scorecard(YACHT), *_sheets(6, seed=4)]:
        support, pmf = coach.score_distribution(card)
        size = max(int(support.max()) + 1, 298 + card.grand_total)
        theirs, exact = np.zeros(size), np.zeros(size)
        theirs[support] = pmf  # its grid may reach past 297 points, with nothing there
        exact[card.grand_total : card.grand_total + 298] = ours.distribution(_mask(card))
        assert exact.sum() == pytest.approx(1.0)
        assert np.abs(np.cumsum(theirs) - np.cumsum(exact)).max() < 0.005


def test_yacht_chances_to_win_match_the_exact_distributions(ours, coach) -> None:
    rng = random.Random(5)
    for _ in range(4):
        cards = rng.sample(_sheets(12, seed=rng.randint(0, 10**6)), 3)
        exact = []
        for card in cards:
            remaining = ours.distribution(_mask(card))
            support = np.flatnonzero(remaining)
            exact.append((support + card.grand_total, remaining[support]))
        assert coach.win_chances(cards) == pytest.approx(win_chances(exact), abs=0.01)
