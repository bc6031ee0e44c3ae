"""While a coached game's tables are being built: how far the build has got, and its start if needed.

The build itself runs in a process of its own (scorekeeper.advisor.background); a request only
looks at the files beside the tables, or starts that process, and never waits for it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import current_app
from flask_babel import format_percent

from scorekeeper.advisor import background, default_directory
from scorekeeper.rules import Ruleset

if TYPE_CHECKING:
    from scorekeeper.services.games import LoadedGame

log = logging.getLogger(__name__)


def coach_status(rules: Ruleset) -> background.Status | None:
    """What is on disk for this edition's coach; a background build is started if some table is
    missing (unless ADVISOR_BUILD is off: then only `flask advisor build` builds). None without a coach."""
    if not rules.has_coach:
        return None
    folder = default_directory(current_app)
    try:
        if current_app.config.get("ADVISOR_BUILD", True):
            return background.start(rules, folder)
        return background.status(rules, folder)
    except OSError as error:  # a folder the server cannot write: the coach waits for an operator
        log.warning("coach tables for %s cannot be built here: %s", rules, error)
        return None


@dataclass(frozen=True)
class CoachProgress:
    """The line that says the coach is getting ready: for which tables, and how far ("40%", or "")."""

    coach: bool  # the coach's own table is ready: only the chance table is still to come
    percent: str


def coach_progress(loaded: LoadedGame) -> CoachProgress | None:
    """The progress line while the coach is on and one of its tables is being built, else None.

    Only while a build runs: with background builds off (or after a failed one) nothing promises
    the table, and the coach's options keep saying it is not ready.
    """
    game = loaded.game
    if not loaded.coached or game.is_over:
        return None
    status = coach_status(game.edition)
    if status is None or status.ready or not status.building:
        return None
    percent = "" if status.done is None else format_percent(status.done, format="#,##0%")
    return CoachProgress(coach=status.coach, percent=percent)


def coach_progress_context(loaded: LoadedGame) -> dict[str, Any]:
    """``coach_progress`` for the coach's badge (coach/_progress.html)."""
    return {"coach_progress": coach_progress(loaded)}


__all__ = ["CoachProgress", "coach_progress", "coach_progress_context", "coach_status"]
