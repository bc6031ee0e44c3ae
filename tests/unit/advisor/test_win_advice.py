"""Chances to win of every option, against a brute-force enumeration of the dice and the decisions.

The yardstick shares nothing with winning.py or distribution.py but the coach's policy: every reroll
is enumerated die by die, every sheet filled by the rules engine, each later turn played by the
coach's keeps and boxes (the solver's raw values, ties to the first candidate as distribution.py
breaks them), the win counted over every combination of the others' final totals, ties shared.
The player's own turn is played for the win: the best keep or box for the win at each decision.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from functools import cache

import numpy as np
import pytest

from scorekeeper.advisor import Advisor
from scorekeeper.advisor.advisor import card_state
from scorekeeper.advisor.dice import KEEP_INDEX
from scorekeeper.advisor.distribution import Distributions
from scorekeeper.advisor.win_advice import READY, SOLO, advise_for_win, win_turn
from scorekeeper.rules import Scorecard

Roll = tuple[int, ...]
TOLERANCE = 1e-9


@cache
def reroll(kept: Roll) -> dict[Roll, float]:
    """The final multisets after rolling the dice not kept, each ordered outcome counted."""
    out: dict[Roll, float] = defaultdict(float)
    fresh = 5 - len(kept)
    for dice in itertools.product(range(1, 7), repeat=fresh):
        out[tuple(sorted(kept + dice))] += 6.0**-fresh
    return dict(out)


@cache
def sub_keeps(roll: Roll) -> tuple[Roll, ...]:
    """Every distinct multiset of the roll's dice (the roll and the empty keep included)."""
    found = {tuple(sorted(c)) for size in range(6) for c in itertools.combinations(roll, size)}
    return tuple(sorted(found, key=lambda k: (len(k), k)))


class BruteForce:
    """Final-score distributions under the coach's play and chances to win, by enumeration."""

    def __init__(self, advisor: Advisor) -> None:
        self.advisor = advisor
        self.turn = advisor.turn()
        self.keys = [box.key for box in advisor.edition.boxes]
        self.finals_memo: dict[tuple[object, ...], dict[int, float]] = {}

    def _state(self, card: Scorecard) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        mask, upper, flag = (np.array([x], dtype=np.int64) for x in card_state(card))
        return mask, upper, flag

    def coach_keep(self, values: np.ndarray, roll: Roll) -> Roll:
        """The coach's keep: the highest value; ties to keeping everything, then larger, higher keeps."""
        candidates = [roll] + [k for k in reversed(sub_keeps(roll)) if k != roll]
        best = candidates[0]
        for keep in candidates[1:]:
            if values[KEEP_INDEX[keep]] > values[KEEP_INDEX[best]]:
                best = keep
        return best

    def coach_box(self, card: Scorecard, roll: Roll) -> str:
        gains = self.turn.box_gains(*self._state(card), np.array([KEEP_INDEX[roll]]))[:, 0]
        return self.keys[int(np.argmax(gains))]

    def coach_turn(self, card: Scorecard) -> dict[Roll, float]:
        """How likely each final roll is after the coach's two keeps."""
        mass = reroll(())
        for left in (2, 1):
            values = self.turn.turn_arrays(*self._state(card), rolls_left=left)[:, 0]
            after: dict[Roll, float] = defaultdict(float)
            for roll, p in mass.items():
                for new, q in reroll(self.coach_keep(values, roll)).items():
                    after[new] += p * q
            mass = after
        return mass

    def finals(self, card: Scorecard) -> dict[int, float]:
        """The distribution of the sheet's final total, the coach playing every turn left."""
        key = (card.scores, card.yahtzee_bonus_count)
        if key not in self.finals_memo:
            if card.is_complete:
                self.finals_memo[key] = {card.grand_total: 1.0}
            else:
                out: dict[int, float] = defaultdict(float)
                for roll, p in self.coach_turn(card).items():
                    for total, q in self.finals(card.fill(self.coach_box(card, roll), roll)).items():
                        out[total] += p * q
                self.finals_memo[key] = dict(out)
        return self.finals_memo[key]


