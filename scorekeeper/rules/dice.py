"""The five final dice of a turn: a sorted, frozen value that parses and prints itself."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations_with_replacement

from .errors import BadDice
from .message import N_, Message

DICE_COUNT = 5
FACES = range(1, 7)

BAD_DICE = N_("Enter exactly five dice, each from 1 to 6.")
NO_DICE = N_("Enter the five dice, for example 22456.")
NOT_NUMBERS = N_("Dice are numbers from 1 to 6, like 22456.")
NOT_A_FACE = N_("A die shows 1 to 6; %(face)s is not a face.")
WRONG_COUNT = N_("That is %(num)d die; enter all five.")
WRONG_COUNT_PLURAL = N_("That is %(num)d dice; enter exactly five.")

# Spaces, commas and the like only separate dice; they carry no meaning.
_SEPARATORS = re.compile(r"[\s,;.\-/+]+")
_NOT_DICE = (str, bytes, bytearray, memoryview)  # sequences, but of characters or bytes
_LONGEST_TEXT = 20  # digits; anything longer is not an attempt at five dice


class Dice(tuple[int, int, int, int, int]):
    """Five dice, sorted: ``Dice.parse("6 2 4 2 5") == Dice.of([2, 2, 4, 5, 6])``, ``str()`` is "22456".

    Equal to (and hashed as) the plain sorted tuple, so it can index tables built from tuples.
    """

    __slots__ = ()

    def __new__(cls, values: object) -> Dice:
        return cls.of(values)

    @classmethod
    def of(cls, values: object) -> Dice:
        """Five ints 1–6 in any order; BadDice for anything else."""
        if type(values) is cls:
            return values
        # Only real sequences: a generator would be used up by a failed attempt, and a dict's
        # keys, a set's members or a string's characters are not five dice.
        if not isinstance(values, Sequence) or isinstance(values, _NOT_DICE):
            raise BadDice(BAD_DICE)
        faces = tuple(values)  # read once, so the checked dice are the returned dice
        # type() is int: bools and floats are not dice.
        if len(faces) != DICE_COUNT or not all(type(d) is int and 1 <= d <= 6 for d in faces):
            raise BadDice(BAD_DICE)
        return tuple.__new__(cls, sorted(faces))

    @classmethod
    def parse(cls, text: object) -> Dice:
        """Dice typed as "22456", "2 2 4 5 6" or "2,2,4,5,6" in any order; BadDice says what is wrong."""
        if not isinstance(text, str):
            raise BadDice(NO_DICE)
        digits = typed_digits(text)
        if not digits:
            raise BadDice(NO_DICE)
        if len(digits) > _LONGEST_TEXT or not all(ch in "0123456789" for ch in digits):
            raise BadDice(NOT_NUMBERS)
        bad = sorted({ch for ch in digits if ch not in "123456"})
        if bad:
            raise BadDice(NOT_A_FACE, face=bad[0])
        if len(digits) != DICE_COUNT:
            raise BadDice(Message(WRONG_COUNT, {"num": len(digits)}, plural=WRONG_COUNT_PLURAL))
        return tuple.__new__(cls, sorted(int(ch) for ch in digits))

    @property
    def counts(self) -> tuple[int, ...]:
        """How many dice show each face, ones first (six numbers)."""
        return tuple(self.count(face) for face in FACES)

    @property
    def is_five_of_a_kind(self) -> bool:
        """All five dice equal."""
        return self[0] == self[4]

    def __str__(self) -> str:
        return "".join(str(face) for face in self)

    def __repr__(self) -> str:
        return f"Dice('{self}')"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return Dice.parse, (str(self),)


def typed_digits(text: str) -> str:
    """The typed text with separators dropped (it may still be invalid)."""
    return _SEPARATORS.sub("", text or "")


def normalize_dice(dice: object) -> Dice:
    """Five dice as a sorted Dice; BadDice for anything that is not five ints 1–6."""
    return Dice.of(dice)


# All 252 distinct final rolls, in a fixed order: scoring tables are built over them once.
ALL_ROLLS: tuple[Dice, ...] = tuple(
    tuple.__new__(Dice, roll) for roll in combinations_with_replacement(FACES, DICE_COUNT)
)
