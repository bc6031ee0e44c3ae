"""One player's score card: its columns of boxes, the extra bonuses, the saved rolls and every total.

Single-column rulesets read it as one column: ``options``, ``fill(box, dice)``, ``points(box)`` and
the section totals are that column's. With several columns a turn names its column too.
"""

from __future__ import annotations

from dataclasses import dataclass

from .boxes import Cell
from .column import Column
from .dice import Dice
from .errors import RuleViolation
from .message import N_, Message
from .ruleset import DEFAULT_EDITION, Ruleset, as_edition

ALREADY_FILLED = N_("%(box)s is already filled.")
ALREADY_FILLED_IN_COLUMN = N_("%(box)s is already filled in column %(column)d.")
SHEET_COMPLETE = N_("This sheet is complete.")
CHOOSE_COLUMN = N_("Choose the column for %(box)s.")
NO_SUCH_COLUMN = N_("There is no column %(column)s.")

_ECHOED = 20  # characters of an odd column value repeated in a message


@dataclass(frozen=True, slots=True, init=False)
class Scorecard:
    """An immutable score card; fill() returns a new one.

    ``scores`` holds every cell, column after column, each in the ruleset's sheet order (one
    column: exactly its boxes). ``bonuses`` counts, per column, the extra five-of-a-kinds that
    earned the bonus there. ``saved_rolls`` is what the player's turns have saved so far.
    """

    edition: Ruleset
    scores: tuple[int | None, ...]
    bonuses: tuple[int, ...]
    saved_rolls: int

    def __init__(
        self,
        edition: object = DEFAULT_EDITION,
        scores: tuple[int | None, ...] = (),
        yahtzee_bonus_count: int = 0,
        *,
        bonuses: tuple[int, ...] | None = None,
        saved_rolls: int = 0,
    ) -> None:
        # An id string ("yatzy") is accepted and looked up, so nothing plays the wrong rules.
        rules = as_edition(edition)
        if not scores:
            scores = (None,) * rules.rounds
        elif len(scores) != rules.rounds:
            raise ValueError(f"{rules.id} has {rules.rounds} boxes, not {len(scores)}")
        if bonuses is None:  # the count alone: a one-column sheet's
            if yahtzee_bonus_count and len(rules.columns) > 1:
                raise ValueError(f"{rules.id}: say in which column each bonus is")
            bonuses = (yahtzee_bonus_count,) + (0,) * (len(rules.columns) - 1)
        elif len(bonuses) != len(rules.columns):
            raise ValueError(f"{rules.id} has {len(rules.columns)} columns, not {len(bonuses)}")
        object.__setattr__(self, "edition", rules)
        object.__setattr__(self, "scores", tuple(scores))
        object.__setattr__(self, "bonuses", tuple(bonuses))
        object.__setattr__(self, "saved_rolls", saved_rolls)

    def _derive(self, scores: tuple[int | None, ...], bonuses: tuple[int, ...], saved: int) -> Scorecard:
        """A sheet of the same ruleset, without checking again what fill() has checked."""
        new = object.__new__(Scorecard)
        object.__setattr__(new, "edition", self.edition)
        object.__setattr__(new, "scores", scores)
        object.__setattr__(new, "bonuses", bonuses)
        object.__setattr__(new, "saved_rolls", saved)
        return new

    # -- columns ----------------------------------------------------------------

    def column(self, number: int) -> Column:
        """One column (from 1) with its totals."""
        rules = self.edition
        if not 1 <= number <= len(rules.columns):
            raise IndexError(number)
        cells = rules.column_cells(number)
        return Column(rules, number, self.scores[cells.start : cells.stop], self.bonuses[number - 1])

    @property
    def columns(self) -> tuple[Column, ...]:
        """Every column, left to right."""
        return tuple(self.column(number) for number in range(1, len(self.edition.columns) + 1))

    # -- what the rules allow -------------------------------------------------

    @property
    def open_boxes(self) -> frozenset[str]:
        """The keys of the boxes still empty in some column."""
        return frozenset(cell.box for cell in self.open_cells)

    @property
    def open_cells(self) -> frozenset[Cell]:
        """The cells still empty."""
        cells = self.edition.cells
        return frozenset(cells[i] for i, points in enumerate(self.scores) if points is None)

    @property
    def playable_boxes(self) -> tuple[str, ...]:
        """The boxes the sheet's order lets the next turn fill, whatever its dice, in sheet order."""
        rules = self.edition
        return tuple(dict.fromkeys(rules.cells[i].box for i in rules.open_in_order(self.scores)))

    def open_columns(self, box: object) -> tuple[int, ...]:
        """The columns (from 1) in which this box is still empty; RuleViolation for an unknown box."""
        rules = self.edition
        key = rules.box(box).key
        return tuple(rules.column_of(i) for i in rules.cells_of(key) if self.scores[i] is None)

    @property
    def is_complete(self) -> bool:
        """Every box of every column is filled."""
        return None not in self.scores

    @property
    def most_rolls(self) -> int | None:
        """The most rolls the player's next turn may use, or None where rolls are not counted."""
        return self.edition.bank.most(self.saved_rolls)

    def options(self, dice: object) -> dict[str, int]:
        """Every box these final dice may fill (in some column), with its points, in sheet order."""
        return self.edition.placements(self.scores, self.edition.dice_of(dice))

    def cell_options(self, dice: object) -> dict[Cell, int]:
        """Every cell the rules allow for these final dice, with its points: box by box, columns in order."""
        return self.edition.cell_placements(self.scores, self.edition.dice_of(dice))

    def refusal(
        self, box: object, dice: object, column: object = None, rolls: object = None
    ) -> RuleViolation | None:
        """The RuleViolation fill() would raise for this turn, or None if allowed.

        An unknown box or bad dice raise, as everywhere else. Where the rules count rolls, the
        rolls are checked too (options() leaves them out: the boxes do not depend on them).
        """
        return self._check(box, dice, column, rolls)[2]

    def bonus_due(self, dice: object) -> bool:
        """These dice earn the extra bonus (Hasbro's +100) on this sheet."""
        return self.edition.bonus_points(self.scores, self.edition.dice_of(dice)) > 0

    def _check(
        self, box: object, dice: object, column: object, rolls: object
    ) -> tuple[int, Dice, RuleViolation | None]:
        """The turn's cell position and dice, and the refusal of the rules, if any."""
        rules = self.edition
        box_index = rules.box_index(box)
        roll = rules.dice_of(dice)
        if self.is_complete:
            return box_index, roll, RuleViolation(SHEET_COMPLETE)
        columns = len(rules.columns)
        if column is None and columns == 1:
            column = 1
        if column is None:
            return box_index, roll, RuleViolation(CHOOSE_COLUMN, box=Message(rules.boxes[box_index].name))
        if type(column) is not int or not 1 <= column <= columns:
            return box_index, roll, RuleViolation(NO_SUCH_COLUMN, column=str(column)[:_ECHOED])
        index = (column - 1) * len(rules.boxes) + box_index
        if self.scores[index] is not None:
            name = Message(rules.boxes[box_index].name)
            if columns == 1:
                return index, roll, RuleViolation(ALREADY_FILLED, box=name)
            return index, roll, RuleViolation(ALREADY_FILLED_IN_COLUMN, box=name, column=column)
        reason = rules.refusal(self.scores, index, roll) or rules.bank.refusal(self.saved_rolls, rolls)
        return index, roll, None if reason is None else RuleViolation(reason)

    # -- filling --------------------------------------------------------------

    def fill(self, box: object, dice: object, column: object = None, rolls: object = None) -> Scorecard:
        """A new sheet with this box filled (in this column, with these rolls used); RuleViolation if refused.

        The column may be left out where the sheet has one; rolls where the rules do not count them.
        """
        return self.write(box, dice, column, rolls)[0]

    def write(
        self, box: object, dice: object, column: object = None, rolls: object = None
    ) -> tuple[Scorecard, int, Dice, int, int]:
        """fill(), and where it wrote: the new sheet, the cell's position, the dice, the points, the bonus."""
        index, roll, refusal = self._check(box, dice, column, rolls)
        if refusal is not None:
            raise refusal
        rules, scores = self.edition, self.scores
        points = rules.box_points(scores, index, roll)
        bonus = rules.bonus_points(scores, roll)
        bonuses = self.bonuses
        if bonus:
            at = rules.column_of(index) - 1
            bonuses = bonuses[:at] + (bonuses[at] + 1,) + bonuses[at + 1 :]
        assert rolls is None or type(rolls) is int  # the bank's refusal let only these through
        card = self._derive(
            scores[:index] + (points,) + scores[index + 1 :],
            bonuses,
            rules.bank.after(self.saved_rolls, rolls),
        )
        return card, index, roll, points, bonus

    # -- reading --------------------------------------------------------------

    def points(self, box: object, column: int = 1) -> int | None:
        """Points in a box (of column 1 unless given), None while it is empty."""
        rules = self.edition
        try:
            return self.scores[rules.cell_index(box, column)]
        except IndexError:
            raise RuleViolation(NO_SUCH_COLUMN, column=str(column)[:_ECHOED]) from None

    def figure(self, name: str, column: int = 1) -> int:
        """A total row's figure: a column's (column 1 unless given), or the sheet's ``grand_total``."""
        return self.grand_total if name == "grand_total" else self.column(column).figure(name)

    def is_final(self, name: str, column: int = 1) -> bool:
        """The figure can no longer change, so it is written on paper now (the grand total: at the end)."""
        return self.is_complete if name == "grand_total" else self.column(column).is_final(name)

    # The section totals: the column's on a one-column sheet; summed over the columns, before
    # their multipliers, on a sheet of several (read ``columns`` there).

    @property
    def yahtzee_bonus_count(self) -> int:
        """Extra five-of-a-kinds that earned the bonus, in every column."""
        return sum(self.bonuses)

    @property
    def upper_subtotal(self) -> int:
        """Sum of the upper section (Ones … Sixes)."""
        return sum(column.upper_subtotal for column in self.columns)

    @property
    def upper_bonus(self) -> int:
        """The edition's upper bonus once the upper subtotal reaches its threshold, else 0."""
        return sum(column.upper_bonus for column in self.columns)

    @property
    def upper_bonus_settled(self) -> bool:
        """The upper bonus can no longer change: it is earned, or every upper box is filled."""
        return all(column.upper_bonus_settled for column in self.columns)

    @property
    def upper_total(self) -> int:
        """Upper subtotal plus the upper bonus."""
        return self.upper_subtotal + self.upper_bonus

    @property
    def upper_pace(self) -> int:
        """Upper points against the par of each number in the filled upper boxes, every column's."""
        return sum(column.upper_pace for column in self.columns)

    @property
    def lower_subtotal(self) -> int:
        """Sum of the lower section."""
        return sum(column.lower_subtotal for column in self.columns)

    @property
    def yahtzee_bonus(self) -> int:
        """The extra bonus points (100 per extra Yahtzee in the Hasbro editions; 0 where there is none)."""
        return sum(column.yahtzee_bonus for column in self.columns)

    @property
    def lower_total(self) -> int:
        """Lower subtotal plus the extra bonuses."""
        return self.lower_subtotal + self.yahtzee_bonus

    @property
    def grand_total(self) -> int:
        """Every column's total times its multiplier, added up (one column: upper plus lower total)."""
        return sum(column.score for column in self.columns)
