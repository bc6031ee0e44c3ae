"""The dice a player is typing, as the slots and the keypad show them (parsing is Dice.parse)."""

from __future__ import annotations

from scorekeeper.rules.dice import typed_digits

FACES = "123456"


def dice_faces(text: str) -> str:
    """Only the typed digits that are die faces, in order (what the slots show)."""
    return "".join(ch for ch in typed_digits(text or "") if ch in FACES)


def keypad_text(text: str, add: object, clear: object, count: int) -> str:
    """The dice text after a keypad press without JavaScript: a face added (up to count) or a slot cleared."""
    digits = list(dice_faces(text))
    if isinstance(add, str) and len(add) == 1 and add in FACES and len(digits) < count:
        digits.append(add)
    if isinstance(clear, str) and clear.isdigit() and len(clear) == 1 and int(clear) < len(digits):
        del digits[int(clear)]
    return "".join(digits)
