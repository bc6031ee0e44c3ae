"""Triple Yahtzee: three columns of Hasbro's 13 boxes, ×1, ×2 and ×3, each with its own totals."""

from __future__ import annotations

from ..boxes import Box
from ..joker import ExtraYahtzee
from ..message import N_
from ..ruleset import Ruleset, TotalRow, UpperBonus, register
from .hasbro import BOXES, UPPER_TOTALS
from .hasbro import LOWER_TOTALS as HASBRO_LOWER_TOTALS

# Hasbro's Triple Yahtzee card: each column's lower totals as on the one-column pad, then its
# combined total, that total times the column's multiplier, and one grand total under the three.
LOWER_TOTALS = HASBRO_LOWER_TOTALS[:-1] + (
    TotalRow("total", N_("COMBINED TOTAL")),
    TotalRow("score", N_("COLUMN SCORE"), how=N_("Combined total times the column's multiplier")),
    HASBRO_LOWER_TOTALS[-1],
)

TRIPLE_YAHTZEE = register(
    Ruleset(
        "triple-yahtzee",
        name=N_("Triple Yahtzee"),
        description=N_(
            "Three columns of the Hasbro sheet scored ×1, ×2 and ×3, each with its own bonus; "
            "an extra Yahtzee is a joker once all three Yahtzee boxes are filled."
        ),
        boxes=BOXES,
        columns=(1, 2, 3),
        # The 1996 joker order over the three columns, once every column's Yahtzee box is filled;
        # the 100 bonus only while all three hold 50, paid in the column the roll goes in.
        extra=ExtraYahtzee(Box.YAHTZEE.value, bonus=100),
        upper_bonus=UpperBonus(threshold=63, points=35),
        upper_totals=UPPER_TOTALS,
        lower_totals=LOWER_TOTALS,
        has_coach=False,  # 2^39 box sets: no exact table on this machine
        offered=False,  # until the pages of step two of issue 25 show three columns
    )
)
