"""An edition of the rules as one ruleset object, and the registry that finds one by its id.

A ruleset owns, as data and small functions, everything that differs between editions: its
boxes in sheet order (key, section, names, paper label and how-to text, score function, fixed
score), its upper bonus, its extra-five-of-a-kind policy (Hasbro's joker and 100 bonus) or none,
an optional forced order, the total rows its paper sheet prints, and whether it has a coach.
The number of turns follows from the number of boxes.

Adding an edition is one new module in ``scorekeeper/rules/editions/`` that calls
``register(Ruleset(...))`` (plus its tests and translations); the registry imports every module
there, and the scorecard, the game, the web pages, the printed sheet, the export, the history
and the coach all read the ruleset, so nothing outside this package needs an edit.
Modelled on python-chess's variants (``VARIANTS``, ``find_variant(name)``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .boxes import LOWER, UPPER, BoxSpec
from .dice import ALL_ROLLS, Dice
from .errors import RuleViolation
from .message import N_, Message

if TYPE_CHECKING:
    from .joker import ExtraYahtzee

UNKNOWN_BOX = N_("There is no box called %(box)s.")
UNKNOWN_EDITION = N_("There is no rules edition called %(edition)s.")
FORCED_ORDER = N_("Forced order: %(box)s must be filled now.")

DEFAULT_EDITION = "hasbro-1996"


@dataclass(frozen=True)
class UpperBonus:
    """Points added once the upper subtotal reaches a threshold."""

    threshold: int
    points: int


@dataclass(frozen=True)
class TotalRow:
    """A total line of the paper sheet: which Scorecard figure it shows and how it is labelled.

    ``how`` may use %(threshold)d, %(points)d (the upper bonus) and %(bonus)d (the extra bonus).
    """

    figure: str  # a Scorecard property: upper_subtotal, upper_bonus, upper_total, yahtzee_bonus, …
    label: str
    note: str = ""
    how: str = ""
    score: str = ""


class _Registry(type):
    """Lets ``Edition.HASBRO_1996`` and ``for edition in Edition`` read the registry."""

    def __getattr__(cls, name: str) -> Ruleset:
        ruleset = EDITIONS.get(name.lower().replace("_", "-")) if name.isupper() else None
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
    upper_bonus: UpperBonus | None  # None: the edition has no upper bonus
    extra: ExtraYahtzee | None  # the extra-five-of-a-kind policy (joker and bonus), if any
    forced_order: bool
    has_coach: bool
    upper_totals: tuple[TotalRow, ...]
    lower_totals: tuple[TotalRow, ...]
    # The translation context (msgctxt) of the labels this edition words its own way, if any.
    vocabulary: str | None
    # Built once by __new__ from the boxes.
    _index: dict[object, int]
    _keys: tuple[str, ...]
    _table: dict[Dice, tuple[int, ...]]
    upper_indices: tuple[int, ...]  # sheet positions of the upper boxes: totals sum them often
    lower_indices: tuple[int, ...]

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
            "upper_bonus": None,
            "extra": None,
            "forced_order": False,
            "has_coach": True,
            "upper_totals": (),
            "lower_totals": (),
            "vocabulary": None,
            **spec,
        }
        fields["_index"] = {box.key: i for i, box in enumerate(boxes)}
        fields["_keys"] = tuple(box.key for box in boxes)
        fields["upper_indices"] = tuple(i for i, box in enumerate(boxes) if box.section == UPPER)
        fields["lower_indices"] = tuple(i for i, box in enumerate(boxes) if box.section == LOWER)
        fields["_table"] = {roll: tuple(box.score(roll) for box in boxes) for roll in ALL_ROLLS}
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        if len(fields["_index"]) != len(boxes):
            raise ValueError(f"{id}: two boxes share a key")
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
        """Turns per player: one per box."""
        return len(self.boxes)

    def box_index(self, key: object) -> int:
        """A box's position on the sheet; RuleViolation for a key this edition has no box for."""
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

    def scores(self, dice: Dice) -> tuple[int, ...]:
        """Points of sorted dice in every box, sheet order, before any joker (a look-up)."""
        return self._table[dice]

    # -- where a final roll may go ----------------------------------------------

    def placements(self, scores: Sequence[int | None], dice: Dice) -> dict[str, int]:
        """Every box these dice may fill on a sheet with these scores, with its points, in sheet order."""
        keys = self._keys
        open_ = [i for i, points in enumerate(scores) if points is None]
        if self.forced_order:
            open_ = open_[:1]
        elif self.extra is not None and self.extra.is_joker(self, scores, dice):
            allowed, _ = self.extra.joker_step(self, open_, dice)
            return {keys[i]: self.extra.joker_points(self.boxes[i], dice) for i in allowed}
        points = self.scores(dice)
        return {keys[i]: points[i] for i in open_}

    def refusal(self, scores: Sequence[int | None], index: int, dice: Dice) -> Message | None:
        """Why the order rules forbid an open box for these dice, or None."""
        if self.forced_order:
            first = next((i for i, points in enumerate(scores) if points is None), index)
            if index == first:
                return None
            return Message(FORCED_ORDER, {"box": Message(self.boxes[first].name)})
        if self.extra is not None and self.extra.is_joker(self, scores, dice):
            open_ = [i for i, points in enumerate(scores) if points is None]
            allowed, reason = self.extra.joker_step(self, open_, dice)
            return None if index in allowed else reason
        return None

    def box_points(self, scores: Sequence[int | None], index: int, dice: Dice) -> int:
        """Points these dice score in a box the rules allow on this sheet (a joker's where one applies)."""
        if self.extra is not None and self.extra.is_joker(self, scores, dice):
            return self.extra.joker_points(self.boxes[index], dice)
        return self.scores(dice)[index]

    def bonus_points(self, scores: Sequence[int | None], dice: Dice) -> int:
        """Bonus points these dice earn on this sheet wherever they go (an extra Yahtzee's 100)."""
        return self.extra.bonus_points(self, scores, dice) if self.extra else 0


_SPEC_FIELDS = {
    "name",
    "description",
    "boxes",
    "upper_bonus",
    "extra",
    "forced_order",
    "has_coach",
    "upper_totals",
    "lower_totals",
    "vocabulary",
}

Edition = Ruleset  # the name used outside the package: Edition("hasbro-1996"), Edition.HASBRO_1996

EDITIONS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to the registry (its module does this when imported)."""
    if ruleset.id in EDITIONS:
        raise ValueError(f"two rulesets are called {ruleset.id}")
    EDITIONS[ruleset.id] = ruleset
    return ruleset


def find_edition(id: object) -> Ruleset:
    """The registered ruleset with this id; ValueError naming the valid ids otherwise."""
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
