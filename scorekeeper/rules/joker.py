"""Hasbro's extra Yahtzee: the 100 bonus and the joker order (1996, or the 2016 sheet's)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .boxes import BoxSpec
from .dice import Dice
from .message import N_, Message

if TYPE_CHECKING:
    from .ruleset import Ruleset

MUST_GO_UPPER = N_("Joker rule: five %(face)ds must go in %(upper)s while %(upper)s is empty.")
MUST_GO_KIND = N_(
    "Joker rule (2016 sheet): an extra Yahtzee must go in Three of a kind or "
    "Four of a kind while either is empty."
)
MUST_GO_LOWER = N_("Joker rule: an extra Yahtzee goes in an empty lower box before any upper box.")


@dataclass(frozen=True)
class ExtraYahtzee:
    """Five equal dice while the five-of-a-kind box is filled: a joker, and a bonus if it holds its points.

    The joker order: the matching upper box if empty; else the ``first`` boxes if any is empty
    (the 2016 sheet's Three and Four of a kind); else any empty lower box; else 0 in any empty
    upper box. A pattern box (one with a fixed score) scores its fixed points as a joker.
    """

    box: str  # the five-of-a-kind box's key ("yahtzee")
    bonus: int = 100
    first: tuple[str, ...] = ()

    def is_joker(self, rules: Ruleset, scores: Sequence[int | None], dice: Dice) -> bool:
        """An extra Yahtzee: five equal dice while the five-of-a-kind box is already filled (50 or 0)."""
        return dice[0] == dice[4] and scores[rules.box_index(self.box)] is not None

    def bonus_points(self, rules: Ruleset, scores: Sequence[int | None], dice: Dice) -> int:
        """The bonus, only when the five-of-a-kind box holds its full points."""
        held = scores[rules.box_index(self.box)]
        return self.bonus if dice.is_five_of_a_kind and held == rules.box(self.box).fixed else 0

    def joker_points(self, box: BoxSpec, dice: Dice) -> int:
        """Points of an extra Yahtzee placed as a joker: a pattern box scores as if met."""
        return box.fixed if box.fixed is not None else box.score(dice)

    def joker_step(
        self, rules: Ruleset, open_: Sequence[int], dice: Dice
    ) -> tuple[Collection[int], Message | None]:
        """The open boxes (indices) an extra Yahtzee may fill, and why the others may not."""
        upper = rules.upper_for_face(dice[0])
        if upper is not None and rules.box_index(upper.key) in open_:
            message = Message(MUST_GO_UPPER, {"face": dice[0], "upper": Message(upper.name)})
            return (rules.box_index(upper.key),), message
        first = [i for i in open_ if rules.boxes[i].key in self.first]
        if first:
            return first, Message(MUST_GO_KIND)
        lower = [i for i in open_ if not rules.boxes[i].is_upper]
        if lower:
            return lower, Message(MUST_GO_LOWER)
        return open_, None  # last step: 0 in any empty upper box
