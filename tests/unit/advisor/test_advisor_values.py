"""The advisor's figures: expected scores, box and keep values, ties, readiness."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scorekeeper.advisor import Advisor, card_state, ranked_boxes, ranked_keeps
from scorekeeper.advisor.dice import KEEPS, ROLL_PROBABILITY, ROLLS, sub_keeps
from scorekeeper.rules import Box, RuleViolation, Scorecard, find_edition

BOXES = [box.key for box in find_edition("hasbro-1996").boxes]


def test_a_new_game_is_worth_254_5877287_with_the_1996_joker(advisor: Advisor) -> None:
    assert advisor.expected_score() == pytest.approx(254.5877287, abs=1e-6)


def test_a_new_game_is_worth_254_2142330_with_the_2016_joker(advisor_2016: Advisor) -> None:
    assert advisor_2016.expected_score() == pytest.approx(254.2142330, abs=1e-6)


def test_an_empty_sheet_with_a_large_straight_should_take_large_straight(advisor: Advisor) -> None:
    values = advisor.box_values(Scorecard(), (1, 2, 3, 4, 5))
    assert list(values) == list(BOXES)  # every box is open, in sheet order
    assert ranked_boxes(values)[0] == Box.LARGE_STRAIGHT
    assert advisor.best_box(Scorecard(), (5, 4, 3, 2, 1)) == Box.LARGE_STRAIGHT
    assert values[Box.LARGE_STRAIGHT] == pytest.approx(261.5314061, abs=1e-4)


def test_box_values_include_the_points_already_on_the_sheet(advisor: Advisor) -> None:
    card = Scorecard().fill(Box.CHANCE, (6, 6, 6, 5, 5))
    values = advisor.box_values(card, (2, 2, 3, 3, 3))
    after = card.fill(Box.FULL_HOUSE, (2, 2, 3, 3, 3))
    assert values[Box.FULL_HOUSE] == pytest.approx(after.grand_total + _future(advisor, after), abs=1e-9)
    assert Box.CHANCE not in values


def _future(advisor: Advisor, card: Scorecard) -> float:
    return advisor.expected_final(card) - card.grand_total


def test_box_values_follow_the_joker_order(advisor: Advisor, advisor_2016: Advisor) -> None:
    card = Scorecard().fill(Box.YAHTZEE, (2, 2, 2, 2, 2)).fill(Box.FOURS, (4, 4, 1, 2, 3))
    assert set(advisor.box_values(card, (4, 4, 4, 4, 4))) == {
        Box.THREE_OF_A_KIND,
        Box.FOUR_OF_A_KIND,
        Box.FULL_HOUSE,
        Box.SMALL_STRAIGHT,
        Box.LARGE_STRAIGHT,
        Box.CHANCE,
    }
    card_2016 = Scorecard(find_edition("hasbro-2016"), card.scores, card.yahtzee_bonus_count)
    assert set(advisor_2016.box_values(card_2016, (4, 4, 4, 4, 4))) == {
        Box.THREE_OF_A_KIND,
        Box.FOUR_OF_A_KIND,
    }
    # The +100 is in the value: the same joker is worth more with 50 in the Yahtzee box.
    assert advisor.box_values(card, (4, 4, 4, 4, 4))[Box.LARGE_STRAIGHT] > 40 + 100 + card.grand_total


def test_a_complete_sheet_is_worth_its_total(advisor: Advisor) -> None:
    card = Scorecard()
    for box in BOXES:
        card = card.fill(box, (6, 6, 6, 6, 6))
    assert advisor.expected_final(card) == card.grand_total


def test_keep_values_list_every_distinct_keep_best_first(advisor: Advisor) -> None:
    values = advisor.keep_values(Scorecard(), (1, 2, 3, 4, 5), 2)
    assert set(values) == set(sub_keeps((1, 2, 3, 4, 5))) and len(values) == 32
    assert list(values) == ranked_keeps(values)
    assert next(iter(values)) == (1, 2, 3, 4, 5)  # the large straight: stop rolling
    second = list(values)[1]
    assert second == (2, 3, 4, 5) and values[second] == pytest.approx(254.8754170, abs=1e-4)


def test_keeping_all_five_with_one_roll_left_is_the_best_box(advisor: Advisor) -> None:
    card = Scorecard().fill(Box.ONES, (1, 1, 2, 3, 4)).fill(Box.YAHTZEE, (1, 2, 3, 4, 6))
    for dice in [(2, 2, 3, 5, 6), (6, 6, 6, 6, 6), (1, 3, 4, 5, 6)]:
        keeps = advisor.keep_values(card, dice, 1)
        assert keeps[dice] == pytest.approx(max(advisor.box_values(card, dice).values()), abs=1e-9)


def test_a_keep_is_worth_the_mean_over_the_dice_rolled(advisor: Advisor) -> None:
    card = Scorecard().fill(Box.SIXES, (6, 6, 6, 1, 2))
    two = advisor.keep_values(card, (3, 3, 4, 5, 5), 2)
    # Keeping (3, 3, 4, 5) and rolling one die: the mean of the six outcomes, each played best.
    outcomes = [tuple(sorted((3, 3, 4, 5, face))) for face in range(1, 7)]
    best = [max(advisor.keep_values(card, dice, 1).values()) for dice in outcomes]
    assert two[(3, 3, 4, 5)] == pytest.approx(sum(best) / 6, abs=1e-9)


def test_rolling_everything_is_the_value_of_a_turn_start(advisor: Advisor) -> None:
    # With two rolls left, keeping nothing is the same as a fresh turn after the first roll.
    card = Scorecard().fill(Box.CHANCE, (1, 1, 1, 2, 2))
    fresh = sum(
        p * max(advisor.keep_values(card, roll, 2).values())
        for p, roll in zip(ROLL_PROBABILITY, ROLLS, strict=True)
    )
    assert fresh == pytest.approx(advisor.expected_final(card), abs=1e-4)


def test_ties_go_to_sheet_order_and_to_keeping_more_dice() -> None:
    boxes = {"chance": 10.0, "twos": 10.0 + 1e-12, "ones": 3.0}
    assert ranked_boxes(boxes, find_edition("hasbro-1996")) == ["twos", "chance", "ones"]
    assert ranked_boxes(boxes) == ["chance", "twos", "ones"]  # no edition: the mapping's order
    assert ranked_boxes({"chance": 1.0, "one_pair": 1.0}, "yatzy") == ["one_pair", "chance"]
    keeps = {(): 5.0, (6,): 5.0, (1,): 5.0, (1, 1): 4.0}
    assert ranked_keeps(keeps) == [(1,), (6,), (), (1, 1)]


def test_bad_questions_are_refused(advisor: Advisor, advisor_2016: Advisor) -> None:
    with pytest.raises(RuleViolation):
        advisor.box_values(Scorecard(), (1, 2, 3))
    with pytest.raises(ValueError):
        advisor.keep_values(Scorecard(), (1, 2, 3, 4, 5), 3)
    with pytest.raises(ValueError):
        advisor_2016.box_values(Scorecard(find_edition("hasbro-1996")), (1, 2, 3, 4, 5))


def test_an_empty_folder_is_not_ready_and_is_never_built_by_a_question(tmp_path: Path) -> None:
    assert not Advisor.is_ready(find_edition("hasbro-1996"), tmp_path)
    assert Advisor.load_if_ready(find_edition("hasbro-1996"), tmp_path) is None
    assert list(tmp_path.iterdir()) == []


def test_a_built_folder_is_ready_and_loads_memory_mapped(advisor_tables: Path, advisor: Advisor) -> None:
    assert Advisor.is_ready(find_edition("hasbro-1996"), advisor_tables)
    loaded = Advisor.load_if_ready(find_edition("hasbro-1996"), advisor_tables)
    assert loaded is advisor
    assert isinstance(loaded.table, np.memmap) and loaded.table.dtype == np.float64
    table_file = next(advisor_tables.glob("hasbro-1996*.npy"))
    assert 8_000_000 < table_file.stat().st_size < 8_600_000


def test_the_keeps_cover_every_multiset_of_up_to_five_dice() -> None:
    assert len(KEEPS) == 462 and len(set(KEEPS)) == 462 and len(ROLLS) == 252
    assert ROLL_PROBABILITY.sum() == pytest.approx(1.0, abs=1e-12)


def test_equal_dice_give_fewer_distinct_keeps(advisor: Advisor) -> None:
    assert next(iter(advisor.keep_values(Scorecard(), (6, 6, 6, 6, 6), 1))) == (6, 6, 6, 6, 6)
    assert set(advisor.keep_values(Scorecard(), (6, 6, 6, 6, 6), 2)) == {(6,) * k for k in range(6)}
    assert len(sub_keeps((1, 1, 2, 2, 3))) == 3 * 3 * 2


# -- Scandinavian Yatzy and its forced order ------------------------------------------------


@pytest.mark.slow  # builds the Yatzy table (~17 s)
def test_a_new_yatzy_game_is_worth_248_4399894(yatzy: Advisor) -> None:
    assert yatzy.expected_score() == pytest.approx(248.4399894, abs=1e-6)


def test_a_new_forced_yatzy_game_is_worth_122_5585274(forced: Advisor) -> None:
    assert forced.expected_score() == pytest.approx(122.5585274, abs=1e-6)


@pytest.mark.slow  # builds the Yatzy table (~17 s)
def test_the_state_follows_the_ruleset_15_boxes_64_subtotals_and_no_flag(
    yatzy: Advisor, forced: Advisor, advisor: Advisor
) -> None:
    assert yatzy.table.shape == forced.table.shape == (1 << 15, 64, 1)
    assert advisor.table.shape == (1 << 13, 64, 2)
    assert yatzy.points.extra is None and yatzy.points.flags == 1
    assert advisor.points.extra == [box.key for box in find_edition("hasbro-1996").boxes].index("yahtzee")
    assert advisor.points.upper == yatzy.points.upper == (0, 1, 2, 3, 4, 5)
    assert yatzy.points.upper_bonus == 50 and advisor.points.upper_bonus == 35


@pytest.mark.slow  # builds the Yatzy table (~17 s)
def test_yatzy_box_values_are_keyed_by_its_box_keys_in_sheet_order(yatzy: Advisor) -> None:
    values = yatzy.box_values(Scorecard("yatzy"), (3, 3, 3, 6, 6))
    assert list(values) == [box.key for box in find_edition("yatzy").boxes]
    card = Scorecard("yatzy").fill("full_house", (3, 3, 3, 6, 6))
    assert values["full_house"] == pytest.approx(21 + _future(yatzy, card), abs=1e-9)
    assert yatzy.best_box(Scorecard("yatzy"), (2, 3, 4, 5, 6)) == "large_straight"


@pytest.mark.slow  # builds the Yatzy table (~17 s)
def test_yatzy_has_no_extra_bonus_a_second_yatzy_is_an_ordinary_roll(yatzy: Advisor) -> None:
    card = Scorecard("yatzy").fill("yatzy", (4, 4, 4, 4, 4))
    assert card_state(card)[2] == 0
    values = yatzy.box_values(card, (4, 4, 4, 4, 4))
    assert set(values) == set(card.open_boxes)  # no joker order: any open box
    after = card.fill("four_of_a_kind", (4, 4, 4, 4, 4))
    assert values["four_of_a_kind"] == pytest.approx(after.grand_total + _future(yatzy, after), abs=1e-9)


def test_forced_yatzy_offers_only_the_first_open_box(forced: Advisor) -> None:
    card = Scorecard("yatzy-forced").fill("ones", (1, 1, 2, 3, 4))
    assert list(forced.box_values(card, (6, 6, 6, 6, 6))) == ["twos"]
    assert forced.best_box(card, (2, 2, 2, 2, 3)) == "twos"
    keeps = forced.keep_values(card, (2, 2, 5, 6, 6), 2)
    assert next(iter(keeps)) == (2, 2)  # only twos count now
    assert keeps[(2, 2, 5, 6, 6)] < keeps[(2, 2)]


def test_a_forced_sheet_is_worth_the_mean_of_its_next_turn(forced: Advisor) -> None:
    card = Scorecard("yatzy-forced")
    for key, dice in [("ones", (1, 1, 1, 2, 3)), ("twos", (2, 2, 5, 5, 6)), ("threes", (3, 3, 3, 3, 1))]:
        card = card.fill(key, dice)
    fresh = sum(
        p * max(forced.keep_values(card, roll, 2).values())
        for p, roll in zip(ROLL_PROBABILITY, ROLLS, strict=True)
    )
    assert fresh == pytest.approx(forced.expected_final(card), abs=1e-4)


@pytest.mark.slow  # builds the Yatzy table (~17 s)
def test_a_complete_yatzy_sheet_is_worth_its_total(yatzy: Advisor) -> None:
    card = Scorecard("yatzy")
    for box in find_edition("yatzy").boxes:
        card = card.fill(box.key, (6, 6, 6, 6, 6))
    assert yatzy.expected_final(card) == card.grand_total == 30 + 12 + 18 + 24 + 30 + 50  # no bonus


@pytest.mark.slow  # builds the Yatzy table (~17 s)
def test_the_advisor_of_an_edition_refuses_a_sheet_of_another(yatzy: Advisor, forced: Advisor) -> None:
    with pytest.raises(ValueError):
        yatzy.box_values(Scorecard("yatzy-forced"), (1, 2, 3, 4, 5))
    with pytest.raises(ValueError):
        forced.expected_final(Scorecard("yatzy"))


@pytest.mark.slow  # needs every table, Yatzy's too (~17 s)
def test_each_edition_has_its_own_table_file(
    advisor_tables: Path, advisor: Advisor, advisor_2016: Advisor, yatzy: Advisor, forced: Advisor
) -> None:
    names = sorted(p.name for p in advisor_tables.glob("*.npy"))
    assert names == ["hasbro-1996.v2.npy", "hasbro-2016.v2.npy", "yatzy-forced.v2.npy", "yatzy.v2.npy"]
    assert 16_700_000 < (advisor_tables / "yatzy.v2.npy").stat().st_size < 16_900_000
