"""The review for the win: each recorded box choice's cost in chance to win beside its cost in points.

A choice is judged as it was made: the player's sheet and final dice, the others' sheets as they
stood then, every box the rules allowed worth its chance to win (win_advice.box_chances: that sheet
played on the coach's way, like everyone else's). The game's most decisive choice is the one on
which the most hung: the largest gap between its best and worst box's chances, whoever made it and
however well (its cost says how well).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules import Game, Scorecard

from .advisor import TIE_DECIMALS, Advisor, ranked_boxes
from .distribution import Distributions
from .win_advice import NOT_READY, READY, SOLO, box_chances, rank_for_win


@dataclass(frozen=True, slots=True)
class ChoiceReview:
    """One recorded box choice, for the win and for the score."""

    seat: int
    round: int
    dice: tuple[int, ...]
    box: str  # the key of the box chosen
    best_for_win: str  # the best box for the win (equal chances: the coach's order)
    best_for_score: str  # the coach's box
    chance_chosen: float
    chance_best: float
    chance_worst: float
    expected_chosen: float  # expected final score after the choice made
    expected_best: float  # after the coach's box

    @property
    def cost(self) -> float:
        """Chance to win lost by this choice (0 for the best box for the win)."""
        return max(0.0, self.chance_best - self.chance_chosen)

    @property
    def points_cost(self) -> float:
        """Expected points lost by this choice against the coach's box (0 for it)."""
        return max(0.0, self.expected_best - self.expected_chosen)

    @property
    def stake(self) -> float:
        """How much the choice could change the chance to win: the best box's minus the worst's."""
        return self.chance_best - self.chance_worst


@dataclass(frozen=True, slots=True)
class WinReview:
    """Every recorded choice of a game in play order. `status` READY, else SOLO or NOT_READY (no choices)."""

    status: str
    choices: tuple[ChoiceReview, ...] = ()

    def of_seat(self, seat: int) -> tuple[ChoiceReview, ...]:
        """One player's choices in order."""
        return tuple(c for c in self.choices if c.seat == seat)

    def costliest(self, seat: int, count: int = 3) -> list[ChoiceReview]:
        """A player's choices that cost the most chance to win, worst first (ties: earlier)."""
        lossy = [c for c in self.of_seat(seat) if round(c.cost, TIE_DECIMALS) > 0]
        return sorted(lossy, key=lambda c: (-c.cost, c.round))[:count]

    @property
    def most_decisive(self) -> ChoiceReview | None:
        """The choice with the most at stake (ties: the earlier); None without a choice worth anything."""
        worth = [c for c in self.choices if round(c.stake, TIE_DECIMALS) > 0]
        return max(worth, key=lambda c: c.stake, default=None)  # max keeps the first of equals


def review_for_win(game: Game, advisor: Advisor, distributions: Distributions | None = None) -> WinReview:
    """Every recorded turn of a game (over or not), judged for the win (distributions: the advisor's)."""
    if len(game.players) < 2:
        return WinReview(SOLO)
    dist = distributions or advisor.distributions()
    if dist is None:
        return WinReview(NOT_READY)
    cards = [Scorecard(game.edition) for _ in game.players]
    choices = []
    for turn in game.turns:
        card = cards[turn.player]
        others = [c for i, c in enumerate(cards) if i != turn.player]
        chances = box_chances(advisor, dist, card, others, turn.dice)
        values = advisor.box_values(card, turn.dice)
        by_score = ranked_boxes(values)
        best = rank_for_win(chances, by_score)[0]
        choices.append(
            ChoiceReview(
                seat=turn.player,
                round=turn.round,
                dice=turn.dice,
                box=turn.box,
                best_for_win=best,
                best_for_score=by_score[0],
                chance_chosen=chances[turn.box],
                chance_best=chances[best],
                chance_worst=min(chances.values()),
                expected_chosen=values[turn.box],
                expected_best=values[by_score[0]],
            )
        )
        cards[turn.player] = card.fill(turn.box, turn.dice)
    return WinReview(READY, tuple(choices))


__all__ = ["ChoiceReview", "WinReview", "review_for_win"]
