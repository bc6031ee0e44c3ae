"""Maxi Yatzy, Scandinavia's six-dice Yatzy: 20 boxes, 100 bonus at 84, no joker, saved rolls."""

from __future__ import annotations

from dataclasses import replace

from ..boxes import LOWER, BoxSpec
from ..message import N_, NC_
from ..rolls import SavedRolls
from ..ruleset import Ruleset, TotalRow, UpperBonus, register
from ..scoring import all_equal, full_house, kind_only, run, straight, three_pairs, two_sets
from .yatzy import BOXES as YATZY_BOXES
from .yatzy import UPPER_BOXES

FULL_STRAIGHT = 21
MAXI_YATZY = 100

# The boxes Maxi Yatzy scores as Yatzy does (pairs, equal dice and straights found among six).
_YATZY = {box.key: box for box in YATZY_BOXES}

# A table, one box per entry as on the block: kept as laid out.
# fmt: off
BOXES = UPPER_BOXES + (
    # Yatzy's One pair, named as the Maxi block names it (its vocabulary "maxi-yatzy").
    replace(_YATZY["one_pair"], name=NC_("maxi-yatzy", "One pair"), label=NC_("maxi-yatzy", "One pair")),
    _YATZY["two_pairs"],
    BoxSpec("three_pairs", LOWER, N_("Three pairs"), N_("3P"), N_("Three pairs"),
            N_("Three different pairs: sum of all dice"), three_pairs),
    _YATZY["three_of_a_kind"],
    _YATZY["four_of_a_kind"],
    BoxSpec("five_of_a_kind", LOWER, N_("Five of a kind"), N_("5K"), N_("Five of a kind"),
            N_("Sum of the five equal dice"), kind_only(5)),
    _YATZY["small_straight"],
    _YATZY["large_straight"],
    BoxSpec("full_straight", LOWER, N_("Full straight"), "1-6", N_("Full straight"),
            N_("1-2-3-4-5-6"), straight((run(1, 6),), FULL_STRAIGHT), fixed=FULL_STRAIGHT),
    # Not Yatzy's: the best three and two of the six, not the sum of all the dice.
    BoxSpec("full_house", LOWER, N_("Full house"), N_("FH"), N_("Full house"),
            N_("Three and two of another: sum of those five dice"), full_house(None)),
    BoxSpec("villa", LOWER, N_("Villa"), N_("Vi"), N_("Villa"),
            N_("Three and three of another: sum of all dice"), two_sets(3, 3)),
    BoxSpec("tower", LOWER, N_("Tower"), N_("To"), N_("Tower"),
            N_("Four and two of another: sum of all dice"), two_sets(4, 2)),
    _YATZY["chance"],
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
        # Its own words where the Maxi block has them (Swedish "Par" where Yatzy says "Ett par"),
        # then the Nordic block's words it shares with Yatzy (Tretal, Fyrtal: only the equal dice count).
        vocabulary=("maxi-yatzy", "yatzy"),
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
