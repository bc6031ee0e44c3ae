"""Optimal play's average points per box, from the coach: simulated once per edition and process.

The coach's tables give the expected final score, not a figure per box, so the per-box figure
is the average of SIMULATED_GAMES seeded optimal games (scorekeeper.advisor.simulate). As the
coach never builds a table inside a request, a request never waits for this simulation (a second
or two): the first page that asks starts it in a background thread and shows no optimal column;
the pages after it have one. Without the edition's tables (not built, or no coach for the
edition) there is no figure either, and the statistics leave the column out.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from scorekeeper.advisor import Advisor, default_directory
from scorekeeper.rules import Ruleset

SIMULATED_GAMES = 4000  # the per-box averages' standard error stays under 0.4 points (Yahtzee's box)
SEED = 11

log = logging.getLogger(__name__)
_MEMO: dict[tuple[str, str], tuple[float, ...]] = {}
_RUNNING: set[tuple[str, str]] = set()
_LOCK = threading.Lock()  # guards _MEMO and _RUNNING
_SIMULATING = threading.Lock()  # one simulation at a time: they share the two cores with requests


def tables_directory() -> Path:
    """The coach's table folder: the current app's if there is one, else the advisor's default."""
    from flask import current_app, has_app_context

    return default_directory(current_app) if has_app_context() else default_directory()


def optimal_box_means(
    rules: Ruleset, directory: Path | None = None, *, wait: bool = False
) -> tuple[float, ...] | None:
    """Average points per box (sheet order) under optimal play; None without the coach's tables, or
    while the simulation runs (started in the background on the first call; wait=True runs it here)."""
    folder = directory if directory is not None else tables_directory()
    key = (rules.id, os.path.realpath(folder))
    found = _MEMO.get(key)
    if found is not None:
        return found
    try:
        advisor = Advisor.load_if_ready(rules, folder)
    except (OSError, ValueError) as error:  # a damaged table: no column rather than a failed page
        log.warning("coach table for %s unreadable: %s", rules, error)
        return None
    if advisor is None:
        return None
    if wait:
        return _simulate(key, advisor, rules)
    with _LOCK:
        if key not in _RUNNING:
            _RUNNING.add(key)
            worker = threading.Thread(
                target=_simulate, args=(key, advisor, rules), name=f"optimal-{rules.id}", daemon=True
            )
            worker.start()
    return None


def _simulate(key: tuple[str, str], advisor: Advisor, rules: Ruleset) -> tuple[float, ...]:
    """Play the seeded games and keep the averages in memory."""
    from scorekeeper.advisor.simulate import simulate  # numpy work: only when needed

    try:
        with _SIMULATING:
            found = _MEMO.get(key)
            if found is None:
                cards = simulate(advisor, SIMULATED_GAMES, seed=SEED).cards
                found = tuple(
                    sum(card.scores[i] or 0 for card in cards) / len(cards) for i in range(len(rules.boxes))
                )
                with _LOCK:
                    _MEMO[key] = found
            return found
    finally:
        with _LOCK:
            _RUNNING.discard(key)
