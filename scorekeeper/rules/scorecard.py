"""One player's scoresheet: filled boxes, the Yahtzee bonus count and every total."""

from __future__ import annotations

from dataclasses import dataclass

from .boxes import BOXES, Box, Edition, N_
from .errors import RuleViolation
from .joker import EXTRA_YAHTZEE_BONUS, bonus_due, joker_refusal, placed_points, placements
from .scoring import normalize_dice

UPPER_BONUS_THRESHOLD = 63
UPPER_BONUS_POINTS = 35

ALREADY_FILLED = N_("%(box)s is already filled.")
SHEET_COMPLETE = N_("This sheet is complete.")
UNKNOWN_BOX = N_("There is no box called %(box)s.")
UNKNOWN_EDITION = N_("There is no rules edition called %(edition)s.")

_EMPTY = (None,) * len(BOXES)


def _as_box(box: object) -> Box:
    """A Box from a Box or its value; RuleViolation for anything else."""
    try:
        return Box(box)
    except ValueError:
        raise RuleViolation(UNKNOWN_BOX, box=repr(box)) from None


def _as_edition(edition: object) -> Edition:
    """An Edition from an Edition or its id; RuleViolation for anything else."""
    try:
        return Edition(edition)
    except ValueError:
        raise RuleViolation(UNKNOWN_EDITION, edition=repr(edition)) from None


@dataclass(frozen=True, slots=True)
class Scorecard:
    """An immutable scoresheet; fill() returns a new one."""

    edition: Edition = Edition.HASBRO_1996
    scores: tuple[int | None, ...] = _EMPTY
    yahtzee_bonus_count: int = 0

    def __post_init__(self) -> None:
        # A plain "hasbro-2016" string would otherwise fail the `is Edition.HASBRO_2016`
        # test of the joker order and silently play the 1996 order.
        if type(self.edition) is not Edition:
            object.__setattr__(self, "edition", _as_edition(self.edition))

    # -- what the rules allow -------------------------------------------------

    @property
    def open_boxes(self) -> frozenset[Box]:
        """The boxes still empty."""
        return frozenset(box for box, points in zip(BOXES, self.scores) if points is None)

    @property
    def is_complete(self) -> bool:
        """All 13 boxes are filled."""
        return None not in self.scores

    def options(self, dice: object) -> dict[Box, int]:
        """Every box the rules allow for these final dice, with its points (joker order applied)."""
        roll = normalize_dice(dice)
        return placements(self.open_boxes, roll, self.scores[Box.YAHTZEE.index], self.edition)

    def why_not(self, box: Box, dice: object) -> str | None:
        """Why this box may not take these dice (already filled, or the joker order), or None."""
        refusal = self.refusal(box, dice)
        return None if refusal is None else str(refusal)

    def refusal(self, box: Box, dice: object) -> RuleViolation | None:
        """The RuleViolation fill() would raise for this box and these dice, or None if allowed.

        Unlike why_not it keeps the message's template and params, so a caller can translate it.
        An unknown box or bad dice raise, as everywhere else.
        """
        return self._refusal(_as_box(box), normalize_dice(dice))

    def bonus_due(self, dice: object) -> bool:
        """These dice earn the +100 extra-Yahtzee bonus on this sheet."""
        return bonus_due(normalize_dice(dice), self.scores[Box.YAHTZEE.index])

    def _refusal(self, box: Box, roll: tuple[int, ...]) -> RuleViolation | None:
        if self.is_complete:
            return RuleViolation(SHEET_COMPLETE)
        if self.scores[box.index] is not None:
            return RuleViolation(ALREADY_FILLED, box=box.display_name)
        joker = joker_refusal(
            box, self.open_boxes, roll, self.scores[Box.YAHTZEE.index], self.edition  # type: ignore[arg-type]
        )
        return None if joker is None else RuleViolation(joker[0], **joker[1])

    # -- filling --------------------------------------------------------------

    def fill(self, box: Box, dice: object) -> Scorecard:
        """A new sheet with this box filled; RuleViolation if the rules forbid it."""
        box = _as_box(box)
        roll = normalize_dice(dice)
        refusal = self._refusal(box, roll)
        if refusal is not None:
            raise refusal
        yahtzee_points = self.scores[Box.YAHTZEE.index]
        points = placed_points(box, roll, yahtzee_points)
        scores = list(self.scores)
        scores[box.index] = points
        bonuses = self.yahtzee_bonus_count + bonus_due(roll, yahtzee_points)
        return Scorecard(self.edition, tuple(scores), bonuses)

    # -- reading --------------------------------------------------------------

    def points(self, box: Box) -> int | None:
        """Points in a box, None while it is empty."""
        return self.scores[_as_box(box).index]

    @property
    def upper_subtotal(self) -> int:
        """Sum of Ones … Sixes."""
        return sum(p for p in self.scores[:6] if p is not None)

    @property
    def upper_bonus(self) -> int:
        """35 once the upper subtotal reaches 63, else 0."""
        return UPPER_BONUS_POINTS if self.upper_subtotal >= UPPER_BONUS_THRESHOLD else 0

    @property
    def upper_bonus_settled(self) -> bool:
        """The upper bonus can no longer change: 35 is earned, or every upper box is filled."""
        return self.upper_bonus > 0 or None not in self.scores[:6]

    @property
    def upper_total(self) -> int:
        """Upper subtotal plus the upper bonus."""
        return self.upper_subtotal + self.upper_bonus

    @property
    def upper_pace(self) -> int:
        """Upper points against three of each number in the filled upper boxes (0 is on pace for 63)."""
        return sum(
            points - 3 * face
            for face, points in enumerate(self.scores[:6], start=1)
            if points is not None
        )

    @property
    def lower_subtotal(self) -> int:
        """Sum of the seven lower boxes."""
        return sum(p for p in self.scores[6:] if p is not None)

    @property
    def yahtzee_bonus(self) -> int:
        """100 points per extra Yahtzee scored while the Yahtzee box held 50."""
        return EXTRA_YAHTZEE_BONUS * self.yahtzee_bonus_count

    @property
    def lower_total(self) -> int:
        """Lower subtotal plus Yahtzee bonuses."""
        return self.lower_subtotal + self.yahtzee_bonus

    @property
    def grand_total(self) -> int:
        """Upper total plus lower total."""
        return self.upper_total + self.lower_total
