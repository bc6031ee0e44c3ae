"""Where a final roll may go: the extra-Yahtzee bonus and the joker order of each edition."""

from __future__ import annotations

from collections.abc import Collection

from .boxes import BOXES, LOWER_BOXES, UPPER_BOXES, Box, Edition, N_
from .scoring import YAHTZEE_POINTS, Dice, box_scores, is_five_of_a_kind, joker_score, score

EXTRA_YAHTZEE_BONUS = 100

_KINDS = (Box.THREE_OF_A_KIND, Box.FOUR_OF_A_KIND)

MUST_GO_UPPER = N_("Joker rule: five %(face)ds must go in %(upper)s while %(upper)s is empty.")
MUST_GO_KIND = N_(
    "Joker rule (2016 sheet): an extra Yahtzee must go in Three of a kind or "
    "Four of a kind while either is empty."
)
MUST_GO_LOWER = N_("Joker rule: an extra Yahtzee goes in an empty lower box before any upper box.")


def is_joker(dice: Dice, yahtzee_points: int | None) -> bool:
    """An extra Yahtzee: five equal dice while the Yahtzee box is already filled (50 or 0)."""
    return yahtzee_points is not None and is_five_of_a_kind(dice)


def bonus_due(dice: Dice, yahtzee_points: int | None) -> bool:
    """+100 for an extra Yahtzee, only when the Yahtzee box holds 50."""
    return yahtzee_points == YAHTZEE_POINTS and is_five_of_a_kind(dice)


def _joker_step(
    open_boxes: Collection[Box], dice: Dice, edition: Edition
) -> tuple[tuple[Box, ...], str, dict[str, object]]:
    """The boxes an extra Yahtzee may fill, and why the others may not."""
    upper = Box.for_face(dice[0])
    if upper in open_boxes:  # step 1, both editions
        return (upper,), MUST_GO_UPPER, {"face": dice[0], "upper": upper.display_name}
    if edition is Edition.HASBRO_2016:  # the 2016 sheet's extra step 2
        kinds = tuple(box for box in _KINDS if box in open_boxes)
        if kinds:
            return kinds, MUST_GO_KIND, {}
    lower = tuple(box for box in LOWER_BOXES if box in open_boxes)
    if lower:
        return lower, MUST_GO_LOWER, {}
    return tuple(box for box in UPPER_BOXES if box in open_boxes), "", {}  # last step: 0 upper


def placements(
    open_boxes: Collection[Box], dice: Dice, yahtzee_points: int | None, edition: Edition
) -> dict[Box, int]:
    """Every box these sorted final dice may fill, with its points, in sheet order."""
    if is_joker(dice, yahtzee_points):
        allowed, _, _ = _joker_step(open_boxes, dice, edition)
        return {box: joker_score(box, dice) for box in allowed}
    scores = box_scores(dice)
    return {box: scores[i] for i, box in enumerate(BOXES) if box in open_boxes}


def placed_points(box: Box, dice: Dice, yahtzee_points: int | None) -> int:
    """Points of sorted dice in an allowed box: joker points for an extra Yahtzee."""
    return joker_score(box, dice) if is_joker(dice, yahtzee_points) else score(box, dice)


def joker_refusal(
    box: Box, open_boxes: Collection[Box], dice: Dice, yahtzee_points: int | None,
    edition: Edition,
) -> tuple[str, dict[str, object]] | None:
    """Why the joker order forbids an open box for these dice (template, params), or None."""
    if not is_joker(dice, yahtzee_points):
        return None
    allowed, template, params = _joker_step(open_boxes, dice, edition)
    if box in allowed:
        return None
    return template, params
