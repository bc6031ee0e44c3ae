"""Self-play for the win: batched chances equal the advice's, ties go the coach's way, games add up."""

from __future__ import annotations

import numpy as np
import pytest

from scorekeeper.advisor import Advisor
from scorekeeper.advisor.distribution import Distributions
from scorekeeper.advisor.selfplay import Table, TurnsForWin, choose, play
from scorekeeper.advisor.win_advice import WinTurn
from scorekeeper.rules import Scorecard
from tests.support.chance_games import mid_game


def positions(advisor: Advisor, turns: int, games: int, seed: int) -> list[list[Scorecard]]:
    """Three sheets per game: seat 0 has played one turn more than seats 1 and 2 (seat 1 to play)."""
    rng = np.random.default_rng(seed)
    return [
        [mid_game(advisor, rng, turns + 1), mid_game(advisor, rng, turns), mid_game(advisor, rng, turns)]
        for _ in range(games)
    ]


@pytest.mark.parametrize("turns", [9, 11])
def test_the_batched_chances_are_the_advice_for_each_position(advisor: Advisor, turns: int) -> None:
    dist = Distributions(advisor, None)  # exact: few boxes open
    games = positions(advisor, turns, 4, seed=turns)
    states = np.array([[advisor.state_index(c) for c in cards] for cards in games], dtype=np.int64)
    totals = np.array([[c.grand_total for c in cards] for cards in games], dtype=np.int64)
    rounds = advisor.edition.rounds
    batch = TurnsForWin(
        advisor,
        dist,
        Table(states, totals, np.array([rounds - turns - 1, rounds - turns, rounds - turns])),
        1,
    )
    for g, cards in enumerate(games):
        one = WinTurn(advisor, dist, cards[1], [cards[0], cards[2]])
        assert batch.one[:, g] == pytest.approx(one.one, abs=1e-12)
        assert batch.two[:, g] == pytest.approx(one.two, abs=1e-12)
        assert np.array_equal(np.isfinite(batch.final[:, :, g]), np.isfinite(one.final))


def test_choose_takes_the_best_chance_then_the_best_value_then_the_first() -> None:
    chances = np.array([[0.2, 0.5, 0.5, 0.1], [0.3, 0.3 + 1e-12, 0.3, -np.inf], [0.0, 0.0, 0.0, 0.0]])
    values = np.array([[300.0, 250.0, 260.0, 400.0], [240.0, 230.0, 245.0, -np.inf], [1.0, 2.0, 2.0, 0.0]])
    assert choose(chances, values).tolist() == [2, 2, 1]


def test_games_add_up_and_the_control_plays_the_coach(forced: Advisor) -> None:
    dist = forced.distributions()
    assert dist is not None
    match = play(forced, dist, 2, 10, seed=5)
    rounds = forced.edition.rounds
    assert match.finals.shape == (10, 2)
    assert match.seat.tolist() == [0, 1] * 5
    assert np.allclose(match.shares.sum(axis=1), 1.0)
    assert set(match.won.tolist()) <= {0.0, 0.5, 1.0}
    assert sum(match.decisions.made.values()) == 10 * rounds * 3  # two keeps and a box, every turn
    assert sorted(match.decisions.made) == list(range(1, rounds + 1))
    control = play(forced, dist, 2, 10, seed=5, for_win=False)
    assert control.decisions.made == {}
    assert np.allclose(control.shares.sum(axis=1), 1.0)
