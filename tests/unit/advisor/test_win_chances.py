"""Win chances from final-score distributions: point masses, ties shared, one player, independence."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from scorekeeper.advisor import win_chances


def _mass(score: int) -> tuple[np.ndarray, np.ndarray]:
    return np.array([score]), np.ones(1)


def _dist(pairs: dict[int, float]) -> tuple[np.ndarray, np.ndarray]:
    support = np.array(sorted(pairs))
    return support, np.array([pairs[s] for s in support])


def _brute_force(dists: list[tuple[np.ndarray, np.ndarray]]) -> list[float]:
    """Every combination of outcomes, the top score's share split among those who reach it."""
    chances = [0.0] * len(dists)
    for combo in itertools.product(*(list(zip(s.tolist(), p.tolist(), strict=True)) for s, p in dists)):
        weight = float(np.prod([p for _, p in combo]))
        top = max(s for s, _ in combo)
        winners = [i for i, (s, _) in enumerate(combo) if s == top]
        for i in winners:
            chances[i] += weight / len(winners)
    return chances


def test_point_masses_give_the_leader_everything() -> None:
    assert win_chances([_mass(250), _mass(180), _mass(249)]) == pytest.approx([1.0, 0.0, 0.0])


def test_equal_point_masses_share_the_win() -> None:
    assert win_chances([_mass(200), _mass(200)]) == pytest.approx([0.5, 0.5])
    assert win_chances([_mass(200), _mass(150), _mass(200), _mass(200)]) == pytest.approx(
        [1 / 3, 0, 1 / 3, 1 / 3]
    )


def test_one_player_always_wins_and_no_player_has_no_chances() -> None:
    assert win_chances([_dist({100: 0.3, 240: 0.7})]) == pytest.approx([1.0])
    assert win_chances([]) == []


def test_chances_match_every_combination_with_ties_shared() -> None:
    rng = np.random.default_rng(4)
    for players in (2, 3, 5):
        dists = []
        for _ in range(players):
            support = np.sort(rng.choice(np.arange(190, 205), size=4, replace=False))
            prob = rng.random(4)
            dists.append((support, prob / prob.sum()))
        chances = win_chances(dists)
        assert chances == pytest.approx(_brute_force(dists), abs=1e-12)
        assert sum(chances) == pytest.approx(1.0)


def test_a_finished_sheet_against_a_distribution() -> None:
    # The finished player has 200: the other wins only above it, and shares at exactly 200.
    chances = win_chances([_mass(200), _dist({190: 0.5, 200: 0.2, 230: 0.3})])
    assert chances == pytest.approx([0.5 + 0.1, 0.1 + 0.3])
