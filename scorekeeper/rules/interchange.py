"""What the export writes of a turn and of a player's totals, by the shape of the ruleset.

The fields every edition shares, plus ``column`` where a sheet has several columns, ``rolls`` where
the rules count them, the extra bonus where the rules have one, and per-column totals where a sheet
has several (see the README's Export).
"""

from __future__ import annotations

from typing import Any

from .game import Turn
from .ruleset import Ruleset
from .scorecard import Scorecard


def turn_record(rules: Ruleset, turn: Turn) -> dict[str, Any]:
    """A turn's dice (a list of the ruleset's count), box, column and rolls where they apply, and points."""
    record: dict[str, Any] = {"dice": list(turn.dice), "box": turn.box}
    if len(rules.columns) > 1:
        record["column"] = turn.column
    if rules.bank.counted:
        record["rolls"] = turn.rolls
    record["points"] = turn.points
    record["bonus"] = turn.bonus
    return record


def totals_record(card: Scorecard) -> dict[str, Any]:
    """A player's totals: the sections' (the extra bonus where the rules have one) and the grand total,
    or each column's and the grand total."""
    if len(card.edition.columns) > 1:
        return {"columns": [column.figures() for column in card.columns], "grand_total": card.grand_total}
    record = {
        "upper_subtotal": card.upper_subtotal,
        "upper_bonus": card.upper_bonus,
        "lower_subtotal": card.lower_subtotal,
        "yahtzee_bonus": card.yahtzee_bonus,
        "grand_total": card.grand_total,
    }
    if card.edition.extra is None:  # Yatzy, Yacht, Maxi Yatzy: no such bonus, so no such line
        del record["yahtzee_bonus"]
    return record
