"""The advisor's figures: expected scores, box and keep values, ties, readiness."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scorekeeper.advisor import Advisor, ranked_boxes, ranked_keeps
from scorekeeper.advisor.dice import KEEPS, ROLL_PROBABILITY, ROLLS, sub_keeps
from scorekeeper.rules import BOXES, Box, Edition, RuleViolation, Scorecard


def test_a_new_game_is_worth_254_5877287_with_the_1996_joker(advisor: Advisor) -> None:
    assert advisor.expected_score() == pytest.approx(254.5877287, abs=1e-6)


def test_a_new_game_is_worth_254_2142330_with_the_2016_joker(advisor_2016: Advisor) -> None:
    assert advisor_2016.expected_score() == pytest.approx(254.2142330, abs=1e-6)


def test_an_empty_sheet_with_a_large_straight_should_take_large_straight(advisor: Advisor) -> None:
    values = advisor.box_values(Scorecard(), (1, 2, 3, 4, 5))
    assert list(values) == list(BOXES)  # every box is open, in sheet order
    assert ranked_boxes(values)[0] is Box.LARGE_STRAIGHT
    assert advisor.best_box(Scorecard(), (5, 4, 3, 2, 1)) is Box.LARGE_STRAIGHT
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
        Box.THREE_OF_A_KIND, Box.FOUR_OF_A_KIND, Box.FULL_HOUSE, Box.SMALL_STRAIGHT,
        Box.LARGE_STRAIGHT, Box.CHANCE,
    }
    card_2016 = Scorecard(Edition.HASBRO_2016, card.scores, card.yahtzee_bonus_count)
    assert set(advisor_2016.box_values(card_2016, (4, 4, 4, 4, 4))) == {
        Box.THREE_OF_A_KIND, Box.FOUR_OF_A_KIND,
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
        p * max(advisor.keep_values(card, roll, 2).values()) for p, roll in zip(ROLL_PROBABILITY, ROLLS)
    )
    assert fresh == pytest.approx(advisor.expected_final(card), abs=1e-4)


def test_ties_go_to_sheet_order_and_to_keeping_more_dice() -> None:
    boxes = {Box.CHANCE: 10.0, Box.TWOS: 10.0 + 1e-12, Box.ONES: 3.0}
    assert ranked_boxes(boxes) == [Box.TWOS, Box.CHANCE, Box.ONES]
    keeps = {(): 5.0, (6,): 5.0, (1,): 5.0, (1, 1): 4.0}
    assert ranked_keeps(keeps) == [(1,), (6,), (), (1, 1)]


def test_bad_questions_are_refused(advisor: Advisor, advisor_2016: Advisor) -> None:
    with pytest.raises(RuleViolation):
        advisor.box_values(Scorecard(), (1, 2, 3))
    with pytest.raises(ValueError):
        advisor.keep_values(Scorecard(), (1, 2, 3, 4, 5), 3)
    with pytest.raises(ValueError):
        advisor_2016.box_values(Scorecard(Edition.HASBRO_1996), (1, 2, 3, 4, 5))


def test_an_empty_folder_is_not_ready_and_is_never_built_by_a_question(tmp_path: Path) -> None:
    assert not Advisor.is_ready(Edition.HASBRO_1996, tmp_path)
    assert Advisor.load_if_ready(Edition.HASBRO_1996, tmp_path) is None
    assert list(tmp_path.iterdir()) == []


def test_a_built_folder_is_ready_and_loads_memory_mapped(advisor_dir: Path, advisor: Advisor) -> None:
    assert Advisor.is_ready(Edition.HASBRO_1996, advisor_dir)
    loaded = Advisor.load_if_ready(Edition.HASBRO_1996, advisor_dir)
    assert loaded is advisor
    assert isinstance(loaded.table, np.memmap) and loaded.table.dtype == np.float32
    table_file = next(advisor_dir.glob("hasbro-1996*.npy"))
    assert 4_000_000 < table_file.stat().st_size < 4_300_000


def test_the_keeps_cover_every_multiset_of_up_to_five_dice() -> None:
    assert len(KEEPS) == 462 and len(set(KEEPS)) == 462 and len(ROLLS) == 252
    assert ROLL_PROBABILITY.sum() == pytest.approx(1.0, abs=1e-12)


def test_equal_dice_give_fewer_distinct_keeps(advisor: Advisor) -> None:
    assert list(advisor.keep_values(Scorecard(), (6, 6, 6, 6, 6), 1))[0] == (6, 6, 6, 6, 6)
    assert set(advisor.keep_values(Scorecard(), (6, 6, 6, 6, 6), 2)) == {(6,) * k for k in range(6)}
    assert len(sub_keeps((1, 1, 2, 2, 3))) == 3 * 3 * 2
