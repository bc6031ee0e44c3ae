"""Why the coach is not offered for a ruleset, in the players' words (the web layer translates them).

The exact tables are solved over five dice, one column and no saved rolls. Six dice with saved rolls
(2^20 box sets times 85 upper sums, before the bank) or three columns (2^39 box sets) are far beyond
an exact table on one machine; such rulesets say has_coach=False, and this says why from their shape.
"""

from __future__ import annotations

from scorekeeper.rules import N_, Message, Ruleset
from scorekeeper.rules.dice import count_word

NO_COACH = N_("No coach for these rules.")
NO_COACH_COLUMNS = N_(
    "No coach for these rules: a sheet of %(columns)d columns can be filled in far too many ways "
    "for the coach to work out the best play."
)
NO_COACH_SAVED_ROLLS = N_(
    "No coach for these rules: with %(count)s dice and saved rolls a game can go far too many ways "
    "for the coach to work out the best play."
)


def why_no_coach(rules: Ruleset) -> Message | None:
    """Why these rules have no coach, or None where they have one."""
    if rules.has_coach:
        return None
    if len(rules.columns) > 1:
        return Message(NO_COACH_COLUMNS, {"columns": len(rules.columns)})
    if rules.bank.counted:
        return Message(NO_COACH_SAVED_ROLLS, {"count": count_word(rules.dice_count)})
    return Message(NO_COACH)
