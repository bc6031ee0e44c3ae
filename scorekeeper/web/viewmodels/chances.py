"""Each player's chance to win, for the game page and the TV board: computed once per set of sheets.

The advisor assumes everyone plays the coach's way from here (scores then independent); the views
merge `chances_context(loaded)` into the page through sheet_context, the template only draws it.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import current_app
from flask_babel import format_percent

from scorekeeper.advisor import Advisor, chance_series, default_directory

if TYPE_CHECKING:
    from scorekeeper.services.games import LoadedGame

log = logging.getLogger(__name__)
CACHED = 256  # sets of sheets remembered per process (one per game version shown lately)
_CACHE: OrderedDict[tuple[object, ...], list[float]] = OrderedDict()
_LOCK = threading.Lock()


@dataclass(frozen=True)
class PlayerChance:
    """One player's chance: its text ("34%"), the bar's length (0–1) and the player's name."""

    name: str
    value: float
    text: str
    bar: float
    current: bool


def percent(value: float) -> str:
    """A chance as the language writes percentages; never a flat 0% or 100% for what may still happen."""
    if 0 < value < 0.005:
        return "<" + format_percent(0.01, format="#,##0%")
    if 0.995 < value < 1:
        return ">" + format_percent(0.99, format="#,##0%")
    return format_percent(value, format="#,##0%")


def cached_chances(advisor: Advisor, cards: list[Any]) -> list[float] | None:
    """The advisor's win chances for these sheets, remembered; None while its chance table is missing."""
    if advisor.distributions() is None:
        return None
    key = (advisor.edition.id, *((advisor.state_index(c), c.grand_total, c.is_complete) for c in cards))
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    chances = advisor.win_chances(cards)
    with _LOCK:
        _CACHE[key] = chances
        while len(_CACHE) > CACHED:
            _CACHE.popitem(last=False)
    return chances


_REVIEWS: OrderedDict[tuple[object, ...], list[tuple[float, ...]]] = OrderedDict()


def review_chances(loaded: LoadedGame, advisor: Advisor) -> list[tuple[float, ...]] | None:
    """Per seat, the chance to win at the start and after each round (chance_series), once per game version.

    None while the advisor's chance table is missing.
    """
    try:
        if advisor.distributions() is None:
            return None
        return _review_chances(loaded, advisor)
    except Exception:  # an extra of the review: a fault leaves the chart out, never the page
        log.exception("review chances for %s unavailable", loaded.game.edition)
        return None


def _review_chances(loaded: LoadedGame, advisor: Advisor) -> list[tuple[float, ...]]:
    key = (loaded.view_token, loaded.version)
    with _LOCK:
        if key in _REVIEWS:
            _REVIEWS.move_to_end(key)
            return _REVIEWS[key]
    series = chance_series(loaded.game, advisor)
    with _LOCK:
        _REVIEWS[key] = series
        while len(_REVIEWS) > CACHED:
            _REVIEWS.popitem(last=False)
    return series


def chances_context(loaded: LoadedGame) -> dict[str, Any]:
    """``chances``: one PlayerChance per seat while the coach is on and the game goes on, else None."""
    game = loaded.game
    if not loaded.coached or game.is_over or (not game.turns and len(game.players) < 2):
        return {"chances": None}
    try:
        advisor = Advisor.load_if_ready(game.edition, default_directory(current_app))
        chances = cached_chances(advisor, list(game.cards)) if advisor else None
    except Exception:  # the chances are an extra: a damaged table or a fault never costs the page
        log.exception("chances for %s unavailable", game.edition)
        chances = None
    if chances is None:
        return {"chances": None}
    return {
        "chances": [
            PlayerChance(name, value, percent(value), round(value, 4), seat == game.current_player)
            for seat, (name, value) in enumerate(zip(game.players, chances, strict=True))
        ]
    }


__all__ = [
    "PlayerChance",
    "cached_chances",
    "chances_context",
    "percent",
    "review_chances",
]
