"""One column of a player's sheet (the only one, or ×1, ×2, ×3 in Triple Yahtzee) and its totals."""

from __future__ import annotations

from dataclasses import dataclass

from .ruleset import COLUMN_FIGURES, Ruleset

# The figures of a column the export writes, in its order.
EXPORTED_FIGURES = (
    "upper_subtotal",
    "upper_bonus",
    "lower_subtotal",
    "yahtzee_bonus",
    "total",
    "multiplier",
    "score",
)


@dataclass(frozen=True, slots=True)
class Column:
    """A column's boxes (sheet order) and the extra bonuses paid in it; every total is derived."""

    edition: Ruleset
    number: int  # from 1, left to right
    scores: tuple[int | None, ...]
    bonus_count: int = 0  # extra five-of-a-kinds entered in this column that earned the bonus

    @property
    def multiplier(self) -> int:
        """What the column's total is multiplied by (1, 2 or 3 in Triple Yahtzee)."""
        return self.edition.columns[self.number - 1]

    def _sum(self, indices: tuple[int, ...]) -> int:
        scores = self.scores
        return sum(p for p in (scores[i] for i in indices) if p is not None)

    def _filled(self, indices: tuple[int, ...]) -> bool:
        return all(self.scores[i] is not None for i in indices)

    @property
    def is_complete(self) -> bool:
        """Every box of the column is filled."""
        return None not in self.scores

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
        return self.upper_bonus > 0 or self._filled(self.edition.upper_indices)

    @property
    def upper_total(self) -> int:
        """Upper subtotal plus the upper bonus."""
        return self.upper_subtotal + self.upper_bonus

    @property
    def upper_pace(self) -> int:
        """Upper points against three of each number in the filled upper boxes (0 is on pace for 63)."""
        boxes = self.edition.boxes
        return sum(
            points - 3 * (boxes[i].face or 0)
            for i in self.edition.upper_indices
            if (points := self.scores[i]) is not None
        )

    @property
    def lower_subtotal(self) -> int:
        """Sum of the lower section."""
        return self._sum(self.edition.lower_indices)

    @property
    def yahtzee_bonus(self) -> int:
        """The extra bonus points paid in this column (100 per extra Yahtzee in Hasbro's sheets)."""
        extra = self.edition.extra
        return extra.bonus * self.bonus_count if extra else 0

    @property
    def lower_total(self) -> int:
        """Lower subtotal plus the extra bonuses."""
        return self.lower_subtotal + self.yahtzee_bonus

    @property
    def total(self) -> int:
        """Upper total plus lower total, before the multiplier."""
        return self.upper_total + self.lower_total

    @property
    def score(self) -> int:
        """The total times the multiplier: what the column adds to the grand total."""
        return self.total * self.multiplier

    def figure(self, name: str) -> int:
        """One of COLUMN_FIGURES by its name (what a TotalRow names)."""
        if name not in COLUMN_FIGURES:
            raise ValueError(f"{name!r} is not a figure of a column")
        value: int = getattr(self, name)
        return value

    def is_final(self, name: str) -> bool:
        """The figure can no longer change, so a scorer writes it on paper now.

        The upper figures once the upper boxes are filled (the bonus as soon as it is settled);
        the others once the column is complete. Where an extra bonus exists, the lower subtotal
        also waits for the whole column, as the bonus line beside it does.
        """
        self.figure(name)  # an unknown name is refused
        rules = self.edition
        if name in ("upper_subtotal", "upper_total"):
            return self._filled(rules.upper_indices)
        if name == "upper_bonus":
            return self.upper_bonus_settled
        if name == "multiplier":
            return True
        if name == "lower_subtotal":
            return self._filled(rules.lower_indices) and (rules.extra is None or self.is_complete)
        return self.is_complete

    def figures(self) -> dict[str, int]:
        """The column's totals as the export writes them."""
        return {name: self.figure(name) for name in EXPORTED_FIGURES}
