"""The final dice of a turn: a sorted, frozen value of a ruleset's count that parses and prints itself."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

from .errors import BadDice
from .message import N_, Message

FACES = range(1, 7)

BAD_DICE = N_("Enter exactly %(count)s dice, each from 1 to 6.")
NO_DICE = N_("Enter the %(count)s dice, for example %(example)s.")
NOT_NUMBERS = N_("Dice are numbers from 1 to 6, like %(example)s.")
NOT_A_FACE = N_("A die shows 1 to 6; %(face)s is not a face.")
WRONG_COUNT = N_("That is %(num)d die; enter all %(count)s.")
WRONG_COUNT_PLURAL = N_("That is %(num)d dice; enter exactly %(count)s.")

# How many dice a ruleset rolls, as its messages say it; another count is written in digits.
COUNT_WORDS = {5: N_("five"), 6: N_("six")}

# Spaces, commas and the like only separate dice; they carry no meaning.
_SEPARATORS = re.compile(r"[\s,;.\-/+]+")
_NOT_DICE = (str, bytes, bytearray, memoryview)  # sequences, but of characters or bytes
_LONGEST_TEXT = 20  # digits; anything longer is not an attempt at a turn's dice
_EXAMPLE = "2245666666"  # its first `count` digits: an example roll the messages show


def count_word(count: int) -> Message | str:
    """The count as the messages say it: a translatable word ("six"), or digits."""
    word = COUNT_WORDS.get(count)
    return str(count) if word is None else Message(word)


def _params(count: int) -> dict[str, object]:
    return {"count": count_word(count), "example": _EXAMPLE[:count]}


class Dice(tuple[int, ...]):
    """A turn's final dice, sorted: ``Dice.parse("6 2 4 2 5") == Dice.of([2, 2, 4, 5, 6])``, str() "22456".

    Five dice unless a count is given (``Dice.parse("666666", count=6)``); a ruleset passes its own.
    Equal to (and hashed as) the plain sorted tuple, so it can index tables built from tuples.
    """

    __slots__ = ()

    def __new__(cls, values: object, count: int = 5) -> Dice:
        return cls.of(values, count)

    @classmethod
    def of(cls, values: object, count: int = 5) -> Dice:
        """``count`` ints 1–6 in any order; BadDice for anything else."""
        if type(values) is cls and len(values) == count:
            return values
        # Only real sequences: a generator would be used up by a failed attempt, and a dict's
        # keys, a set's members or a string's characters are not dice.
        if not isinstance(values, Sequence) or isinstance(values, _NOT_DICE):
            raise BadDice(Message(BAD_DICE, _params(count)))
        faces = tuple(values)  # read once, so the checked dice are the returned dice
        # type() is int: bools and floats are not dice.
        if len(faces) != count or not all(type(d) is int and 1 <= d <= 6 for d in faces):
            raise BadDice(Message(BAD_DICE, _params(count)))
        return tuple.__new__(cls, sorted(faces))

    @classmethod
    def parse(cls, text: object, count: int = 5) -> Dice:
        """Dice typed as "22456", "2 2 4 5 6" or "2,2,4,5,6" in any order; BadDice says what is wrong."""
        if not isinstance(text, str):
            raise BadDice(Message(NO_DICE, _params(count)))
        digits = typed_digits(text)
        if not digits:
            raise BadDice(Message(NO_DICE, _params(count)))
        if len(digits) > _LONGEST_TEXT or not all(ch in "0123456789" for ch in digits):
            raise BadDice(Message(NOT_NUMBERS, {"example": _EXAMPLE[:count]}))
        bad = sorted({ch for ch in digits if ch not in "123456"})
        if bad:
            raise BadDice(NOT_A_FACE, face=bad[0])
        if len(digits) != count:
            params = {"num": len(digits), "count": count_word(count)}
            raise BadDice(Message(WRONG_COUNT, params, plural=WRONG_COUNT_PLURAL))
        return tuple.__new__(cls, sorted(int(ch) for ch in digits))

    @property
    def counts(self) -> tuple[int, ...]:
        """How many dice show each face, ones first (six numbers)."""
        return tuple(self.count(face) for face in FACES)

    @property
    def all_equal(self) -> bool:
        """Every die shows the same face (five of a kind with five dice, six with six)."""
        return self[0] == self[-1]

    def __str__(self) -> str:
        return "".join(str(face) for face in self)

    def __repr__(self) -> str:
        return f"Dice('{self}')"

    def __reduce__(self) -> tuple[object, tuple[str, int]]:
        return Dice.parse, (str(self), len(self))


def typed_digits(text: str) -> str:
    """The typed text with separators dropped (it may still be invalid)."""
    return _SEPARATORS.sub("", text or "")


@cache
def all_rolls(count: int) -> tuple[Dice, ...]:
    """Every distinct final roll of ``count`` dice in a fixed order (252 of five, 462 of six)."""
    return tuple(tuple.__new__(Dice, roll) for roll in combinations_with_replacement(FACES, count))
