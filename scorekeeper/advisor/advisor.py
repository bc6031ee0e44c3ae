"""The coach's questions: what each box and each keep is worth for a sheet and its dice.

Every value is the expected FINAL score of the sheet (points already on it included) under
optimal play from then on. Ties are broken deterministically: values are compared rounded to
TIE_DECIMALS decimals; among equal boxes the first in sheet order wins; among equal keeps the
one keeping more dice wins, then the one with the lower dice (compared as sorted tuples).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Mapping

import numpy as np

from scorekeeper.rules import Box, Edition, Scorecard, normalize_dice
from scorekeeper.rules.scoring import YAHTZEE_POINTS

from . import storage
from .build import build, state_count
from .dice import KEEP_INDEX, Keep, sub_keeps
from .points import UPPER_CAP, points_for
from .solver import Turn, state_index

TIE_DECIMALS = 9

_CACHE: dict[tuple[Edition, str], Advisor] = {}
_LOCK = threading.Lock()


def card_state(card: Scorecard) -> tuple[int, int, int]:
    """(filled-mask, capped upper subtotal, Yahtzee box holds 50) of a sheet: its solver state."""
    mask = sum(1 << i for i, points in enumerate(card.scores) if points is not None)
    flag = int(card.scores[Box.YAHTZEE.index] == YAHTZEE_POINTS)
    return mask, min(card.upper_subtotal, UPPER_CAP), flag


def _tie_key(value: float) -> float:
    return -round(value, TIE_DECIMALS)


def ranked_boxes(values: Mapping[Box, float]) -> list[Box]:
    """Boxes best first: highest value, then sheet order."""
    return sorted(values, key=lambda box: (_tie_key(values[box]), box.index))


def ranked_keeps(values: Mapping[Keep, float]) -> list[Keep]:
    """Keeps best first: highest value, then more dice kept, then lower dice."""
    return sorted(values, key=lambda keep: (_tie_key(values[keep]), -len(keep), keep))


class Advisor:
    """Optimal-play advice for one edition, read from its memory-mapped table."""

    def __init__(self, edition: Edition, table: np.ndarray, note: dict) -> None:
        self.edition = Edition(edition)
        self.table = table
        self.note = note
        self._turn: Turn | None = None

    # -- getting one ----------------------------------------------------------------

    @classmethod
    def for_edition(cls, edition: Edition = Edition.HASBRO_1996, directory=None) -> Advisor:
        """The advisor of an edition, building its table first if it is missing (seconds)."""
        with _LOCK:
            key = _key(edition, directory)
            if key not in _CACHE:
                if not storage.exists(edition, directory):
                    cls.build(edition, directory)
                _CACHE[key] = cls(edition, *storage.load(edition, directory))
            return _CACHE[key]

    @classmethod
    def load_if_ready(cls, edition: Edition, directory=None) -> Advisor | None:
        """The advisor if its table is on disk, else None; never builds (safe in a request)."""
        key = _key(edition, directory)
        advisor = _CACHE.get(key)
        if advisor is None and storage.exists(edition, directory):
            with _LOCK:
                if key not in _CACHE:
                    _CACHE[key] = cls(edition, *storage.load(edition, directory))
                advisor = _CACHE[key]
        return advisor

    @staticmethod
    def is_ready(edition: Edition, directory=None) -> bool:
        """The edition's table is on disk."""
        return storage.exists(edition, directory)

    @staticmethod
    def build(edition: Edition, directory=None,
              progress: Callable[[int], None] | None = None, workers: int | None = None) -> float:
        """(Re)build and save an edition's table; returns the seconds it took."""
        edition = Edition(edition)
        started = time.perf_counter()
        table = build(points_for(edition), progress=progress, workers=workers)
        seconds = time.perf_counter() - started
        storage.save(edition, directory, table, {
            "format": storage.FORMAT,
            "edition": edition.value,
            "expected_score": float(table[0, 0, 0]),  # float64: the float32 table rounds it
            "build_seconds": round(seconds, 3),
        })
        _CACHE.pop(_key(edition, directory), None)
        return seconds

    @staticmethod
    def state_count(edition: Edition) -> int:
        """How many states a build computes: the length of a progress bar."""
        return state_count(points_for(Edition(edition)))

    # -- advice -----------------------------------------------------------------------

    def expected_score(self) -> float:
        """The expected final score of a new game under optimal play."""
        return float(self.note["expected_score"])

    def expected_final(self, card: Scorecard) -> float:
        """The expected final score of a sheet between turns (its total once complete)."""
        self._check(card)
        if card.is_complete:
            return float(card.grand_total)
        return card.grand_total + float(self.table.reshape(-1)[state_index(*card_state(card))])

    def box_values(self, card: Scorecard, dice: object) -> dict[Box, float]:
        """Each box these final dice may fill (joker order applied), in sheet order.

        The value is the expected final score of the sheet if that box is filled now.
        """
        self._check(card)
        return {box: self.expected_final(card.fill(box, dice)) for box in card.options(dice)}

    def keep_values(self, card: Scorecard, dice: object, rolls_left: int) -> dict[Keep, float]:
        """Each distinct keep (sorted dice kept) with 1 or 2 rolls left, best first: the expected final score.

        Keeping all five dice means rolling no more (now or on the later roll).
        """
        self._check(card)
        roll = normalize_dice(dice)
        if rolls_left not in (1, 2):
            raise ValueError("rolls_left must be 1 or 2")
        if card.is_complete:
            raise ValueError("a complete sheet has no turn left")
        state = [np.array([x]) for x in card_state(card)]
        values = self.turn().turn_arrays(*state, rolls_left=rolls_left)[:, 0]
        found = {keep: card.grand_total + float(values[KEEP_INDEX[keep]]) for keep in sub_keeps(roll)}
        return {keep: found[keep] for keep in ranked_keeps(found)}

    def best_box(self, card: Scorecard, dice: object) -> Box:
        """The best box for these final dice (ties: sheet order)."""
        return ranked_boxes(self.box_values(card, dice))[0]

    def best_keep(self, card: Scorecard, dice: object, rolls_left: int) -> Keep:
        """The best dice to keep (ties: more dice, then lower dice)."""
        return next(iter(self.keep_values(card, dice, rolls_left)))

    # -- internals --------------------------------------------------------------------

    def turn(self) -> Turn:
        """The solver's turn arithmetic over this table (for batch questions, e.g. simulations)."""
        if self._turn is None:
            self._turn = Turn(points_for(self.edition), self.table)
        return self._turn

    def _check(self, card: Scorecard) -> None:
        if card.edition != self.edition:
            raise ValueError(f"this advisor plays {self.edition}, the sheet {card.edition}")


def _key(edition: Edition, directory) -> tuple[Edition, str]:
    return Edition(edition), os.path.realpath(directory or storage.default_directory())


__all__ = ["Advisor", "TIE_DECIMALS", "card_state", "ranked_boxes", "ranked_keeps"]
