"""Yacht (RULES.md): 12 boxes, no bonus, no joker; its worked examples, an oracle and a brute force.

yatzy-solver 1.0.0 has no Yacht variant (its variants are American and Scandinavian Yatzy), but
seven of Yacht's boxes score as Scandinavian Yatzy's do, and its two straights and Yacht score
exactly when Yatzy's do: those are checked against the oracle over every roll. The rest is checked
against a brute force of our own that reads RULES.md's table literally.
"""

from __future__ import annotations

from itertools import combinations

import pytest
import yatzy_solver as ys

from scorekeeper.rules import EDITIONS, Dice, Game, RuleViolation, Scorecard, all_rolls, find_edition

YACHT = find_edition("yacht")
KEYS = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "full_house",
    "four_of_a_kind",
    "little_straight",
    "big_straight",
    "choice",
    "yacht",
]


def scored(dice: str) -> dict[str, int]:
    return dict(zip(YACHT.box_keys, YACHT.scores(YACHT.parse_dice(dice)), strict=True))


def test_the_sheet_has_12_boxes_in_the_rules_order_and_nothing_else():
    assert list(YACHT.box_keys) == KEYS
    assert [box.name for box in YACHT.boxes] == [
        "Ones",
        "Twos",
        "Threes",
        "Fours",
        "Fives",
        "Sixes",
        "Full house",
        "Four of a kind",
        "Little straight",
        "Big straight",
        "Choice",
        "Yacht",
    ]
    assert [box.key for box in YACHT.upper_boxes] == KEYS[:6]
    assert (YACHT.upper_bonus, YACHT.extra, YACHT.order.forced, YACHT.bank.counted) == (
        None,
        None,
        False,
        False,
    )
    assert (YACHT.dice_count, YACHT.columns, YACHT.rounds, YACHT.has_coach) == (5, (1,), 12, True)
    assert YACHT.all_equal_box is YACHT.box("yacht")
    assert YACHT.vocabulary == ("yatzy",)  # its Four of a kind counts the four dice, as Yatzy's


def test_it_is_registered_but_not_offered_until_the_pages_can_show_it():
    assert "yacht" not in EDITIONS and not YACHT.offered
    assert find_edition("yacht") is YACHT


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ("22444", {"full_house": 16}),
        ("33333", {"full_house": 0, "four_of_a_kind": 12, "threes": 15, "yacht": 50}),
        ("11234", {"little_straight": 0}),
        ("65432", {"little_straight": 0, "big_straight": 30}),
        ("12345", {"little_straight": 30, "big_straight": 0, "choice": 15}),
        ("44441", {"four_of_a_kind": 16, "full_house": 0, "ones": 1}),
        ("66665", {"four_of_a_kind": 24, "choice": 29, "yacht": 0}),
    ],
)
def test_the_worked_examples_score_what_rules_md_says(dice, expected):
    points = scored(dice)
    assert {key: points[key] for key in expected} == expected


def test_the_highest_possible_score_is_297_and_nothing_can_score_more():
    best = [("11111", "ones"), ("22222", "twos"), ("33333", "threes"), ("44444", "fours")]
    best += [("55555", "fives"), ("66666", "sixes"), ("66655", "full_house"), ("66661", "four_of_a_kind")]
    best += [("12345", "little_straight"), ("23456", "big_straight"), ("66666", "choice"), ("11111", "yacht")]
    card = Scorecard(YACHT)
    for dice, box in best:
        card = card.fill(box, YACHT.parse_dice(dice))
    assert (card.upper_subtotal, card.upper_bonus, card.lower_subtotal, card.grand_total) == (
        105,
        0,
        192,
        297,
    )
    assert card.is_complete
    most = [max(YACHT.scores(roll)[i] for roll in YACHT.all_rolls) for i in range(12)]
    assert most == [5, 10, 15, 20, 25, 30, 28, 24, 30, 30, 30, 50] and sum(most) == 297


