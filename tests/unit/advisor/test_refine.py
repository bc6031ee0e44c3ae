"""Refinement of early-game curves by the coach's games played on: seeded, queued newest first, bounded.

The states used here have few boxes open (cheap to play on); the thread does not look at the number.
The queue's checks play in the thread itself (in_process); one check plays in the child process.
Accuracy against 200,000 games is in test_distribution_accuracy.py (slow).
"""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from scorekeeper.advisor import Advisor, storage
from scorekeeper.advisor.distribution import EXACT_OPEN, Distributions
from scorekeeper.advisor.refine import FAILURES, PENDING, Refiner, played_on
from scorekeeper.advisor.rollouts import rollouts
from scorekeeper.rules import Scorecard
from tests.support.chance_games import mid_game

GAMES = 2_000


def _late_states(advisor: Advisor, count: int) -> list[int]:
    """`count` different turn-start states with two boxes open (nothing in the upper section)."""
    points = advisor.points
    boxes = len(advisor.edition.boxes)
    pairs = [(i, j) for i in range(boxes) for j in range(i + 1, boxes)][:count]
    return [int(points.index(points.full & ~((1 << i) | (1 << j)), 0, 0)) for i, j in pairs]


def _wait(condition: object, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the refiner did not get there in time"
        time.sleep(0.01)


class Gate:
    """A `busy` check the test opens: the thread waits while it is closed."""

    def __init__(self) -> None:
        self.open = threading.Event()

    def __call__(self) -> bool:
        return not self.open.is_set()


def _approximate(advisor: Advisor) -> Distributions:
    """Distributions with a stand-in shape table (one normal part per state): approximate early on."""
    params = np.zeros((16, 1), dtype=np.float16)
    params[:4, 0] = (1.0, 100.0, 20.0, 0.0)
    states = int(np.prod(advisor.points.shape))
    return Distributions(advisor, np.broadcast_to(params, (16, states)))


def test_played_on_is_the_same_curve_each_time_with_the_coachs_mean(advisor: Advisor) -> None:
    card = mid_game(advisor, np.random.default_rng(3), advisor.edition.rounds - 7)
    state = advisor.state_index(card)
    pmf = played_on(advisor, state, 7, GAMES)
    assert np.array_equal(pmf, played_on(advisor, state, 7, GAMES))
    assert pmf.sum() == pytest.approx(1.0)
    points = np.arange(len(pmf))
    mean = float(points @ pmf)
    sd = float(np.sqrt(((points - mean) ** 2) @ pmf))
    assert abs(mean - (advisor.expected_final(card) - card.grand_total)) < 5 * sd / np.sqrt(GAMES)
    # The same games as rollouts of the sheet would play, only seeded by the state.
    other = rollouts(advisor, card, GAMES, seed=1) - card.grand_total
    assert abs(other.mean() - mean) < 8 * sd / np.sqrt(GAMES)


def test_the_refiner_plays_on_the_newest_state_first_and_finds_played_ons_curve(advisor: Advisor) -> None:
    first, older, newer = _late_states(advisor, 3)
    finished: list[tuple[int, np.ndarray]] = []
    gate = Gate()
    refiner = Refiner(
        advisor, lambda s, pmf: finished.append((s, pmf)), games=GAMES, busy=gate, in_process=True
    )
    refiner.ask(first, 2)
    _wait(lambda: refiner.pending() == 0)  # the thread has taken it and waits at the gate
    refiner.ask(first, 2)  # a page asking again while it is played on: not queued a second time
    assert refiner.pending() == 0
    refiner.ask(older, 2)
    refiner.ask(newer, 2)
    gate.open.set()
    _wait(lambda: len(finished) == 3)
    assert [s for s, _ in finished] == [first, newer, older]
    for state, pmf in finished:
        assert np.array_equal(pmf, played_on(advisor, state, 2, GAMES))


def test_the_refiner_drops_the_oldest_waiting_states_past_its_limit(advisor: Advisor) -> None:
    states = _late_states(advisor, PENDING + 6)
    finished: list[int] = []
    gate = Gate()
    refiner = Refiner(advisor, lambda s, _: finished.append(s), games=GAMES, busy=gate, in_process=True)
    refiner.ask(states[0], 2)
    _wait(lambda: refiner.pending() == 0)
    for state in states[1:]:
        refiner.ask(state, 2)
    assert refiner.pending() == PENDING and refiner.dropped == 5
    gate.open.set()
    _wait(lambda: len(finished) == PENDING + 1)
    assert set(finished) == {states[0], *states[6:]}  # the five asked first after it never ran


def test_the_refiner_waits_while_its_cpu_budget_is_spent(advisor: Advisor) -> None:
    (state,) = _late_states(advisor, 1)
    finished: list[int] = []
    refiner = Refiner(
        advisor, lambda s, _: finished.append(s), games=GAMES, budget=0.0, busy=lambda: False, in_process=True
    )
    refiner.ask(state, 2)
    time.sleep(0.5)
    assert finished == [] and refiner.cpu_last_minute() == 0.0
    refiner.budget = 60.0
    _wait(lambda: finished == [state])
    assert refiner.cpu_last_minute() > 0.0


def test_the_child_process_plays_the_same_curve_and_reports_its_cpu(advisor: Advisor) -> None:
    (state,) = _late_states(advisor, 1)
    finished: list[tuple[int, np.ndarray]] = []
    refiner = Refiner(advisor, lambda s, pmf: finished.append((s, pmf)), games=GAMES, busy=lambda: False)
    refiner.ask(state, 2)
    _wait(lambda: len(finished) == 1, seconds=120.0)  # the child's start: a new interpreter
    assert finished[0][0] == state
    assert np.array_equal(finished[0][1], played_on(advisor, state, 2, GAMES))
    assert refiner.cpu_last_minute() > 0.0


def test_a_refined_curve_replaces_the_estimate_with_the_coachs_exact_mean(advisor: Advisor) -> None:
    dist = _approximate(advisor)
    card = mid_game(advisor, np.random.default_rng(4), 3)
    state, open_boxes = advisor.state_index(card), card.scores.count(None)
    assert not dist.settled(state, open_boxes)
    estimate = dist.score_distribution(card)
    dist.store_refined(state, played_on(advisor, state, open_boxes, GAMES))
    assert dist.settled(state, open_boxes)
    support, prob = dist.score_distribution(card)
    assert not np.array_equal(support, estimate[0])
    assert float(support @ prob) == pytest.approx(advisor.expected_final(card), abs=1e-9)
    assert prob.sum() == pytest.approx(1.0)


def test_exact_sheets_are_settled_and_never_queued(advisor: Advisor) -> None:
    dist = _approximate(advisor)
    card = mid_game(advisor, np.random.default_rng(5), advisor.edition.rounds - EXACT_OPEN)
    assert dist.refine(advisor.state_index(card), card.scores.count(None))
    assert dist.refiner is None
    # A refined curve stored for an exact state is not used: exact is closer.
    state = advisor.state_index(card)
    exact = dist.pmf(state, card.scores.count(None)).copy()
    dist.store_refined(state, np.ones(3) / 3)
    assert np.array_equal(dist.pmf(state, card.scores.count(None)), exact)


def test_an_approximate_sheet_is_queued_once_asked(advisor: Advisor) -> None:
    dist = _approximate(advisor)
    asked: list[tuple[int, int]] = []

    class Recorder:
        def ask(self, state: int, open_boxes: int) -> None:
            asked.append((state, open_boxes))

    dist.refiner = Recorder()  # type: ignore[assignment]
    card = mid_game(advisor, np.random.default_rng(6), 2)
    assert not dist.refine(advisor.state_index(card), card.scores.count(None))
    assert asked == [(advisor.state_index(card), card.scores.count(None))]


def test_a_new_games_stored_curve_is_used_from_the_first_turn(advisor: Advisor, tmp_path) -> None:
    start = int(advisor.points.index(0, 0, 0))
    pmf = played_on(advisor, start, advisor.edition.rounds, 1_000)
    storage.save_opening(advisor.edition, tmp_path, pmf)
    loaded = storage.load_opening(advisor.edition, tmp_path)
    assert loaded is not None and np.array_equal(loaded, pmf)
    params = _approximate(advisor).shape
    dist = Distributions(advisor, params, loaded)
    new = Scorecard(advisor.edition)
    assert dist.settled(start, advisor.edition.rounds)
    support, prob = dist.score_distribution(new)
    assert float(support @ prob) == pytest.approx(advisor.expected_final(new), abs=1e-9)
    assert storage.load_opening(advisor.edition, tmp_path / "none") is None


def test_the_refiner_stops_after_failing_again_and_again(advisor: Advisor) -> None:
    states = _late_states(advisor, FAILURES + 2)
    calls: list[int] = []

    def broken() -> bool:
        calls.append(1)
        raise OSError("no load average, no child")

    refiner = Refiner(advisor, lambda s, _: None, games=GAMES, busy=broken, in_process=True)
    for state in states[:FAILURES]:
        refiner.ask(state, 2)
        _wait(lambda: refiner.pending() == 0)
    _wait(lambda: refiner.failures == FAILURES)
    refiner.ask(states[-1], 2)
    assert refiner.pending() == 0 and len(calls) == FAILURES


def test_busy_means_the_load_fills_the_cores_this_process_may_use(monkeypatch) -> None:
    from scorekeeper.advisor import refine

    monkeypatch.setattr(refine.os, "sched_getaffinity", lambda _: {0, 1}, raising=False)
    monkeypatch.setattr(refine.os, "getloadavg", lambda: (1.9, 0.0, 0.0))
    assert not refine._busy()
    monkeypatch.setattr(refine.os, "getloadavg", lambda: (2.0, 0.0, 0.0))
    assert refine._busy()

    def unknown() -> tuple[float, float, float]:
        raise OSError("no load average here")

    monkeypatch.setattr(refine.os, "getloadavg", unknown)
    assert not refine._busy()  # the CPU budget alone bounds the work then
