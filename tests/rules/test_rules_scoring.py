"""What final dice score in each box, and which dice the engine accepts at all."""

from __future__ import annotations

from itertools import permutations

import pytest

from scorekeeper.rules import ALL_ROLLS, BOXES, Box, Edition, Game, RuleViolation, Scorecard
from scorekeeper.rules.scoring import MAX_POINTS, box_scores, joker_score, normalize_dice, score

B = Box
BAD_DICE = "Enter exactly five dice, each from 1 to 6."


def full(**points: int) -> dict[Box, int]:
    """Points for all 13 boxes: the named ones, 0 elsewhere."""
    return {box: points.get(box.value, 0) for box in BOXES}


# The worked examples of RULES.md on an empty sheet, every box spelled out.
EMPTY_SHEET_EXAMPLES = [
    pytest.param(
        [4, 4, 4, 2, 2],
        full(twos=4, fours=12, three_of_a_kind=16, full_house=25, chance=16),
        id="4-4-4-2-2",
    ),
    pytest.param(
        [2, 2, 2, 2, 5],
        full(twos=8, fives=5, three_of_a_kind=13, four_of_a_kind=13, chance=13),
        id="2-2-2-2-5",
    ),
    pytest.param(
        [6, 6, 6, 6, 6],
        full(sixes=30, three_of_a_kind=30, four_of_a_kind=30, yahtzee=50, chance=30),
        id="five 6s with an empty Yahtzee box: Full house 0",
    ),
]


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize(("dice", "expected"), EMPTY_SHEET_EXAMPLES)
def test_an_empty_sheet_offers_every_box_with_the_worked_examples_points(edition, dice, expected):
    assert Scorecard(edition).options(dice) == expected


@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        ([1, 1, 1, 1, 1], B.ONES, 5),
        ([3, 3, 1, 2, 3], B.THREES, 9),
        ([5, 5, 5, 6, 6], B.FIVES, 15),
        ([6, 6, 6, 6, 1], B.SIXES, 24),
        ([1, 2, 3, 4, 6], B.FOURS, 4),
        ([1, 2, 3, 4, 6], B.FIVES, 0),
        ([3, 3, 3, 1, 2], B.THREE_OF_A_KIND, 12),
        ([3, 3, 1, 2, 4], B.THREE_OF_A_KIND, 0),
        ([3, 3, 3, 1, 2], B.FOUR_OF_A_KIND, 0),
        ([5, 5, 5, 5, 5], B.FOUR_OF_A_KIND, 25),
        ([3, 3, 5, 5, 5], B.FULL_HOUSE, 25),
        ([2, 2, 3, 3, 4], B.FULL_HOUSE, 0),
        ([2, 2, 2, 2, 3], B.FULL_HOUSE, 0),
        ([1, 2, 3, 4, 6], B.SMALL_STRAIGHT, 30),
        ([1, 1, 2, 3, 4], B.SMALL_STRAIGHT, 30),
        ([2, 3, 4, 5, 5], B.SMALL_STRAIGHT, 30),
        ([1, 3, 4, 5, 6], B.SMALL_STRAIGHT, 30),
        ([1, 2, 3, 5, 6], B.SMALL_STRAIGHT, 0),
        ([1, 2, 4, 5, 6], B.SMALL_STRAIGHT, 0),
        ([1, 2, 3, 4, 5], B.SMALL_STRAIGHT, 30),
        ([1, 2, 3, 4, 5], B.LARGE_STRAIGHT, 40),
        ([2, 3, 4, 5, 6], B.LARGE_STRAIGHT, 40),
        ([1, 2, 3, 4, 6], B.LARGE_STRAIGHT, 0),
        ([1, 3, 4, 5, 6], B.LARGE_STRAIGHT, 0),
        ([2, 2, 2, 2, 2], B.YAHTZEE, 50),
        ([2, 2, 2, 2, 3], B.YAHTZEE, 0),
        ([1, 1, 1, 1, 1], B.CHANCE, 5),
        ([6, 5, 4, 1, 2], B.CHANCE, 18),
    ],
)
def test_each_box_scores_what_the_sheet_says(dice, box, points):
    assert Scorecard().options(dice)[box] == points
    assert Scorecard().fill(box, dice).points(box) == points


def test_score_and_box_scores_agree_for_every_possible_roll():
    for roll in ALL_ROLLS:
        assert tuple(score(box, roll) for box in BOXES) == box_scores(roll)


def test_there_are_252_distinct_sorted_rolls():
    assert len(ALL_ROLLS) == len(set(ALL_ROLLS)) == 252
    assert all(list(roll) == sorted(roll) for roll in ALL_ROLLS)


