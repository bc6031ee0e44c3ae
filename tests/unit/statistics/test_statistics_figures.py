"""Every statistic of a small fixed table against figures worked out by hand (no database)."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest

from scorekeeper.rules import Game, find_edition
from scorekeeper.statistics import (
    GameTotals,
    PlayedGame,
    SeatTotals,
    compute,
    five_box,
    player_key,
    totals_of,
)
from tests.support.sample_games import extra_yahtzee_turns

HASBRO = find_edition("hasbro-1996")
YATZY = find_edition("yatzy")


def seat(total: int, rank: int, *, rules=HASBRO, five: bool = False, bonus: bool = False, extra: int = 0):
    """A sheet whose five-of-a-kind box holds its points or 0, and whose Chance holds the rest."""
    boxes = [0] * len(rules.boxes)
    five_at = five_box(rules)
    boxes[five_at] = rules.boxes[five_at].fixed if five else 0
    chance = rules.box_index("chance")
    boxes[chance] = total - boxes[five_at]
    return SeatTotals(total, rank, tuple(boxes), 35 if bonus else 0, extra)


def day(n: int) -> datetime:
    return datetime(2026, 11, n, 20, 0, tzinfo=UTC)


def game(id_, n, players, seats, *, over=True, rules=HASBRO):
    return PlayedGame(id_, day(n), rules, "", tuple(players), GameTotals(over, tuple(seats)))


# G1: Ann 200 beats Bo 180. G2: zoe 250 wins, Ann and Bo tie on 150. G3: Ann and Zoé tie on 220 (both win).
# G4 is not over (left out of every figure). G5: Ann alone at Yatzy.
TABLE = [
    game(1, 1, ["Ann", "Bo"], [seat(200, 1, five=True, bonus=True, extra=2), seat(180, 2)]),
    game(2, 2, ["Ann", "Bo", "zoe"], [seat(150, 2), seat(150, 2, bonus=True), seat(250, 1, five=True)]),
    game(3, 3, ["Ann", "Zoé"], [seat(220, 1, bonus=True), seat(220, 1)]),
    game(4, 4, ["Ann", "Bo"], [seat(10, 1), seat(5, 2)], over=False),
    game(5, 5, ["Ann"], [seat(190, 1, rules=YATZY, five=True)], rules=YATZY),
]


@pytest.fixture
def stats():
    return compute(reversed(TABLE))  # any order in, date order out


def players(stats, rules):
    edition = next(e for e in stats.editions if e.edition == rules)
    return edition, {p.key: p for p in edition.players}


def test_the_game_list_is_every_game_newest_first_with_its_winners(stats):
    assert [line.id for line in stats.games] == [5, 4, 3, 2, 1]
    by_id = {line.id: line for line in stats.games}
    assert by_id[1].winners == ("Ann",)
    assert by_id[3].winners == ("Ann", "Zoé")
    assert by_id[4].winners == () and not by_id[4].over
    assert [(r.name, r.total) for r in by_id[2].results] == [("Ann", 150), ("Bo", 150), ("zoe", 250)]
    assert stats.finished == 4


def test_editions_are_never_mixed(stats):
    assert [e.edition for e in stats.editions] == [HASBRO, YATZY]
    hasbro, _ = players(stats, HASBRO)
    yatzy, yatzy_players = players(stats, YATZY)
    assert hasbro.games == 3 and yatzy.games == 1
    assert set(yatzy_players) == {"ann"}
    assert yatzy_players["ann"].mean == 190  # not (200 + 150 + 220 + 190) / 4


def test_games_wins_and_win_rates_share_a_tied_first_place(stats):
    _, by_key = players(stats, HASBRO)
    ann, bo, zoe = by_key["ann"], by_key["bo"], by_key["zoe"]
    assert (ann.games, ann.wins, ann.contests, ann.win_rate) == (3, 2, 3, pytest.approx(2 / 3))
    assert (bo.games, bo.wins, bo.win_rate) == (2, 0, 0)
    assert (zoe.games, zoe.wins, zoe.win_rate) == (2, 2, 1)
    _, yatzy = players(stats, YATZY)
    assert yatzy["ann"].win_rate is None  # a solo game is no contest


def test_mean_spread_best_and_worst(stats):
    _, by_key = players(stats, HASBRO)
    ann = by_key["ann"]
    assert ann.mean == pytest.approx(190)  # (200 + 150 + 220) / 3
    assert ann.stdev == pytest.approx(math.sqrt((10**2 + 40**2 + 30**2) / 3))  # 29.44
    assert (ann.best, ann.worst) == (220, 150)
    assert by_key["bo"].stdev == pytest.approx(15)  # 180 and 150


def test_names_match_without_case_or_accents_and_show_the_latest_spelling(stats):
    _, by_key = players(stats, HASBRO)
    assert set(by_key) == {"ann", "bo", "zoe"}
    assert by_key["zoe"].name == "Zoé"  # "zoe" in game 2, "Zoé" in game 3
    assert [p.key for p in players(stats, HASBRO)[0].players] == ["ann", "bo", "zoe"]  # most games first


def test_upper_bonus_rate_five_of_a_kind_share_and_extra_per_game(stats):
    _, by_key = players(stats, HASBRO)
    ann = by_key["ann"]
    assert ann.upper_bonus_rate == pytest.approx(2 / 3)  # games 1 and 3
    assert ann.five_rate == pytest.approx(1 / 3)  # game 1
    assert ann.extra_per_game == pytest.approx(2 / 3)  # two extra bonuses over three games
    assert by_key["bo"].upper_bonus_rate == 0.5
    _, yatzy = players(stats, YATZY)
    assert yatzy["ann"].five_rate == 1
    assert yatzy["ann"].extra_per_game is None  # the edition has no extra bonus


def test_average_points_per_box(stats):
    hasbro, by_key = players(stats, HASBRO)
    yahtzee, chance = HASBRO.box_index("yahtzee"), HASBRO.box_index("chance")
    ann = by_key["ann"]
    assert ann.box_means[yahtzee] == pytest.approx(50 / 3)
    assert ann.box_means[chance] == pytest.approx((150 + 150 + 220) / 3)
    assert ann.box_means[HASBRO.box_index("ones")] == 0
    # Everyone: seven sheets, two of them with 50 in Yahtzee.
    assert hasbro.box_means[yahtzee] == pytest.approx(100 / 7)
    assert hasbro.box_means[chance] == pytest.approx((200 + 180 + 150 + 150 + 250 + 220 + 220 - 100) / 7)


def test_head_to_head_counts_wins_and_ties_between_each_pair(stats):
    hasbro, _ = players(stats, HASBRO)
    h2h = hasbro.head_to_head
    assert (h2h.won("ann", "bo"), h2h.won("bo", "ann"), h2h.met("ann", "bo")) == (1, 0, 2)  # game 2 a tie
    assert (h2h.won("zoe", "ann"), h2h.won("ann", "zoe"), h2h.met("ann", "zoe")) == (1, 0, 2)  # game 3 a tie
    assert (h2h.won("zoe", "bo"), h2h.won("bo", "zoe"), h2h.met("bo", "zoe")) == (1, 0, 1)


def test_high_scores_per_edition_best_first(stats):
    hasbro, _ = players(stats, HASBRO)
    assert [(h.total, h.name) for h in hasbro.high_scores] == [
        (250, "zoe"),
        (220, "Ann"),
        (220, "Zoé"),
        (200, "Ann"),
        (180, "Bo"),
        (150, "Ann"),
        (150, "Bo"),
    ]
    assert sorted(hasbro.all_scores) == [150, 150, 180, 200, 220, 220, 250]


def test_scores_over_time_number_the_editions_finished_games(stats):
    _, by_key = players(stats, HASBRO)
    assert by_key["ann"].scores == ((1, 200), (2, 150), (3, 220))
    assert by_key["zoe"].scores == ((2, 250), (3, 220))


def test_a_table_without_finished_games_has_a_list_and_no_figures():
    stats = compute([TABLE[3]])
    assert len(stats.games) == 1 and stats.editions == () and stats.finished == 0


def test_the_optimal_column_comes_from_the_given_source_per_edition(stats):
    optimal = {HASBRO: tuple(float(i) for i in range(len(HASBRO.boxes)))}
    stats = compute(TABLE, optimal.get)
    assert [e.optimal for e in stats.editions] == [optimal[HASBRO], None]


def test_totals_are_the_engines_for_a_sheet_with_two_extra_yahtzees():
    played = Game(["Ann"], HASBRO)
    for dice, box in extra_yahtzee_turns():
        played = played.play(dice, box)
    (ann,) = totals_of(played).seats
    # Upper 3 + 10 + 9 + 12 + 25 + 24 = 83 (+35); lower 27 + 26 + 25 + 30 + 40 + 50 + 26 = 224; +200.
    assert (ann.total, ann.upper_bonus, ann.extra, ann.rank) == (542, 35, 2, 1)
    assert ann.boxes[HASBRO.box_index("yahtzee")] == 50
    assert totals_of(played).over


def test_totals_survive_their_json_round_trip():
    played = Game(["Ann", "Bo"], HASBRO).play([6, 6, 6, 6, 6], "yahtzee")
    totals = totals_of(played)
    assert GameTotals.from_json(totals.to_json()) == totals
    assert not totals.over


@pytest.mark.parametrize(
    ("edition", "box"),
    [
        ("hasbro-1996", "yahtzee"),
        ("hasbro-2016", "yahtzee"),
        ("yatzy", "yatzy"),
        ("yacht", "yacht"),
        ("maxi-yatzy", "maxi_yatzy"),
        ("triple-yahtzee", "yahtzee"),
    ],
)
def test_the_five_of_a_kind_box_is_found_in_the_ruleset(edition, box):
    assert five_box(find_edition(edition)) == find_edition(edition).box_index(box)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Zoé", "zoe", True),
        (" ZOE ", "zoé", True),
        ("Zoë", "Zoe", True),
        ("Anne  Marie", "anne marie", True),
        ("Zoé", "Zoa", False),
        ("Bo", "Bob", False),
    ],
)
def test_player_key_ignores_case_accents_and_spacing_only(a, b, same):
    assert (player_key(a) == player_key(b)) is same
