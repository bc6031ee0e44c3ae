"""The web pages' sheet view model: built once per render from a loaded game, in the request's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask_babel import gettext

from .sheet import Sheet, build_sheet

if TYPE_CHECKING:
    from scorekeeper.games import LoadedGame
    from scorekeeper.rules import Ruleset


def game_sheet(loaded: LoadedGame, *, with_log: bool = True) -> Sheet:
    """The game's sheet; the print view adds its turn log, the game page never prints one."""
    return build_sheet(
        loaded.game,
        loaded.title,
        loaded.created_at.date(),
        gettext=gettext,
        with_log=with_log,
    )


def blank_sheet(rules: Ruleset) -> Sheet:
    """An empty pad of this edition with six columns, for a game played with pencil and paper."""
    return build_sheet(None, rules=rules, gettext=gettext)


def sheet_context(loaded: LoadedGame) -> dict[str, Any]:
    """Everything the sheet templates (phone sheet, TV board, hidden paper sheet) need for a loaded game.

    Views merge this into their template context (``**sheet_context(loaded)``); templates never
    build a sheet themselves. ``sheet`` is the one view model all three render.
    """
    return {"sheet": game_sheet(loaded, with_log=False)}


__all__ = ["blank_sheet", "game_sheet", "sheet_context"]
