"""Scandinavian Yatzy: 15 boxes, 50 bonus at 63, no joker; and its forced-order form (tvångsyatzy)."""

from __future__ import annotations

from typing import Any

from ..boxes import LOWER, UPPER, BoxSpec
from ..message import N_, NC_
from ..order import TOP_TO_BOTTOM
from ..ruleset import Ruleset, TotalRow, UpperBonus, register
from ..scoring import chance, face_sum, five_of_a_kind, full_house, kind_only, run, straight, two_pairs

SMALL_STRAIGHT = 15
LARGE_STRAIGHT = 20
YATZY = 50

_FACES = (
    ("ones", N_("Ones"), N_("1s"), N_("Count and add only Ones")),
    ("twos", N_("Twos"), N_("2s"), N_("Count and add only Twos")),
    ("threes", N_("Threes"), N_("3s"), N_("Count and add only Threes")),
    ("fours", N_("Fours"), N_("4s"), N_("Count and add only Fours")),
    ("fives", N_("Fives"), N_("5s"), N_("Count and add only Fives")),
    ("sixes", N_("Sixes"), N_("6s"), N_("Count and add only Sixes")),
)

# The Nordic block's six: its name is its paper label too (Yacht and Maxi Yatzy print them alike).
UPPER_BOXES = tuple(
    BoxSpec(key, UPPER, name, short, name, how, face_sum(face), face=face)
    for face, (key, name, short, how) in enumerate(_FACES, start=1)
)

# A table, one box per entry as on the sheet: kept as laid out.
# fmt: off
BOXES = UPPER_BOXES + (
    BoxSpec("one_pair", LOWER, N_("One pair"), N_("1P"), N_("One pair"),
            N_("Sum of the highest pair"), kind_only(2)),
    BoxSpec("two_pairs", LOWER, N_("Two pairs"), N_("2P"), N_("Two pairs"),
            N_("Sum of two different pairs"), two_pairs),
    BoxSpec("three_of_a_kind", LOWER, NC_("yatzy", "Three of a kind"), N_("3K"), N_("Three of a kind"),
            N_("Sum of the three equal dice"), kind_only(3)),
    BoxSpec("four_of_a_kind", LOWER, NC_("yatzy", "Four of a kind"), N_("4K"), N_("Four of a kind"),
            N_("Sum of the four equal dice"), kind_only(4)),
    BoxSpec("small_straight", LOWER, N_("Small straight"), N_("SS"), N_("Small straight"),
            N_("1-2-3-4-5"), straight((run(1, 5),), SMALL_STRAIGHT), fixed=SMALL_STRAIGHT),
    BoxSpec("large_straight", LOWER, N_("Large straight"), N_("LS"), N_("Large straight"),
            N_("2-3-4-5-6"), straight((run(2, 6),), LARGE_STRAIGHT), fixed=LARGE_STRAIGHT),
    BoxSpec("full_house", LOWER, N_("Full house"), N_("FH"), N_("Full house"),
            N_("Three and two of another: sum of all dice"), full_house(None)),
    BoxSpec("chance", LOWER, N_("Chance"), N_("Ch"), N_("Chance"), N_("Sum of all dice"), chance),
    BoxSpec("yatzy", LOWER, N_("Yatzy"), NC_("yatzy", "Yz"), N_("Yatzy"), N_("5 of a kind"),
            five_of_a_kind(YATZY), fixed=YATZY),
)
# fmt: on

# A Nordic Yatzy block: Sum and Bonus under the six, one Total at the bottom.
UPPER_TOTALS = (
    TotalRow("upper_subtotal", N_("Sum")),
    TotalRow("upper_bonus", N_("Bonus"), how=N_("%(threshold)d or more"), score=N_("SCORE %(points)d")),
)
LOWER_TOTALS = (TotalRow("grand_total", N_("Total")),)

_COMMON: dict[str, Any] = {
    "boxes": BOXES,
    # The labels marked NC_("yatzy", …) above: where a language words Yatzy's boxes apart from
    # Yahtzee's (German Drilling, only the three dice, against Kniffel's Dreierpasch, all five).
    "vocabulary": ("yatzy",),
    "upper_bonus": UpperBonus(threshold=63, points=50),
    "upper_totals": UPPER_TOTALS,
    "lower_totals": LOWER_TOTALS,
}

YATZY_FREE = register(
    Ruleset(
        "yatzy",
        name=N_("Scandinavian Yatzy"),
        description=N_(
            "15 boxes with One pair and Two pairs, 50 bonus at 63 in the upper section, "
            "no joker and no extra bonus; any open box each turn."
        ),
        **_COMMON,
    )
)

YATZY_FORCED = register(
    Ruleset(
        "yatzy-forced",
        name=N_("Forced Yatzy (tvångsyatzy)"),
        description=N_(
            "Scandinavian Yatzy filled strictly from top to bottom: each turn goes in the next open box."
        ),
        order=TOP_TO_BOTTOM,
        **_COMMON,
    )
)