class ForTheWin:
    """The player's turn played for the win against the others' sheets, by enumeration."""

    def __init__(self, brute: BruteForce, card: Scorecard, others: list[Scorecard]) -> None:
        self.brute, self.card = brute, card
        self.others = [list(brute.finals(other).items()) for other in others]

    @cache  # noqa: B019 - one instance per test
    def tops(self) -> dict[tuple[int, int], float]:
        """P(the others' highest total is m, reached by k of them), over every combination of theirs."""
        out: dict[tuple[int, int], float] = defaultdict(float)
        for combo in itertools.product(*self.others):
            top = max(t for t, _ in combo)
            out[top, sum(t == top for t, _ in combo)] += math.prod(p for _, p in combo)
        return dict(out)

    @cache  # noqa: B019
    def share(self, total: int) -> float:
        """The chance to finish first with this total: above the others' best, or tied with k of them."""
        return sum(p / (1 + k) if top == total else p for (top, k), p in self.tops().items() if top <= total)

    def box_chances(self, roll: Roll) -> dict[str, float]:
        return {
            key: sum(p * self.share(t) for t, p in self.brute.finals(self.card.fill(key, roll)).items())
            for key in self.card.options(roll)
        }

    @cache  # noqa: B019
    def final(self, roll: Roll) -> float:
        return max(self.box_chances(roll).values())

    @cache  # noqa: B019
    def keep(self, kept: Roll, rolls_left: int) -> float:
        return sum(p * self.roll(roll, rolls_left - 1) for roll, p in reroll(kept).items())

    @cache  # noqa: B019
    def roll(self, roll: Roll, rolls_left: int) -> float:
        if rolls_left == 0:
            return self.final(roll)
        return max(
            self.keep(k, rolls_left) if k != roll else self.roll(roll, rolls_left - 1)
            for k in sub_keeps(roll)
        )

    def start(self) -> float:
        return sum(p * self.roll(roll, 2) for roll, p in reroll(()).items())


def sheet(advisor: Advisor, filled: dict[str, int], bonuses: int = 0) -> Scorecard:
    """A sheet with these boxes filled (the rest open)."""
    keys = [box.key for box in advisor.edition.boxes]
    return Scorecard(advisor.edition, tuple(filled.get(k) for k in keys), bonuses)


def check(advisor: Advisor, cards: list[Scorecard], rolls: list[Roll]) -> None:
    """Every box of each roll, every keep with one and two rolls left, and the turn's start: to 1e-9."""
    dist = Distributions(advisor, None)  # exact throughout: few boxes are open
    brute = BruteForce(advisor)
    game = ForTheWin(brute, cards[0], cards[1:])
    for roll in rolls:
        advice = advise_for_win(advisor, cards, 0, roll, 0, distributions=dist)
        assert advice.status == READY
        expected = game.box_chances(roll)
        assert {o.choice: o.chance for o in advice.options} == pytest.approx(expected, abs=TOLERANCE, rel=0)
        for left in (1, 2):
            advice = advise_for_win(advisor, cards, 0, roll, left, distributions=dist)
            chances = {o.choice: o.chance for o in advice.options}
            assert set(chances) == set(sub_keeps(roll))
            for keep, chance in chances.items():
                want = game.keep(keep, left) if keep != roll else game.roll(roll, left - 1)
                assert chance == pytest.approx(want, abs=TOLERANCE, rel=0), (roll, keep, left)
            best = max(chances.values())
            assert advice.for_win is not None and advice.for_win.chance == best
    assert win_turn(advisor, dist, cards[0], cards[1:]).chance == pytest.approx(game.start(), abs=TOLERANCE)


