"""The review for the win as the review page shows it: each choice's chance to win against the best
box's, what it cost, and the game's most decisive choice (scorekeeper/advisor/win_review.py).

Worked out once per game version, in the background (advisor/win_background.py's worker): the page
says it is being worked out until then, and asks again.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from flask_babel import gettext

from scorekeeper.advisor import Advisor
from scorekeeper.advisor.win_advice import READY
from scorekeeper.advisor.win_background import run_soon
from scorekeeper.advisor.win_review import ChoiceReview, WinReview, review_for_win
from scorekeeper.rules import Ruleset

from ..infra.i18n import box_name
from .chances import percent

if TYPE_CHECKING:
    from scorekeeper.services.games import LoadedGame

log = logging.getLogger(__name__)
CACHED = 64  # game versions whose review for the win is remembered per process
COSTLIEST = 3
SHOWN_COST = 0.005  # a chance lost that rounds to 0% is not worth a sentence
_DONE: OrderedDict[tuple[object, ...], WinReview] = OrderedDict()
_LOCK = threading.Lock()


@dataclass(frozen=True)
class ChoiceWin:
    """One choice's cell: its chance to win, and the best box's when it cost some."""

    chance: str
    best: str = ""  # "" when the choice was the best for the win (to the percent)


@dataclass(frozen=True)
class WinReviewView:
    """What the review page shows for the win. `pending`: being worked out (nothing else yet)."""

    pending: bool = False
    decisive: str = ""  # the game's most decisive choice in words
    costly: dict[int, list[str]] = field(default_factory=dict)  # by seat
    cells: dict[int, list[ChoiceWin]] = field(default_factory=dict)  # by seat, one per turn in order


def _work(key: tuple[object, ...], loaded: LoadedGame, advisor: Advisor) -> None:
    review = review_for_win(loaded.game, advisor)
    if review.status != READY:
        return
    with _LOCK:
        _DONE[key] = review
        while len(_DONE) > CACHED:
            _DONE.popitem(last=False)


def win_review_view(loaded: LoadedGame, advisor: Advisor) -> WinReviewView | None:
    """The review for the win of a game of 2+ players, pending while worked out; None without one."""
    game = loaded.game
    if len(game.players) < 2 or not game.turns or advisor.distributions() is None:
        return None
    key = (loaded.view_token, loaded.version)
    with _LOCK:
        review = _DONE.get(key)
    if review is None:
        run_soon(("review", *key), _work, key, loaded, advisor)
        return WinReviewView(pending=True)
    players = game.players
    return WinReviewView(
        decisive=decisive_sentence(game.edition, players, review.most_decisive),
        costly={
            seat: [
                costly_win_sentence(game.edition, c)
                for c in review.costliest(seat, COSTLIEST)
                if c.cost >= SHOWN_COST
            ]
            for seat in range(len(players))
        },
        cells={
            seat: [
                ChoiceWin(percent(c.chance_chosen), "" if c.cost < SHOWN_COST else percent(c.chance_best))
                for c in review.of_seat(seat)
            ]
            for seat in range(len(players))
        },
    )


def decisive_sentence(rules: Ruleset, players: tuple[str, ...], choice: ChoiceReview | None) -> str:
    """ "The most decisive choice: round 11, Bo with 2 2 3 5 6. Small straight gave 41% to win,
    Chance only 12%; Bo chose Small straight (41%)." """
    if choice is None:
        return ""
    return gettext(
        "The game's most decisive choice: round %(round)d, %(player)s with %(dice)s."
        " The best box for the win, %(best)s, gave %(best_chance)s to win; the worst gave %(worst_chance)s."
        " %(player)s chose %(chosen)s (%(chosen_chance)s).",
        round=choice.round,
        player=players[choice.seat],
        dice=" ".join(str(d) for d in choice.dice),
        best=box_name(rules, choice.best_for_win),
        best_chance=percent(choice.chance_best),
        worst_chance=percent(choice.chance_worst),
        chosen=box_name(rules, choice.box),
        chosen_chance=percent(choice.chance_chosen),
    )


def costly_win_sentence(rules: Ruleset, choice: ChoiceReview) -> str:
    """ "Round 7: Chance instead of Threes: 29% to win instead of 41%"."""
    return gettext(
        "Round %(round)d: %(chosen)s instead of %(best)s: %(chance)s to win instead of %(best_chance)s",
        round=choice.round,
        chosen=box_name(rules, choice.box),
        best=box_name(rules, choice.best_for_win),
        chance=percent(choice.chance_chosen),
        best_chance=percent(choice.chance_best),
    )


__all__ = ["ChoiceWin", "WinReviewView", "win_review_view"]