@pytest.mark.parametrize(
    ("box", "points"),
    [
        (B.THREE_OF_A_KIND, 15), (B.FOUR_OF_A_KIND, 15), (B.FULL_HOUSE, 25),
        (B.SMALL_STRAIGHT, 30), (B.LARGE_STRAIGHT, 40), (B.CHANCE, 15), (B.THREES, 15), (B.TWOS, 0),
    ],
)
def test_a_joker_scores_the_lower_patterns_as_met(box, points):
    assert joker_score(box, (3, 3, 3, 3, 3)) == points


def test_no_roll_scores_above_a_boxs_printed_maximum_and_each_maximum_is_reached():
    for i, box in enumerate(BOXES):
        best = max(box_scores(roll)[i] for roll in ALL_ROLLS)
        best_joker = max(joker_score(box, (face,) * 5) for face in range(1, 7))
        assert max(best, best_joker) == MAX_POINTS[box]


@pytest.mark.parametrize(
    "dice",
    [
        [1, 2, 3, 4, 5], (5, 4, 3, 2, 1), range(1, 6), [3, 1, 5, 2, 4],
    ],
    ids=["list", "tuple", "range", "shuffled"],
)
def test_any_sequence_of_five_dice_in_any_order_is_accepted_and_sorted(dice):
    assert normalize_dice(dice) == (1, 2, 3, 4, 5)


def _generator():
    yield from [2, 2, 4, 5, 6]


BAD_DICE_CASES = [
    pytest.param([1, 2, 3, 4], id="four dice"),
    pytest.param([1, 2, 3, 4, 5, 6], id="six dice"),
    pytest.param([], id="no dice"),
    pytest.param([0, 1, 2, 3, 4], id="a 0"),
    pytest.param([7, 1, 2, 3, 4], id="a 7"),
    pytest.param([-1, 1, 2, 3, 4], id="a negative die"),
    pytest.param("22456", id="the string 22456"),
    pytest.param("2 2 4 5 6", id="a spaced string"),
    pytest.param(["2", "2", "4", "5", "6"], id="a list of strings"),
    pytest.param(b"\x02\x02\x04\x05\x06", id="bytes"),
    pytest.param(bytearray(b"\x02\x02\x04\x05\x06"), id="a bytearray"),
    pytest.param(memoryview(b"\x02\x02\x04\x05\x06"), id="a memoryview"),
    pytest.param([2.0, 2.0, 4.0, 5.0, 6.0], id="whole floats"),
    pytest.param([2.5, 2, 4, 5, 6], id="a fractional float"),
    pytest.param(22456, id="an int"),
    pytest.param(2.5, id="a float"),
    pytest.param(None, id="None"),
    pytest.param([None] * 5, id="five Nones"),
    pytest.param(True, id="a bool"),
    pytest.param([True] * 5, id="five Trues"),
    pytest.param([True, 2, 3, 4, 5], id="a True among ints"),
    pytest.param(_generator(), id="a generator"),
    pytest.param(iter([2, 2, 4, 5, 6]), id="an iterator"),
    pytest.param({1: "a", 2: "b", 3: "c", 4: "d", 5: "e"}, id="a dict"),
    pytest.param({1, 2, 3, 4, 5}, id="a set"),
    pytest.param(frozenset({2, 3, 4, 5, 6}), id="a frozenset"),
    pytest.param([[1], [2], [3], [4], [5]], id="nested lists"),
]


@pytest.mark.parametrize("dice", BAD_DICE_CASES)
def test_anything_but_five_dice_from_1_to_6_is_refused_everywhere(dice):
    card = Scorecard()
    game = Game(["Ann"])
    calls = [
        lambda: normalize_dice(dice),
        lambda: card.options(dice),
        lambda: card.why_not(Box.CHANCE, dice),
        lambda: card.fill(Box.CHANCE, dice),
        lambda: card.bonus_due(dice),
        lambda: game.play(dice, Box.CHANCE),
    ]
    for call in calls:
        with pytest.raises(RuleViolation) as refusal:
            call()
        assert str(refusal.value) == BAD_DICE


def test_bad_dice_are_a_value_error_for_callers_that_catch_those():
    assert issubclass(RuleViolation, ValueError)
    with pytest.raises(ValueError, match="Enter exactly five dice"):
        Scorecard().options([9, 9, 9, 9, 9])


def test_every_ordering_of_a_roll_scores_alike():
    card = Scorecard()
    expected = card.options([1, 3, 3, 4, 5])
    assert all(card.options(order) == expected for order in permutations([1, 3, 3, 4, 5]))
