"""A game's history: its undos, corrections and coach switches, as Messages the web layer translates."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..rules import N_, Message, Ruleset, Turn
from ..storage import records

UNDO_SUMMARY = N_("Undid %(player)s's turn in round %(round)d: %(turn)s.")
CORRECT_SUMMARY = N_("Corrected %(player)s's turn in round %(round)d: %(before)s → %(after)s.")
COACH_ON_SUMMARY = N_("Coach turned on.")
COACH_OFF_SUMMARY = N_("Coach turned off.")
TURN_SUMMARY = N_("%(dice)s in %(box)s for %(points)d")
TURN_WITH_BONUS_SUMMARY = N_("%(dice)s in %(box)s for %(points)d, +%(bonus)d %(extra)s bonus")
# Where a sheet has several columns, the box is named with its column, as the engine names it.
BOX_IN_COLUMN = N_("%(box)s (column %(column)d)")
# Where the rules count rolls (Maxi Yatzy's saved rolls), a turn says how many it used.
TURN_ROLLS = N_("%(turn)s, %(num)d roll")
TURN_ROLLS_PLURAL = N_("%(turn)s, %(num)d rolls")


@dataclass(frozen=True)
class HistoryEvent:
    """An undo, a correction or a coach switch, as a Message the web layer translates.

    The turn phrases inside it ("6 6 6 6 6 in Yahtzee for 50") and their box names are
    Messages too, so every word of it can be translated.
    """

    at: datetime
    kind: records.HistoryKind
    message: Message

    @property
    def summary(self) -> str:
        """The event in English."""
        return str(self.message)


def turn_details(rules: Ruleset, turn: Turn) -> dict[str, Any]:
    """What history keeps of a turn (stored as JSON): its column and rolls only where the sheet has them."""
    details: dict[str, Any] = {
        "index": turn.index,
        "round": turn.round,
        "player": turn.player,
        "dice": str(turn.dice),
        "box": turn.box,
        "points": turn.points,
        "bonus": turn.bonus,
    }
    if len(rules.columns) > 1:
        details["column"] = turn.column
    if turn.rolls is not None:
        details["rolls"] = turn.rolls
    return details


def _turn_phrase(rules: Ruleset, turn: dict[str, Any]) -> Message:
    """E.g. "2 2 4 5 6 in Chance for 19", its box named by the game's ruleset (with its column, and
    the rolls used, where the sheet has them)."""
    box = Message(rules.box(turn["box"]).name)
    column = turn.get("column")
    if column is not None:
        box = Message(BOX_IN_COLUMN, {"box": box, "column": column})
    params = {
        "dice": " ".join(turn["dice"]),  # stored sorted, as str(Dice) writes them
        "box": box,
        "points": turn["points"],
        "bonus": turn["bonus"],
    }
    extra = rules.extra
    if not turn["bonus"] or extra is None:
        phrase = Message(TURN_SUMMARY, params)
    else:
        # The bonus is named after the edition's five-of-a-kind box ("+100 Yahtzee bonus").
        params["extra"] = Message(rules.box(extra.box).name)
        phrase = Message(TURN_WITH_BONUS_SUMMARY, params)
    rolls = turn.get("rolls")
    if rolls is None:
        return phrase
    return Message(TURN_ROLLS, {"turn": phrase, "num": rolls}, plural=TURN_ROLLS_PLURAL)


def history_event(players: Sequence[str], rules: Ruleset, event: records.HistoryRecord) -> HistoryEvent:
    """A stored event told as a Message, its turns named by the game's ruleset."""
    details = event.details
    if event.kind == "undo":
        turn = details["turn"]
        message = Message(
            UNDO_SUMMARY,
            {
                "player": players[turn["player"]],
                "round": turn["round"],
                "turn": _turn_phrase(rules, turn),
            },
        )
    elif event.kind == "correct":
        before = details["before"]
        message = Message(
            CORRECT_SUMMARY,
            {
                "player": players[before["player"]],
                "round": before["round"],
                "before": _turn_phrase(rules, before),
                "after": _turn_phrase(rules, details["after"]),
            },
        )
    else:
        message = Message(COACH_ON_SUMMARY if details["on"] else COACH_OFF_SUMMARY)
    return HistoryEvent(at=event.at, kind=event.kind, message=message)
