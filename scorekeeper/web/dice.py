"""Reading the dice a player typed: "22456", "2 2 4 5 6" or "2,2,4,5,6", in any order."""

from __future__ import annotations

import re

from flask_babel import gettext, ngettext

DICE_COUNT = 5
# Spaces, commas and the like only separate dice; they carry no meaning.
_SEPARATORS = re.compile(r"[\s,;.\-/+]+")


class DiceError(ValueError):
    """Dice text that is not five dice, with a message in a player's words."""


def dice_digits(text: str) -> str:
    """The typed faces as a string of digits, separators dropped (may still be invalid)."""
    return _SEPARATORS.sub("", text or "")


def dice_faces(text: str) -> str:
    """Only the typed digits that are die faces, in order (what the five slots show)."""
    return "".join(ch for ch in dice_digits(text) if ch in "123456")


def parse_dice(text: object) -> tuple[int, ...]:
    """Five dice from the typed text, in the order typed; DiceError says what is wrong."""
    if not isinstance(text, str):
        raise DiceError(gettext("Enter the five dice, for example 22456."))
    digits = dice_digits(text)
    if not digits:
        raise DiceError(gettext("Enter the five dice, for example 22456."))
    if len(digits) > 20 or not all(ch in "0123456789" for ch in digits):
        raise DiceError(gettext("Dice are numbers from 1 to 6, like 22456."))
    bad = sorted({ch for ch in digits if ch not in "123456"})
    if bad:
        return _raise_face(bad[0])
    count = len(digits)
    if count != DICE_COUNT:
        raise DiceError(
            ngettext(
                "That is %(num)d die; enter all five.",
                "That is %(num)d dice; enter exactly five.",
                count,
            )
        )
    return tuple(int(ch) for ch in digits)


def _raise_face(face: str) -> tuple[int, ...]:
    raise DiceError(gettext("A die shows 1 to 6; %(face)s is not a face.", face=face))


def dice_text(dice: object) -> str:
    """Dice as the compact text the field shows, e.g. "22456"."""
    return "".join(str(d) for d in dice)  # type: ignore[union-attr]
