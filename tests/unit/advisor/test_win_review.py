"""The review for the win: each choice against win_chances of the sheets it left, costs, the decisive one."""

from __future__ import annotations

import random

import pytest

from scorekeeper.advisor import Advisor, review_game, win_chances
from scorekeeper.advisor.distribution import Distributions
from scorekeeper.advisor.win_advice import NOT_READY, READY, SOLO, box_chances
from scorekeeper.advisor.win_review import review_for_win
from scorekeeper.rules import Game, Scorecard
from tests.support.sample_games import finished_game


def played(edition: str, players: int, seed: int) -> Game:
    """A whole game of random dice, each turn in the first box the rules allow."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], edition)
    while not game.is_over:
        dice = sorted(rng.randint(1, 6) for _ in range(5))
        game = game.play(dice, next(iter(game.cards[game.current_player].options(dice))))
    return game


def sheets_after(game: Game, upto: int) -> list[Scorecard]:
    """Every player's sheet once the first `upto` turns are recorded."""
    cards = [Scorecard(game.edition) for _ in game.players]
    for turn in game.turns[:upto]:
        cards[turn.player] = cards[turn.player].fill(turn.box, turn.dice)
    return cards


def check_against_win_chances(game: Game, advisor: Advisor, dist: Distributions) -> None:
    """Each choice's chance is win_chances' for the sheets it left; the best box for the win has the most."""
    review = review_for_win(game, advisor, dist)
    assert review.status == READY
    assert len(review.choices) == len(game.turns)
    for i, (turn, choice) in enumerate(zip(game.turns, review.choices, strict=True)):
        assert (choice.seat, choice.round, choice.box) == (turn.player, turn.round, turn.box)
        after = sheets_after(game, i + 1)
        chance = win_chances([dist.score_distribution(card) for card in after])[turn.player]
        assert choice.chance_chosen == pytest.approx(chance, abs=1e-9)
        before = sheets_after(game, i)
        others = [c for s, c in enumerate(before) if s != turn.player]
        chances = box_chances(advisor, dist, before[turn.player], others, turn.dice)
        assert choice.chance_best == max(chances.values()) == chances[choice.best_for_win]
        assert choice.chance_worst == min(chances.values())
        assert choice.cost == pytest.approx(choice.chance_best - choice.chance_chosen)
        assert choice.stake >= choice.cost >= 0


def test_a_forced_game_leaves_no_choice_to_judge(forced: Advisor) -> None:
    # The forced order allows one box a turn: nothing at stake, nothing lost, nothing decisive.
    game = played("yatzy-forced", 2, seed=3)
    dist = forced.distributions()
    assert dist is not None
    check_against_win_chances(game, forced, dist)
    review = review_for_win(game, forced)
    assert all(c.stake == 0 and c.cost == 0 and c.points_cost == 0 for c in review.choices)
    assert review.most_decisive is None
    # The last turn decides the game: the last player's chance is 0 or 1 once it is recorded.
    assert review.choices[-1].chance_chosen in (0.0, 0.5, 1.0)


@pytest.mark.slow
def test_a_hasbro_game_judged_for_the_win_and_for_the_score(
    advisor: Advisor, hasbro_chances: Distributions
) -> None:
    game = finished_game(["Ann", "Bo", "Cy"], seed=5)
    check_against_win_chances(game, advisor, hasbro_chances)
    review = review_for_win(game, advisor, hasbro_chances)
    points = review_game(game, {game.edition.id: advisor})
    for seat, player in enumerate(points):
        mine = review.of_seat(seat)
        assert [c.points_cost for c in mine] == pytest.approx([t.regret for t in player.turns], abs=1e-9)
        assert [c.best_for_score for c in mine] == [t.best_box for t in player.turns]
        worst = review.costliest(seat, 3)
        assert [c.cost for c in worst] == sorted((c.cost for c in mine if c.cost > 1e-9), reverse=True)[:3]
    decisive = review.most_decisive
    assert decisive is not None and decisive.stake == max(c.stake for c in review.choices)


def test_solo_and_not_ready(advisor: Advisor) -> None:
    solo = Game(["Me"], advisor.edition).play([1, 2, 3, 4, 5], "large_straight")
    assert review_for_win(solo, advisor).status == SOLO
    two = Game(["A", "B"], advisor.edition).play([1, 2, 3, 4, 5], "large_straight")
    # The session's advisor has no chance table in its folder (the hasbro_chances fixture has its own).
    assert advisor.distributions() is None
    assert review_for_win(two, advisor).status == NOT_READY
