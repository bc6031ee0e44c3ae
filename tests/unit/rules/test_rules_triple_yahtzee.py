"""Triple Yahtzee (RULES.md): three Hasbro columns ×1 ×2 ×3, each with its totals; the joker and bonus."""

from __future__ import annotations

import pytest

from scorekeeper.rules import EDITIONS, Box, Cell, Game, RuleViolation, Scorecard, find_edition
from scorekeeper.rules.interchange import totals_record, turn_record

TRIPLE = find_edition("triple-yahtzee")
HASBRO = find_edition("hasbro-1996")
PLAIN = (1, 2, 3, 5, 5)  # no pattern: a neutral fill
SIXES = (6,) * 5


def sheet(fills: list[tuple[str, tuple[int, ...], int]]) -> Scorecard:
    card = Scorecard(TRIPLE)
    for box, dice, column in fills:
        card = card.fill(box, dice, column)
    return card


def all_yahtzees(points: tuple[int, int, int] = (50, 50, 50)) -> list[tuple[str, tuple[int, ...], int]]:
    return [
        ("yahtzee", SIXES if held == 50 else PLAIN, column) for column, held in enumerate(points, start=1)
    ]


def test_the_card_has_three_columns_of_the_hasbro_boxes_times_1_2_and_3():
    assert TRIPLE.boxes == HASBRO.boxes and TRIPLE.columns == (1, 2, 3)
    assert (TRIPLE.rounds, TRIPLE.dice_count, TRIPLE.bank.counted, TRIPLE.order.forced) == (
        39,
        5,
        False,
        False,
    )
    assert (TRIPLE.upper_bonus.threshold, TRIPLE.upper_bonus.points, TRIPLE.extra.bonus) == (63, 35, 100)
    assert TRIPLE.cells[:2] == (Cell("ones", 1), Cell("twos", 1)) and TRIPLE.cells[13] == Cell("ones", 2)
    assert not TRIPLE.has_coach and not TRIPLE.offered and "triple-yahtzee" not in EDITIONS
    card = Scorecard(TRIPLE)
    assert [column.multiplier for column in card.columns] == [1, 2, 3]
    assert card.open_columns("chance") == (1, 2, 3) and len(card.open_cells) == 39


def test_the_worked_example_five_6s_after_three_50s_go_in_sixes_of_a_chosen_column_for_690():
    game = Game(["Ann"], TRIPLE)
    for column in (1, 2, 3):
        game = game.play(SIXES, "yahtzee", column)
    card = game.cards[0]
    assert card.cell_options(SIXES) == {Cell("sixes", 1): 30, Cell("sixes", 2): 30, Cell("sixes", 3): 30}
    with pytest.raises(RuleViolation) as refusal:
        game.play(SIXES, "chance", 3)
    assert str(refusal.value) == "Joker rule: five 6s must go in Sixes, in a column where Sixes is empty."
    game = game.play(SIXES, "sixes", 3)
    card = game.cards[0]
    assert game.last_turn.bonus == 100 and game.last_turn.column == 3
    third = card.column(3)
    assert (third.upper_subtotal, third.lower_subtotal, third.yahtzee_bonus, third.total) == (
        30,
        50,
        100,
        180,
    )
    assert (third.multiplier, third.score) == (3, 540)
    assert [column.score for column in card.columns] == [50, 100, 540]
    assert card.grand_total == 690


def test_before_all_three_yahtzee_boxes_are_filled_five_of_a_kind_scores_only_what_it_is():
    card = sheet(all_yahtzees()[:2])  # 50 in ×1 and ×2, ×3 empty
    options = card.cell_options(SIXES)
    assert options[Cell("yahtzee", 3)] == 50
    assert options[Cell("full_house", 1)] == 0 and options[Cell("large_straight", 2)] == 0
    assert options[Cell("chance", 3)] == 30 and len(options) == 39 - 2  # any empty box
    assert not card.bonus_due(SIXES)
    assert card.fill("full_house", SIXES, 2).yahtzee_bonus == 0


