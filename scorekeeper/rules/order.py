"""The order a sheet is filled in, as a policy: any open box, or strictly top to bottom.

A new kind of order rule is a new policy here, not a branch in the ruleset, the sheet or the game.
Cells are positions of a player's whole sheet (column after column); see ``Ruleset``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from .message import N_, Message

if TYPE_CHECKING:
    from .ruleset import Ruleset

FORCED_ORDER = N_("Forced order: %(box)s must be filled now.")


class OrderRule:
    """Which open cells the order of the sheet allows, and why it refuses the others."""

    forced: ClassVar[bool] = False  # the open cells are narrowed to one per column

    def allowed(self, rules: Ruleset, scores: Sequence[int | None], open_: list[int]) -> list[int]:
        """The open cells (positions) the order allows: all of them unless the rule narrows them."""
        return open_

    def refusal(self, rules: Ruleset, scores: Sequence[int | None], index: int) -> Message | None:
        """Why the order forbids this open cell, or None."""
        return None


@dataclass(frozen=True)
class FreeOrder(OrderRule):
    """Any open box, each turn."""


@dataclass(frozen=True)
class TopToBottom(OrderRule):
    """Each column is filled strictly in sheet order: only its first open box may be filled."""

    forced: ClassVar[bool] = True

    def allowed(self, rules: Ruleset, scores: Sequence[int | None], open_: list[int]) -> list[int]:
        firsts: dict[int, int] = {}
        for index in open_:
            firsts.setdefault(rules.column_of(index), index)
        return list(firsts.values())

    def refusal(self, rules: Ruleset, scores: Sequence[int | None], index: int) -> Message | None:
        cells = rules.column_cells(rules.column_of(index))
        first = next((i for i in cells if scores[i] is None), index)
        if index == first:
            return None
        return Message(FORCED_ORDER, {"box": Message(rules.box_at(first).name)})


FREE_ORDER = FreeOrder()
TOP_TO_BOTTOM = TopToBottom()
