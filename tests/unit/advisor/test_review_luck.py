"""Luck against choices: each turn's move of the expected final score splits into dice and choice."""

from __future__ import annotations

import pytest

from scorekeeper.advisor import Advisor, review_game
from scorekeeper.rules import Box, Game, find_edition

ENTRIES = [
    ((1, 2, 3, 4, 5), Box.LARGE_STRAIGHT),  # Ann: a large straight first roll, in its box
    ((1, 2, 3, 4, 5), Box.CHANCE),  # Bo: the same dice thrown into Chance
    ((1, 1, 2, 3, 5), Box.ONES),  # Ann: poor dice
    ((6, 6, 6, 6, 6), Box.YAHTZEE),  # Bo: five sixes
]


def test_dice_minus_choices_is_the_whole_change_of_expected_score(advisor: Advisor) -> None:
    ann, bo = review_game(Game.replay(["Ann", "Bo"], find_edition("hasbro-1996"), ENTRIES), lambda _: advisor)
    for review in (ann, bo):
        assert review.turns[0].expected_before == pytest.approx(advisor.expected_score(), abs=1e-9)
        for turn in review.turns:
            assert turn.luck - turn.regret == pytest.approx(turn.expected_chosen - turn.expected_before)
        change = review.series[-1] - review.series[0]
        assert review.total_luck - review.total_regret == pytest.approx(change, abs=1e-4)
    assert ann.turns[0].luck > 0 and ann.turns[1].luck < 0  # a straight is good luck, 1-1-2-3-5 is not
    assert bo.turns[1].luck > 30  # five of a kind
    assert bo.turns[0].luck == pytest.approx(ann.turns[0].luck)  # same dice, same luck: the choice differs
    assert bo.turns[0].regret > 20 and ann.turns[0].regret == 0
