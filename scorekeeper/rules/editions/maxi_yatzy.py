"""Maxi Yatzy, Scandinavia's six-dice Yatzy: 20 boxes, 100 bonus at 84, no joker, saved rolls."""

from __future__ import annotations

from ..boxes import LOWER, UPPER, BoxSpec
from ..message import N_, NC_
from ..rolls import SavedRolls
from ..ruleset import Ruleset, TotalRow, UpperBonus, register
from ..scoring import (
    all_equal,
    chance,
    face_sum,
    full_house,
    kind_only,
    run,
    straight,
    three_pairs,
    two_pairs,
    two_sets,
)

SMALL_STRAIGHT = 15
LARGE_STRAIGHT = 20
FULL_STRAIGHT = 21
MAXI_YATZY = 100

_FACES = (
    ("ones", N_("Ones"), N_("1s"), N_("Count and add only Ones")),
    ("twos", N_("Twos"), N_("2s"), N_("Count and add only Twos")),
    ("threes", N_("Threes"), N_("3s"), N_("Count and add only Threes")),
    ("fours", N_("Fours"), N_("4s"), N_("Count and add only Fours")),
    ("fives", N_("Fives"), N_("5s"), N_("Count and add only Fives")),
    ("sixes", N_("Sixes"), N_("6s"), N_("Count and add only Sixes")),
)

# A table, one box per entry as on the block: kept as laid out.
# fmt: off
BOXES = tuple(
    BoxSpec(key, UPPER, name, short, name, how, face_sum(face), face=face)
    for face, (key, name, short, how) in enumerate(_FACES, start=1)
) + (
    BoxSpec("one_pair", LOWER, N_("One pair"), N_("1P"), N_("One pair"),
            N_("Sum of the highest pair"), kind_only(2)),
    BoxSpec("two_pairs", LOWER, N_("Two pairs"), N_("2P"), N_("Two pairs"),
            N_("Sum of two different pairs"), two_pairs),
    BoxSpec("three_pairs", LOWER, N_("Three pairs"), N_("3P"), N_("Three pairs"),
            N_("Three different pairs: sum of all dice"), three_pairs),
    BoxSpec("three_of_a_kind", LOWER, NC_("yatzy", "Three of a kind"), N_("3K"), N_("Three of a kind"),
            N_("Sum of the three equal dice"), kind_only(3)),
    BoxSpec("four_of_a_kind", LOWER, NC_("yatzy", "Four of a kind"), N_("4K"), N_("Four of a kind"),
            N_("Sum of the four equal dice"), kind_only(4)),
    BoxSpec("five_of_a_kind", LOWER, N_("Five of a kind"), N_("5K"), N_("Five of a kind"),
            N_("Sum of the five equal dice"), kind_only(5)),
    BoxSpec("small_straight", LOWER, N_("Small straight"), N_("SS"), N_("Small straight"),
            N_("1-2-3-4-5"), straight((run(1, 5),), SMALL_STRAIGHT), fixed=SMALL_STRAIGHT),
    BoxSpec("large_straight", LOWER, N_("Large straight"), N_("LS"), N_("Large straight"),
            N_("2-3-4-5-6"), straight((run(2, 6),), LARGE_STRAIGHT), fixed=LARGE_STRAIGHT),
    BoxSpec("full_straight", LOWER, N_("Full straight"), "1-6", N_("Full straight"),
            N_("1-2-3-4-5-6"), straight((run(1, 6),), FULL_STRAIGHT), fixed=FULL_STRAIGHT),
    BoxSpec("full_house", LOWER, N_("Full house"), N_("FH"), N_("Full house"),
            N_("Three and two of another: sum of those five dice"), full_house(None)),
    BoxSpec("villa", LOWER, N_("Villa"), N_("Vi"), N_("Villa"),
            N_("Three and three of another: sum of all dice"), two_sets(3, 3)),
    BoxSpec("tower", LOWER, N_("Tower"), N_("To"), N_("Tower"),
            N_("Four and two of another: sum of all dice"), two_sets(4, 2)),
    BoxSpec("chance", LOWER, N_("Chance"), N_("Ch"), N_("Chance"), N_("Sum of all dice"), chance),
    BoxSpec("maxi_yatzy", LOWER, N_("Maxi Yatzy"), N_("MY"), N_("Maxi Yatzy"), N_("6 of a kind"),
            all_equal(MAXI_YATZY), fixed=MAXI_YATZY),
)
# fmt: on

MAXI_YATZY_RULES = register(
    Ruleset(
        "maxi-yatzy",
        name=N_("Maxi Yatzy"),
        description=N_(
            "Six dice and 20 boxes, 100 bonus at 84 in the upper section, no joker; "
            "rolls a turn does not use are saved for the player's later turns."
        ),
        boxes=BOXES,
        dice_count=6,
        bank=SavedRolls(per_turn=3),
        # The Nordic block's words (Tretal, Fyrtal: only the equal dice count), as Yatzy's.
        vocabulary="yatzy",
        upper_bonus=UpperBonus(threshold=84, points=100),
        upper_totals=(
            TotalRow("upper_subtotal", N_("Sum")),
            TotalRow(
                "upper_bonus", N_("Bonus"), how=N_("%(threshold)d or more"), score=N_("SCORE %(points)d")
            ),
        ),
        lower_totals=(TotalRow("grand_total", N_("Total")),),
        has_coach=False,  # 2^20 box sets times the upper sums and the saved rolls: no exact table
        offered=False,  # until the pages of step two of issue 25 show six dice and the saved rolls
    )
)
