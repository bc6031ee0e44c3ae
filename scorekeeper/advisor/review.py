"""The post-game review: each box chosen against the best one, and the expected score over time."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scorekeeper.rules import Edition, Game, Ruleset, Scorecard

from .advisor import Advisor, ranked_boxes


@dataclass(frozen=True, slots=True)
class TurnReview:
    """One recorded turn judged against the best box for that sheet and those final dice."""

    round: int  # 1 to the edition's rounds
    dice: tuple[int, ...]
    box: str  # the key of the box chosen
    points: int  # what it scored (extra bonus not included)
    best_box: str  # the best box's key (ties: sheet order)
    expected_chosen: float  # expected final score after the choice made
    expected_best: float  # expected final score after the best choice

    @property
    def regret(self) -> float:
        """Expected points lost by this choice (0 for a best choice)."""
        return max(0.0, self.expected_best - self.expected_chosen)


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One player's turns in order, and their expected final score before and after each."""

    player: int  # seat index
    name: str
    expected_start: float  # a new game's expected score
    turns: tuple[TurnReview, ...]

    @property
    def series(self) -> tuple[float, ...]:
        """Expected final score before the first turn, then after each turn (last: the final total)."""
        return (self.expected_start,) + tuple(t.expected_chosen for t in self.turns)

    @property
    def total_regret(self) -> float:
        """Expected points lost over all reviewed turns."""
        return sum(t.regret for t in self.turns)

    @property
    def mean_regret(self) -> float:
        """Expected points lost per reviewed turn (0 before any turn)."""
        return self.total_regret / len(self.turns) if self.turns else 0.0

    def costliest(self, count: int = 3) -> list[TurnReview]:
        """The turns that lost the most, worst first (ties: earlier round); no-loss turns left out."""
        lossy = [t for t in self.turns if round(t.regret, 9) > 0]
        return sorted(lossy, key=lambda t: (-t.regret, t.round))[:count]


def review_game(
    game: Game, advisor_by_edition: Mapping[str, Advisor] | Callable[[Ruleset], Advisor]
) -> list[PlayerReview]:
    """Review every recorded turn of a game (over or not), one PlayerReview per seat in seat order."""
    edition = Edition(game.edition)
    advisor = advisor_by_edition(edition) if callable(advisor_by_edition) else advisor_by_edition[edition]
    cards = [Scorecard(edition) for _ in game.players]
    turns: list[list[TurnReview]] = [[] for _ in game.players]
    for turn in game.turns:
        card = cards[turn.player]
        values = advisor.box_values(card, turn.dice)
        best = ranked_boxes(values)[0]
        turns[turn.player].append(
            TurnReview(
                round=turn.round,
                dice=turn.dice,
                box=turn.box,
                points=turn.points,
                best_box=best,
                expected_chosen=values[turn.box],
                expected_best=values[best],
            )
        )
        cards[turn.player] = card.fill(turn.box, turn.dice)
    start = advisor.expected_score()
    return [
        PlayerReview(player=seat, name=name, expected_start=start, turns=tuple(turns[seat]))
        for seat, name in enumerate(game.players)
    ]
