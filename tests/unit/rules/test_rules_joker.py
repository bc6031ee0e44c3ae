"""Extra Yahtzees: the +100 bonus and the joker order of each edition."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Box, Dice, Message, RuleViolation, find_edition
from tests.support.rule_sheets import FIVE_SIXES, HASBRO, PLAIN, sheet_with, why_not

B = Box
E96, E16 = find_edition("hasbro-1996"), find_edition("hasbro-2016")
BOXES = list(Box)
FOURS = [4, 4, 4, 4, 4]
MUST_GO_FOURS = "Joker rule: five 4s must go in Fours while Fours is empty."
MUST_GO_LOWER = "Joker rule: an extra Yahtzee goes in an empty lower box before any upper box."
MUST_GO_KIND = (
    "Joker rule (2016 sheet): an extra Yahtzee must go in Three of a kind or "
    "Four of a kind while either is empty."
)
OTHER_LOWER = [
    B.THREE_OF_A_KIND,
    B.FOUR_OF_A_KIND,
    B.FULL_HOUSE,
    B.SMALL_STRAIGHT,
    B.LARGE_STRAIGHT,
    B.CHANCE,
]
FOURS_JOKER_LOWER = {
    B.THREE_OF_A_KIND: 20,
    B.FOUR_OF_A_KIND: 20,
    B.FULL_HOUSE: 25,
    B.SMALL_STRAIGHT: 30,
    B.LARGE_STRAIGHT: 40,
    B.CHANCE: 20,
}


def test_worked_example_five_6s_with_50_and_sixes_filled_may_take_40_in_large_straight():
    card = sheet_with(E96, 50, [B.SIXES])
    assert card.bonus_due(FIVE_SIXES)
    assert card.options(FIVE_SIXES)[B.LARGE_STRAIGHT] == 40
    filled = card.fill(B.LARGE_STRAIGHT, FIVE_SIXES)
    assert filled.points(B.LARGE_STRAIGHT) == 40
    assert filled.yahtzee_bonus_count == 1
    assert filled.yahtzee_bonus == 100
    assert filled.grand_total == card.grand_total + 40 + 100


@pytest.mark.parametrize("edition", HASBRO, ids=str)
@pytest.mark.parametrize("yahtzee", [50, 0])
def test_worked_example_five_4s_with_fours_empty_must_go_in_fours_for_20(edition, yahtzee):
    card = sheet_with(edition, yahtzee, [])
    assert card.options(FOURS) == {B.FOURS: 20}
    assert why_not(card, B.FOURS, FOURS) is None
    for box in BOXES:
        if box not in (B.FOURS, B.YAHTZEE):
            assert why_not(card, box, FOURS) == MUST_GO_FOURS
    with pytest.raises(RuleViolation) as refusal:
        card.fill(B.LARGE_STRAIGHT, FOURS)
    assert str(refusal.value) == MUST_GO_FOURS
    # The upper box's name is a Message of its own, so the web layer translates it too.
    assert refusal.value.template == (
        "Joker rule: five %(face)ds must go in %(upper)s while %(upper)s is empty."
    )
    assert refusal.value.params == {"face": 4, "upper": Message("Fours")}
    assert card.fill(B.FOURS, FOURS).points(B.FOURS) == 20


# (edition, Yahtzee box, other filled boxes, dice, every allowed box with its points)
JOKER_ORDER = [
    pytest.param(E96, 50, [B.FOURS], FOURS, FOURS_JOKER_LOWER, id="1996: fours filled, any empty lower box"),
    pytest.param(E96, 0, [B.FOURS], FOURS, FOURS_JOKER_LOWER, id="1996: Yahtzee 0 still plays the joker"),
    pytest.param(
        E96,
        50,
        [B.FOURS, B.THREE_OF_A_KIND, B.FOUR_OF_A_KIND],
        FOURS,
        {B.FULL_HOUSE: 25, B.SMALL_STRAIGHT: 30, B.LARGE_STRAIGHT: 40, B.CHANCE: 20},
        id="1996: kinds filled, other lower boxes",
    ),
    pytest.param(
        E96,
        50,
        [B.FOURS, *OTHER_LOWER],
        FOURS,
        {B.ONES: 0, B.TWOS: 0, B.THREES: 0, B.FIVES: 0, B.SIXES: 0},
        id="1996: lower full, 0 in any empty upper box",
    ),
    pytest.param(
        E96,
        50,
        [B.FOURS, *OTHER_LOWER, B.ONES, B.SIXES],
        FOURS,
        {B.TWOS: 0, B.THREES: 0, B.FIVES: 0},
        id="1996: lower full, 0 in the remaining upper boxes",
    ),
    pytest.param(
        E16,
        50,
        [B.FOURS],
        FOURS,
        {B.THREE_OF_A_KIND: 20, B.FOUR_OF_A_KIND: 20},
        id="2016: fours filled, three or four of a kind first",
    ),
    pytest.param(
        E16,
        0,
        [B.FOURS],
        FOURS,
        {B.THREE_OF_A_KIND: 20, B.FOUR_OF_A_KIND: 20},
        id="2016: Yahtzee 0 still plays the joker",
    ),
    pytest.param(
        E16,
        50,
        [B.FOURS, B.THREE_OF_A_KIND],
        FOURS,
        {B.FOUR_OF_A_KIND: 20},
        id="2016: three of a kind filled, four of a kind only",
    ),
    pytest.param(
        E16,
        50,
        [B.FOURS, B.FOUR_OF_A_KIND],
        FOURS,
        {B.THREE_OF_A_KIND: 20},
        id="2016: four of a kind filled, three of a kind only",
    ),
    pytest.param(
        E16,
        50,
        [B.FOURS, B.THREE_OF_A_KIND, B.FOUR_OF_A_KIND],
        FOURS,
        {B.FULL_HOUSE: 25, B.SMALL_STRAIGHT: 30, B.LARGE_STRAIGHT: 40, B.CHANCE: 20},
        id="2016: both kinds filled, other lower boxes",
    ),
    pytest.param(
        E16,
        50,
        [B.FOURS, B.THREE_OF_A_KIND, B.FOUR_OF_A_KIND, B.FULL_HOUSE, B.SMALL_STRAIGHT, B.LARGE_STRAIGHT],
        FOURS,
        {B.CHANCE: 20},
        id="2016: chance last of the lower boxes",
    ),
    pytest.param(
        E16,
        50,
        [B.FOURS, *OTHER_LOWER],
        FOURS,
        {B.ONES: 0, B.TWOS: 0, B.THREES: 0, B.FIVES: 0, B.SIXES: 0},
        id="2016: lower full, 0 in any empty upper box",
    ),
    pytest.param(
        E96,
        50,
        [B.SIXES, *OTHER_LOWER],
        FIVE_SIXES,
        {B.ONES: 0, B.TWOS: 0, B.THREES: 0, B.FOURS: 0, B.FIVES: 0},
        id="1996: five 6s, lower full",
    ),
    pytest.param(E96, 50, [], [1, 1, 1, 1, 1], {B.ONES: 5}, id="five 1s go in Ones"),
    pytest.param(E16, 50, [], FIVE_SIXES, {B.SIXES: 30}, id="2016: five 6s go in Sixes"),
]


@pytest.mark.parametrize(("edition", "yahtzee", "filled", "dice", "expected"), JOKER_ORDER)
def test_an_extra_yahtzee_follows_the_editions_joker_order(edition, yahtzee, filled, dice, expected):
    card = sheet_with(edition, yahtzee, filled)
    assert card.options(dice) == expected
    assert list(card.options(dice)) == [box for box in BOXES if box in expected]  # sheet order
    for box, points in expected.items():
        after = card.fill(box, dice)
        assert after.points(box) == points
        assert after.yahtzee_bonus_count == (1 if yahtzee == 50 else 0)


@pytest.mark.parametrize(
    ("edition", "filled", "refused", "message"),
    [
        (E96, [B.FOURS], B.ONES, MUST_GO_LOWER),
        (E96, [B.FOURS, B.THREE_OF_A_KIND, B.FOUR_OF_A_KIND], B.SIXES, MUST_GO_LOWER),
        (E16, [B.FOURS], B.FULL_HOUSE, MUST_GO_KIND),
        (E16, [B.FOURS], B.CHANCE, MUST_GO_KIND),
        (E16, [B.FOURS], B.ONES, MUST_GO_KIND),
        (E16, [B.FOURS, B.FOUR_OF_A_KIND], B.LARGE_STRAIGHT, MUST_GO_KIND),
        (E16, [B.FOURS, B.THREE_OF_A_KIND, B.FOUR_OF_A_KIND], B.TWOS, MUST_GO_LOWER),
    ],
)
def test_the_refusal_names_the_joker_step_that_forbids_a_box(edition, filled, refused, message):
    card = sheet_with(edition, 50, filled)
    assert why_not(card, refused, FOURS) == message
    assert card.refusal(refused, FOURS).template == message  # no params: the template is the text
    assert card.refusal(refused, FOURS).params == {}
    with pytest.raises(RuleViolation) as refusal:
        card.fill(refused, FOURS)
    assert str(refusal.value) == message


@pytest.mark.parametrize("edition", HASBRO, ids=str)
def test_five_equal_dice_with_the_yahtzee_box_empty_are_an_ordinary_roll(edition):
    card = sheet_with(edition, None, [B.FOURS])
    options = card.options(FOURS)
    assert set(options) == set(BOXES) - {B.FOURS}
    assert options[B.FULL_HOUSE] == options[B.SMALL_STRAIGHT] == options[B.LARGE_STRAIGHT] == 0
    assert options[B.YAHTZEE] == 50
    assert not card.bonus_due(FOURS)
    assert card.fill(B.YAHTZEE, FOURS).yahtzee_bonus_count == 0


@pytest.mark.parametrize("edition", HASBRO, ids=str)
@pytest.mark.parametrize(("yahtzee", "bonus"), [(50, True), (0, False), (None, False)])
def test_the_bonus_is_due_only_for_five_equal_dice_with_50_in_the_yahtzee_box(edition, yahtzee, bonus):
    card = sheet_with(edition, yahtzee, [])
    assert card.bonus_due([2, 2, 2, 2, 2]) is bonus
    assert card.bonus_due([2, 2, 2, 2, 3]) is False
    assert card.bonus_due(PLAIN) is False


def test_the_bonus_is_paid_even_for_a_zero_in_an_upper_box():
    card = sheet_with(E96, 50, [B.SIXES, *OTHER_LOWER])
    after = card.fill(B.ONES, FIVE_SIXES)
    assert after.points(B.ONES) == 0
    assert after.yahtzee_bonus == 100


def test_ordinary_dice_are_not_affected_by_the_joker_order():
    card = sheet_with(E16, 50, [B.FOURS])
    assert set(card.options(PLAIN)) == set(BOXES) - {B.FOURS, B.YAHTZEE}


def scores_with(open_boxes: set[Box], yahtzee: int | None) -> tuple[int | None, ...]:
    """Raw sheet scores: these boxes open, the Yahtzee box as given, 0 everywhere else."""
    return tuple(yahtzee if box is B.YAHTZEE else None if box in open_boxes else 0 for box in Box)


def test_placements_lists_only_open_boxes():
    plain = Dice.of(PLAIN)
    assert E96.placements(scores_with({B.CHANCE, B.ONES}, None), plain) == {
        "ones": 1,
        "yahtzee": 0,
        "chance": 16,
    }
    assert E96.placements(scores_with({B.CHANCE, B.ONES}, 50), plain) == {"ones": 1, "chance": 16}
    assert E16.placements(scores_with(set(Box) - {B.YAHTZEE}, 50), Dice.of([2] * 5)) == {"twos": 10}
    assert E16.placements(scores_with(set(Box), None), Dice.of([2] * 5))["yahtzee"] == 50
