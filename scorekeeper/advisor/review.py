"""The post-game review: each box against the best one, the expected score and the chance to win over time.

Luck against choices: over one turn the expected final score moves by (what the dice did) minus
(what the box choice cost). The app sees only the final dice, so "the dice" means the whole turn's
rolls with the keeps made between them: keeping decisions are counted with the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scorekeeper.rules import Game, Ruleset, Scorecard

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
    expected_before: float = 0.0  # expected final score at the start of the turn

    @property
    def luck(self) -> float:
        """What the final dice (and the keeps before them) did: best box's value minus the turn start's."""
        return self.expected_best - self.expected_before

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

    @property
    def total_luck(self) -> float:
        """Expected points the dice brought (negative: took) over all reviewed turns."""
        return sum(t.luck for t in self.turns)

    def costliest(self, count: int = 3) -> list[TurnReview]:
        """The turns that lost the most, worst first (ties: earlier round); no-loss turns left out."""
        lossy = [t for t in self.turns if round(t.regret, 9) > 0]
        return sorted(lossy, key=lambda t: (-t.regret, t.round))[:count]


def review_game(
    game: Game, advisor_by_edition: Mapping[str, Advisor] | Callable[[Ruleset], Advisor]
) -> list[PlayerReview]:
    """Review every recorded turn of a game (over or not), one PlayerReview per seat in seat order."""
    edition = game.edition
    advisor = advisor_by_edition(edition) if callable(advisor_by_edition) else advisor_by_edition[edition.id]
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
                expected_before=advisor.expected_final(card),
            )
        )
        cards[turn.player] = card.fill(turn.box, turn.dice)
    start = advisor.expected_score()
    return [
        PlayerReview(player=seat, name=name, expected_start=start, turns=tuple(turns[seat]))
        for seat, name in enumerate(game.players)
    ]


def chance_series(game: Game, advisor: Advisor) -> list[tuple[float, ...]]:
    """Per seat, its chance to win at the start and after each complete round (and the turns after).

    The chance assumes everyone plays the coach's way from that point on (Advisor.win_chances).
    """
    cards = [Scorecard(game.edition) for _ in game.players]
    points = [advisor.win_chances(cards)]
    for i, turn in enumerate(game.turns):
        cards[turn.player] = cards[turn.player].fill(turn.box, turn.dice)
        if turn.player == len(game.players) - 1 or i == len(game.turns) - 1:
            points.append(advisor.win_chances(cards))
    return [tuple(p[seat] for p in points) for seat in range(len(game.players))]
