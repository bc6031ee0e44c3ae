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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
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


class _Registry(type):
    """Lets ``Edition.HASBRO_1996`` and ``for edition in Edition`` read the registry."""

    def __getattr__(cls, name: str) -> Ruleset:
        ruleset = _registered(name.lower().replace("_", "-")) if name.isupper() else None
        if ruleset is None:
            raise AttributeError(name)
        return ruleset

    def __iter__(cls) -> Iterator[Ruleset]:
        return iter(EDITIONS.values())

    def __len__(cls) -> int:
        return len(EDITIONS)


class Ruleset(str, metaclass=_Registry):
    """One edition's rules. It is also its id: ``Edition.HASBRO_1996 == "hasbro-1996"``.

    Being a str, it stores, prints and serialises as its id; ``in`` and ``index()`` are about
    its boxes, not its characters.

    ``Ruleset("yatzy")`` (alias ``Edition("yatzy")``) finds a registered ruleset; a ValueError
    names the valid ids. A new ruleset is made with keywords and then registered.
    """

    id: str
    name: str
    description: str
    boxes: tuple[BoxSpec, ...]
    dice_count: int  # dice rolled (5, or 6 in Maxi Yatzy)
    columns: tuple[int, ...]  # each column's multiplier, left to right: (1,), or (1, 2, 3)
    upper_bonus: UpperBonus | None  # None: the edition has no upper bonus
    extra: ExtraYahtzee | None  # the extra-five-of-a-kind policy (joker and bonus), if any
    order: OrderRule  # which open boxes a turn may fill
    bank: RollBank  # whether a turn counts its rolls, and what it saves
    has_coach: bool
    # False keeps the edition out of what the app offers (EDITIONS, ``for e in Edition``) while
    # its pages cannot show its shape yet; find_edition() still finds it.
    offered: bool
    upper_totals: tuple[TotalRow, ...]
    lower_totals: tuple[TotalRow, ...]
    # The translation context (msgctxt) of the labels this edition words its own way, if any.
    vocabulary: str | None
    # Built once by __new__ from the boxes and columns.
    _index: dict[object, int]
    _keys: tuple[str, ...]
    _table: dict[Dice, tuple[int, ...]]
    _cells: tuple[Cell, ...]  # every cell of a sheet, by position
    _box_of: tuple[int, ...]  # position -> box index
    _cells_of: dict[str, tuple[int, ...]]  # box key -> its position in each column
    _box_major: tuple[int, ...]  # every position, box by box and each box's columns in order
    upper_indices: tuple[int, ...]  # box indices of the upper boxes: totals sum them often
    lower_indices: tuple[int, ...]
    all_equal_box: BoxSpec | None  # the box of all-equal dice (Yahtzee, Yatzy, Maxi Yatzy), if any

    def __new__(cls, id: str, **spec: Any) -> Ruleset:
        if not spec:
            return find_edition(id)
        unknown = set(spec) - _SPEC_FIELDS
        if unknown:  # a misspelt keyword would otherwise be a rule silently not applied
            raise TypeError(f"{id}: a ruleset has no {', '.join(sorted(unknown))}")
        missing = {"name", "boxes"} - set(spec)
        if missing:
            raise TypeError(f"{id}: a ruleset needs {', '.join(sorted(missing))}")
        self = super().__new__(cls, id)
        boxes = tuple(spec.pop("boxes"))
        fields = {
            "id": str(id),
            "boxes": boxes,
            "description": "",
            "dice_count": 5,
            "columns": (1,),
            "upper_bonus": None,
            "extra": None,
            "order": FREE_ORDER,
            "bank": NO_BANK,
            "has_coach": True,
            "offered": True,
            "upper_totals": (),
            "lower_totals": (),
            "vocabulary": None,
            **spec,
        }
        columns = fields["columns"] = tuple(fields["columns"])
        if not columns or not all(type(m) is int and m > 0 for m in columns):
            raise ValueError(f"{id}: columns are positive multipliers, at least one")
        if type(fields["dice_count"]) is not int or fields["dice_count"] < 1:
            raise ValueError(f"{id}: a ruleset rolls at least one die")
        width = len(boxes)
        fields["_index"] = {box.key: i for i, box in enumerate(boxes)}
        fields["_keys"] = tuple(box.key for box in boxes)
        fields["upper_indices"] = tuple(i for i, box in enumerate(boxes) if box.section == UPPER)
        fields["lower_indices"] = tuple(i for i, box in enumerate(boxes) if box.section == LOWER)
        rolls = all_rolls(fields["dice_count"])
        fields["_table"] = {roll: tuple(box.score(roll) for box in boxes) for roll in rolls}
        fields["_cells"] = tuple(Cell(box.key, c) for c in range(1, len(columns) + 1) for box in boxes)
        fields["_box_of"] = tuple(i % width for i in range(width * len(columns))) if width else ()
        fields["_cells_of"] = {
            box.key: tuple(c * width + i for c in range(len(columns))) for i, box in enumerate(boxes)
        }
        fields["_box_major"] = tuple(c * width + i for i in range(width) for c in range(len(columns)))
        if len(fields["_index"]) != len(boxes):
            raise ValueError(f"{id}: two boxes share a key")
        extra = fields["extra"]
        if extra is not None and extra.box not in fields["_index"]:
            raise ValueError(f"{id}: the extra policy's box {extra.box!r} is not on the sheet")
        fields["all_equal_box"] = _all_equal_box(boxes, extra, fields["_table"])
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a ruleset is immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return find_edition, (self.id,)

    def __repr__(self) -> str:
        return f"Edition({self.id!r})"

    @property
    def value(self) -> str:
        """The id (what the database and the export store), as an enum's value was."""
        return self.id

    @classmethod
    def default(cls) -> Ruleset:
        """The edition used when none is chosen."""
        return EDITIONS[DEFAULT_EDITION]

    @property
    def display_name(self) -> str:
        """The edition's name for the UI (translated by the web layer)."""
        return self.name

    @property
    def forced_order(self) -> bool:
        """Each column is filled top to bottom (what the coach asks; the order policy decides)."""
        return self.order.forced

    # -- the sheet --------------------------------------------------------------

    @property
    def box_keys(self) -> tuple[str, ...]:
        """Every box key in sheet order."""
        return self._keys

    def __contains__(self, key: object) -> bool:
        """``"two_pairs" in Edition.YATZY``: the sheet has a box with this key (not a substring test)."""
        return key in self._index

    # Not `upper`, `lower` or `index`: those are str methods that libraries call on any str.
    @property
    def upper_boxes(self) -> tuple[BoxSpec, ...]:
        """The upper section's boxes in order."""
        return tuple(self.boxes[i] for i in self.upper_indices)

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

    def _open(self, scores: Sequence[int | None]) -> list[int]:
        """The open cells the order rule allows, box by box (the order every answer lists them in)."""
        return self.order.allowed(self, scores, [i for i in self._box_major if scores[i] is None])

    def _allowed(self, scores: Sequence[int | None], dice: Dice) -> tuple[list[int], bool]:
        """The open cells these dice may fill, by position, and whether they are a joker."""
        open_ = self._open(scores)
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
            allowed, reason = self.extra.joker_step(self, self._open(scores), dice)
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


