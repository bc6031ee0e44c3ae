"""Seeded games of optimal play: the advisor decides, the engine scores, the published figures come out."""

from __future__ import annotations

import pytest

from scorekeeper.advisor import Advisor
from scorekeeper.advisor.simulate import simulate
from scorekeeper.rules import find_edition

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
    assert abs(games.fixed_rate("yahtzee") - 0.337) < 0.03


@pytest.mark.slow
def test_the_same_seed_plays_the_same_games(advisor: Advisor, games) -> None:
    again = simulate(advisor, 50, seed=20240601)
    assert list(again.scores) == list(simulate(advisor, 50, seed=20240601).scores)


@pytest.mark.slow
def test_optimal_yatzy_play_averages_within_3_points_of_248_44(yatzy: Advisor) -> None:
    games = simulate(yatzy, 2000, seed=20240601)
    assert all(card.is_complete and card.edition.id == "yatzy" for card in games.cards)
    assert all(card.yahtzee_bonus == 0 for card in games.cards)  # no extra bonus in Yatzy
    assert abs(games.scores.mean() - 248.44) < 3
    assert 0 < games.upper_bonus_rate < 1 and 0 < games.fixed_rate("yatzy") < 1


@pytest.mark.slow
def test_forced_yatzy_play_fills_the_sheet_in_order_and_averages_122_56(forced: Advisor) -> None:
    games = simulate(forced, 2000, seed=7)
    keys = [box.key for box in find_edition("yatzy-forced").boxes]
    assert all(card.is_complete for card in games.cards) and len(keys) == 15
    assert abs(games.scores.mean() - 122.56) < 3
