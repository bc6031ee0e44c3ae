"""Hasbro's Yahtzee: 13 boxes, 35 bonus at 63, the joker and 100 per extra Yahtzee; two joker orders."""

from __future__ import annotations

from typing import Any

from ..boxes import LOWER, UPPER, Box, BoxSpec
from ..joker import ExtraYahtzee
from ..message import N_
from ..ruleset import Ruleset, TotalRow, UpperBonus, register
from ..scoring import chance, face_sum, five_of_a_kind, full_house, kind_total, run, straight

FULL_HOUSE = 25
SMALL_STRAIGHT = 30
LARGE_STRAIGHT = 40
YAHTZEE = 50

_FACES = (
    (Box.ONES, N_("Ones"), N_("1s"), N_("Aces"), N_("Count and add only Aces")),
    (Box.TWOS, N_("Twos"), N_("2s"), N_("Twos"), N_("Count and add only Twos")),
    (Box.THREES, N_("Threes"), N_("3s"), N_("Threes"), N_("Count and add only Threes")),
    (Box.FOURS, N_("Fours"), N_("4s"), N_("Fours"), N_("Count and add only Fours")),
    (Box.FIVES, N_("Fives"), N_("5s"), N_("Fives"), N_("Count and add only Fives")),
    (Box.SIXES, N_("Sixes"), N_("6s"), N_("Sixes"), N_("Count and add only Sixes")),
)

# A table, one box per entry as on the sheet: kept as laid out.
# fmt: off
BOXES = tuple(
    BoxSpec(key.value, UPPER, name, short, label, how, face_sum(face), face=face)
    for face, (key, name, short, label, how) in enumerate(_FACES, start=1)
) + (
    BoxSpec(Box.THREE_OF_A_KIND.value, LOWER, N_("Three of a kind"), N_("3K"), N_("3 of a kind"),
            N_("Add total of all dice"), kind_total(3)),
    BoxSpec(Box.FOUR_OF_A_KIND.value, LOWER, N_("Four of a kind"), N_("4K"), N_("4 of a kind"),
            N_("Add total of all dice"), kind_total(4)),
    BoxSpec(Box.FULL_HOUSE.value, LOWER, N_("Full house"), N_("FH"), N_("Full house"), "",
            full_house(FULL_HOUSE), fixed=FULL_HOUSE),
    BoxSpec(Box.SMALL_STRAIGHT.value, LOWER, N_("Small straight"), N_("SS"), N_("Sm. straight"),
            N_("Sequence of 4"), straight((run(1, 4), run(2, 5), run(3, 6)), SMALL_STRAIGHT),
            fixed=SMALL_STRAIGHT),
    BoxSpec(Box.LARGE_STRAIGHT.value, LOWER, N_("Large straight"), N_("LS"), N_("Lg. straight"),
            N_("Sequence of 5"), straight((run(1, 5), run(2, 6)), LARGE_STRAIGHT),
            fixed=LARGE_STRAIGHT),
    BoxSpec(Box.YAHTZEE.value, LOWER, N_("Yahtzee"), N_("Yz"), N_("YAHTZEE"), N_("5 of a kind"),
            five_of_a_kind(YAHTZEE), fixed=YAHTZEE),
    BoxSpec(Box.CHANCE.value, LOWER, N_("Chance"), N_("Ch"), N_("Chance"),
            N_("Score total of all 5 dice"), chance),
)
# fmt: on

# The classic pad: the upper total is carried down to the lower section before the grand total.
_UPPER_TOTAL = TotalRow("upper_total", N_("TOTAL"), N_("of upper section"))
UPPER_TOTALS = (
    TotalRow("upper_subtotal", N_("TOTAL SCORE")),
    TotalRow(
        "upper_bonus",
        N_("BONUS"),
        how=N_("If total score is %(threshold)d or over"),
        score=N_("SCORE %(points)d"),
    ),
    _UPPER_TOTAL,
)
LOWER_TOTALS = (
    TotalRow(
        "yahtzee_bonus",
        N_("YAHTZEE BONUS"),
        how=N_("%(check)s for each bonus"),
        score=N_("SCORE %(bonus)d PER %(check)s"),
    ),
    TotalRow("lower_total", N_("TOTAL"), N_("of lower section")),
    _UPPER_TOTAL,
    TotalRow("grand_total", N_("GRAND TOTAL")),
)

_COMMON: dict[str, Any] = {
    "boxes": BOXES,
    "upper_bonus": UpperBonus(threshold=63, points=35),
    "upper_totals": UPPER_TOTALS,
    "lower_totals": LOWER_TOTALS,
}

HASBRO_1996 = register(
    Ruleset(
        "hasbro-1996",
        name=N_("Classic booklet 1996 + 2023 FAQ"),
        description=N_(
            "An extra Yahtzee goes in its matching upper box if empty, "
            "otherwise in any empty lower box, otherwise as 0 in any empty upper box."
        ),
        extra=ExtraYahtzee(Box.YAHTZEE.value, bonus=100),
        **_COMMON,
    )
)

HASBRO_2016 = register(
    Ruleset(
        "hasbro-2016",
        name=N_("Hasbro 2016 / 2026 sheet"),
        description=N_(
            "An extra Yahtzee goes in its matching upper box if empty, then in Three or "
            "Four of a kind, then in any other empty lower box, otherwise as 0 in an empty upper box."
        ),
        extra=ExtraYahtzee(
            Box.YAHTZEE.value, bonus=100, first=(Box.THREE_OF_A_KIND.value, Box.FOUR_OF_A_KIND.value)
        ),
        **_COMMON,
    )
)
