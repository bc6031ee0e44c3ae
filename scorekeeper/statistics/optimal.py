"""Optimal play's average points per box, from the coach: simulated once per edition and kept.

The coach's tables give the expected final score, not a figure per box, so the per-box figure
is the average of SIMULATED_GAMES seeded optimal games (scorekeeper.advisor.simulate), kept
beside the tables as a small JSON file and in memory. Without the edition's tables (not built,
or no coach for the edition) there is no figure, and the statistics leave the column out.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
from pathlib import Path

from scorekeeper.advisor import Advisor, default_directory
from scorekeeper.rules import Ruleset

SIMULATED_GAMES = 4000  # the per-box averages' standard error stays under 0.2 points
SEED = 11
FORMAT = 1  # bump when what the file holds changes

log = logging.getLogger(__name__)
_MEMO: dict[tuple[str, str], tuple[float, ...]] = {}
_LOCK = threading.Lock()


def tables_directory() -> Path:
    """The coach's table folder: the current app's if there is one, else the advisor's default."""
    try:
        from flask import current_app, has_app_context
    except ImportError:  # pragma: no cover - Flask is a dependency of the app
        return default_directory()
    return default_directory(current_app) if has_app_context() else default_directory()


def optimal_box_means(
    rules: Ruleset, directory: Path | None = None, *, keep: bool = True
) -> tuple[float, ...] | None:
    """Average points per box (sheet order) under optimal play, or None without the coach's tables.

    keep=False neither reads nor writes the file beside the tables (tests share that folder).
    """
    folder = directory if directory is not None else tables_directory()
    key = (rules.id, os.path.realpath(folder))
    if key in _MEMO:
        return _MEMO[key]
    try:
        advisor = Advisor.load_if_ready(rules, folder)
    except (OSError, ValueError) as error:  # a damaged table: no column rather than a failed page
        log.warning("coach table for %s unreadable: %s", rules, error)
        return None
    if advisor is None:
        return None
    with _LOCK:  # one simulation per edition, even when two pages ask at once
        if key not in _MEMO:
            _MEMO[key] = (_read(rules, folder) if keep else None) or _simulate(advisor, rules, folder, keep)
        return _MEMO[key]


def _path(rules: Ruleset, folder: Path) -> Path:
    return Path(folder) / f"{rules.id}.box-means.v{FORMAT}.json"


def _read(rules: Ruleset, folder: Path) -> tuple[float, ...] | None:
    """The kept averages, if the file is there and fits this sheet."""
    try:
        data = json.loads(_path(rules, folder).read_text())
    except (OSError, ValueError):
        return None
    means = data.get("box_means") if isinstance(data, dict) else None
    if data.get("games") != SIMULATED_GAMES or not isinstance(means, list) or len(means) != len(rules.boxes):
        return None
    return tuple(float(value) for value in means)


def _simulate(advisor: Advisor, rules: Ruleset, folder: Path, keep: bool) -> tuple[float, ...]:
    """Play the seeded games (about 1.5 s) and keep the averages beside the tables."""
    from scorekeeper.advisor.simulate import simulate  # numpy work: only when needed

    cards = simulate(advisor, SIMULATED_GAMES, seed=SEED).cards
    means = tuple(sum(card.scores[i] or 0 for card in cards) / len(cards) for i in range(len(rules.boxes)))
    if not keep:
        return means
    data = {"edition": rules.id, "games": SIMULATED_GAMES, "seed": SEED, "box_means": list(means)}
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f"{rules.id}.", suffix=".tmp")
        with os.fdopen(fd, "w") as handle:
            json.dump(data, handle)
        os.chmod(tmp, 0o644)
        os.replace(tmp, _path(rules, folder))
    except OSError as error:  # a read-only folder: the figures are still right for this process
        log.warning("could not keep optimal box averages for %s: %s", rules, error)
    return means
