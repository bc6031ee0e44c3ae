"""Whether a turn says how many rolls it used, as a policy: not counted, or Maxi Yatzy's saved rolls.

The bank of saved rolls is never stored: each sheet carries what its turns left, found by replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .message import N_, Message

ROLLS_NOT_COUNTED = N_("These rules do not count the rolls of a turn.")
ROLLS_MISSING = N_("Say how many rolls this turn used: 1 to %(most)d.")
ROLLS_OUT_OF_RANGE = N_("A turn uses 1 to %(most)d rolls.")
ROLLS_TOO_MANY = N_("Only %(most)d rolls this turn (%(per_turn)d plus %(saved)d saved), not %(rolls)d.")


class RollBank:
    """What a turn may say about its rolls, and what it leaves for the player's later turns."""

    counted: ClassVar[bool] = False  # a turn names the rolls it used

    def most(self, saved: int) -> int | None:
        """The most rolls a turn may use with this many saved, or None where rolls are not counted."""
        return None

    def refusal(self, saved: int, rolls: object) -> Message | None:
        """Why a turn may not claim these rolls, or None."""
        return None if rolls is None else Message(ROLLS_NOT_COUNTED)

    def after(self, saved: int, rolls: int | None) -> int:
        """The rolls saved once a turn allowed by refusal() has used these."""
        return 0


@dataclass(frozen=True)
class NoBank(RollBank):
    """Rolls are not counted: a turn is its dice and box only."""


@dataclass(frozen=True)
class SavedRolls(RollBank):
    """Each turn gives ``per_turn`` rolls; at least one is used, the rest are saved for later turns."""

    per_turn: int = 3
    counted: ClassVar[bool] = True

    def most(self, saved: int) -> int:
        return self.per_turn + saved

    def refusal(self, saved: int, rolls: object) -> Message | None:
        most = self.most(saved)
        if rolls is None:
            return Message(ROLLS_MISSING, {"most": most})
        if type(rolls) is not int or rolls < 1:
            return Message(ROLLS_OUT_OF_RANGE, {"most": most})
        if rolls > most:
            params = {"most": most, "per_turn": self.per_turn, "saved": saved, "rolls": rolls}
            return Message(ROLLS_TOO_MANY, params)
        return None

    def after(self, saved: int, rolls: int | None) -> int:
        assert rolls is not None  # refusal() lets no turn through without its rolls
        return saved + self.per_turn - rolls


NO_BANK = NoBank()
