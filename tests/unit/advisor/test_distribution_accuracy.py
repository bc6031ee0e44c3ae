"""The final-score distribution against games actually played by the coach (seeded): exact where it says so.

Slow: each check rolls tens of thousands of games. The forced-order edition is exact everywhere (its
few states), the others exactly with few boxes open; with many boxes open the curve is the chance
table's (spectrum.py, built once a run for hasbro-1996), checked here at sheets from a new game to
seven boxes open; benchmarks/chances_bench.py measures 50 sheets per edition, whose figures the
distribution module quotes.
"""

from __future__ import annotations

import numpy as np
import pytest

from scorekeeper.advisor import Advisor, win_chances
from scorekeeper.advisor.distribution import EXACT_OPEN, Distributions
from scorekeeper.advisor.rollouts import paths, rollouts
from scorekeeper.rules import Scorecard
from tests.support.chance_games import kolmogorov, mid_game, shared_wins

pytestmark = pytest.mark.slow

EXACT_MEAN = 1e-6  # the mark for an exact curve's mean against expected_final


def _exact(advisor: Advisor) -> Distributions:
    """Distributions without a chance table: every sheet followed exactly to the end."""
    return Distributions(advisor, None)


def test_forced_order_distributions_are_exact_from_any_sheet(forced: Advisor) -> None:
    rng = np.random.default_rng(12)
    dist = _exact(forced)
    for turns in (2, 8):
        card = mid_game(forced, rng, turns)
        support, prob = dist.score_distribution(card)
        assert prob.sum() == pytest.approx(1.0)
        assert float((support * prob).sum()) == pytest.approx(forced.expected_final(card), abs=EXACT_MEAN)
        sample = rollouts(forced, card, 100_000, seed=turns)
        assert kolmogorov(support, prob, sample) <= 0.01


def test_few_open_boxes_are_exact_in_a_hasbro_game(advisor: Advisor) -> None:
    rng = np.random.default_rng(5)
    dist = _exact(advisor)
    card = mid_game(advisor, rng, advisor.edition.rounds - EXACT_OPEN)
    support, prob = dist.score_distribution(card)
    assert float((support * prob).sum()) == pytest.approx(advisor.expected_final(card), abs=EXACT_MEAN)
    assert kolmogorov(support, prob, rollouts(advisor, card, 200_000, seed=3)) <= 0.01


def test_a_finished_sheet_is_a_point_mass(advisor: Advisor) -> None:
    rng = np.random.default_rng(6)
    card = mid_game(advisor, rng, advisor.edition.rounds)
    support, prob = _exact(advisor).score_distribution(card)
    assert support.tolist() == [card.grand_total] and prob.tolist() == [1.0]


def test_win_chances_match_paired_games_within_a_point(forced: Advisor, advisor: Advisor) -> None:
    rng = np.random.default_rng(8)
    for each, players, turns in ((forced, 3, 4), (forced, 5, 9), (advisor, 2, 9), (advisor, 4, 10)):
        dist = _exact(each)
        cards = [mid_game(each, rng, turns + int(rng.integers(0, 2))) for _ in range(players)]
        chances = win_chances([dist.score_distribution(card) for card in cards])
        assert sum(chances) == pytest.approx(1.0)
        finals = np.array([rollouts(each, card, 30_000, seed=20 + j) for j, card in enumerate(cards)])
        seen = shared_wins(finals).mean(axis=1)
        assert np.abs(np.array(chances) - seen).max() <= 0.01


def test_chances_are_calibrated_over_simulated_two_player_games(forced: Advisor) -> None:
    """Forced order, 3,000 seeded 2-player games, chances at the start of every round: per 10-point
    bucket the observed win frequency is within 2 points of the mean prediction."""
    dist, games, players = _exact(forced), 3_000, 2
    rounds = forced.edition.rounds
    states, totals = paths(forced, Scorecard(forced.edition), players * games, seed=9)
    states, totals = states.reshape(rounds + 1, players, games), totals.reshape(rounds + 1, players, games)
    outcome = shared_wins(totals[-1])
    predicted, observed = [], []
    for r in range(1, rounds):
        for g in range(games):
            remaining = [dist.remaining(int(states[r, p, g]), rounds - r) for p in range(players)]
            predicted.extend(win_chances([(s + totals[r, p, g], q) for p, (s, q) in enumerate(remaining)]))
            observed.extend(outcome[:, g])
    pred, obs = np.array(predicted), np.array(observed)
    for b in range(10):
        inside = (pred >= b / 10) & (pred < (b + 1) / 10)
        if inside.sum() >= 500:
            assert abs(obs[inside].mean() - pred[inside].mean()) <= 0.02, b
    assert ((pred - obs) ** 2).mean() < 0.25  # better than a coin's Brier score


def test_early_curves_are_within_001_of_200000_games(advisor: Advisor, hasbro_chances: Distributions) -> None:
    """From a new game to seven boxes open, where the chance table's curve is the one shown."""
    rng = np.random.default_rng(31)
    for turns in (0, 1, 3, 6):
        card = mid_game(advisor, rng, turns)
        assert card.scores.count(None) > EXACT_OPEN + 1  # read from the table, not followed exactly
        support, prob = hasbro_chances.score_distribution(card)
        assert prob.sum() == pytest.approx(1.0)
        assert float(support @ prob) == pytest.approx(advisor.expected_final(card), abs=1e-6)
        assert kolmogorov(support, prob, rollouts(advisor, card, 200_000, seed=40 + turns)) <= 0.01


def test_early_win_chances_match_paired_games(advisor: Advisor, hasbro_chances: Distributions) -> None:
    rng = np.random.default_rng(32)
    cards = [mid_game(advisor, rng, 2 + int(rng.integers(0, 2))) for _ in range(3)]
    chances = win_chances([hasbro_chances.score_distribution(card) for card in cards])
    finals = np.array([rollouts(advisor, card, 30_000, seed=50 + j) for j, card in enumerate(cards)])
    assert np.abs(np.array(chances) - shared_wins(finals).mean(axis=1)).max() <= 0.01


def test_hasbro_chances_are_calibrated_over_simulated_games(
    advisor: Advisor, hasbro_chances: Distributions
) -> None:
    """hasbro-1996 with its chance table, 4,000 seeded 2-player games, chances at the start of every
    round: per 10-point bucket the observed win frequency is within 2 points of the mean prediction
    (benchmarks/chances_bench.py runs 20,000 games of 2 and of 4 players)."""
    games, players, rounds = 4_000, 2, advisor.edition.rounds
    states, totals = paths(advisor, Scorecard(advisor.edition), players * games, seed=11)
    states, totals = states.reshape(rounds + 1, players, games), totals.reshape(rounds + 1, players, games)
    outcome = shared_wins(totals[-1])
    predicted, observed = [], []
    for r in range(rounds):
        hasbro_chances.remember_many(np.unique(states[r]).tolist(), rounds - r)
        for g in range(games):
            remaining = [hasbro_chances.remaining(int(states[r, p, g]), rounds - r) for p in range(players)]
            predicted.extend(win_chances([(s + totals[r, p, g], q) for p, (s, q) in enumerate(remaining)]))
            observed.extend(outcome[:, g])
    pred, obs = np.array(predicted), np.array(observed)
    buckets = 0
    for b in range(10):
        inside = (pred >= b / 10) & (pred < (b + 1) / 10)
        if inside.sum() >= 500:
            assert abs(obs[inside].mean() - pred[inside].mean()) <= 0.02, b
            buckets += 1
    assert buckets >= 8
    assert ((pred - obs) ** 2).mean() < 0.2  # a coin's Brier score is 0.25
