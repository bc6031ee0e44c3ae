"""The advice for the win as the coach panel shows it, beside the advice for points (2+ players).

Worked out by scorekeeper/advisor/win_advice.py; a request never works a turn out cold: it reads
the turn once prepared (advisor/win_background.py, started when the turn before is recorded) and
otherwise says the chances are being worked out and asks for them in the background.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext, ngettext

from scorekeeper.advisor import Advisor
from scorekeeper.advisor.win_advice import READY, SOLO, Choice, WinAdvice, advise_for_win, is_prepared
from scorekeeper.advisor.win_background import prepare_soon
from scorekeeper.rules import Game

from ..infra.i18n import box_name
from .chances import percent

PENDING = "pending"


@dataclass(frozen=True)
class WinNote:
    """The lines for the win: `status` READY (lines and chances), PENDING (being worked out) or SOLO."""

    status: str
    chances: dict[Choice, str] = field(default_factory=dict)  # "41%" by box key or keep
    agree: bool = True
    lines: tuple[str, ...] = ()

    @property
    def ready(self) -> bool:
        return self.status == READY


def prepare_turn(advisor: Advisor | None, game: Game) -> None:
    """Start working out the current turn's chances in the background if they are not yet (a page of a
    coached game asks as soon as it is shown, so the dice usually find them ready)."""
    if advisor is None or game.is_over or len(game.players) < 2:
        return
    if not is_prepared(advisor, game.cards, game.current_player):
        prepare_soon(advisor, game.cards, game.current_player)


def keep_words(keep: tuple[int, ...], dice_count: int) -> str:
    """A keep in words: "keep 6 6 6", "keep all and stop", "reroll all"."""
    if len(keep) == dice_count:
        return gettext("keep all and stop")
    if not keep:
        return gettext("reroll all")
    return gettext("keep %(dice)s", dice=" ".join(str(d) for d in keep))


def _choice_words(game: Game, choice: Choice) -> str:
    return (
        box_name(game.edition, choice)
        if isinstance(choice, str)
        else keep_words(choice, game.edition.dice_count)
    )


def win_note(advisor: Advisor, game: Game, dice: object, rolls_left: int) -> WinNote | None:
    """The advice for the win for the current player's dice (final: rolls_left 0; else a keep), or
    None when there is none to give (no chance table: the coach's progress line says so)."""
    seat = game.current_player
    if len(game.players) < 2:
        return WinNote(
            SOLO, lines=(gettext("Playing alone there is nobody to beat: the coach plays for points."),)
        )
    if not is_prepared(advisor, game.cards, seat):
        prepare_soon(advisor, game.cards, seat)
        return WinNote(PENDING, lines=(gettext("Chance to win: being worked out…"),))
    advice = advise_for_win(advisor, game.cards, seat, dice, rolls_left)
    if not advice.ready:
        return None
    lines = _lines(game, advice)
    agree = advice.agree or len(lines) == 1  # one line: the two advices lead to the same place
    return WinNote(READY, {o.choice: percent(o.chance) for o in advice.options}, agree, lines)


def _lines(game: Game, advice: WinAdvice) -> tuple[str, ...]:
    """One line when the best for the win is the best for points (or as likely to win to the percent),
    else both with their figures."""
    win, score = advice.for_win, advice.for_score
    assert win is not None and score is not None
    if not advice.agree and percent(win.chance) == percent(score.chance):  # a difference nobody would see
        return (
            gettext(
                "Best for points: %(choice)s. For the win it makes almost no difference:"
                " %(chance)s either way.",
                choice=_choice_words(game, score.choice),
                chance=percent(score.chance),
            ),
        )
    if advice.agree:
        return (
            gettext(
                "Best for the win and for points: %(choice)s (%(chance)s chance to win).",
                choice=_choice_words(game, win.choice),
                chance=percent(win.chance),
            ),
        )
    points = round(advice.points_given)
    more = (
        ngettext("about %(num)d point more on average", "about %(num)d points more on average", points)
        if points >= 1
        else gettext("about as many points on average")
    )
    return (
        gettext("For the win and for points the coach would play differently here."),
        gettext(
            "For the win: %(choice)s, %(chance)s chance to win.",
            choice=_choice_words(game, win.choice),
            chance=percent(win.chance),
        ),
        gettext(
            "For points: %(choice)s, %(more)s, %(chance)s chance to win.",
            choice=_choice_words(game, score.choice),
            more=more,
            chance=percent(score.chance),
        ),
    )


__all__ = ["PENDING", "WinNote", "keep_words", "prepare_turn", "win_note"]
