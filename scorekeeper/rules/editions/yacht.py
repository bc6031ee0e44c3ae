"""Yacht, the game Yahtzee grew from: 12 boxes, no upper bonus, no joker, no extra bonus."""

from __future__ import annotations

from ..boxes import LOWER, UPPER, BoxSpec
from ..message import N_, NC_
from ..ruleset import Ruleset, TotalRow, register
from ..scoring import all_equal, chance, face_sum, full_house, kind_only, run, straight

STRAIGHT = 30
YACHT = 50

_FACES = (
    ("ones", N_("Ones"), N_("1s"), N_("Count and add only Ones")),
    ("twos", N_("Twos"), N_("2s"), N_("Count and add only Twos")),
    ("threes", N_("Threes"), N_("3s"), N_("Count and add only Threes")),
    ("fours", N_("Fours"), N_("4s"), N_("Count and add only Fours")),
    ("fives", N_("Fives"), N_("5s"), N_("Count and add only Fives")),
    ("sixes", N_("Sixes"), N_("6s"), N_("Count and add only Sixes")),
)

# A table, one box per entry as on the sheet: kept as laid out. The straights' short labels are
# their faces, the same in every language (and apart from the other editions' "SS" and "LS").
# fmt: off
BOXES = tuple(
    BoxSpec(key, UPPER, name, short, name, how, face_sum(face), face=face)
    for face, (key, name, short, how) in enumerate(_FACES, start=1)
) + (
    BoxSpec("full_house", LOWER, N_("Full house"), N_("FH"), N_("Full house"),
            N_("Three and two of another: sum of all dice"), full_house(None)),
    BoxSpec("four_of_a_kind", LOWER, NC_("yatzy", "Four of a kind"), N_("4K"), N_("Four of a kind"),
            N_("Sum of the four equal dice"), kind_only(4)),
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
        vocabulary="yatzy",
        upper_totals=(TotalRow("upper_subtotal", N_("Sum")),),
        lower_totals=(TotalRow("grand_total", N_("Total")),),
        offered=False,  # until the pages of step two of issue 25 (translations, coach) are in
    )
)
