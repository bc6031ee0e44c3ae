"""One player's scoresheet: filled boxes, the extra-bonus count and every total, for any ruleset."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import Dice
from .errors import RuleViolation
from .message import N_, Message
from .ruleset import Edition, Ruleset, as_edition

ALREADY_FILLED = N_("%(box)s is already filled.")
SHEET_COMPLETE = N_("This sheet is complete.")


@dataclass(frozen=True, slots=True)
class Scorecard:
    """An immutable scoresheet; fill() returns a new one. ``scores`` are in the ruleset's sheet order."""

    edition: Ruleset = Edition.HASBRO_1996
    scores: tuple[int | None, ...] = ()
    yahtzee_bonus_count: int = 0  # extra five-of-a-kinds that earned the bonus

    def __post_init__(self) -> None:
        # An id string ("yatzy") is accepted and looked up, so nothing plays the wrong rules.
        edition = as_edition(self.edition)
        object.__setattr__(self, "edition", edition)
        if not self.scores:
            object.__setattr__(self, "scores", (None,) * len(edition.boxes))
        elif len(self.scores) != len(edition.boxes):
            raise ValueError(f"{edition} has {len(edition.boxes)} boxes, not {len(self.scores)}")

    @property
    def rules(self) -> Ruleset:
        """The ruleset this sheet is played by (the same object as ``edition``)."""
        return self.edition

    # -- what the rules allow -------------------------------------------------

    @property
    def open_boxes(self) -> frozenset[str]:
        """The keys of the boxes still empty."""
        return frozenset(
            box.key for box, points in zip(self.edition.boxes, self.scores, strict=True) if points is None
        )

    @property
    def is_complete(self) -> bool:
        """Every box is filled."""
        return None not in self.scores

    def options(self, dice: object) -> dict[str, int]:
        """Every box key the rules allow for these final dice, with its points, in sheet order."""
        return self.edition.placements(self.scores, Dice.of(dice))

    def refusal(self, box: object, dice: object) -> RuleViolation | None:
        """The RuleViolation fill() would raise for this box and these dice, or None if allowed.

        An unknown box or bad dice raise, as everywhere else.
        """
        return self._refusal(self.edition.box_index(box), Dice.of(dice))

    def bonus_due(self, dice: object) -> bool:
        """These dice earn the extra bonus (Hasbro's +100) on this sheet."""
        return self.edition.bonus_points(self.scores, Dice.of(dice)) > 0

    def _refusal(self, index: int, roll: Dice) -> RuleViolation | None:
        if self.is_complete:
            return RuleViolation(SHEET_COMPLETE)
        if self.scores[index] is not None:
            return RuleViolation(ALREADY_FILLED, box=Message(self.edition.boxes[index].name))
        order = self.edition.refusal(self.scores, index, roll)
        return None if order is None else RuleViolation(order)

    # -- filling --------------------------------------------------------------

    def fill(self, box: object, dice: object) -> Scorecard:
        """A new sheet with this box filled; RuleViolation if the rules forbid it."""
        index = self.edition.box_index(box)
        roll = Dice.of(dice)
        refusal = self._refusal(index, roll)
        if refusal is not None:
            raise refusal
        points = self.edition.box_points(self.scores, index, roll)
        scores = self.scores[:index] + (points,) + self.scores[index + 1 :]
        bonuses = self.yahtzee_bonus_count + (self.edition.bonus_points(self.scores, roll) > 0)
        return Scorecard(self.edition, scores, bonuses)

    # -- reading --------------------------------------------------------------

    def points(self, box: object) -> int | None:
        """Points in a box, None while it is empty."""
        return self.scores[self.edition.box_index(box)]

    def _sum(self, indices: tuple[int, ...]) -> int:
        scores = self.scores
        return sum(p for p in (scores[i] for i in indices) if p is not None)

    @property
    def upper_subtotal(self) -> int:
        """Sum of the upper section (Ones … Sixes)."""
        return self._sum(self.edition.upper_indices)

    @property
    def upper_bonus(self) -> int:
        """The edition's upper bonus once the upper subtotal reaches its threshold, else 0."""
        bonus = self.edition.upper_bonus
        if bonus is None:
            return 0
        return bonus.points if self.upper_subtotal >= bonus.threshold else 0

    @property
    def upper_bonus_settled(self) -> bool:
        """The upper bonus can no longer change: it is earned, or every upper box is filled."""
        if self.edition.upper_bonus is None:
            return True
        return self.upper_bonus > 0 or all(self.scores[i] is not None for i in self.edition.upper_indices)

    @property
    def upper_total(self) -> int:
        """Upper subtotal plus the upper bonus."""
        return self.upper_subtotal + self.upper_bonus

    @property
    def upper_pace(self) -> int:
        """Upper points against three of each number in the filled upper boxes (0 is on pace for 63)."""
        return sum(
            points - 3 * box.face
            for box, points in zip(self.edition.boxes, self.scores, strict=True)
            if box.face is not None and points is not None
        )

    @property
    def lower_subtotal(self) -> int:
        """Sum of the lower section."""
        return self._sum(self.edition.lower_indices)

    @property
    def yahtzee_bonus(self) -> int:
        """The extra bonus points (100 per extra Yahtzee in the Hasbro editions; 0 where there is none)."""
        extra = self.edition.extra
        return extra.bonus * self.yahtzee_bonus_count if extra else 0

    @property
    def lower_total(self) -> int:
        """Lower subtotal plus the extra bonuses."""
        return self.lower_subtotal + self.yahtzee_bonus

    @property
    def grand_total(self) -> int:
        """Upper total plus lower total."""
        return self.upper_total + self.lower_total
