"""Yacht, the game Yahtzee grew from: 12 boxes, no upper bonus, no joker, no extra bonus."""

from __future__ import annotations

from ..boxes import LOWER, BoxSpec
from ..message import N_
from ..ruleset import Ruleset, TotalRow, register
from ..scoring import all_equal, chance, run, straight
from .yatzy import BOXES as YATZY_BOXES
from .yatzy import UPPER_BOXES

STRAIGHT = 30
YACHT = 50

# Its Full house (the sum, five of a kind excluded) and Four of a kind (the four dice) are Yatzy's.
_YATZY = {box.key: box for box in YATZY_BOXES}

# A table, one box per entry as on the sheet: kept as laid out. The straights' short labels are
# their faces, the same in every language (and apart from the other editions' "SS" and "LS").
# fmt: off
BOXES = UPPER_BOXES + (
    _YATZY["full_house"],
    _YATZY["four_of_a_kind"],
    BoxSpec("little_straight", LOWER, N_("Little straight"), "1-5", N_("Little straight"),
            N_("1-2-3-4-5"), straight((run(1, 5),), STRAIGHT), fixed=STRAIGHT),
    BoxSpec("big_straight", LOWER, N_("Big straight"), "2-6", N_("Big straight"),
            N_("2-3-4-5-6"), straight((run(2, 6),), STRAIGHT), fixed=STRAIGHT),
    BoxSpec("choice", LOWER, N_("Choice"), N_("Ch"), N_("Choice"), N_("Sum of all dice"), chance),
    BoxSpec("yacht", LOWER, N_("Yacht"), N_("Y"), N_("Yacht"), N_("5 of a kind"),
            all_equal(YACHT), fixed=YACHT),
)
# fmt: on

YACHT_RULES = register(
    Ruleset(
        "yacht",
        name=N_("Yacht"),
        description=N_(
            "The original of Yahtzee: 12 boxes with Little and Big straight and Choice, "
            "no upper bonus, no joker and no extra bonus; any open box each turn."
        ),
        boxes=BOXES,
        # Its Four of a kind counts only the four dice, as Yatzy's does: the same words.
        vocabulary=("yatzy",),
        upper_totals=(TotalRow("upper_subtotal", N_("Sum")),),
        lower_totals=(TotalRow("grand_total", N_("Total")),),
        offered=False,  # until the pages of step two of issue 25 (translations, coach) are in
    )
)