def test_once_all_three_are_filled_the_joker_takes_any_empty_lower_box_at_full_value_in_any_column():
    fills = all_yahtzees() + [("sixes", PLAIN, column) for column in (1, 2, 3)]
    card = sheet(fills)
    options = card.cell_options(SIXES)
    lower = [box.key for box in TRIPLE.lower_boxes if box.key != "yahtzee"]
    assert options == {
        Cell(key, column): {"full_house": 25, "small_straight": 30, "large_straight": 40}.get(key, 30)
        for key in lower
        for column in (1, 2, 3)
    }
    with pytest.raises(RuleViolation) as refusal:
        card.fill("ones", SIXES, 2)
    assert (
        str(refusal.value) == "Joker rule: an extra Yahtzee goes in an empty lower box before any upper box."
    )


def test_with_every_lower_box_filled_the_joker_writes_0_in_any_empty_upper_box():
    fills = all_yahtzees() + [("sixes", PLAIN, c) for c in (1, 2, 3)]
    fills += [(box.key, PLAIN, c) for box in TRIPLE.lower_boxes if box.key != "yahtzee" for c in (1, 2, 3)]
    card = sheet(fills)
    assert card.cell_options(SIXES) == {
        Cell(box.key, c): 0 for box in TRIPLE.upper_boxes if box.key != "sixes" for c in (1, 2, 3)
    }


def test_the_matching_upper_box_is_forced_while_it_is_empty_in_any_column():
    fills = all_yahtzees((50, 0, 50)) + [("fours", (4, 4, 1, 2, 3), 1), ("fours", (4, 1, 2, 3, 5), 3)]
    card = sheet(fills)
    assert card.cell_options((4,) * 5) == {Cell("fours", 2): 20}
    assert card.open_columns("fours") == (2,)


@pytest.mark.parametrize(
    ("held", "bonus"),
    [((50, 50, 50), 100), ((0, 50, 50), 0), ((50, 0, 50), 0), ((50, 50, 0), 0), ((0, 0, 0), 0)],
)
def test_the_100_bonus_needs_50_in_all_three_yahtzee_boxes_and_a_zero_still_leaves_the_joker(held, bonus):
    card = sheet(all_yahtzees(held))
    assert card.bonus_due(SIXES) == (bonus > 0)
    assert card.cell_options(SIXES) == {Cell("sixes", c): 30 for c in (1, 2, 3)}  # the joker applies
    after = card.fill("sixes", SIXES, 2)
    assert after.bonuses == (0, int(bonus > 0), 0)
    assert after.column(2).yahtzee_bonus == bonus and after.column(2).score == 2 * (held[1] + 30 + bonus)


@pytest.mark.parametrize("column", [1, 2, 3])
def test_the_bonus_is_paid_in_the_column_the_roll_is_entered_in_and_multiplied_there(column):
    card = sheet(all_yahtzees()).fill("twos", (2,) * 5, column)
    assert [c.yahtzee_bonus for c in card.columns] == [100 if n == column else 0 for n in (1, 2, 3)]
    assert card.grand_total == 50 * (1 + 2 + 3) + (10 + 100) * column
    assert card.yahtzee_bonus == 100 and card.yahtzee_bonus_count == 1


def test_each_column_has_its_own_upper_bonus_at_63():
    fills = [
        (box.key, (box.face,) * 3 + ((1, 2) if box.face > 2 else (5, 6)), 2) for box in TRIPLE.upper_boxes
    ]
    card = sheet(fills)
    second = card.column(2)
    assert (second.upper_subtotal, second.upper_bonus, second.upper_total) == (63, 35, 98)
    assert [c.upper_bonus for c in card.columns] == [0, 35, 0]
    assert card.column(1).upper_bonus_settled is False and second.upper_bonus_settled
    assert card.grand_total == 98 * 2


