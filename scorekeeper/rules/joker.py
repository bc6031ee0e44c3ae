"""Hasbro's extra Yahtzee: the 100 bonus and the joker order (1996, or the 2016 sheet's), over any columns.

With one column this is the booklet's rule. With several (Triple Yahtzee) the Yahtzee box must be
filled in every column before five of a kind is a joker, the bonus needs its points in every
column, and the joker order looks at the open boxes of all the columns at once.
"""

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
MUST_GO_UPPER_COLUMNS = N_(
    "Joker rule: five %(face)ds must go in %(upper)s, in a column where %(upper)s is empty."
)
MUST_GO_KIND = N_(
    "Joker rule (2016 sheet): an extra Yahtzee must go in Three of a kind or "
    "Four of a kind while either is empty."
)
MUST_GO_LOWER = N_("Joker rule: an extra Yahtzee goes in an empty lower box before any upper box.")


@dataclass(frozen=True)
class ExtraYahtzee:
    """All dice equal while the all-equal box is filled in every column: a joker, and a bonus if it
    holds its points in every column (paid in the column the roll is entered in).

    The joker order: the matching upper box where empty; else the ``first`` boxes if any is empty
    (the 2016 sheet's Three and Four of a kind); else any empty lower box; else 0 in any empty
    upper box. A pattern box (one with a fixed score) scores its fixed points as a joker.
    Sheet positions (``scores``, ``open_``) are cells of the player's whole sheet; see ``Ruleset``.
    """

    box: str  # the all-equal box's key ("yahtzee")
    bonus: int = 100
    first: tuple[str, ...] = ()

    def is_joker(self, rules: Ruleset, scores: Sequence[int | None], dice: Dice) -> bool:
        """An extra Yahtzee: all dice equal while the box is filled (50 or 0) in every column."""
        return dice.all_equal and all(scores[i] is not None for i in rules.cells_of(self.box))

    def bonus_points(self, rules: Ruleset, scores: Sequence[int | None], dice: Dice) -> int:
        """The bonus, only when the box holds its full points in every column."""
        if not dice.all_equal:
            return 0
        full = rules.box(self.box).fixed
        return self.bonus if all(scores[i] == full for i in rules.cells_of(self.box)) else 0

    def joker_points(self, box: BoxSpec, dice: Dice) -> int:
        """Points of an extra Yahtzee placed as a joker: a pattern box scores as if met."""
        return box.fixed if box.fixed is not None else box.score(dice)

    def joker_step(
        self, rules: Ruleset, open_: Sequence[int], dice: Dice
    ) -> tuple[Collection[int], Message | None]:
        """The open cells an extra Yahtzee may fill, and why the others may not."""
        upper = rules.upper_for_face(dice[0])
        if upper is not None:
            matching = [i for i in open_ if rules.box_at(i) is upper]
            if matching:
                template = MUST_GO_UPPER if len(rules.columns) == 1 else MUST_GO_UPPER_COLUMNS
                return matching, Message(template, {"face": dice[0], "upper": Message(upper.name)})
        first = [i for i in open_ if rules.box_at(i).key in self.first]
        if first:
            return first, Message(MUST_GO_KIND)
        lower = [i for i in open_ if not rules.box_at(i).is_upper]
        if lower:
            return lower, Message(MUST_GO_LOWER)
        return open_, None  # last step: 0 in any empty upper box
