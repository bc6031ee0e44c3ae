"""Every box and keep value against yatzy-solver, an independent solver, for every coached edition.

hasbro-1996 is its american+forced-joker, yatzy its yatzy-scandinavian and yatzy-forced its
yatzy-scandinavian+forced (hasbro-2016's joker order it does not play: the review and value tests
cover it).

yatzy-solver's values exclude the points already scored; ours are expected FINAL scores, so ours
minus the sheet's grand total must equal theirs. Its state is (filled bits in sheet order, the
uncapped upper subtotal, "armed" = 50 in the Yahtzee box). It has no "keep all five" action:
keeping all five is compared with its best option for the same dice one roll later.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import yatzy_solver as ys  # a test dependency: if it is missing the test must fail, not skip

from scorekeeper.advisor import Advisor
from scorekeeper.rules import Scorecard, find_edition

SITUATIONS = 1200
pytestmark = pytest.mark.slow  # yatzy-solver solves each edition from scratch (15-20 s each)

TOLERANCE = 1e-4
VARIANTS = {
    "hasbro-1996": "american+forced-joker",
    "yatzy": "yatzy-scandinavian",
    "yatzy-forced": "yatzy-scandinavian+forced",
}


@pytest.fixture(
    scope="module",
    params=[
        edition if edition.startswith("hasbro") else pytest.param(edition, marks=pytest.mark.slow)
        for edition in VARIANTS  # yatzy-solver takes 20 s to solve a Yatzy edition
    ],
)
def pair(request: pytest.FixtureRequest, advisor_tables) -> tuple[Advisor, ys.Solver]:
    """Our advisor of an edition and yatzy-solver's solver of the same rules."""
    oracle = ys.Solver.build(ys.Variant(VARIANTS[request.param]))
    return Advisor.for_edition(find_edition(request.param), advisor_tables), oracle


def _random_situations(edition: str, count: int, seed: int) -> list[tuple[Scorecard, tuple[int, ...], int]]:
    """Mid-game sheets reached by random play, with random final dice and rolls left."""
    rng = random.Random(seed)
    rounds = find_edition(edition).rounds
    out = []
    while len(out) < count:
        card, upper_minded = Scorecard(edition), rng.random() < 0.5
        for _ in range(rng.randint(1, rounds - 1)):
            dice = _dice(rng, upper_minded)
            options = card.options(dice)
            scoring = [box for box, pts in options.items() if pts > 0]
            card = card.fill(rng.choice(scoring if scoring and rng.random() < 0.8 else list(options)), dice)
        out.append((card, tuple(sorted(_dice(rng))), rng.choice((0, 1, 2))))
    return out


def _dice(rng: random.Random, upper_minded: bool = False) -> list[int]:
    if rng.random() < 0.15:  # five of a kind often enough to exercise the joker and the bonus
        return [rng.randint(1, 6)] * 5
    if upper_minded:  # four of a face: sheets that reach the upper bonus
        return [rng.randint(1, 6)] * 4 + [rng.randint(1, 6)]
    return [rng.randint(1, 6) for _ in range(5)]


def _their_options(oracle, situations) -> list[dict[str, float]]:
    variant = oracle.variant
    cards = [card for card, _, _ in situations]
    codes, values, counts = oracle.option_values_batch(
        _filled_bits(cards),
        np.array([c.upper_subtotal for c in cards], dtype=np.uint16),
        _armed(cards),
        np.array([dice for _, dice, _ in situations], dtype=np.uint8),
        np.array([rolls for _, _, rolls in situations], dtype=np.uint8),
    )
    names = {}
    return [
        {
            names.setdefault(int(c), variant.action_notation(int(c))): float(v)
            for c, v in zip(codes[i, : counts[i]], values[i, : counts[i]], strict=True)
        }
        for i in range(len(situations))
    ]


def _armed(cards: list[Scorecard]) -> np.ndarray:
    """Their flag: 50 in the Yahtzee box (always False in Yatzy, which has no extra bonus)."""
    return np.array(
        [c.edition.extra is not None and c.points(c.edition.extra.box) == 50 for c in cards], dtype=bool
    )


def _filled_bits(cards: list[Scorecard]) -> np.ndarray:
    return np.array(
        [sum(1 << i for i, p in enumerate(c.scores) if p is not None) for c in cards], dtype=np.uint32
    )


def _box_action(box: str) -> str:
    return "score " + ("five_of_a_kind" if box == "yahtzee" else box)


def _keep_action(keep: tuple[int, ...]) -> str:
    return "keep " + (" ".join(map(str, keep)) if keep else "-")


def test_box_and_keep_values_match_yatzy_solver_in_1200_random_situations(pair) -> None:
    advisor, oracle = pair
    situations = _random_situations(advisor.edition, SITUATIONS, seed=2024)
    theirs = _their_options(oracle, situations)
    # The same dice one roll later, for keeping all five.
    later = _their_options(oracle, [(c, d, max(r - 1, 0)) for c, d, r in situations])
    compared = 0
    for (card, dice, rolls), options, after in zip(situations, theirs, later, strict=True):
        boxes = advisor.box_values(card, dice)
        assert {_box_action(b) for b in boxes} == {a for a in options if a.startswith("score")}
        for box, value in boxes.items():
            assert value - card.grand_total == pytest.approx(options[_box_action(box)], abs=TOLERANCE)
            compared += 1
        if rolls:
            keeps = advisor.keep_values(card, dice, rolls)
            their_keeps = {a for a in options if a.startswith("keep")}
            assert {_keep_action(k) for k in keeps if len(k) < 5} == their_keeps
            for keep, value in keeps.items():
                expected = options[_keep_action(keep)] if len(keep) < 5 else max(after.values())
                assert value - card.grand_total == pytest.approx(expected, abs=TOLERANCE)
                compared += 1
    # A forced order has one box per situation, so fewer values to compare.
    assert compared > (8_000 if advisor.edition.order.forced else 20_000)


def test_turn_start_values_match_yatzy_solver(pair) -> None:
    advisor, oracle = pair
    cards = [card for card, _, _ in _random_situations(advisor.edition, 2000, seed=7)]
    theirs = oracle.state_values(
        _filled_bits(cards),
        np.array([c.upper_subtotal for c in cards], dtype=np.uint16),
        _armed(cards),
    )
    ours = np.array([advisor.expected_final(c) - c.grand_total for c in cards])
    assert np.abs(ours - theirs).max() < TOLERANCE