def test_the_highest_score_without_bonuses_is_375_times_6():
    best = [(box.key, (box.face,) * 5) for box in TRIPLE.upper_boxes]  # 105 and the bonus
    best += [("three_of_a_kind", SIXES), ("four_of_a_kind", SIXES), ("chance", SIXES)]
    best += [("full_house", (6, 6, 6, 5, 5)), ("small_straight", (1, 2, 3, 4, 6))]
    best += [("large_straight", (2, 3, 4, 5, 6))]
    # Every five of a kind before the third Yahtzee box is filled, so none is an extra Yahtzee.
    fills = [(key, dice, column) for column in (1, 2, 3) for key, dice in best] + all_yahtzees()
    card = sheet(fills)
    assert card.is_complete and card.yahtzee_bonus == 0
    assert [c.total for c in card.columns] == [375, 375, 375]
    assert card.grand_total == 2_250


# -- columns ---------------------------------------------------------------------------------------


def test_a_turn_must_name_its_column():
    with pytest.raises(RuleViolation) as refusal:
        Game(["Ann"], TRIPLE).play(PLAIN, Box.TWOS)
    assert str(refusal.value) == "Choose the column for Twos."


@pytest.mark.parametrize("column", [0, 4, -1, "2", 2.0, True])
def test_a_column_the_card_does_not_have_is_refused(column):
    with pytest.raises(RuleViolation) as refusal:
        Game(["Ann"], TRIPLE).play(PLAIN, "twos", column)
    assert str(refusal.value) == f"There is no column {column}."


def test_a_box_filled_in_one_column_stays_open_in_the_others():
    card = Scorecard(TRIPLE).fill("twos", PLAIN, 2)
    assert card.open_columns("twos") == (1, 3)
    assert (card.points("twos", 2), card.points("twos", 1), card.points("twos")) == (2, None, None)
    with pytest.raises(RuleViolation) as refusal:
        card.fill("twos", PLAIN, 2)
    assert str(refusal.value) == "Twos is already filled in column 2."
    assert Cell("twos", 2) not in card.cell_options(PLAIN) and card.options(PLAIN)["twos"] == 2


def test_undo_and_corrections_move_a_turn_between_columns():
    game = Game(["Ann", "Bo"], TRIPLE).play(PLAIN, "chance", 1).play(PLAIN, "chance", 3)
    moved = game.correct(0, PLAIN, "chance", 3)
    assert moved.turns[0].column == 3 and moved.cards[0].grand_total == 16 * 3
    with pytest.raises(RuleViolation, match=r"^Choose the column for Chance\.$"):
        game.correct(0, PLAIN, "chance")
    assert game.undo().cards[1] == Scorecard(TRIPLE)


def test_a_total_is_final_per_column_once_that_column_can_no_longer_change_it():
    fills = [(key, PLAIN, 1) for key in TRIPLE.box_keys]
    card = sheet(fills)
    assert card.column(1).is_complete and not card.is_complete
    assert all(card.is_final(name, 1) for name in ("yahtzee_bonus", "lower_total", "total", "score"))
    assert not card.is_final("total", 2) and not card.is_final("grand_total")
    assert card.is_final("multiplier", 3) and card.figure("multiplier", 3) == 3
    assert (
        card.figure("score", 1) == card.column(1).total == 1 + 2 + 3 + 5 + 5 + 16
    )  # the upper boxes, Chance


def test_the_export_writes_the_column_of_each_turn_and_each_columns_totals():
    game = Game(["Ann"], TRIPLE)
    for column in (1, 2, 3):
        game = game.play(SIXES, "yahtzee", column)
    game = game.play(SIXES, "sixes", 3)
    assert turn_record(TRIPLE, game.turns[-1]) == {
        "dice": [6, 6, 6, 6, 6],
        "box": "sixes",
        "column": 3,
        "points": 30,
        "bonus": 100,
    }
    column = {"upper_subtotal": 0, "upper_bonus": 0, "lower_subtotal": 50, "yahtzee_bonus": 0, "total": 50}
    assert totals_record(game.cards[0]) == {
        "columns": [
            {**column, "multiplier": 1, "score": 50},
            {**column, "multiplier": 2, "score": 100},
            {
                "upper_subtotal": 30,
                "upper_bonus": 0,
                "lower_subtotal": 50,
                "yahtzee_bonus": 100,
                "total": 180,
                "multiplier": 3,
                "score": 540,
            },
        ],
        "grand_total": 690,
    }