def test_another_yacht_is_an_ordinary_roll_with_no_joker_and_no_bonus():
    card = Scorecard(YACHT).fill("yacht", [6] * 5)
    assert card.options([6] * 5) == {key: scored("66666")[key] for key in KEYS if key != "yacht"}
    after = card.fill("full_house", [6] * 5)
    assert (after.points("full_house"), after.yahtzee_bonus, after.grand_total) == (0, 0, 50)


def test_a_whole_game_for_two_ends_after_12_rounds_and_ranks_the_players():
    game = Game(["Ann", "Bo"], YACHT)
    for key in KEYS:
        game = game.play([6, 6, 6, 5, 5], key).play([1, 2, 3, 4, 5], key)
    assert game.is_over and len(game.turns) == 24
    ann, bo = (card.grand_total for card in game.cards)
    assert ann == 10 + 18 + 28 + 28 and bo == 1 + 2 + 3 + 4 + 5 + 30 + 15  # fives, sixes, FH, choice
    assert game.winners() == [0]
    with pytest.raises(RuleViolation, match=r"^The game is over"):
        game.play([1, 2, 3, 4, 5], "ones")


# -- the oracle: yatzy-solver's Scandinavian Yatzy, box by box where Yacht's boxes are Yatzy's ----------


def test_the_oracle_has_no_yacht_variant_so_only_its_shared_scoring_is_an_oracle():
    assert not [variant for variant in ys.builtin_variants() if "yacht" in variant]


SAME_AS_YATZY = {key: key for key in KEYS[:8]} | {"choice": "chance"}
MET_AS_IN_YATZY = {"little_straight": "small_straight", "big_straight": "large_straight", "yacht": "yatzy"}


def test_every_roll_scores_what_the_oracle_scores_in_the_boxes_yacht_shares_with_yatzy():
    oracle = ys.Variant("yatzy-scandinavian")
    assert oracle.dice == 5
    for roll in all_rolls(5):
        ours = dict(zip(KEYS, YACHT.scores(roll), strict=True))
        for key, theirs in SAME_AS_YATZY.items():
            assert ours[key] == oracle.score(theirs, list(roll)), (roll, key)
        for key, theirs in MET_AS_IN_YATZY.items():  # the same pattern, Yacht's own points
            assert (ours[key] > 0) == (oracle.score(theirs, list(roll)) > 0), (roll, key)
            assert ours[key] in (0, YACHT.box(key).fixed)


# -- a brute force of our own, reading RULES.md's table literally ----------------------------------


def brute_force(dice: tuple[int, ...]) -> dict[str, int]:
    """Each box by trying every choice of dice (positions), not by counting faces."""
    points = {key: face * dice.count(face) for face, key in enumerate(KEYS[:6], start=1)}
    houses = [
        sum(dice)
        for three in combinations(range(5), 3)
        if len({dice[i] for i in three}) == 1
        and len({dice[i] for i in range(5) if i not in three}) == 1
        and dice[three[0]] not in {dice[i] for i in range(5) if i not in three}
    ]
    points["full_house"] = max(houses, default=0)
    fours = [4 * dice[four[0]] for four in combinations(range(5), 4) if len({dice[i] for i in four}) == 1]
    points["four_of_a_kind"] = max(fours, default=0)
    points["little_straight"] = 30 if sorted(dice) == [1, 2, 3, 4, 5] else 0
    points["big_straight"] = 30 if sorted(dice) == [2, 3, 4, 5, 6] else 0
    points["choice"] = sum(dice)
    points["yacht"] = 50 if len(set(dice)) == 1 else 0
    return points


def test_every_roll_scores_what_the_brute_force_scores_in_every_box():
    for roll in all_rolls(5):
        assert dict(zip(KEYS, YACHT.scores(roll), strict=True)) == brute_force(tuple(roll)), roll
    assert YACHT.all_rolls == all_rolls(5) and len(all_rolls(5)) == 252
    assert YACHT.scores(Dice.of([5, 4, 3, 2, 1])) == YACHT.scores(Dice.of([1, 2, 3, 4, 5]))
