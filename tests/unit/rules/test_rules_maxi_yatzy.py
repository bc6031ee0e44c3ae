"""Maxi Yatzy (RULES.md): six dice, 20 boxes, 100 bonus at 84, saved rolls; worked examples and oracles.

yatzy-solver 1.0.0 has no six-dice variant. Seven of Maxi's boxes use at most five of the six
dice, so each scores what the best five of the six score in Scandinavian Yatzy: those are checked
against the oracle over every roll of six. Every box is also checked against a brute force of our
own that tries every choice of dice (positions) the box's pattern needs.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest
import yatzy_solver as ys

from scorekeeper.rules import (
    EDITIONS,
    BadDice,
    Dice,
    Game,
    RuleViolation,
    SavedRolls,
    Scorecard,
    find_edition,
)
from scorekeeper.rules.interchange import totals_record, turn_record

MAXI = find_edition("maxi-yatzy")
KEYS = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "one_pair",
    "two_pairs",
    "three_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "five_of_a_kind",
    "small_straight",
    "large_straight",
    "full_straight",
    "full_house",
    "villa",
    "tower",
    "chance",
    "maxi_yatzy",
]


def dice(text: str) -> Dice:
    return MAXI.parse_dice(text)


def scored(text: str) -> dict[str, int]:
    return dict(zip(MAXI.box_keys, MAXI.scores(dice(text)), strict=True))


def test_the_sheet_has_20_boxes_in_the_rules_order_and_rolls_six_dice():
    assert list(MAXI.box_keys) == KEYS
    assert [box.name for box in MAXI.boxes][6:] == [
        "One pair",
        "Two pairs",
        "Three pairs",
        "Three of a kind",
        "Four of a kind",
        "Five of a kind",
        "Small straight",
        "Large straight",
        "Full straight",
        "Full house",
        "Villa",
        "Tower",
        "Chance",
        "Maxi Yatzy",
    ]
    assert (MAXI.dice_count, MAXI.columns, MAXI.rounds) == (6, (1,), 20)
    assert (MAXI.upper_bonus.threshold, MAXI.upper_bonus.points) == (84, 100)
    assert (MAXI.extra, MAXI.order.forced, MAXI.bank) == (None, False, SavedRolls(per_turn=3))
    assert MAXI.all_equal_box is MAXI.box("maxi_yatzy")
    assert not MAXI.has_coach and not MAXI.offered and "maxi-yatzy" not in EDITIONS
    assert len(MAXI.all_rolls) == 462


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "555522",
            {"two_pairs": 14, "three_pairs": 0, "tower": 24, "four_of_a_kind": 20, "one_pair": 10},
        ),
        ("666555", {"villa": 33, "full_house": 28, "two_pairs": 22, "three_of_a_kind": 18}),
        ("123455", {"small_straight": 15, "large_straight": 0}),
        ("123456", {"full_straight": 21, "small_straight": 15, "large_straight": 20}),
        ("666666", {"maxi_yatzy": 100, "five_of_a_kind": 30, "full_house": 0}),
        # "Different faces" is strict: six equal dice are no two pairs, three pairs, villa or tower.
        ("666666", {"two_pairs": 0, "three_pairs": 0, "villa": 0, "tower": 0, "one_pair": 12}),
        ("665544", {"three_pairs": 30, "two_pairs": 22, "one_pair": 12, "full_house": 0}),
        ("666665", {"five_of_a_kind": 30, "four_of_a_kind": 24, "tower": 0, "maxi_yatzy": 0}),
        ("111122", {"tower": 8, "two_pairs": 6, "full_house": 7, "sixes": 0, "ones": 4}),
    ],
)
def test_the_worked_examples_score_what_rules_md_says(text, expected):
    points = scored(text)
    assert {key: points[key] for key in expected} == expected


def test_the_upper_bonus_is_100_at_84():
    card = Scorecard(MAXI)
    for face in range(1, 6):  # four of each face: 4 × (1+2+3+4+5) = 60
        card = card.fill(KEYS[face - 1], [face] * 4 + [6, 6], rolls=3)
    assert (card.upper_subtotal, card.upper_bonus, card.upper_bonus_settled) == (60, 0, False)
    card = card.fill("sixes", [6] * 4 + [1, 2], rolls=3)  # 84
    assert (card.upper_subtotal, card.upper_bonus, card.upper_total, card.grand_total) == (84, 100, 184, 184)


def test_the_highest_possible_score_is_649():
    best = ["111111", "222222", "333333", "444444", "555555", "666666", "661234", "665512", "665544"]
    best += ["666123", "666612", "666661", "123451", "234562", "123456", "666551", "666555", "666655"]
    best += ["666666", "111111"]
    card = Scorecard(MAXI)
    for text, key in zip(best, KEYS, strict=True):
        card = card.fill(key, dice(text), rolls=1)
    assert (card.upper_subtotal, card.upper_bonus, card.lower_subtotal) == (126, 100, 423)
    assert card.grand_total == 649 and card.is_complete
    most = [max(MAXI.scores(roll)[i] for roll in MAXI.all_rolls) for i in range(20)]
    assert sum(most) + 100 == 649


def test_another_maxi_yatzy_is_an_ordinary_roll_with_no_joker_and_no_bonus():
    card = Scorecard(MAXI).fill("maxi_yatzy", [4] * 6, rolls=3)
    assert card.options([4] * 6) == {key: scored("444444")[key] for key in KEYS if key != "maxi_yatzy"}
    assert not card.bonus_due([4] * 6)


# -- six dice --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("66666", "That is 5 dice; enter exactly six."),
        ("6", "That is 1 die; enter all six."),
        ("6666666", "That is 7 dice; enter exactly six."),
        ("", "Enter the six dice, for example 224566."),
        ("abc", "Dice are numbers from 1 to 6, like 224566."),
        ("666667", "A die shows 1 to 6; 7 is not a face."),
    ],
)
def test_six_dice_are_parsed_and_a_wrong_count_is_refused_naming_six(text, message):
    with pytest.raises(BadDice) as refusal:
        MAXI.parse_dice(text)
    assert str(refusal.value) == message


def test_six_dice_parse_in_any_order_and_print_themselves():
    assert dice("6 5 4 3 2 1") == (1, 2, 3, 4, 5, 6) == Dice.parse("654321", count=6)
    assert str(dice("2,2,4,5,6,6")) == "224566" and repr(dice("224566")) == "Dice('224566')"
    assert dice("666666").all_equal and not dice("666665").all_equal


@pytest.mark.parametrize("values", [[6] * 5, [6] * 7, [1, 2, 3, 4, 5, 7], "666666"])
def test_anything_but_six_dice_is_refused_by_the_sheet_and_the_game(values):
    card = Scorecard(MAXI)
    for attempt in (
        lambda: card.options(values),
        lambda: card.fill("chance", values, rolls=1),
        lambda: Game(["Ann"], MAXI).play(values, "chance", rolls=1),
    ):
        with pytest.raises(BadDice, match=r"^Enter exactly six dice, each from 1 to 6\.$"):
            attempt()


# -- saved rolls -----------------------------------------------------------------------------------


def test_one_roll_in_each_of_two_turns_saves_four_so_the_third_may_use_seven():
    game = Game(["Ann"], MAXI)
    assert (game.saved_rolls, game.most_rolls) == (0, 3)
    game = game.play(dice("123456"), "full_straight", rolls=1).play(dice("111111"), "ones", rolls=1)
    assert (game.saved_rolls, game.most_rolls) == (4, 7)
    with pytest.raises(RuleViolation) as refusal:
        game.play(dice("666666"), "maxi_yatzy", rolls=8)
    assert str(refusal.value) == "Only 7 rolls this turn (3 plus 4 saved), not 8."
    game = game.play(dice("666666"), "maxi_yatzy", rolls=7)
    assert (game.saved_rolls, game.last_turn.rolls) == (0, 7)


def test_each_players_bank_is_their_own():
    game = Game(["Ann", "Bo"], MAXI).play(dice("123456"), "chance", rolls=1)
    assert (game.current_player, game.saved_rolls, game.cards[0].saved_rolls) == (1, 0, 2)
    game = game.play(dice("123456"), "chance", rolls=3)
    assert (game.current_player, game.saved_rolls, game.most_rolls) == (0, 2, 5)


@pytest.mark.parametrize(
    ("rolls", "message"),
    [
        (None, "Say how many rolls this turn used: 1 to 3."),
        (0, "A turn uses 1 to 3 rolls."),
        (-2, "A turn uses 1 to 3 rolls."),
        ("3", "A turn uses 1 to 3 rolls."),
        (True, "A turn uses 1 to 3 rolls."),
        (4, "Only 3 rolls this turn (3 plus 0 saved), not 4."),
    ],
)
def test_a_turn_must_say_its_rolls_from_one_to_what_the_player_has(rolls, message):
    with pytest.raises(RuleViolation) as refusal:
        Game(["Ann"], MAXI).play(dice("123456"), "chance", rolls=rolls)
    assert str(refusal.value) == message


def test_undo_gives_back_the_rolls_the_last_turn_used_or_takes_back_what_it_saved():
    game = Game(["Ann"], MAXI).play(dice("123456"), "chance", rolls=1)
    game = game.play(dice("111111"), "ones", rolls=5)
    assert game.saved_rolls == 0
    assert game.undo().saved_rolls == 2 and game.undo().undo().saved_rolls == 0


def test_a_correction_replays_the_bank_and_names_a_later_turn_that_now_claims_too_many():
    game = Game(["Ann", "Bo"], MAXI)
    game = game.play(dice("123456"), "chance", rolls=1).play(dice("123456"), "chance", rolls=3)
    game = game.play(dice("111111"), "ones", rolls=5).play(dice("222222"), "twos", rolls=2)
    with pytest.raises(RuleViolation) as refusal:
        game.correct(0, dice("123456"), "chance", rolls=2)
    assert str(refusal.value) == (
        "That change would make turn 3 (round 2, Ann) illegal: "
        "Only 4 rolls this turn (3 plus 1 saved), not 5."
    )
    assert refusal.value.params["turn"] == 3
    # A correction that leaves enough rolls is replayed: the banks follow.
    fixed = game.correct(2, dice("111111"), "ones", rolls=4)
    assert [card.saved_rolls for card in fixed.cards] == [1, 1]
    assert fixed.turns[2].rolls == 4 and fixed.turns[3] == game.turns[3]


def test_saved_rolls_left_at_the_end_are_worth_nothing():
    game = Game(["Ann"], MAXI)
    for key in KEYS:
        game = game.play(dice("111111"), key, rolls=1)
    assert game.is_over and game.cards[0].saved_rolls == 40
    assert game.cards[0].grand_total == sum(turn.points for turn in game.turns)


def test_the_export_writes_six_dice_and_the_rolls_of_each_turn():
    game = Game(["Ann"], MAXI).play(dice("665544"), "three_pairs", rolls=2)
    assert turn_record(MAXI, game.turns[0]) == {
        "dice": [4, 4, 5, 5, 6, 6],
        "box": "three_pairs",
        "rolls": 2,
        "points": 30,
        "bonus": 0,
    }
    assert totals_record(game.cards[0]) == {
        "upper_subtotal": 0,
        "upper_bonus": 0,
        "lower_subtotal": 30,
        "grand_total": 30,
    }


# -- oracles ---------------------------------------------------------------------------------------

# Boxes that use at most five of the dice: the best five of six, as Scandinavian Yatzy scores them.
BEST_FIVE = {
    "one_pair": "one_pair",
    "two_pairs": "two_pairs",
    "three_of_a_kind": "three_of_a_kind",
    "four_of_a_kind": "four_of_a_kind",
    "full_house": "full_house",
    "small_straight": "small_straight",
    "large_straight": "large_straight",
}


def test_every_roll_of_six_scores_what_the_oracle_gives_the_best_five_of_them():
    oracle = ys.Variant("yatzy-scandinavian")
    assert oracle.dice == 5
    assert not [variant for variant in ys.builtin_variants() if "maxi" in variant]
    for roll in MAXI.all_rolls:
        ours = dict(zip(KEYS, MAXI.scores(roll), strict=True))
        fives = [list(five) for five in combinations(roll, 5)]
        for key, theirs in BEST_FIVE.items():
            assert ours[key] == max(oracle.score(theirs, five) for five in fives), (roll, key)
        # Five of a kind: five of the six make a Yatzy, worth five times their face here.
        yatzies = [5 * five[0] for five in fives if oracle.score("yatzy", five) > 0]
        assert ours["five_of_a_kind"] == max(yatzies, default=0), roll


def brute_force(dice: tuple[int, ...]) -> dict[str, int]:
    """Each box by trying every choice of dice positions its pattern needs, as RULES.md words it."""
    positions = range(6)

    def groups(sizes: tuple[int, ...]) -> list[list[int]]:
        """Faces of disjoint groups of equal dice of these sizes, the groups' faces all different."""
        found = []

        def pick(left: set[int], todo: tuple[int, ...], faces: list[int]) -> None:
            if not todo:
                found.append(faces)
                return
            for group in combinations(sorted(left), todo[0]):
                face = dice[group[0]]
                if all(dice[i] == face for i in group) and face not in faces:
                    pick(left - set(group), todo[1:], [*faces, face])

        pick(set(positions), sizes, [])
        return found

    def best(sizes: tuple[int, ...], points: Callable[[list[int]], int]) -> int:
        return max((points(faces) for faces in groups(sizes)), default=0)

    faces = set(dice)
    return {
        **{key: face * dice.count(face) for face, key in enumerate(KEYS[:6], start=1)},
        "one_pair": best((2,), lambda f: 2 * f[0]),
        "two_pairs": best((2, 2), lambda f: 2 * f[0] + 2 * f[1]),
        "three_pairs": best((2, 2, 2), lambda f: sum(dice)),
        "three_of_a_kind": best((3,), lambda f: 3 * f[0]),
        "four_of_a_kind": best((4,), lambda f: 4 * f[0]),
        "five_of_a_kind": best((5,), lambda f: 5 * f[0]),
        "small_straight": 15 if {1, 2, 3, 4, 5} <= faces else 0,
        "large_straight": 20 if {2, 3, 4, 5, 6} <= faces else 0,
        "full_straight": 21 if faces == {1, 2, 3, 4, 5, 6} else 0,
        "full_house": best((3, 2), lambda f: 3 * f[0] + 2 * f[1]),
        "villa": best((3, 3), lambda f: sum(dice)),
        "tower": best((4, 2), lambda f: sum(dice)),
        "chance": sum(dice),
        "maxi_yatzy": 100 if len(faces) == 1 else 0,
    }


def test_every_roll_of_six_scores_what_the_brute_force_scores_in_every_box():
    for roll in MAXI.all_rolls:
        assert dict(zip(KEYS, MAXI.scores(roll), strict=True)) == brute_force(tuple(roll)), roll
