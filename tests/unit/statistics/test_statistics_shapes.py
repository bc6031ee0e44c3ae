"""Statistics of sheets of other shapes: Triple Yahtzee's three columns (each counted as a sheet for a
box's figures, the grand total for scores) and Maxi Yatzy's six dice, checked against the engine's
own column totals (no database)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scorekeeper.rules import Game, find_edition
from scorekeeper.statistics import PlayedGame, compute, totals_of
from tests.support.shaped_games import random_game

TRIPLE = find_edition("triple-yahtzee")
MAXI = find_edition("maxi-yatzy")


def played(number: int, game: Game) -> PlayedGame:
    at = datetime(2026, 11, number, 20, tzinfo=UTC)
    return PlayedGame(number, at, game.edition, "", game.players, totals_of(game))


@pytest.fixture(scope="module")
def triple_games() -> list[Game]:
    return [random_game(["Ann", "Bo"], TRIPLE, seed=seed) for seed in range(3)]


def test_triple_scores_are_grand_totals_and_box_figures_count_each_column(triple_games):
    stats = compute(played(n, game) for n, game in enumerate(triple_games, start=1))
    (edition,) = stats.editions
    assert edition.edition is TRIPLE and edition.games == 3
    assert sorted(edition.all_scores) == sorted(card.grand_total for g in triple_games for card in g.cards)
    ann = next(p for p in edition.players if p.key == "ann")
    cards = [game.cards[0] for game in triple_games]
    columns = [column for card in cards for column in card.columns]  # nine columns: each a sheet
    assert ann.mean == pytest.approx(sum(card.grand_total for card in cards) / 3)
    assert ann.best == max(card.grand_total for card in cards)
    assert ann.upper_bonus_rate == pytest.approx(sum(c.upper_bonus > 0 for c in columns) / 9)
    yahtzees = [card.points("yahtzee", n) for card in cards for n in (1, 2, 3)]
    assert ann.five_rate == pytest.approx(sum(points == 50 for points in yahtzees) / 9)
    assert ann.extra_per_game == pytest.approx(sum(card.yahtzee_bonus_count for card in cards) / 3)
    for box, mean in zip(TRIPLE.boxes, ann.box_means, strict=True):
        points = [card.points(box.key, n) for card in cards for n in (1, 2, 3)]
        assert mean == pytest.approx(sum(points) / 9), box.key
    assert len(edition.box_means) == 13


def test_maxi_figures_find_the_maxi_yatzy_box_and_the_100_bonus():
    games = [random_game(["Ann"], MAXI, seed=seed) for seed in range(4)]
    stats = compute(played(n, game) for n, game in enumerate(games, start=1))
    (edition,) = stats.editions
    (ann,) = edition.players
    assert MAXI.boxes[edition.five_box].key == "maxi_yatzy"
    cards = [game.cards[0] for game in games]
    assert ann.upper_bonus_rate == pytest.approx(sum(card.upper_bonus == 100 for card in cards) / 4)
    assert ann.five_rate == pytest.approx(sum(card.points("maxi_yatzy") == 100 for card in cards) / 4)
    assert ann.extra_per_game is None  # no extra bonus in Maxi Yatzy
    assert ann.box_means == pytest.approx([sum(card.scores[i] for card in cards) / 4 for i in range(20)])
