"""Seeded games of optimal play: the advisor decides, the engine scores, the published figures come out."""

from __future__ import annotations

import pytest

from scorekeeper.advisor import Advisor
from scorekeeper.advisor.simulate import simulate

GAMES = 4000


@pytest.fixture(scope="module")
def games(advisor: Advisor):
    return simulate(advisor, GAMES, seed=20240601)


@pytest.mark.slow
def test_optimal_play_averages_within_3_points_of_254_59(games) -> None:
    assert len(games.cards) == GAMES and all(card.is_complete for card in games.cards)
    assert abs(games.scores.mean() - 254.59) < 3


@pytest.mark.slow
def test_optimal_play_gets_the_upper_bonus_in_68_percent_of_games(games) -> None:
    assert abs(games.upper_bonus_rate - 0.681) < 0.03


@pytest.mark.slow
def test_optimal_play_scores_50_in_the_yahtzee_box_in_a_third_of_games(games) -> None:
    assert abs(games.yahtzee_rate - 0.337) < 0.03


@pytest.mark.slow
def test_the_same_seed_plays_the_same_games(advisor: Advisor, games) -> None:
    again = simulate(advisor, 50, seed=20240601)
    assert list(again.scores) == list(simulate(advisor, 50, seed=20240601).scores)
