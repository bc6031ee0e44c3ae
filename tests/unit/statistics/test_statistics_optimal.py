"""Optimal play's points per box: from the coach's simulated games, absent without its tables, and
never simulated inside the call that first asks unless told to wait."""

from __future__ import annotations

import pytest

from scorekeeper.rules import find_edition
from scorekeeper.statistics import optimal
from scorekeeper.statistics.optimal import optimal_box_means

HASBRO = find_edition("hasbro-1996")


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_the_averages_are_optimal_plays_per_box(advisor, advisor_tables):
    means = optimal_box_means(HASBRO, advisor_tables, wait=True)
    assert means is not None and len(means) == len(HASBRO.boxes)
    # The boxes' averages plus the bonuses make the coach's expected score (≈ 254.6): the bonuses
    # (upper about 24, extra about 10) are what the boxes leave out.
    assert 20 < advisor.expected_score() - sum(means) < 45
    assert means[HASBRO.box_index("chance")] == pytest.approx(22, abs=1.5)
    assert optimal_box_means(HASBRO, advisor_tables) is means  # kept: the next call does not simulate


def test_without_the_coachs_tables_there_is_no_figure(tmp_path):
    assert optimal_box_means(HASBRO, tmp_path) is None
    assert optimal_box_means(find_edition("hasbro-2016"), tmp_path, wait=True) is None


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_the_first_call_does_not_wait_for_the_simulation(advisor_2016, advisor_tables):
    optimal._MEMO.clear()  # as in a process that has not worked any edition out yet
    assert optimal_box_means(find_edition("hasbro-2016"), advisor_tables) is None  # started in the background
    settled = optimal_box_means(find_edition("hasbro-2016"), advisor_tables, wait=True)
    assert settled is not None
    assert optimal_box_means(find_edition("hasbro-2016"), advisor_tables) is settled
