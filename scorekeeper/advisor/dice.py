"""Dice combinatorics for the solver: rolls, keeps, their links and their probabilities (no rules)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

import numpy as np
import numpy.typing as npt

FACES = 6
DICE = 5

Keep = tuple[int, ...]


def _distinct(keep: Keep) -> int:
    return len(set(keep))


def _ordered(size: int) -> list[Keep]:
    # Most distinct faces first: the max over sub-keeps then works on prefixes of each block.
    keeps = list(combinations_with_replacement(range(1, FACES + 1), size))
    return sorted(keeps, key=lambda keep: (-_distinct(keep), keep))


# Every keep (a sorted multiset of 0 to 5 dice), five-dice keeps (the rolls) first, then 4, 3, 2, 1, 0.
KEEPS: tuple[Keep, ...] = tuple(k for size in range(DICE, -1, -1) for k in _ordered(size))
KEEP_INDEX: dict[Keep, int] = {keep: i for i, keep in enumerate(KEEPS)}
ROLL_COUNT = sum(1 for k in KEEPS if len(k) == DICE)  # 252
ROLLS: tuple[Keep, ...] = KEEPS[:ROLL_COUNT]

# BLOCKS[size] = (start, stop) of the keeps of that size in KEEPS.
BLOCKS: dict[int, tuple[int, int]] = {}
for _i, _k in enumerate(KEEPS):
    _start, _stop = BLOCKS.get(len(_k), (_i, _i))
    BLOCKS[len(_k)] = (_start, _i + 1)


def _children() -> dict[int, np.ndarray]:
    """For each size below five: the six keeps with one more die (face 1 to 6), as KEEPS indices."""
    out = {}
    for size in range(DICE):
        start, stop = BLOCKS[size]
        out[size] = np.array(
            [
                [KEEP_INDEX[tuple(sorted(KEEPS[i] + (face,)))] for face in range(1, FACES + 1)]
                for i in range(start, stop)
            ],
            dtype=np.intp,
        )
    return out


def _parents() -> dict[int, tuple[np.ndarray, list[int]]]:
    """For each size from one: the keeps with one distinct face fewer, padded, and prefix lengths.

    Row i lists KEEPS indices of keep i minus one die of each distinct face; `lengths[j]` is how
    many leading keeps of the block have a j-th distinct face (the block is sorted by distinct faces).
    """
    out = {}
    for size in range(1, DICE + 1):
        start, stop = BLOCKS[size]
        rows, widths = [], []
        for i in range(start, stop):
            keep = KEEPS[i]
            faces = sorted(set(keep))
            row = []
            for face in faces:
                rest = list(keep)
                rest.remove(face)
                row.append(KEEP_INDEX[tuple(rest)])
            widths.append(len(row))
            rows.append(row + [row[0]] * (DICE - len(row)))
        lengths = [sum(1 for w in widths if w > j) for j in range(max(widths))]
        out[size] = (np.array(rows, dtype=np.intp), lengths)
    return out


CHILDREN = _children()
PARENTS = _parents()


def _probability(dice: Keep) -> float:
    """Probability that len(dice) fresh dice show exactly this multiset."""
    ways = factorial(len(dice))
    for face in set(dice):
        ways //= factorial(dice.count(face))
    outcomes: int = FACES ** len(dice)
    return ways / outcomes


# Probability of each first roll of five dice, in ROLLS order.
ROLL_PROBABILITY: npt.NDArray[np.float64] = np.array([_probability(roll) for roll in ROLLS])


def sub_keeps(dice: Keep) -> list[Keep]:
    """Every distinct sorted keep drawn from these sorted dice, the dice themselves included."""
    found: set[Keep] = {()}
    for die in dice:  # each die is either kept or not
        found |= {tuple(sorted(keep + (die,))) for keep in found}
    return sorted(found, key=lambda k: (len(k), k))


def _sub_keep_table() -> np.ndarray:
    """For each roll, the KEEPS indices of its sub-keeps, padded to 32 by repeating the roll itself."""
    table = np.empty((ROLL_COUNT, 2**DICE), dtype=np.intp)
    for r, roll in enumerate(ROLLS):
        # The roll itself first: argmax then prefers keeping everything on an exact tie.
        keeps = [KEEP_INDEX[roll]] + [KEEP_INDEX[k] for k in reversed(sub_keeps(roll)) if k != roll]
        table[r] = keeps + [KEEP_INDEX[roll]] * (2**DICE - len(keeps))
    return table


SUB_KEEPS = _sub_keep_table()

# Counts of each face in each roll, shape (252, 6).
FACE_COUNTS = np.array([[roll.count(f) for f in range(1, FACES + 1)] for roll in ROLLS], dtype=np.intp)


def roll_code(counts: np.ndarray) -> np.ndarray:
    """A number identifying a multiset from its face counts (..., 6), for ROLL_BY_CODE."""
    return counts @ (DICE + 1) ** np.arange(FACES)


ROLL_BY_CODE = np.full((DICE + 1) ** FACES, -1, dtype=np.intp)
ROLL_BY_CODE[roll_code(FACE_COUNTS)] = np.arange(ROLL_COUNT)