_SPEC_FIELDS = {
    "name",
    "description",
    "boxes",
    "dice_count",
    "columns",
    "upper_bonus",
    "extra",
    "order",
    "bank",
    "has_coach",
    "offered",
    "upper_totals",
    "lower_totals",
    "vocabulary",
}


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


Edition = Ruleset  # the name used outside the package: Edition("hasbro-1996"), Edition.HASBRO_1996

# The editions the app offers, by id: what its pages list and accept.
EDITIONS: dict[str, Ruleset] = {}
# Registered but not offered yet (``offered=False``): found by id, listed by every_edition().
_NOT_OFFERED: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to the registry (its module does this when imported)."""
    if _registered(ruleset.id) is not None:
        raise ValueError(f"two rulesets are called {ruleset.id}")
    (EDITIONS if ruleset.offered else _NOT_OFFERED)[ruleset.id] = ruleset
    return ruleset


def _registered(id: str) -> Ruleset | None:
    """The ruleset registered under this id, offered or not."""
    return EDITIONS[id] if id in EDITIONS else _NOT_OFFERED.get(id)


def every_edition() -> tuple[Ruleset, ...]:
    """Every registered ruleset, the offered ones first, each in the order registered."""
    return (*EDITIONS.values(), *_NOT_OFFERED.values())


def find_edition(id: object) -> Ruleset:
    """The registered ruleset with this id (offered or not); ValueError naming the valid ids otherwise."""
    if isinstance(id, Ruleset):
        return id
    ruleset = _registered(id) if isinstance(id, str) else None
    if ruleset is None:
        valid = ", ".join(ruleset.id for ruleset in every_edition())
        raise ValueError(f"{id!r} is not a rules edition; the editions are {valid}")
    return ruleset


def as_edition(edition: object) -> Ruleset:
    """find_edition, but a RuleViolation a player can read."""
    try:
        return find_edition(edition)
    except ValueError:
        raise RuleViolation(UNKNOWN_EDITION, edition=repr(edition)) from None
