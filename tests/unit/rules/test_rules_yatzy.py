"""Scandinavian Yatzy and forced Yatzy: the "Scandinavian Yatzy" section of RULES.md, example by example."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    EDITIONS,
    FREE_ORDER,
    TOP_TO_BOTTOM,
    Dice,
    Game,
    Message,
    RuleViolation,
    Scorecard,
    all_rolls,
    find_edition,
)
from tests.support.rule_sheets import YATZY, sheet, why_not

FREE, FORCED = find_edition("yatzy"), find_edition("yatzy-forced")
KEYS = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "one_pair",
    "two_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "full_house",
    "chance",
    "yatzy",
]
NAMES = [
    "Ones",
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "One pair",
    "Two pairs",
    "Three of a kind",
    "Four of a kind",
    "Small straight",
    "Large straight",
    "Full house",
    "Chance",
    "Yatzy",
]
yatzy_editions = pytest.mark.parametrize("edition", YATZY, ids=str)


def points(**named: int) -> dict[str, int]:
    """Points in all 15 boxes: the named ones, 0 elsewhere."""
    return {key: named.get(key, 0) for key in KEYS}


@yatzy_editions
def test_the_sheet_has_15_boxes_in_the_rules_order_with_their_keys_and_names(edition):
    assert list(edition.box_keys) == KEYS
    assert [box.name for box in edition.boxes] == NAMES
    assert [box.key for box in edition.upper_boxes] == KEYS[:6]
    assert [box.key for box in edition.lower_boxes] == KEYS[6:]
    assert [box.face for box in edition.upper_boxes] == [1, 2, 3, 4, 5, 6]
    assert [box.fixed for box in edition.boxes] == [None] * 10 + [15, 20, None, None, 50]
    assert edition.rounds == 15
    assert Game(["Ann"], edition).rounds == 15


@yatzy_editions
def test_the_upper_bonus_is_50_at_63_and_there_is_no_extra_bonus_and_a_coach(edition):
    assert (edition.upper_bonus.threshold, edition.upper_bonus.points) == (63, 50)
    assert edition.extra is None
    assert edition.has_coach


def test_only_the_forced_edition_has_a_forced_order():
    assert (FREE.order, FORCED.order) == (FREE_ORDER, TOP_TO_BOTTOM)
    assert [edition.id for edition in EDITIONS.values() if edition.order.forced] == ["yatzy-forced"]


def test_a_yatzy_ruleset_knows_its_own_boxes_and_no_hasbro_only_box():
    assert "two_pairs" in FREE.box_keys and "yatzy" in FORCED.box_keys
    assert "yahtzee" not in FREE.box_keys and "one_pair" not in find_edition("hasbro-1996").box_keys
    for key in ("yat", 3, None):
        with pytest.raises(RuleViolation):
            FREE.box(key)


# RULES.md: "Worked examples" of the Scandinavian Yatzy section, each box the text names.
WORKED_EXAMPLES = [
    pytest.param(
        [6, 6, 6, 6, 6],
        {
            "two_pairs": 0,
            "full_house": 0,
            "one_pair": 12,
            "three_of_a_kind": 18,
            "four_of_a_kind": 24,
            "yatzy": 50,
        },
        id="6 6 6 6 6: no two pairs, no full house",
    ),
    pytest.param([3, 3, 3, 6, 6], {"full_house": 21, "two_pairs": 18}, id="3 3 3 6 6"),
    pytest.param([1, 1, 2, 2, 3], {"two_pairs": 6}, id="1 1 2 2 3"),
    pytest.param([1, 1, 2, 2, 2], {"two_pairs": 6, "one_pair": 4}, id="1 1 2 2 2"),
    pytest.param([1, 2, 3, 4, 5], {"small_straight": 15, "large_straight": 0}, id="1 2 3 4 5"),
    pytest.param([2, 3, 4, 5, 6], {"large_straight": 20, "small_straight": 0}, id="2 3 4 5 6"),
    pytest.param([6, 6, 6, 6, 5], {"two_pairs": 0}, id="6 6 6 6 5"),
]


@pytest.mark.parametrize(("dice", "expected"), WORKED_EXAMPLES)
def test_the_worked_examples_score_what_rules_md_says(dice, expected):
    options = Scorecard(FREE).options(dice)
    assert {key: options[key] for key in expected} == expected
    for key, score in expected.items():
        assert Scorecard(FREE).fill(key, dice).points(key) == score
        assert FREE.box(key).score(Dice.of(dice)) == score


# The same examples with every box spelled out (the requirement table of RULES.md).
EMPTY_SHEET = [
    pytest.param(
        [6, 6, 6, 6, 6],
        points(sixes=30, one_pair=12, three_of_a_kind=18, four_of_a_kind=24, chance=30, yatzy=50),
        id="66666",
    ),
    pytest.param(
        [3, 3, 3, 6, 6],
        points(threes=9, sixes=12, one_pair=12, two_pairs=18, three_of_a_kind=9, full_house=21, chance=21),
        id="33366",
    ),
    pytest.param(
        [1, 1, 2, 2, 3], points(ones=2, twos=4, threes=3, one_pair=4, two_pairs=6, chance=9), id="11223"
    ),
    pytest.param(
        [1, 1, 2, 2, 2],
        points(ones=2, twos=6, one_pair=4, two_pairs=6, three_of_a_kind=6, full_house=8, chance=8),
        id="11222",
    ),
    pytest.param(
        [1, 2, 3, 4, 5],
        points(ones=1, twos=2, threes=3, fours=4, fives=5, small_straight=15, chance=15),
        id="12345",
    ),
    pytest.param(
        [2, 3, 4, 5, 6],
        points(twos=2, threes=3, fours=4, fives=5, sixes=6, large_straight=20, chance=20),
        id="23456",
    ),
    pytest.param(
        [6, 6, 6, 6, 5],
        points(fives=5, sixes=24, one_pair=12, three_of_a_kind=18, four_of_a_kind=24, chance=29),
        id="66665",
    ),
    pytest.param(
        [5, 5, 6, 6, 6],
        points(fives=10, sixes=18, one_pair=12, two_pairs=22, three_of_a_kind=18, full_house=28, chance=28),
        id="55666: the best two pairs and full house",
    ),
    pytest.param(
        [1, 3, 4, 5, 6],
        points(ones=1, threes=3, fours=4, fives=5, sixes=6, chance=19),
        id="13456: no straight of Yatzy",
    ),
    pytest.param(
        [1, 2, 3, 4, 6],
        points(ones=1, twos=2, threes=3, fours=4, sixes=6, chance=16),
        id="12346: four in a row is no straight",
    ),
    pytest.param(
        [2, 2, 5, 5, 5],
        points(twos=4, fives=15, one_pair=10, two_pairs=14, three_of_a_kind=15, full_house=19, chance=19),
        id="22555: One pair takes the highest pair",
    ),
]


@pytest.mark.parametrize(("dice", "expected"), EMPTY_SHEET)
def test_an_empty_yatzy_sheet_offers_every_box_with_these_points(dice, expected):
    assert Scorecard(FREE).options(dice) == expected
    assert list(Scorecard(FREE).options(dice)) == KEYS  # sheet order


@yatzy_editions
def test_the_best_sheet_scores_374_and_nothing_can_score_more(edition):
    best = sheet(
        edition,
        [
            ("ones", [1] * 5),
            ("twos", [2] * 5),
            ("threes", [3] * 5),
            ("fours", [4] * 5),
            ("fives", [5] * 5),
            ("sixes", [6] * 5),
            ("one_pair", [6, 6, 1, 2, 3]),
            ("two_pairs", [6, 6, 5, 5, 4]),
            ("three_of_a_kind", [6, 6, 6, 1, 2]),
            ("four_of_a_kind", [6, 6, 6, 6, 1]),
            ("small_straight", [1, 2, 3, 4, 5]),
            ("large_straight", [2, 3, 4, 5, 6]),
            ("full_house", [6, 6, 6, 5, 5]),
            ("chance", [6] * 5),
            ("yatzy", [6] * 5),
        ],
    )
    assert best.is_complete
    assert (best.upper_subtotal, best.upper_bonus, best.lower_subtotal, best.yahtzee_bonus) == (
        105,
        50,
        219,
        0,
    )
    assert best.grand_total == 374
    # The boxes are independent, so no sheet beats the best roll of every box plus the bonus.
    ceiling = sum(max(edition.scores(roll)[i] for roll in all_rolls(5)) for i in range(15))
    assert ceiling + edition.upper_bonus.points == 374


@yatzy_editions
@pytest.mark.parametrize(("ones", "bonus"), [([1, 1, 2, 3, 4], 0), ([1, 1, 1, 3, 4], 50)])
def test_the_upper_bonus_needs_63(edition, ones, bonus):
    card = sheet(
        edition,
        [
            ("ones", ones),
            ("twos", [2, 2, 2, 1, 3]),
            ("threes", [3, 3, 3, 1, 2]),
            ("fours", [4, 4, 4, 1, 2]),
            ("fives", [5, 5, 5, 1, 2]),
            ("sixes", [6, 6, 6, 1, 2]),
        ],
    )
    assert card.upper_subtotal == 62 + (bonus > 0)
    assert (card.upper_bonus, card.upper_bonus_settled) == (bonus, True)
    assert card.grand_total == card.upper_subtotal + bonus


def test_another_yatzy_is_an_ordinary_roll_no_joker_and_no_bonus():
    card = Scorecard(FREE).fill("yatzy", [6] * 5)
    assert card.points("yatzy") == 50
    assert not card.bonus_due([6] * 5)
    options = card.options([6] * 5)
    assert set(options) == set(KEYS) - {"yatzy"}  # any open box, no joker order
    assert (options["full_house"], options["small_straight"], options["two_pairs"]) == (0, 0, 0)
    after = card.fill("full_house", [6] * 5)
    assert (after.points("full_house"), after.yahtzee_bonus_count, after.grand_total) == (0, 0, 50)


def test_the_free_edition_fills_boxes_in_any_order_and_any_box_but_chance_may_take_a_zero():
    card = Scorecard(FREE)
    for key in reversed(KEYS):  # bottom to top
        dice = (
            next(roll for roll in all_rolls(5) if FREE.box(key).score(roll) == 0)
            if key != "chance"
            else Dice.of([1] * 5)
        )
        card = card.fill(key, dice)
        assert card.points(key) == (5 if key == "chance" else 0)
    assert card.is_complete and card.grand_total == 5


# -- forced Yatzy ---------------------------------------------------------------


def test_forced_yatzy_offers_only_the_first_open_box_even_when_it_scores_0():
    card = Scorecard(FORCED)
    assert card.options([6, 6, 6, 6, 6]) == {"ones": 0}
    card = card.fill("ones", [6, 6, 6, 6, 6])
    assert card.options([1, 2, 3, 4, 5]) == {"twos": 2}


def test_forced_yatzy_names_the_box_played_for_before_the_dice_and_free_yatzy_every_open_box():
    card = Scorecard(FORCED)
    for key in KEYS:
        assert card.playable_boxes == (key,)
        card = card.fill(key, [1, 2, 3, 4, 6])
    assert card.playable_boxes == ()
    free = Scorecard(FREE).fill("twos", [2, 2, 3, 4, 6])
    assert free.playable_boxes == tuple(key for key in KEYS if key != "twos")


def test_forced_yatzy_refuses_any_other_box_naming_the_box_that_must_be_filled_now():
    card = Scorecard(FORCED)
    for key, name in zip(KEYS, NAMES, strict=True):
        for other in card.open_boxes - {key}:
            refusal = card.refusal(other, [6, 6, 6, 6, 6])
            assert str(refusal) == f"Forced order: {name} must be filled now."
            assert refusal.template == "Forced order: %(box)s must be filled now."
            assert refusal.params == {"box": Message(name)}  # translated with the sheet's names
        for later in card.open_boxes - {key}:
            with pytest.raises(RuleViolation, match=f"^Forced order: {name} must be filled now\\.$"):
                card.fill(later, [6, 6, 6, 6, 6])
        assert card.refusal(key, [6, 6, 6, 6, 6]) is None
        card = card.fill(key, [6, 6, 6, 6, 6])
    assert card.is_complete
    assert why_not(card, "yatzy", [6] * 5) == "This sheet is complete."
    assert card.grand_total == 30 + 12 + 18 + 24 + 30 + 50  # only the boxes five 6s score in


def test_a_forced_game_refuses_a_turn_out_of_order_and_a_correction_that_breaks_the_order():
    game = Game(["Ann", "Bo"], FORCED).play([1, 1, 1, 2, 3], "ones")
    with pytest.raises(RuleViolation) as refusal:
        game.play([6, 6, 6, 6, 6], "yatzy")
    assert str(refusal.value) == "Forced order: Ones must be filled now."
    game = game.play([6, 6, 6, 6, 6], "ones").play([2, 2, 1, 1, 1], "twos")
    assert [(t.player, t.box, t.points) for t in game.turns] == [
        (0, "ones", 3),
        (1, "ones", 0),
        (0, "twos", 4),
    ]
    with pytest.raises(RuleViolation, match=r"^Forced order: Ones must be filled now\.$"):
        game.correct(0, [2, 2, 2, 2, 2], "twos")
    fixed = game.correct(0, [1, 1, 1, 1, 1], "ones")
    assert [t.points for t in fixed.turns] == [5, 0, 4]


def test_a_forced_game_replay_names_the_turn_out_of_order():
    with pytest.raises(RuleViolation) as refusal:
        Game.replay(["Ann"], "yatzy-forced", [([1] * 5, "ones"), ([3] * 5, "threes")])
    assert str(refusal.value) == ("Turn 2 (round 2, Ann) is illegal: Forced order: Twos must be filled now.")
    assert refusal.value.params["reason"] == Message(
        "Forced order: %(box)s must be filled now.", {"box": Message("Twos")}
    )


def test_a_whole_forced_game_for_two_players_ends_after_15_rounds():
    game = Game(["Ann", "Bo"], FORCED)
    for key in KEYS:
        for _ in range(2):
            (only,) = game.cards[game.current_player].options([5, 5, 5, 6, 6])
            assert only == key
            game = game.play([5, 5, 5, 6, 6], only)
    assert game.is_over and game.round == 15
    assert [card.grand_total for card in game.cards] == [15 + 12 + 12 + 22 + 15 + 27 + 27] * 2
    assert game.winners() == [0, 1]


def test_the_forced_order_names_no_box_on_a_sheet_with_none_open() -> None:
    rules = find_edition("yatzy-forced")
    full = tuple(0 for _ in rules.boxes)
    assert rules.refusal(full, 0, Dice.parse("12345")) is None
    assert rules.placements(full, Dice.parse("12345")) == {}
