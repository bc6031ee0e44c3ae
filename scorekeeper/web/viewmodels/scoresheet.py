"""The web pages' sheet view model: built once per render from a loaded game, in the request's language."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from flask_babel import format_date

from ..infra.i18n import gettext
from .advice import coach_waits
from .chances import chances_context
from .coach_progress import coach_progress_context
from .sheet import build_sheet
from .sheet_model import Sheet

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset
    from scorekeeper.services.games import LoadedGame


def game_sheet(loaded: LoadedGame, *, with_log: bool = True, just: int | None = None) -> Sheet:
    """The game's sheet; the print view adds its turn log, the game page never prints one; `just`:
    the turn whose cell is highlighted, if not the last."""
    sheet = build_sheet(
        loaded.game,
        loaded.title,
        loaded.created_at.date(),
        gettext=gettext,
        with_log=with_log,
        just=just,
    )
    # The date as the page's language writes it (30 nov. 2026, 30.11.2026): paper is read, not parsed.
    return replace(sheet, date=format_date(loaded.created_at, "medium"))


def blank_sheet(rules: Ruleset) -> Sheet:
    """An empty pad of this edition with six columns, for a game played with pencil and paper."""
    return build_sheet(None, rules=rules, gettext=gettext)


def sheet_context(
    loaded: LoadedGame, *, waits: bool | None = None, just: int | None = None
) -> dict[str, Any]:
    """Everything the sheet templates (phone sheet, TV board, hidden paper sheet) need for a loaded game.

    Views merge this into their template context (``**sheet_context(loaded)``); templates never
    build a sheet themselves. ``sheet`` is the one view model all three render; ``chances`` each
    player's chance to win while the coach is on (None otherwise); ``coach_progress`` how far the
    coach's tables are while they are being built (None otherwise); ``coach_waits`` whether the coach
    is on without all its tables (advice.coach_waits), decided first unless the view decided it
    (`waits`) before rendering anything of the coach. `just`: the turn to highlight, if not the last.
    """
    return {
        "coach_waits": coach_waits(loaded) if waits is None else waits,
        "sheet": game_sheet(loaded, with_log=False, just=just),
        **chances_context(loaded),
        **coach_progress_context(loaded),
    }


__all__ = ["blank_sheet", "game_sheet", "sheet_context"]
