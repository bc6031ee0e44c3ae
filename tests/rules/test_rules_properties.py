"""Properties every sheet keeps, whatever legal turns led to it (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from rules_support import any_dice, cards, editions

from scorekeeper.rules import BOXES, UPPER_BOXES, Box, RuleViolation, Scorecard
from scorekeeper.rules.scoring import MAX_POINTS

MIN_POINTS = {box: 5 if box is Box.CHANCE else 0 for box in BOXES}  # Chance is at least 1-1-1-1-1

fast = settings(max_examples=150, deadline=None)


@fast
@given(card=cards(), dice=any_dice, data=st.data())
def test_the_order_of_the_dice_never_matters(card, dice, data):
    shuffled = data.draw(st.permutations(dice))
    assert card.options(shuffled) == card.options(dice)
    assert card.bonus_due(shuffled) == card.bonus_due(dice)
    assert [card.why_not(box, shuffled) for box in BOXES] == [card.why_not(box, dice) for box in BOXES]


@fast
@given(card=cards(), dice=any_dice)
def test_every_option_scores_within_its_boxs_range(card, dice):
    for box, points in card.options(dice).items():
        assert MIN_POINTS[box] <= points <= MAX_POINTS[box]


@fast
@given(card=cards(), dice=any_dice)
def test_options_are_exactly_the_boxes_why_not_allows_and_fill_scores_them(card, dice):
    options = card.options(dice)
    assert set(options) <= card.open_boxes
    for box in BOXES:
        assert (card.why_not(box, dice) is None) == (box in options)
    for box, points in options.items():
        assert card.fill(box, dice).points(box) == points


@fast
@given(card=cards(), dice=any_dice)
def test_there_is_always_a_box_until_the_sheet_is_complete(card, dice):
    # No passing: an unfinished sheet always takes any roll somewhere.
    assert bool(card.options(dice)) != card.is_complete


@fast
@given(card=cards())
def test_the_totals_add_up(card):
    assert card.upper_subtotal == sum(card.points(box) or 0 for box in UPPER_BOXES)
    assert card.upper_total == card.upper_subtotal + card.upper_bonus
    assert card.upper_bonus == (35 if card.upper_subtotal >= 63 else 0)
    assert card.lower_total == card.lower_subtotal + card.yahtzee_bonus
    assert card.yahtzee_bonus == 100 * card.yahtzee_bonus_count
    assert card.grand_total == (
        card.upper_subtotal + card.upper_bonus + card.lower_subtotal + card.yahtzee_bonus
    )
    assert card.grand_total == sum(points or 0 for points in card.scores) + card.upper_bonus + (
        card.yahtzee_bonus)


@fast
@given(card=cards(max_filled=12), dice=any_dice, data=st.data())
def test_the_bonus_comes_iff_the_yahtzee_box_holds_50_and_the_dice_are_five_equal(card, dice, data):
    box = data.draw(st.sampled_from(list(card.options(dice))))
    after = card.fill(box, dice)
    due = card.points(Box.YAHTZEE) == 50 and len(set(dice)) == 1
    assert card.bonus_due(dice) is due
    assert after.yahtzee_bonus_count == card.yahtzee_bonus_count + due


@fast
@given(edition=editions, first=any_dice, rolls=st.lists(any_dice, max_size=10), data=st.data())
def test_an_extra_yahtzee_has_one_option_while_its_upper_box_is_empty(edition, first, rolls, data):
    card = Scorecard(edition).fill(Box.YAHTZEE, first)  # 50 or 0: the next Yahtzee is extra
    for dice in rolls:
        card = card.fill(data.draw(st.sampled_from(list(card.options(dice)))), dice)
    empty_upper = [box for box in UPPER_BOXES if card.points(box) is None]
    assume(empty_upper)
    upper = data.draw(st.sampled_from(empty_upper))
    assert card.options([upper.face] * 5) == {upper: 5 * upper.face}


@fast
@given(card=cards(max_filled=12), dice=any_dice, data=st.data())
def test_a_filled_box_never_changes(card, dice, data):
    box = data.draw(st.sampled_from(list(card.options(dice))))
    after = card.fill(box, dice)
    for other in BOXES:
        if other is not box:
            assert after.points(other) == card.points(other)
        if card.points(other) is not None:
            assert card.why_not(other, dice) == f"{other.display_name} is already filled."


@settings(max_examples=60, deadline=None)
@given(edition=editions, rolls=st.lists(any_dice, min_size=14, max_size=14), data=st.data())
def test_thirteen_fills_complete_a_sheet_and_a_fourteenth_is_refused(edition, rolls, data):
    card = Scorecard(edition)
    for dice in rolls[:13]:
        assert not card.is_complete
        card = card.fill(data.draw(st.sampled_from(list(card.options(dice)))), dice)
    assert card.is_complete
    for box in BOXES:
        with pytest.raises(RuleViolation, match=r"^This sheet is complete\.$"):
            card.fill(box, rolls[13])
