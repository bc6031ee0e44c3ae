"""The coach's questions: what each box and each keep is worth for a sheet and its dice.

Every value is the expected FINAL score of the sheet (points already on it included) under
optimal play from then on. Ties are broken deterministically: values are compared rounded to
TIE_DECIMALS decimals; among equal boxes the first in sheet order wins; among equal keeps the
one keeping more dice wins, then the one with the lower dice (compared as sorted tuples).
Boxes are named by their keys (str) in the ruleset's sheet order.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from scorekeeper.rules import DEFAULT_EDITION, Ruleset, Scorecard, find_edition

from . import storage
from .build import build, state_count
from .dice import DICE, KEEP_INDEX, Keep, sub_keeps
from .distribution import Distributions, win_chances
from .points import IntArray, points_for
from .solver import FloatArray, Turn
from .spectrum import build_spectra, grid_for

TIE_DECIMALS = 9

_CACHE: dict[tuple[str, str], Advisor] = {}
_LOCK = threading.Lock()


def card_state(card: Scorecard) -> tuple[int, int, int]:
    """(filled-mask, capped upper subtotal, flag) of a sheet: its solver state.

    The flag is 1 when the extra box holds points that earn later extra bonuses (Hasbro: 50 in
    the Yahtzee box); always 0 in an edition without extra bonuses.
    """
    points = points_for(card.edition)
    mask = sum(1 << i for i, held in enumerate(card.scores) if held is not None)
    flag = 0
    if points.extra is not None:
        held = card.scores[points.extra]
        flag = int(held is not None and 0 <= held < len(points.armed) and points.armed[held])
    return mask, min(card.upper_subtotal, points.upper_cap), flag


def _tie_key(value: float) -> float:
    return -round(value, TIE_DECIMALS)


def ranked_boxes(values: Mapping[str, float], edition: Ruleset | str | None = None) -> list[str]:
    """Box keys best first: highest value, then sheet order (the edition's, else the mapping's order).

    box_values() lists its boxes in sheet order, so its result needs no edition.
    """
    order = list(values)
    if edition is not None:
        order.sort(key=find_edition(edition).box_index)
    return sorted(order, key=lambda key: _tie_key(values[key]))  # a stable sort keeps that order on ties


def ranked_keeps(values: Mapping[Keep, float]) -> list[Keep]:
    """Keeps best first: highest value, then more dice kept, then lower dice."""
    return sorted(values, key=lambda keep: (_tie_key(values[keep]), -len(keep), keep))


class Advisor:
    """Optimal-play advice for one edition, read from its memory-mapped table."""

    def __init__(
        self,
        edition: str | Ruleset,
        table: npt.NDArray[np.floating],
        note: storage.Note,
        directory: storage.Folder = None,
    ) -> None:
        self.edition: Ruleset = find_edition(edition)
        self.points = points_for(self.edition)
        if table.shape != self.points.shape:
            raise ValueError(f"the {self.edition} table has shape {table.shape}, not {self.points.shape}")
        self.table = table
        self._flat = np.asarray(table).reshape(-1)  # a plain view: a memmap's views cost ~20 µs each
        self.note = note
        self._turn: Turn | None = None
        self._distributions: Distributions | None = None
        self._directory = directory

    # -- getting one ----------------------------------------------------------------

    @classmethod
    def for_edition(
        cls, edition: str | Ruleset = DEFAULT_EDITION, directory: storage.Folder = None
    ) -> Advisor:
        """The advisor of an edition, building its table first if it is missing (seconds)."""
        _coached(edition)
        with _LOCK:
            key = _key(edition, directory)
            if key not in _CACHE:
                if not storage.exists(edition, directory):
                    cls.build(edition, directory)
                _CACHE[key] = cls(edition, *storage.load(edition, directory), directory=directory)
            return _CACHE[key]

    @classmethod
    def load_if_ready(cls, edition: str | Ruleset, directory: storage.Folder = None) -> Advisor | None:
        """The advisor if its table is on disk, else None; never builds (safe in a request)."""
        if not find_edition(edition).has_coach:
            return None
        key = _key(edition, directory)
        advisor = _CACHE.get(key)
        if advisor is None and storage.exists(edition, directory):
            with _LOCK:
                if key not in _CACHE:
                    _CACHE[key] = cls(edition, *storage.load(edition, directory), directory=directory)
                advisor = _CACHE[key]
        return advisor

    @staticmethod
    def is_ready(edition: str | Ruleset, directory: storage.Folder = None) -> bool:
        """The edition has a coach and its table is on disk."""
        return find_edition(edition).has_coach and storage.exists(edition, directory)

    @staticmethod
    def build(
        edition: str | Ruleset,
        directory: storage.Folder = None,
        progress: Callable[[int], None] | None = None,
        workers: int | None = None,
    ) -> float:
        """(Re)build and save an edition's table; returns the seconds it took."""
        rules = _coached(edition)
        started = time.perf_counter()
        table = build(points_for(rules), progress=progress, workers=workers)
        seconds = time.perf_counter() - started
        storage.save(
            rules,
            directory,
            table,
            {
                "format": storage.FORMAT,
                "edition": rules.id,
                "expected_score": float(table[0, 0, 0]),
                "build_seconds": round(seconds, 3),
            },
        )
        _CACHE.pop(_key(rules, directory), None)
        return seconds

    @staticmethod
    def state_count(edition: str | Ruleset) -> int:
        """How many states a build computes: the length of a progress bar."""
        return state_count(points_for(_coached(edition)))

    # -- advice -----------------------------------------------------------------------

    def expected_score(self) -> float:
        """The expected final score of a new game under optimal play."""
        return float(self.note["expected_score"])

    def expected_final(self, card: Scorecard) -> float:
        """The expected final score of a sheet between turns (its total once complete)."""
        self._check(card)
        total = card.grand_total  # once: the engine sums the sheet on every call
        if card.is_complete:
            return float(total)
        mask, upper, flag = card_state(card)
        p = self.points
        return total + float(self._flat[(mask * p.upper_states + upper) * p.flags + flag])

    def box_values(self, card: Scorecard, dice: object) -> dict[str, float]:
        """Each box key these final dice may fill (order rules applied), in sheet order.

        The value is the expected final score of the sheet if that box is filled now.
        """
        self._check(card)
        return {key: self.expected_final(card.fill(key, dice)) for key in card.options(dice)}

    def keep_values(self, card: Scorecard, dice: object, rolls_left: int) -> dict[Keep, float]:
        """Each distinct keep (sorted dice kept) with 1 or 2 rolls left, best first: the expected final score.

        Keeping all five dice means rolling no more (now or on the later roll).
        """
        self._check(card)
        roll = tuple(self.edition.dice_of(dice))
        if rolls_left not in (1, 2):
            raise ValueError("rolls_left must be 1 or 2")
        if card.is_complete:
            raise ValueError("a complete sheet has no turn left")
        mask, upper, flag = (np.array([x], dtype=np.int64) for x in card_state(card))
        values = self.turn().turn_arrays(mask, upper, flag, rolls_left=rolls_left)[:, 0]
        total = card.grand_total  # once, not per keep: the engine sums the sheet on every call
        found = {keep: total + float(values[KEEP_INDEX[keep]]) for keep in sub_keeps(roll)}
        return {keep: found[keep] for keep in ranked_keeps(found)}

    def best_box(self, card: Scorecard, dice: object) -> str:
        """The key of the best box for these final dice (ties: sheet order)."""
        return ranked_boxes(self.box_values(card, dice))[0]

    def best_keep(self, card: Scorecard, dice: object, rolls_left: int) -> Keep:
        """The best dice to keep (ties: more dice, then lower dice)."""
        return next(iter(self.keep_values(card, dice, rolls_left)))

    # -- chances ------------------------------------------------------------------------

    def distributions(self, build: bool = False) -> Distributions | None:
        """The final-score distributions; None while the chance table is missing (unless `build`: minutes).

        A forced order needs no chance table: its few states are always followed exactly.
        """
        if self._distributions is None:
            spectra = storage.load_spectra(self.edition, self._directory, grid_for(self.points))
            if spectra is None and not self.points.forced:
                if not build:
                    return None
                self.build_spectra(self.edition, self._directory, self.table)
                spectra = storage.load_spectra(self.edition, self._directory, grid_for(self.points))
            self._distributions = Distributions(self, spectra)
        return self._distributions

    def score_distribution(self, card: Scorecard, dice: object = None) -> tuple[IntArray, FloatArray]:
        """(final totals ascending, probabilities) of a sheet under the coach's play from here on.

        At a turn start, or mid-turn with the final `dice` (the coach then puts them in the best box).
        Builds the chance table first if it is missing.
        """
        self._check(card)
        if dice is not None:
            card = card.fill(self.best_box(card, dice), dice)
        distributions = self.distributions(build=True)
        assert distributions is not None
        return distributions.score_distribution(card)

    def win_chances(self, cards: Sequence[Scorecard]) -> list[float]:
        """Each sheet's chance to finish first (ties shared) if everyone plays the coach's way from here."""
        return win_chances([self.score_distribution(card) for card in cards])

    @staticmethod
    def build_spectra(
        edition: str | Ruleset,
        directory: storage.Folder = None,
        table: npt.NDArray[np.floating] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> float:
        """(Re)build and save an edition's chance table from its value table; returns the seconds it took.

        `progress` is told how many states are done as they are (state_count in all).
        """
        rules = _coached(edition)
        started = time.perf_counter()
        if table is None:
            table = storage.load(rules, directory)[0]
        storage.save_spectra(rules, directory, build_spectra(points_for(rules), table, progress=progress))
        return time.perf_counter() - started

    # -- internals --------------------------------------------------------------------

    def state_index(self, card: Scorecard) -> int:
        """The flat table index of a sheet's turn-start state."""
        return int(self.points.index(*card_state(card)))

    def turn(self) -> Turn:
        """The solver's turn arithmetic over this table (for batch questions, e.g. simulations)."""
        if self._turn is None:
            self._turn = Turn(self.points, self.table)
        return self._turn

    def _check(self, card: Scorecard) -> None:
        if card.edition != self.edition:
            raise ValueError(f"this advisor plays {self.edition}, the sheet {card.edition}")


def _coached(edition: str | Ruleset) -> Ruleset:
    rules = find_edition(edition)
    if not rules.has_coach:
        raise ValueError(f"{rules} has no coach")
    # The tables are solved over DICE dice, one column, no saved rolls: the shape is the ruleset's.
    if rules.dice_count != DICE or len(rules.columns) != 1 or rules.bank.counted:
        raise ValueError(f"{rules} has a sheet the coach cannot solve")
    return rules


def _key(edition: str | Ruleset, directory: storage.Folder) -> tuple[str, str]:
    return find_edition(edition).id, os.path.realpath(directory or storage.default_directory())


__all__ = ["TIE_DECIMALS", "Advisor", "card_state", "ranked_boxes", "ranked_keeps"]
