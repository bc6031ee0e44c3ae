"""The post-game review: each choice against the best box, regret, and the expected score over time."""

from __future__ import annotations

import pytest

from scorekeeper.advisor import Advisor, review_game
from scorekeeper.rules import Box, Game, Scorecard, find_edition

# Two players; Ann plays sensibly, Bob throws a large straight into Chance in round 1.
ENTRIES = [
    ((1, 2, 3, 4, 5), Box.LARGE_STRAIGHT),
    ((1, 2, 3, 4, 5), Box.CHANCE),
    ((6, 6, 6, 2, 2), Box.FULL_HOUSE),
    ((6, 6, 6, 2, 2), Box.SIXES),
]


def _game(entries=ENTRIES) -> Game:
    return Game.replay(["Ann", "Bob"], find_edition("hasbro-1996"), entries)


def test_each_player_gets_their_turns_in_order(advisor: Advisor) -> None:
    ann, bob = review_game(_game(), {"hasbro-1996": advisor})
    assert (ann.name, bob.name, ann.player, bob.player) == ("Ann", "Bob", 0, 1)
    assert [(t.round, t.box) for t in ann.turns] == [(1, Box.LARGE_STRAIGHT), (2, Box.FULL_HOUSE)]
    assert [(t.round, t.box, t.points) for t in bob.turns] == [(1, Box.CHANCE, 15), (2, Box.SIXES, 18)]


def test_a_best_choice_has_no_regret_and_a_poor_one_loses_expected_points(advisor: Advisor) -> None:
    ann, bob = review_game(_game(), lambda edition: advisor)
    first = ann.turns[0]
    assert first.best_box == Box.LARGE_STRAIGHT and first.regret == 0
    wasted = bob.turns[0]
    assert wasted.best_box == Box.LARGE_STRAIGHT
    assert wasted.expected_best == pytest.approx(first.expected_chosen)
    assert wasted.regret == pytest.approx(wasted.expected_best - wasted.expected_chosen)
    assert wasted.regret > 20  # 40 points thrown away for 15 in Chance
    assert bob.costliest(3)[0] is wasted
    assert bob.total_regret == pytest.approx(sum(t.regret for t in bob.turns))
    assert bob.mean_regret == pytest.approx(bob.total_regret / 2)


def test_the_series_starts_at_the_new_game_value_and_follows_each_choice(advisor: Advisor) -> None:
    ann, _ = review_game(_game(), {"hasbro-1996": advisor})
    assert ann.series[0] == advisor.expected_score()
    assert ann.series[1:] == tuple(t.expected_chosen for t in ann.turns)
    box_values = advisor.box_values(Scorecard(), (1, 2, 3, 4, 5))
    assert ann.series[1] == box_values[Box.LARGE_STRAIGHT]


def test_a_finished_game_ends_its_series_on_the_final_total(advisor: Advisor) -> None:
    boxes = list(Box)
    game = Game.replay(
        ["Solo"],
        find_edition("hasbro-1996"),
        [
            ((d, d, d, 1, 2) if i < 6 else (1, 2, 3, 4, 5), box)
            for i, (d, box) in enumerate(zip([1, 2, 3, 4, 5, 6] + [6] * 7, boxes, strict=True))
        ],
    )
    (solo,) = review_game(game, {"hasbro-1996": advisor})
    assert len(solo.turns) == 13 and len(solo.series) == 14
    assert solo.series[-1] == game.cards[0].grand_total
    assert all(t.regret >= 0 for t in solo.turns)


def test_the_costliest_decisions_leave_out_choices_that_lost_nothing(advisor: Advisor) -> None:
    ann, bob = review_game(_game(), {"hasbro-1996": advisor})
    assert ann.turns[0] not in ann.costliest()
    assert all(t.regret > 0 for t in ann.costliest() + bob.costliest())
    assert len(bob.costliest(1)) == 1


def test_a_2016_game_is_reviewed_with_the_2016_advisor(advisor: Advisor, advisor_2016: Advisor) -> None:
    game = Game.replay(["Ann"], find_edition("hasbro-2016"), [((2, 2, 2, 2, 2), Box.YAHTZEE)])
    (ann,) = review_game(game, {"hasbro-1996": advisor, "hasbro-2016": advisor_2016})
    assert ann.expected_start == advisor_2016.expected_score()


@pytest.mark.slow  # builds the Yatzy table (~17 s)
def test_a_yatzy_game_is_reviewed_box_by_box_with_its_15_rounds(yatzy: Advisor) -> None:
    keys = [box.key for box in find_edition("yatzy").boxes]
    # Ones … Sixes with three of each face (63: the 50 bonus), then a pattern game where Bob
    # throws a small straight into Chance.
    dice = [(f, f, f, 1, 2) if f > 2 else (f, f, f, 3, 4) for f in range(1, 7)] + [
        (6, 6, 5, 5, 1),
        (6, 6, 5, 5, 1),
        (6, 6, 6, 2, 3),
        (6, 6, 6, 6, 1),
        (1, 2, 3, 4, 5),
        (2, 3, 4, 5, 6),
        (6, 6, 6, 5, 5),
        (6, 6, 5, 5, 4),
        (3, 3, 3, 3, 3),
    ]
    game = Game.replay(["Solo"], "yatzy", list(zip(dice, keys, strict=True)))
    (solo,) = review_game(game, {"yatzy": yatzy})
    assert len(solo.turns) == 15 and [t.round for t in solo.turns] == list(range(1, 16))
    assert [t.box for t in solo.turns] == keys and solo.turns[10].points == 15
    assert solo.series[0] == yatzy.expected_score() == pytest.approx(248.4399894, abs=1e-6)
    assert solo.series[-1] == game.cards[0].grand_total and game.cards[0].upper_bonus == 50
    assert all(t.regret >= 0 for t in solo.turns)
    straight = Game.replay(["Bob"], "yatzy", [((1, 2, 3, 4, 5), "chance")])
    (bob,) = review_game(straight, lambda edition: yatzy)
    assert bob.turns[0].best_box == "small_straight" and bob.turns[0].regret > 5


def test_a_forced_yatzy_game_has_no_regret_the_order_leaves_no_choice(forced: Advisor) -> None:
    game = Game.replay(["Ann"], "yatzy-forced", [((1, 1, 2, 3, 4), "ones"), ((5, 5, 5, 2, 2), "twos")])
    (ann,) = review_game(game, {"yatzy-forced": forced})
    assert [(t.box, t.best_box, t.regret) for t in ann.turns] == [("ones", "ones", 0), ("twos", "twos", 0)]
    assert ann.series[0] == pytest.approx(122.5585274, abs=1e-6)
