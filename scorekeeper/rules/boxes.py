"""A box of a sheet as data (key, section, labels, scoring), a cell (a box in a column), the Hasbro keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .dice import Dice

UPPER = "upper"
LOWER = "lower"


@dataclass(frozen=True)
class BoxSpec:
    """One box of a ruleset's sheet: everything that is said or computed about it.

    The texts are English and marked for translation; the web layer translates them.
    """

    key: str  # stored in the database and the export: never change a key
    section: str  # UPPER or LOWER
    name: str  # "Three of a kind"
    short: str  # what fits a phone sheet's row label, e.g. "3 of a kind"
    label: str  # the paper sheet's row label
    how: str  # the paper sheet's how-to-score text
    score: Callable[[Dice], int]  # points of sorted final dice in this box
    face: int | None = None  # the die face an upper box counts
    fixed: int | None = None  # the fixed score of a pattern box (Full house 25), None if it varies

    @property
    def is_upper(self) -> bool:
        """True for Ones … Sixes."""
        return self.section == UPPER

    def __str__(self) -> str:
        return self.key


class Cell(NamedTuple):
    """Where a turn is written: a box in one column of a player's sheet (columns count from 1).

    A named tuple: options are dicts keyed by cells, and a tuple hashes fast.
    """

    box: str  # the box's key
    column: int = 1

    def __str__(self) -> str:
        return f"{self.box}@{self.column}"


class Box(str, Enum):
    """The keys of the Hasbro sheet's 13 boxes, in its order.

    Other editions have their own keys (plain strings); every key is a str, so a Box is
    accepted wherever a key is and equals it: ``Box.CHANCE == "chance"``.
    """

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_OF_A_KIND = "three_of_a_kind"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    SMALL_STRAIGHT = "small_straight"
    LARGE_STRAIGHT = "large_straight"
    YAHTZEE = "yahtzee"
    CHANCE = "chance"

    def __str__(self) -> str:
        return self.value
