"""What final dice score in each box, and which dice the engine accepts at all."""

from __future__ import annotations

from itertools import permutations

import pytest

from scorekeeper.rules import (
    BadDice,
    Box,
    Dice,
    Game,
    RuleViolation,
    Scorecard,
    all_rolls,
    find_edition,
)
from tests.support.rule_sheets import EDITIONS, HASBRO, MAX_POINTS

B = Box
BAD_DICE = "Enter exactly five dice, each from 1 to 6."


def full(**points: int) -> dict[str, int]:
    """Points for all 13 Hasbro boxes: the named ones, 0 elsewhere."""
    return {box: points.get(box, 0) for box in find_edition("hasbro-1996").box_keys}


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


@pytest.mark.parametrize("edition", HASBRO, ids=str)
@pytest.mark.parametrize(("dice", "expected"), EMPTY_SHEET_EXAMPLES)
def test_an_empty_sheet_offers_every_box_with_the_worked_examples_points(edition, dice, expected):
    assert Scorecard(edition).options(dice) == expected
    assert list(Scorecard(edition).options(dice)) == list(expected)  # in sheet order


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


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_the_rulesets_score_table_is_its_boxes_score_functions_for_every_possible_roll(edition):
    for roll in all_rolls(5):
        assert edition.scores(roll) == tuple(box.score(roll) for box in edition.boxes)
        assert Scorecard(edition).options(roll) == (
            dict(zip(edition.box_keys, edition.scores(roll), strict=True))
            if not edition.order.forced
            else {edition.box_keys[0]: roll.count(1)}
        )


def test_there_are_252_distinct_sorted_rolls():
    assert len(all_rolls(5)) == len(set(all_rolls(5))) == 252
    assert all(list(roll) == sorted(roll) for roll in all_rolls(5))
    assert all(type(roll) is Dice for roll in all_rolls(5))


@pytest.mark.parametrize(
    ("box", "points"),
    [
        (B.THREE_OF_A_KIND, 15),
        (B.FOUR_OF_A_KIND, 15),
        (B.FULL_HOUSE, 25),
        (B.SMALL_STRAIGHT, 30),
        (B.LARGE_STRAIGHT, 40),
        (B.CHANCE, 15),
        (B.THREES, 15),
        (B.TWOS, 0),
    ],
)
@pytest.mark.parametrize("edition", HASBRO, ids=str)
def test_a_joker_scores_the_lower_patterns_as_met(edition, box, points):
    assert edition.extra.joker_points(edition.box(box), Dice.of([3] * 5)) == points


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_no_roll_scores_above_a_boxs_printed_maximum_and_each_maximum_is_reached(edition):
    for i, box in enumerate(edition.boxes):
        best = max(edition.scores(roll)[i] for roll in all_rolls(5))
        if edition.extra is not None:
            best = max([best] + [edition.extra.joker_points(box, Dice.of([f] * 5)) for f in range(1, 7)])
        assert best == MAX_POINTS[edition.id][box.key]
        assert min(edition.scores(roll)[i] for roll in all_rolls(5)) == (5 if box.key == "chance" else 0)


@pytest.mark.parametrize(
    "dice",
    [
        [1, 2, 3, 4, 5],
        (5, 4, 3, 2, 1),
        range(1, 6),
        [3, 1, 5, 2, 4],
    ],
    ids=["list", "tuple", "range", "shuffled"],
)
def test_any_sequence_of_five_dice_in_any_order_is_accepted_and_sorted(dice):
    assert Dice.of(dice) == (1, 2, 3, 4, 5)


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
        lambda: Dice.of(dice),
        lambda: card.options(dice),
        lambda: card.refusal(Box.CHANCE, dice),
        lambda: Dice.of(dice),
        lambda: Dice(dice),
        lambda: card.fill(Box.CHANCE, dice),
        lambda: card.bonus_due(dice),
        lambda: game.play(dice, Box.CHANCE),
    ]
    for call in calls:
        with pytest.raises(BadDice) as refusal:
            call()
        assert str(refusal.value) == BAD_DICE


def test_bad_dice_are_a_rule_violation_and_a_value_error_for_callers_that_catch_those():
    assert issubclass(BadDice, RuleViolation)
    assert issubclass(RuleViolation, ValueError)
    with pytest.raises(ValueError, match="Enter exactly five dice"):
        Scorecard().options([9, 9, 9, 9, 9])


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_every_ordering_of_a_roll_scores_alike(edition):
    card = Scorecard(edition)
    expected = card.options([1, 3, 3, 4, 5])
    assert all(card.options(order) == expected for order in permutations([1, 3, 3, 4, 5]))
