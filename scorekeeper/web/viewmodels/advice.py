"""The coach's advice as pages show it: expected scores on the options, the keep panel, the review's words.

Advice is read from the Advisor's memory-mapped tables and never waits for one to be built:
without a table the coach says it is getting ready (its build started in the background, how far
it has got shown and polled for) and everything else works as before.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from flask import current_app
from flask_babel import format_decimal, gettext, ngettext

from scorekeeper.advisor import Advisor, default_directory, ranked_boxes
from scorekeeper.rules import BadDice, Dice, Ruleset
from scorekeeper.services import games

from ..infra.i18n import box_name, translate
from .coach_progress import coach_status
from .presenters import Entry
from .win import WinNote, prepare_turn, win_note

log = logging.getLogger(__name__)

KEEP_CHOICES = 3  # the best keep and the next two
COSTLIEST = 3
SHOWN_LOSS = 0.05  # a loss that rounds to 0.0 is not worth a sentence
ABOUT_EQUAL = 1.0  # expected points: choices closer than this are "about equal"


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


def prepare_win(loaded: games.LoadedGame) -> None:
    """A coached game's page is shown: its turn's chances to win are worked out in the background."""
    if loaded.coached and not loaded.game.is_over and len(loaded.game.players) > 1:
        prepare_turn(advisor_for(loaded.game.edition), loaded.game)


def one_decimal(value: float) -> str:
    """A score with one decimal, as the language writes it ("236.0")."""
    return format_decimal(value, format="#,##0.0")


def points_lost(value: float) -> str:
    """Expected points lost with a true minus sign ("−4.6"); nothing lost reads "0.0"."""
    text = one_decimal(abs(value))
    return text if text == one_decimal(0) else "\u2212" + text


# -- expected scores on the options -------------------------------------------------------


def worth(value: float, total: int) -> str:
    """What a choice is worth from here on (its expected final score less the points already scored),
    rounded to whole points as the language writes them."""
    return format_decimal(round(value - total), format="#,##0")


def about_equal(value: float, best: float) -> bool:
    """Within a point of the best (not the best itself): not worth agonising over."""
    return 0 < best - value < ABOUT_EQUAL


@dataclass(frozen=True)
class BoxAdvice:
    """What the coach adds to the options: each allowed box's expected final score, the best box, the
    points already scored (figures are shown from here on) and the advice for the win (2+ players)."""

    ready: bool
    values: dict[str, float] = field(default_factory=dict)  # by box key
    best: str | None = None
    total: int = 0
    win: WinNote | None = None

    def worth(self, box: str) -> str:
        """The box's worth from here on, rounded ("23")."""
        return worth(self.values[box], self.total)

    def about_equal(self, box: str) -> bool:
        """The box is within a point of the best one."""
        return self.best is not None and about_equal(self.values[box], self.values[self.best])


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
    card = game.cards[game.current_player]
    values = advisor.box_values(card, entry.dice)
    return BoxAdvice(
        ready=True,
        values=values,
        best=ranked_boxes(values)[0] if values else None,
        total=card.grand_total,
        win=win_note(advisor, game, entry.dice, 0) if values else None,
    )


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
    worth: str = ""  # from here on, rounded
    about_equal: bool = False  # within a point of the best keep
    chance: str = ""  # to win ("41%"), with 2+ players once worked out

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
    win: WinNote | None = None


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
    game = loaded.game
    try:
        advice.roll = game.edition.parse_dice(advice.text)
    except BadDice as error:
        advice.error = translate(error.message)
        return advice
    advisor = advisor_for(game.edition)
    if advisor is None:
        advice.ready = False
        return advice
    card, roll = game.cards[game.current_player], advice.roll
    values = advisor.keep_values(card, roll, advice.rolls_left)
    advice.win = win_note(advisor, game, roll, advice.rolls_left)
    chances = advice.win.chances if advice.win else {}
    best = next(iter(values.values()))

    def choice(keep: tuple[int, ...]) -> KeepChoice:
        value = values[keep]
        return KeepChoice(
            keep,
            value,
            marked(roll, keep),
            worth(value, card.grand_total),
            about_equal(value, best),
            chances.get(keep, ""),
        )

    advice.choices = [choice(keep) for keep in list(values)[:KEEP_CHOICES]]  # best first (ties: there)
    for_win = next(iter(chances), None) if advice.win and not advice.win.agree else None
    if isinstance(for_win, tuple) and for_win not in list(values)[:KEEP_CHOICES]:
        advice.choices.append(choice(for_win))  # the keep for the win, when it is not among them
    return advice


# -- the review ---------------------------------------------------------------------------


def costly_turns(review) -> list:
    """A player's costliest decisions (review_game's order), leaving out losses that show as 0.0."""
    return [turn for turn in review.costliest(COSTLIEST) if turn.regret >= SHOWN_LOSS]


def about_points(value: float) -> str:
    """Expected points in words, rounded: "about 5 points", "less than a point"."""
    points = round(abs(value))
    if points < 1:
        return gettext("less than a point")
    return ngettext("about %(num)d point", "about %(num)d points", points)


def costly_sentence(rules: Ruleset, turn) -> str:
    """ "Round 7: Chance instead of Threes cost about 5 points"."""
    return gettext(
        "Round %(round)d: %(chosen)s instead of %(best)s cost %(lost)s",
        round=turn.round,
        chosen=box_name(rules, turn.box),
        best=box_name(rules, turn.best_box),
        lost=about_points(turn.regret),
    )


def luck_sentence(review) -> str:
    """A player's luck against their choices in plain words, with the luckiest (or unluckiest) turn as an
    example: "The dice gave Ann about 12 points more than average; her choices cost about 3 points. For
    example, 6 6 6 6 6 in round 4 was worth about 38 points more than an average turn." """
    luck, regret = review.total_luck, review.total_regret
    points = round(abs(luck))
    if points < 1:
        dice = gettext("The dice were about average for %(player)s", player=review.name)
    elif luck > 0:
        dice = ngettext(
            "The dice gave %(player)s about %(num)d point more than an average game",
            "The dice gave %(player)s about %(num)d points more than an average game",
            points,
            player=review.name,
        )
    else:
        dice = ngettext(
            "The dice gave %(player)s about %(num)d point less than an average game",
            "The dice gave %(player)s about %(num)d points less than an average game",
            points,
            player=review.name,
        )
    choices = (
        gettext("every box chosen was the best one")
        if round(regret, 1) <= 0
        else gettext("the boxes chosen cost %(lost)s against the best ones", lost=about_points(regret))
    )
    sentence = gettext("%(dice)s; %(choices)s.", dice=dice, choices=choices)
    turn = max(review.turns, key=lambda t: abs(t.luck), default=None)
    if turn is None or round(abs(turn.luck)) < 1:
        return sentence
    example = (
        gettext(
            "For example, %(dice)s in round %(round)d was worth %(points)s more than an average turn.",
            dice=" ".join(str(d) for d in turn.dice),
            round=turn.round,
            points=about_points(turn.luck),
        )
        if turn.luck > 0
        else gettext(
            "For example, %(dice)s in round %(round)d was worth %(points)s less than an average turn.",
            dice=" ".join(str(d) for d in turn.dice),
            round=turn.round,
            points=about_points(turn.luck),
        )
    )
    return sentence + " " + example