HASBRO_FULL = {
    "ones": 3,
    "twos": 6,
    "threes": 9,
    "fours": 12,
    "fives": 15,
    "sixes": 18,
    "three_of_a_kind": 24,
    "four_of_a_kind": 0,
    "full_house": 25,
    "small_straight": 30,
    "large_straight": 40,
    "yahtzee": 50,
    "chance": 22,
}


def without(filled: dict[str, int], *keys: str, **changed: int) -> dict[str, int]:
    return {k: changed.get(k, v) for k, v in filled.items() if k not in keys}


def test_two_boxes_left_with_jokers_and_the_upper_bonus_at_stake(advisor: Advisor) -> None:
    # The Yahtzee box holds 50: five of a kind is a joker worth a 100 bonus; Sixes decides the bonus.
    cards = [
        sheet(advisor, without(HASBRO_FULL, "sixes", "large_straight", fives=10)),
        sheet(advisor, without(HASBRO_FULL, "chance", sixes=24)),
        sheet(advisor, without(HASBRO_FULL, "full_house", "yahtzee", threes=6)),
    ]
    check(advisor, cards, [(6, 6, 6, 2, 3), (2, 3, 4, 5, 6), (6, 6, 6, 6, 6), (1, 1, 2, 2, 5)])


def test_one_box_left_heads_up(advisor: Advisor) -> None:
    cards = [
        sheet(advisor, without(HASBRO_FULL, "yahtzee")),
        sheet(advisor, without(HASBRO_FULL, "small_straight", "chance", yahtzee=0), 0),
    ]
    check(advisor, cards, [(4, 4, 4, 1, 2), (5, 5, 5, 5, 5)])


def test_hasbro_2016_two_boxes_left(advisor_2016: Advisor) -> None:
    cards = [
        sheet(advisor_2016, without(HASBRO_FULL, "four_of_a_kind", "chance", yahtzee=0)),
        sheet(advisor_2016, without(HASBRO_FULL, "fours", ones=4)),
    ]
    # 5 5 5 5 5 is a joker without a bonus: the Yahtzee box holds 0.
    check(advisor_2016, cards, [(3, 3, 3, 5, 6), (1, 2, 2, 6, 6), (5, 5, 5, 5, 5)])


YATZY_FULL = {
    "ones": 3,
    "twos": 6,
    "threes": 9,
    "fours": 12,
    "fives": 15,
    "sixes": 18,
    "one_pair": 10,
    "two_pairs": 14,
    "three_of_a_kind": 12,
    "four_of_a_kind": 16,
    "small_straight": 15,
    "large_straight": 0,
    "full_house": 18,
    "chance": 20,
    "yatzy": 0,
}


def test_forced_order_last_two_boxes(forced: Advisor) -> None:
    # In the forced order only the first open box may be filled: Chance now, then Yatzy.
    cards = [
        sheet(forced, without(YATZY_FULL, "chance", "yatzy")),
        sheet(forced, without(YATZY_FULL, "yatzy", chance=24)),
        sheet(forced, without(YATZY_FULL, "chance", "yatzy", sixes=24)),
    ]
    check(forced, cards, [(6, 6, 5, 1, 1), (2, 2, 2, 2, 2)])


@pytest.mark.slow
def test_yatzy_two_boxes_left(yatzy: Advisor) -> None:
    cards = [
        sheet(yatzy, without(YATZY_FULL, "sixes", "large_straight", fives=10)),
        sheet(yatzy, without(YATZY_FULL, "one_pair", sixes=24)),
    ]
    check(yatzy, cards, [(6, 6, 6, 2, 3), (2, 3, 4, 5, 6)])


def test_a_solo_game_has_no_win_advice(advisor: Advisor) -> None:
    card = sheet(advisor, without(HASBRO_FULL, "chance"))
    assert advise_for_win(advisor, [card], 0, (1, 2, 3, 4, 5)).status == SOLO
