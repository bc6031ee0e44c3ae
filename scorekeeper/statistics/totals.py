"""What the engine says about one game, per seat: the figure cached once per game version."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import Game, Ruleset


@dataclass(frozen=True, slots=True)
class SeatTotals:
    """One seat's sheet as the engine totals it."""

    total: int  # the grand total
    rank: int  # 1 for first place; equal totals share a rank
    boxes: tuple[int | None, ...]  # points per box in sheet order, None while empty
    upper_bonus: int  # points of the upper bonus (0 if not earned)
    extra: int  # extra five-of-a-kinds that earned the edition's extra bonus


@dataclass(frozen=True, slots=True)
class GameTotals:
    """Every seat's totals and whether the game is over (names are not cached: a rename keeps these)."""

    over: bool
    seats: tuple[SeatTotals, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (what the cache stores)."""
        return {
            "over": self.over,
            "seats": [[s.total, s.rank, list(s.boxes), s.upper_bonus, s.extra] for s in self.seats],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameTotals:
        """The totals to_json() stored."""
        return cls(
            over=bool(data["over"]),
            seats=tuple(
                SeatTotals(total, rank, tuple(boxes), upper_bonus, extra)
                for total, rank, boxes, upper_bonus, extra in data["seats"]
            ),
        )


def totals_of(game: Game) -> GameTotals:
    """The engine's totals and standings of a replayed game."""
    ranks = {standing.player: standing.rank for standing in game.standings()}
    return GameTotals(
        over=game.is_over,
        seats=tuple(
            SeatTotals(
                total=card.grand_total,
                rank=ranks[seat],
                boxes=card.scores,
                upper_bonus=card.upper_bonus,
                extra=card.yahtzee_bonus_count,
            )
            for seat, card in enumerate(game.cards)
        ),
    )


def five_box(rules: Ruleset) -> int | None:
    """The position in a column of the edition's all-equal box (Yahtzee, Yatzy, Maxi Yatzy), or None."""
    box = rules.all_equal_box
    return None if box is None else rules.box_index(box.key)
