"""The 13 boxes of the sheet and the two rule editions."""

from __future__ import annotations

from enum import Enum


def N_(message: str) -> str:
    """Mark a string for translation without translating it (the web layer does that)."""
    return message


class Box(str, Enum):
    """A box of the scoresheet, in sheet order."""

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

    @property
    def display_name(self) -> str:
        """The name printed on the sheet, e.g. "Three of a kind"."""
        return _DISPLAY_NAMES[self]

    @property
    def index(self) -> int:
        """Position on the sheet, 0 to 12."""
        return _INDEX[self]

    @property
    def is_upper(self) -> bool:
        """True for Ones … Sixes."""
        return self.index < 6

    @property
    def face(self) -> int | None:
        """The die face an upper box counts (Ones → 1), None for a lower box."""
        return self.index + 1 if self.index < 6 else None

    @classmethod
    def for_face(cls, face: int) -> Box:
        """The upper box that counts this die face."""
        return BOXES[face - 1]


_DISPLAY_NAMES = {
    Box.ONES: N_("Ones"),
    Box.TWOS: N_("Twos"),
    Box.THREES: N_("Threes"),
    Box.FOURS: N_("Fours"),
    Box.FIVES: N_("Fives"),
    Box.SIXES: N_("Sixes"),
    Box.THREE_OF_A_KIND: N_("Three of a kind"),
    Box.FOUR_OF_A_KIND: N_("Four of a kind"),
    Box.FULL_HOUSE: N_("Full house"),
    Box.SMALL_STRAIGHT: N_("Small straight"),
    Box.LARGE_STRAIGHT: N_("Large straight"),
    Box.YAHTZEE: N_("Yahtzee"),
    Box.CHANCE: N_("Chance"),
}

BOXES: tuple[Box, ...] = tuple(Box)
_INDEX = {box: i for i, box in enumerate(BOXES)}
UPPER_BOXES: tuple[Box, ...] = BOXES[:6]
LOWER_BOXES: tuple[Box, ...] = BOXES[6:]


class Edition(str, Enum):
    """A published edition of the rules; they differ only in the joker order."""

    HASBRO_1996 = "hasbro-1996"
    HASBRO_2016 = "hasbro-2016"

    def __str__(self) -> str:
        return self.value

    @property
    def display_name(self) -> str:
        """The edition's name for the UI."""
        return _EDITION_NAMES[self]

    @property
    def description(self) -> str:
        """One sentence on the edition's joker order, for the UI."""
        return _EDITION_DESCRIPTIONS[self]

    @classmethod
    def default(cls) -> Edition:
        """The edition used when none is chosen."""
        return cls.HASBRO_1996


_EDITION_NAMES = {
    Edition.HASBRO_1996: N_("Classic booklet 1996 + 2023 FAQ"),
    Edition.HASBRO_2016: N_("Hasbro 2016 / 2026 sheet"),
}

_EDITION_DESCRIPTIONS = {
    Edition.HASBRO_1996: N_(
        "An extra Yahtzee goes in its matching upper box if empty, "
        "otherwise in any empty lower box, otherwise as 0 in any empty upper box."
    ),
    Edition.HASBRO_2016: N_(
        "An extra Yahtzee goes in its matching upper box if empty, then in Three or "
        "Four of a kind, then in any other empty lower box, otherwise as 0 in an empty upper box."
    ),
}
