"""Properties every sheet keeps, whatever legal turns led to it, in every edition (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Dice, Edition, Game, RuleViolation, Scorecard
from tests.support.examples import examples
from tests.support.rule_sheets import EDITIONS, MAX_POINTS, any_dice, cards, why_not

fast = settings(max_examples=examples(50), deadline=None)
every_edition = pytest.mark.parametrize("edition", EDITIONS, ids=str)


def min_points(key: str) -> int:
    return 5 if key == "chance" else 0  # Chance is at least 1-1-1-1-1


@every_edition
@fast
@given(data=st.data(), dice=any_dice)
def test_the_order_of_the_dice_never_matters(edition, data, dice):
    card = data.draw(cards(edition))
    shuffled = data.draw(st.permutations(dice))
    assert card.options(shuffled) == card.options(dice)
    assert card.bonus_due(shuffled) == card.bonus_due(dice)
    assert [why_not(card, box, shuffled) for box in edition.box_keys] == [
        why_not(card, box, dice) for box in edition.box_keys
    ]


@every_edition
@fast
@given(data=st.data(), dice=any_dice)
def test_every_option_scores_within_its_boxs_range(edition, data, dice):
    card = data.draw(cards(edition))
    for box, points in card.options(dice).items():
        assert min_points(box) <= points <= MAX_POINTS[edition][box]


@every_edition
@fast
@given(data=st.data(), dice=any_dice)
def test_options_are_open_boxes_exactly_the_ones_refusal_allows_and_fill_scores_them(edition, data, dice):
    card = data.draw(cards(edition))
    options = card.options(dice)
    assert set(options) <= card.open_boxes
    assert list(options) == [key for key in edition.box_keys if key in options]  # sheet order
    for box in edition.box_keys:
        assert (card.refusal(box, dice) is None) == (box in options)
    for box, points in options.items():
        assert card.fill(box, dice).points(box) == points


@every_edition
@fast
@given(data=st.data(), dice=any_dice)
def test_without_a_joker_every_option_scores_the_boxs_own_score(edition, data, dice):
    card = data.draw(cards(edition))
    roll = Dice.of(dice)
    assume(not (edition.extra and edition.extra.is_joker(edition, card.scores, roll)))
    for box, points in card.options(dice).items():
        assert points == edition.box(box).score(roll)


@every_edition
@fast
@given(data=st.data(), dice=any_dice)
def test_there_is_always_a_box_until_the_sheet_is_complete(edition, data, dice):
    card = data.draw(cards(edition))
    # No passing: an unfinished sheet always takes any roll somewhere.
    assert bool(card.options(dice)) != card.is_complete


@every_edition
@fast
@given(data=st.data(), dice=any_dice)
def test_free_order_offers_every_open_box_unless_a_joker_narrows_them(edition, data, dice):
    card = data.draw(cards(edition))
    options = card.options(dice)
    joker = edition.extra is not None and edition.extra.is_joker(edition, card.scores, Dice.of(dice))
    if edition.forced_order:
        first = next((key for key in edition.box_keys if key in card.open_boxes), None)
        assert list(options) == ([] if first is None else [first])
    elif not joker:
        assert set(options) == card.open_boxes


@every_edition
@fast
@given(data=st.data())
def test_the_totals_add_up(edition, data):
    card = data.draw(cards(edition))
    bonus = edition.upper_bonus
    upper = [card.points(box.key) for box in edition.upper_boxes]
    lower = [card.points(box.key) for box in edition.lower_boxes]
    assert card.upper_subtotal == sum(points or 0 for points in upper)
    assert card.lower_subtotal == sum(points or 0 for points in lower)
    assert card.upper_total == card.upper_subtotal + card.upper_bonus
    assert card.upper_bonus == (bonus.points if card.upper_subtotal >= bonus.threshold else 0)
    assert card.lower_total == card.lower_subtotal + card.yahtzee_bonus
    per_extra = edition.extra.bonus if edition.extra else 0
    assert card.yahtzee_bonus == per_extra * card.yahtzee_bonus_count
    assert card.grand_total == (
        card.upper_subtotal + card.upper_bonus + card.lower_subtotal + card.yahtzee_bonus
    )
    assert card.grand_total == sum(points or 0 for points in card.scores) + card.upper_bonus + (
        card.yahtzee_bonus
    )
    assert card.upper_bonus_settled == (card.upper_bonus > 0 or None not in upper)


@every_edition
@fast
@given(data=st.data(), dice=any_dice)
def test_the_bonus_comes_iff_the_five_of_a_kind_box_holds_its_points_and_the_dice_are_five_equal(
    edition, data, dice
):
    card = data.draw(cards(edition, unfinished=True))
    box = data.draw(st.sampled_from(list(card.options(dice))))
    after = card.fill(box, dice)
    due = edition.extra is not None and card.points("yahtzee") == 50 and len(set(dice)) == 1
    assert card.bonus_due(dice) is due
    assert after.yahtzee_bonus_count == card.yahtzee_bonus_count + due
    assert after.yahtzee_bonus == card.yahtzee_bonus + (100 if due else 0)


@every_edition
@fast
@given(data=st.data(), dice=any_dice)
def test_a_filled_box_never_changes_and_is_refused_by_its_name(edition, data, dice):
    card = data.draw(cards(edition, unfinished=True))
    box = data.draw(st.sampled_from(list(card.options(dice))))
    after = card.fill(box, dice)
    for other in edition.box_keys:
        if other != box:
            assert after.points(other) == card.points(other)
        if card.points(other) is not None:
            assert why_not(card, other, dice) == f"{edition.box(other).name} is already filled."


@pytest.mark.parametrize("edition", [Edition.HASBRO_1996, Edition.HASBRO_2016], ids=str)
@fast
@given(first=any_dice, rolls=st.lists(any_dice, max_size=10), data=st.data())
def test_an_extra_yahtzee_has_one_option_while_its_upper_box_is_empty(edition, first, rolls, data):
    card = Scorecard(edition).fill("yahtzee", first)  # 50 or 0: the next Yahtzee is extra
    for dice in rolls:
        card = card.fill(data.draw(st.sampled_from(list(card.options(dice)))), dice)
    empty_upper = [box for box in edition.upper_boxes if card.points(box.key) is None]
    assume(empty_upper)
    upper = data.draw(st.sampled_from(empty_upper))
    assert card.options([upper.face] * 5) == {upper.key: 5 * upper.face}


@every_edition
@settings(max_examples=examples(25), deadline=None)
@given(data=st.data())
def test_one_fill_per_box_completes_a_sheet_and_one_more_is_refused(edition, data):
    card = Scorecard(edition)
    for _ in range(edition.rounds):
        assert not card.is_complete
        dice = data.draw(any_dice)
        card = card.fill(data.draw(st.sampled_from(list(card.options(dice)))), dice)
    assert card.is_complete
    assert card.open_boxes == frozenset()
    dice = data.draw(any_dice)
    for box in edition.box_keys:
        with pytest.raises(RuleViolation, match=r"^This sheet is complete\.$"):
            card.fill(box, dice)


@every_edition
@settings(max_examples=examples(25), deadline=None)
@given(data=st.data(), players=st.integers(1, 3))
def test_replaying_the_turns_equals_playing_them_one_by_one(edition, data, players):
    game = Game([f"P{i}" for i in range(players)], edition)
    entries = []
    for _ in range(data.draw(st.integers(0, edition.rounds * players))):
        dice = data.draw(any_dice)
        box = data.draw(st.sampled_from(list(game.cards[game.current_player].options(dice))))
        game = game.play(dice, box)
        entries.append((dice, box))
    assert Game.replay(game.players, edition, entries) == game
    assert [card.grand_total for card in game.cards] == [
        sum(t.points + t.bonus for t in game.turns if t.player == seat) + card.upper_bonus
        for seat, card in enumerate(game.cards)
    ]
