"""The coach's advice as pages show it: expected scores on the options, the keep panel, the review's words.

Advice is read from the Advisor's memory-mapped tables and never waits for one to be built:
without a table the coach says it is getting ready (its build started in the background, how far
it has got shown and polled for) and everything else works as before.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from flask import current_app
from flask_babel import format_decimal, gettext

from scorekeeper.advisor import Advisor, default_directory, ranked_boxes
from scorekeeper.rules import BadDice, Dice, Ruleset
from scorekeeper.services import games

from ..infra.i18n import box_name, translate
from .coach_progress import coach_status
from .presenters import Entry

log = logging.getLogger(__name__)

KEEP_CHOICES = 3  # the best keep and the next two
COSTLIEST = 3
SHOWN_LOSS = 0.05  # a loss that rounds to 0.0 is not worth a sentence


# -- the advisor, never built in a request -------------------------------------------------


def advisor_for(edition: Ruleset) -> Advisor | None:
    """The edition's advisor if its table is on disk (loaded once per process), else None.

    The folder is the advisor's one default for this app (ADVISOR_DIR, else <instance>/advisor),
    where `flask advisor build` writes. A missing table starts being built in the background.
    """
    if not edition.has_coach:
        return None
    try:
        advisor = Advisor.load_if_ready(edition, default_directory(current_app))
    except (OSError, ValueError) as error:  # a damaged table: the coach waits for a rebuild
        log.warning("coach table for %s unreadable: %s", edition, error)
        return None
    if advisor is None:
        coach_status(edition)
    return advisor


def coach_waits(loaded: games.LoadedGame) -> bool:
    """The coach is on but one of its tables is still to come: its advice and chances then arrive with
    no new version of the game, so a page made meanwhile is not that version's for good (web/live)."""
    if not loaded.coached:
        return False
    advisor = advisor_for(loaded.game.edition)
    return advisor is None or advisor.distributions() is None


def one_decimal(value: float) -> str:
    """A score with one decimal, as the language writes it ("236.0")."""
    return format_decimal(value, format="#,##0.0")


def points_lost(value: float) -> str:
    """Expected points lost with a true minus sign ("−4.6"); nothing lost reads "0.0"."""
    text = one_decimal(abs(value))
    return text if text == one_decimal(0) else "\u2212" + text


# -- expected scores on the options -------------------------------------------------------


@dataclass(frozen=True)
class BoxAdvice:
    """What the coach adds to the options: each allowed box's expected final score, the best box."""

    ready: bool
    values: dict[str, float] = field(default_factory=dict)  # by box key
    best: str | None = None


def coach_options(loaded: games.LoadedGame, entry: Entry) -> BoxAdvice | None:
    """The coach's view of these options; None when the coach is off or there is nothing to judge.

    The views put it in the template context as ``advice``: templates never run the advisor.
    """
    game = loaded.game
    if not loaded.coached or entry.dice is None or not entry.options or game.is_over:
        return None
    advisor = advisor_for(game.edition)
    if advisor is None:
        return BoxAdvice(ready=False)
    values = advisor.box_values(game.cards[game.current_player], entry.dice)
    return BoxAdvice(ready=True, values=values, best=ranked_boxes(values)[0] if values else None)


# -- what should I keep? --------------------------------------------------------------------


@dataclass(frozen=True)
class KeepDie:
    """One die of the roll: its face and whether the keep holds it."""

    face: int
    kept: bool


@dataclass(frozen=True)
class KeepChoice:
    """One keep with its expected final score, and the roll's dice marked kept or rerolled."""

    keep: tuple[int, ...]
    value: float
    dice: tuple[KeepDie, ...]

    @property
    def rerolled(self) -> int:
        return sum(1 for die in self.dice if not die.kept)


@dataclass
class KeepAdvice:
    """The keep panel: the roll asked about, rolls left, and the best keeps (or why there are none)."""

    text: str = ""
    rolls_left: int = 2
    roll: Dice | None = None
    error: str | None = None
    ready: bool = True
    choices: list[KeepChoice] = field(default_factory=list)


def marked(roll: tuple[int, ...], keep: tuple[int, ...]) -> tuple[KeepDie, ...]:
    """The roll's dice in order, each marked kept while the keep still holds one of its face."""
    left = list(keep)
    dice = []
    for face in sorted(roll):
        kept = face in left
        if kept:
            left.remove(face)
        dice.append(KeepDie(face, kept))
    return tuple(dice)


def keep_advice(loaded: games.LoadedGame, text: object, rolls: object) -> KeepAdvice:
    """The best keeps for the current player's sheet and this roll, with 1 or 2 rolls left."""
    advice = KeepAdvice(text=text[:20] if isinstance(text, str) else "")
    advice.rolls_left = 1 if rolls == "1" else 2
    try:
        advice.roll = Dice.parse(advice.text)
    except BadDice as error:
        advice.error = translate(error.message)
        return advice
    game = loaded.game
    advisor = advisor_for(game.edition)
    if advisor is None:
        advice.ready = False
        return advice
    values = advisor.keep_values(game.cards[game.current_player], advice.roll, advice.rolls_left)
    advice.choices = [
        KeepChoice(keep, value, marked(advice.roll, keep))
        for keep, value in list(values.items())[:KEEP_CHOICES]  # best first (ties documented there)
    ]
    return advice


# -- the review ---------------------------------------------------------------------------


def signed_points(value: float) -> str:
    """Expected points with their sign and a true minus ("+12.3", "−4.6"); nothing reads "0.0"."""
    text = one_decimal(abs(value))
    if text == one_decimal(0):
        return text
    return ("+" if value > 0 else "\u2212") + text


def costly_turns(review) -> list:
    """A player's costliest decisions (review_game's order), leaving out losses that show as 0.0."""
    return [turn for turn in review.costliest(COSTLIEST) if turn.regret >= SHOWN_LOSS]


def costly_sentence(rules: Ruleset, turn) -> str:
    """ "Round 7: Chance (expected 231.4) instead of Threes (236.0): −4.6"."""
    return gettext(
        "Round %(round)d: %(chosen)s (expected %(chosen_value)s) instead of %(best)s"
        " (%(best_value)s): %(lost)s",
        round=turn.round,
        chosen=box_name(rules, turn.box),
        chosen_value=one_decimal(turn.expected_chosen),
        best=box_name(rules, turn.best_box),
        best_value=one_decimal(turn.expected_best),
        lost=points_lost(turn.regret),
    )
