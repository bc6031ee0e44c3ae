"""An edition of the rules as one ruleset object, and the registry that finds one by its id.

A ruleset owns, as data, small functions and policies, everything that differs between editions:
its shape (how many dice, how many columns and their multipliers, whether a turn counts its rolls),
its boxes in sheet order (key, section, names, paper label and how-to text, score function, fixed
score), its upper bonus, its extra-five-of-a-kind policy (Hasbro's joker and 100 bonus) or none,
its order rule, the total rows its paper sheet prints, and whether it has a coach.
The number of turns follows from the boxes and the columns.

A player's sheet is a row of columns, each holding every box. Its cells (a box in a column) have
positions: column after column, sheet order within each, so one column's positions are its box
indices. ``scores`` sequences passed to the methods below are a whole sheet's, in that order.

Adding an edition is one new module in ``scorekeeper/rules/editions/`` that calls
``register(Ruleset(...))`` (plus its tests and translations); the registry imports every module
there. Modelled on python-chess's variants (``VARIANTS``, ``find_variant(name)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

from .boxes import LOWER, UPPER, BoxSpec, Cell
from .dice import BAD_DICE, Dice, _params, all_rolls
from .errors import BadDice, RuleViolation
from .message import N_, Message
from .order import FREE_ORDER, OrderRule
from .rolls import NO_BANK, RollBank

if TYPE_CHECKING:
    from .joker import ExtraYahtzee

UNKNOWN_BOX = N_("There is no box called %(box)s.")
UNKNOWN_EDITION = N_("There is no rules edition called %(edition)s.")

DEFAULT_EDITION = "hasbro-1996"


@dataclass(frozen=True)
class UpperBonus:
    """Points added once the upper subtotal (of a column) reaches a threshold."""

    threshold: int
    points: int


@dataclass(frozen=True)
class TotalRow:
    """A total line of the paper sheet: which figure it shows and how it is labelled.

    ``figure`` is one of ``FIGURES``: a column's (``Column``) or, for ``grand_total``, the sheet's.
    ``how`` may use %(threshold)d, %(points)d (the upper bonus) and %(bonus)d (the extra bonus).
    """

    figure: str  # upper_subtotal, upper_bonus, upper_total, yahtzee_bonus, lower_total, grand_total, …
    label: str
    note: str = ""
    how: str = ""
    score: str = ""


# The figures a total row may show: a column's, then the sheet's grand total.
COLUMN_FIGURES = (
    "upper_subtotal",
    "upper_bonus",
    "upper_total",
    "lower_subtotal",
    "yahtzee_bonus",
    "lower_total",
    "total",
    "multiplier",
    "score",
)
FIGURES = (*COLUMN_FIGURES, "grand_total")


@dataclass(frozen=True, eq=False, repr=False)
class Ruleset:
    """One edition's rules: a frozen value, found by its id through ``find_edition(id)``.

    Made with its id and keywords, then registered by its module. The id is what the database and
    the export store; two rulesets are equal only if they are the same registered object.
    """

    id: str
    _: KW_ONLY
    name: str
    boxes: tuple[BoxSpec, ...]
    description: str = ""
    dice_count: int = 5  # dice rolled (5, or 6 in Maxi Yatzy)
    columns: tuple[int, ...] = (1,)  # each column's multiplier, left to right: (1,), or (1, 2, 3)
    upper_bonus: UpperBonus | None = None  # None: the edition has no upper bonus
    extra: ExtraYahtzee | None = None  # the extra-five-of-a-kind policy (joker and bonus), if any
    order: OrderRule = FREE_ORDER  # which open boxes a turn may fill
    bank: RollBank = NO_BANK  # whether a turn counts its rolls, and what it saves
    has_coach: bool = True
    upper_totals: tuple[TotalRow, ...] = ()
    lower_totals: tuple[TotalRow, ...] = ()
    # The translation contexts (msgctxt) of the labels this edition words its own way, the most
    # particular first: Maxi Yatzy's own words, then those it shares with Yatzy.
    vocabulary: tuple[str, ...] = ()
    # Derived once by __post_init__ from the boxes and columns.
    _index: dict[object, int] = field(init=False)
    _keys: tuple[str, ...] = field(init=False)
    _table: dict[Dice, tuple[int, ...]] = field(init=False)
    _cells: tuple[Cell, ...] = field(init=False)  # every cell of a sheet, by position
    _box_of: tuple[int, ...] = field(init=False)  # position -> box index
    _cells_of: dict[str, tuple[int, ...]] = field(init=False)  # box key -> its position in each column
    _box_major: tuple[int, ...] = field(init=False)  # every position, box by box, columns in order
    # The box indices of each section: totals sum them often.
    upper_indices: tuple[int, ...] = field(init=False)
    lower_indices: tuple[int, ...] = field(init=False)
    # The box of all-equal dice (Yahtzee, Yatzy, Maxi Yatzy), if any.
    all_equal_box: BoxSpec | None = field(init=False)

    def __post_init__(self) -> None:
        id, boxes, columns = self.id, tuple(self.boxes), tuple(self.columns)
        if not columns or not all(type(m) is int and m > 0 for m in columns):
            raise ValueError(f"{id}: columns are positive multipliers, at least one")
        if type(self.dice_count) is not int or self.dice_count < 1:
            raise ValueError(f"{id}: a ruleset rolls at least one die")
        width = len(boxes)
        derived: dict[str, object] = {
            "boxes": boxes,
            "columns": columns,
            "_index": {box.key: i for i, box in enumerate(boxes)},
            "_keys": tuple(box.key for box in boxes),
            "upper_indices": tuple(i for i, box in enumerate(boxes) if box.section == UPPER),
            "lower_indices": tuple(i for i, box in enumerate(boxes) if box.section == LOWER),
            "_table": {roll: tuple(box.score(roll) for box in boxes) for roll in all_rolls(self.dice_count)},
            "_cells": tuple(Cell(box.key, c) for c in range(1, len(columns) + 1) for box in boxes),
            "_box_of": tuple(i % width for i in range(width * len(columns))) if width else (),
            "_cells_of": {
                box.key: tuple(c * width + i for c in range(len(columns))) for i, box in enumerate(boxes)
            },
            "_box_major": tuple(c * width + i for i in range(width) for c in range(len(columns))),
        }
        if len(derived["_index"]) != len(boxes):  # type: ignore[arg-type]
            raise ValueError(f"{id}: two boxes share a key")
        if self.extra is not None and self.extra.box not in derived["_index"]:  # type: ignore[operator]
            raise ValueError(f"{id}: the extra policy's box {self.extra.box!r} is not on the sheet")
        derived["all_equal_box"] = _all_equal_box(boxes, self.extra, derived["_table"])  # type: ignore[arg-type]
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return find_edition, (self.id,)

    def __repr__(self) -> str:
        return f"Ruleset({self.id!r})"

    def __str__(self) -> str:
        """Its id, as logs and messages name it (compare and store ``id``, never the str of it)."""
        return self.id

    @classmethod
    def default(cls) -> Ruleset:
        """The edition used when none is chosen."""
        return EDITIONS[DEFAULT_EDITION]

    # -- the sheet --------------------------------------------------------------

    @property
    def box_keys(self) -> tuple[str, ...]:
        """Every box key in sheet order."""
        return self._keys

    @property
    def upper_boxes(self) -> tuple[BoxSpec, ...]:
        """The upper section's boxes in order."""
        return tuple(self.boxes[i] for i in self.upper_indices)

    @property
    def upper_par(self) -> int:
        """How many of each number the upper bonus asks for: 3 for 63, 4 for Maxi Yatzy's 84 (3 with
        no upper bonus, where no pace is shown)."""
        faces = sum(box.face or 0 for box in self.upper_boxes)
        if self.upper_bonus is None or not faces:
            return 3
        return -(-self.upper_bonus.threshold // faces)  # rounded up: par in every box earns the bonus

    @property
    def lower_boxes(self) -> tuple[BoxSpec, ...]:
        """The lower section's boxes in order."""
        return tuple(self.boxes[i] for i in self.lower_indices)

    @property
    def rounds(self) -> int:
        """Turns per player: one per box of every column."""
        return len(self.boxes) * len(self.columns)

    def box_index(self, key: object) -> int:
        """A box's position in a column; RuleViolation for a key this edition has no box for."""
        try:
            return self._index[key]
        except (KeyError, TypeError):
            raise RuleViolation(UNKNOWN_BOX, box=repr(key)) from None

    def box(self, key: object) -> BoxSpec:
        """A box's spec by its key; RuleViolation if this edition has no such box."""
        return self.boxes[self.box_index(key)]

    def upper_for_face(self, face: int) -> BoxSpec | None:
        """The upper box that counts this die face, if the sheet has one."""
        return next((box for box in self.upper_boxes if box.face == face), None)

    # -- cells: a box in a column, by position on the whole sheet ----------------

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell of a player's sheet, by position (column after column)."""
        return self._cells

    def cell_index(self, box: object, column: int = 1) -> int:
        """A cell's position; RuleViolation for an unknown box, IndexError for an unknown column."""
        index = self.box_index(box)
        if not 1 <= column <= len(self.columns):
            raise IndexError(column)
        return (column - 1) * len(self.boxes) + index

    def box_at(self, index: int) -> BoxSpec:
        """The box of the cell at this position."""
        return self.boxes[self._box_of[index]]

    def column_of(self, index: int) -> int:
        """The column (from 1) of the cell at this position."""
        return index // len(self.boxes) + 1

    def column_cells(self, column: int) -> range:
        """The positions of one column's cells, in sheet order."""
        width = len(self.boxes)
        return range((column - 1) * width, column * width)

    def cells_of(self, key: str) -> tuple[int, ...]:
        """The positions of one box in every column."""
        return self._cells_of[key]

    # -- dice -------------------------------------------------------------------

    @property
    def all_rolls(self) -> tuple[Dice, ...]:
        """Every distinct final roll of this edition's dice."""
        return all_rolls(self.dice_count)

    def dice_of(self, values: object) -> Dice:
        """This edition's count of dice, in any order; BadDice naming the count otherwise."""
        return Dice.of(values, self.dice_count)

    def parse_dice(self, text: object) -> Dice:
        """This edition's dice typed as "224566" or "2 2 4 5 6 6"; BadDice says what is wrong."""
        return Dice.parse(text, self.dice_count)

    def scores(self, dice: Dice) -> tuple[int, ...]:
        """Points of sorted dice in every box, sheet order, before any joker (a look-up)."""
        try:
            return self._table[dice]
        except KeyError:
            raise BadDice(Message(BAD_DICE, _params(self.dice_count))) from None

    # -- where a final roll may go ----------------------------------------------

    def open_in_order(self, scores: Sequence[int | None]) -> list[int]:
        """The open cells the order rule allows, box by box (the order every answer lists them in)."""
        return self.order.allowed(self, scores, [i for i in self._box_major if scores[i] is None])

    def _allowed(self, scores: Sequence[int | None], dice: Dice) -> tuple[list[int], bool]:
        """The open cells these dice may fill, by position, and whether they are a joker."""
        open_ = self.open_in_order(scores)
        if self.extra is not None and self.extra.is_joker(self, scores, dice):
            allowed, _ = self.extra.joker_step(self, open_, dice)
            return list(allowed), True
        return open_, False

    def cell_placements(self, scores: Sequence[int | None], dice: Dice) -> dict[Cell, int]:
        """Every cell these dice may fill on this sheet, with its points: box by box, columns in order."""
        allowed, joker = self._allowed(scores, dice)
        cells = self._cells
        if joker:
            return {cells[i]: self._joker_points(i, dice) for i in allowed}
        table, box_of = self.scores(dice), self._box_of
        return {cells[i]: table[box_of[i]] for i in allowed}

    def placements(self, scores: Sequence[int | None], dice: Dice) -> dict[str, int]:
        """Every box these dice may fill in some column of this sheet, with its points, in sheet order.

        A box scores the same in every column, so its points are those of any of its cells.
        """
        if len(self.columns) > 1:
            return {cell.box: points for cell, points in self.cell_placements(scores, dice).items()}
        allowed, joker = self._allowed(scores, dice)
        keys = self._keys
        if joker:
            return {keys[i]: self._joker_points(i, dice) for i in allowed}
        table = self.scores(dice)
        return {keys[i]: table[i] for i in allowed}

    def _joker_points(self, index: int, dice: Dice) -> int:
        assert self.extra is not None  # only asked where a joker applies
        return self.extra.joker_points(self.box_at(index), dice)

    def refusal(self, scores: Sequence[int | None], index: int, dice: Dice) -> Message | None:
        """Why the order rule or the joker forbids this open cell for these dice, or None."""
        reason = self.order.refusal(self, scores, index)
        if reason is not None:
            return reason
        if self.extra is not None and self.extra.is_joker(self, scores, dice):
            allowed, reason = self.extra.joker_step(self, self.open_in_order(scores), dice)
            return None if index in allowed else reason
        return None

    def box_points(self, scores: Sequence[int | None], index: int, dice: Dice) -> int:
        """Points these dice score in a cell the rules allow on this sheet (a joker's where one applies)."""
        if self.extra is not None and self.extra.is_joker(self, scores, dice):
            return self._joker_points(index, dice)
        return self.scores(dice)[self._box_of[index]]

    def bonus_points(self, scores: Sequence[int | None], dice: Dice) -> int:
        """Bonus points these dice earn on this sheet wherever they go (an extra Yahtzee's 100)."""
        return self.extra.bonus_points(self, scores, dice) if self.extra else 0


def _all_equal_box(
    boxes: tuple[BoxSpec, ...], extra: ExtraYahtzee | None, table: dict[Dice, tuple[int, ...]]
) -> BoxSpec | None:
    """The box the extra policy names, else the one pattern box that scores exactly for all-equal dice."""
    if extra is not None:
        return next(box for box in boxes if box.key == extra.box)
    return next(
        (
            box
            for i, box in enumerate(boxes)
            if box.fixed is not None
            and all((points[i] == box.fixed) == roll.all_equal for roll, points in table.items())
        ),
        None,
    )


# Every registered edition, by id, in the order registered: what the app's pages list and accept.
EDITIONS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to the registry (its module does this when imported)."""
    if ruleset.id in EDITIONS:
        raise ValueError(f"two rulesets are called {ruleset.id}")
    EDITIONS[ruleset.id] = ruleset
    return ruleset


def find_edition(id: object) -> Ruleset:
    """The registered ruleset with this id; ValueError naming the valid ids otherwise.

    A ruleset passed where its id is expected is returned as it is.
    """
    if isinstance(id, Ruleset):
        return id
    ruleset = EDITIONS.get(id) if isinstance(id, str) else None
    if ruleset is None:
        valid = ", ".join(EDITIONS)
        raise ValueError(f"{id!r} is not a rules edition; the editions are {valid}")
    return ruleset


def as_edition(edition: object) -> Ruleset:
    """find_edition, but a RuleViolation a player can read."""
    try:
        return find_edition(edition)
    except ValueError:
        raise RuleViolation(UNKNOWN_EDITION, edition=repr(edition)) from None
