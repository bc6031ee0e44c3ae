"""A whole game: seats in turn, rounds, undo, corrections, standings."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules import (
    Box,
    Dice,
    Game,
    RuleViolation,
    Scorecard,
    Standing,
    Turn,
    find_edition,
)
from tests.support.rule_sheets import EDITIONS, FIVE_SIXES, PLAIN

B = Box
FOURS = (4, 4, 4, 4, 4)
HASBRO_KEYS = find_edition("hasbro-1996").box_keys


def play_all(game: Game, turns: list[tuple[object, Box]]) -> Game:
    for dice, box in turns:
        game = game.play(dice, box)
    return game


def test_a_new_game_starts_with_the_first_seat_in_round_1():
    game = Game(["Ann", "Bo"])
    assert game.players == ("Ann", "Bo")
    assert game.edition is find_edition("hasbro-1996")
    assert (game.current_player, game.round, game.turns, game.last_turn) == (0, 1, (), None)
    assert game.cards == (Scorecard(), Scorecard())
    assert not game.is_over


def test_seats_take_turns_in_order_and_rounds_follow():
    game = Game(["Ann", "Bo", "Cy"])
    seen = []
    for box in HASBRO_KEYS[:3]:
        for _ in range(3):
            seen.append((game.current_player, game.round))
            game = game.play(PLAIN, box)
    assert seen == [(0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 3), (1, 3), (2, 3)]
    assert (game.current_player, game.round) == (0, 4)


def test_a_turn_records_who_which_dice_where_and_what_it_scored():
    game = play_all(
        Game(["Ann", "Bo"]),
        [
            ([6, 6, 6, 6, 6], B.YAHTZEE),
            ([5, 1, 2, 3, 5], B.CHANCE),
            (FIVE_SIXES, B.SIXES),
        ],
    )
    assert game.turns == (
        Turn(index=0, player=0, round=1, dice=FIVE_SIXES, box=B.YAHTZEE, points=50, bonus=0),
        Turn(index=1, player=1, round=1, dice=(1, 2, 3, 5, 5), box=B.CHANCE, points=16, bonus=0),
        Turn(index=2, player=0, round=2, dice=FIVE_SIXES, box=B.SIXES, points=30, bonus=100),
    )
    assert all(type(turn.box) is str and type(turn.dice) is Dice for turn in game.turns)
    assert game.last_turn == game.turns[-1]
    assert game.cards[0].grand_total == 180
    assert game.cards[1].grand_total == 16


def test_play_is_for_the_current_player_and_leaves_the_old_game_alone():
    game = Game(["Ann", "Bo"])
    after = game.play(PLAIN, B.CHANCE)
    assert after.cards[0].points(B.CHANCE) == 16
    assert after.cards[1] == Scorecard()
    assert game.turns == () and game.cards[0] == Scorecard()
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.turns = ()  # type: ignore[misc]


def test_play_refuses_what_the_players_sheet_refuses():
    game = Game(["Ann"]).play([4, 4, 1, 2, 3], B.FOURS)
    with pytest.raises(RuleViolation, match=r"^Fours is already filled\.$"):
        game.play([4, 4, 4, 5, 6], B.FOURS)
    game = Game(["Ann"]).play(FOURS, B.YAHTZEE)
    with pytest.raises(RuleViolation) as refusal:
        game.play(FOURS, B.CHANCE)
    assert str(refusal.value) == "Joker rule: five 4s must go in Fours while Fours is empty."
    with pytest.raises(RuleViolation, match="There is no box called"):
        game.play(PLAIN, "Chance")


ROUNDS = {"hasbro-1996": 13, "hasbro-2016": 13, "yatzy": 15, "yatzy-forced": 15}


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
@pytest.mark.parametrize("count", range(1, 9))
def test_a_game_has_1_to_8_players_and_ends_after_one_round_per_box(edition, count):
    game = Game([f"Player {i}" for i in range(count)], edition)
    assert game.rounds == ROUNDS[edition.id]
    for number, box in enumerate(edition.box_keys, start=1):  # sheet order: legal in forced order too
        assert game.round == number
        for seat in range(count):
            assert not game.is_over
            assert game.current_player == seat
            game = game.play(PLAIN, box)
    assert game.is_over
    assert len(game.turns) == ROUNDS[edition.id] * count
    assert all(card.is_complete for card in game.cards)
    assert (game.round, game.current_player) == (ROUNDS[edition.id], count - 1)
    with pytest.raises(RuleViolation, match=r"^The game is over: every sheet is complete\.$"):
        game.play(PLAIN, B.CHANCE)


@pytest.mark.parametrize("players", [[], [f"P{i}" for i in range(9)]])
def test_no_players_or_more_than_eight_are_refused(players):
    with pytest.raises(RuleViolation, match=r"^A game has 1 to 8 players\.$") as refusal:
        Game(players)
    assert refusal.value.params == {"min": 1, "max": 8}


def test_a_lone_name_is_one_player_not_one_per_letter():
    assert Game("Ann").players == ("Ann",)


def test_names_are_any_strings_even_equal_ones():
    assert Game(["", "Ann", "Ann"]).players == ("", "Ann", "Ann")


def test_an_edition_may_be_given_by_its_id_and_an_unknown_one_is_refused():
    assert Game(["Ann"], "hasbro-2016").edition is find_edition("hasbro-2016")
    assert Game(["Ann"], "hasbro-2016").cards[0].edition is find_edition("hasbro-2016")
    with pytest.raises(RuleViolation, match="There is no rules edition called 'classic'"):
        Game(["Ann"], "classic")


def test_the_2016_game_plays_the_2016_joker_order():
    game = play_all(
        Game(["Ann"], find_edition("hasbro-2016")), [(FOURS, B.YAHTZEE), ([4, 4, 1, 2, 3], B.FOURS)]
    )
    assert game.cards[0].options(FOURS) == {B.THREE_OF_A_KIND: 20, B.FOUR_OF_A_KIND: 20}
    with pytest.raises(RuleViolation, match=r"^Joker rule \(2016 sheet\)"):
        game.play(FOURS, B.CHANCE)


def test_undo_removes_the_last_turn_only():
    one = Game(["Ann", "Bo"]).play(PLAIN, B.CHANCE)
    two = one.play(FIVE_SIXES, B.YAHTZEE)
    assert two.undo() == one
    assert two.undo().undo() == Game(["Ann", "Bo"])
    assert two.undo().current_player == 1


def test_undo_on_a_game_without_turns_is_refused():
    with pytest.raises(RuleViolation, match=r"^There is no turn to undo\.$"):
        Game(["Ann"]).undo()


def test_undo_takes_back_an_extra_yahtzee_bonus():
    game = play_all(Game(["Ann"]), [(FIVE_SIXES, B.YAHTZEE), (FIVE_SIXES, B.SIXES)])
    assert game.cards[0].yahtzee_bonus == 100
    assert game.undo().cards[0].yahtzee_bonus == 0


def two_rounds() -> Game:
    """Ann: Chance then Three of a kind with five 4s; Bo: Chance then Fours."""
    return play_all(
        Game(["Ann", "Bo"]),
        [
            (PLAIN, B.CHANCE),
            ([1, 1, 1, 2, 3], B.CHANCE),
            (FOURS, B.THREE_OF_A_KIND),
            ([4, 4, 4, 1, 2], B.FOURS),
        ],
    )


def test_correct_replaces_an_earlier_turn_and_replays_the_later_ones():
    game = two_rounds()
    fixed = game.correct(1, [6, 6, 6, 5, 5], B.FULL_HOUSE)
    assert [(t.player, t.dice, t.box, t.points) for t in fixed.turns] == [
        (0, (1, 2, 3, 5, 5), B.CHANCE, 16),
        (1, (5, 5, 6, 6, 6), B.FULL_HOUSE, 25),
        (0, FOURS, B.THREE_OF_A_KIND, 20),
        (1, (1, 2, 4, 4, 4), B.FOURS, 12),
    ]
    assert fixed.cards[1].points(B.CHANCE) is None
    assert fixed.cards[0] == game.cards[0]
    assert game.turns[1].box == "chance"  # the old game is untouched


def test_correct_rescores_later_turns_when_the_yahtzee_box_changes():
    game = play_all(Game(["Ann"]), [(FIVE_SIXES, B.YAHTZEE), (FIVE_SIXES, B.SIXES)])
    assert game.turns[1].bonus == 100
    fixed = game.correct(0, PLAIN, B.YAHTZEE)
    assert (fixed.turns[0].points, fixed.turns[1].points, fixed.turns[1].bonus) == (0, 30, 0)
    assert fixed.cards[0].grand_total == 30


def test_correct_that_makes_a_later_turn_illegal_names_it_and_changes_nothing():
    game = two_rounds()
    with pytest.raises(RuleViolation) as refusal:
        game.correct(0, FOURS, B.YAHTZEE)  # Ann's five 4s in round 2 become a joker for Fours
    assert str(refusal.value) == (
        "That change would make turn 3 (round 2, Ann) illegal: "
        "Joker rule: five 4s must go in Fours while Fours is empty."
    )
    assert refusal.value.params["turn"] == 3 and refusal.value.params["player"] == "Ann"
    assert game == two_rounds()


def test_correct_that_fills_a_box_a_later_turn_uses_names_that_turn():
    game = two_rounds()
    with pytest.raises(RuleViolation) as refusal:
        game.correct(1, [4, 4, 1, 2, 3], B.FOURS)
    assert str(refusal.value) == (
        "That change would make turn 4 (round 2, Bo) illegal: Fours is already filled."
    )


def test_correct_refuses_an_illegal_correction_with_the_rules_own_words():
    game = two_rounds()
    with pytest.raises(RuleViolation, match=r"^Chance is already filled\.$"):
        game.correct(2, PLAIN, B.CHANCE)
    with pytest.raises(RuleViolation, match=r"^Enter exactly five dice, each from 1 to 6\.$"):
        game.correct(0, [1, 2, 3], B.CHANCE)


@pytest.mark.parametrize(
    ("index", "message"),
    [
        (4, "There is no turn 5."),
        (-1, "There is no turn 0."),
        (True, "There is no turn 0."),
        ("1", "There is no turn 0."),
    ],
)
def test_correct_refuses_a_turn_that_does_not_exist(index, message):
    with pytest.raises(RuleViolation) as refusal:
        two_rounds().correct(index, PLAIN, B.CHANCE)
    assert str(refusal.value) == message


def test_correct_may_change_the_very_last_turn_of_a_finished_game():
    game = play_all(Game(["Ann"]), [(PLAIN, box) for box in HASBRO_KEYS])
    fixed = game.correct(12, FIVE_SIXES, B.CHANCE)
    assert fixed.is_over and fixed.cards[0].points(B.CHANCE) == 30


def test_replay_rebuilds_a_game_from_its_dice_and_boxes():
    game = two_rounds()
    entries = [(list(turn.dice), turn.box) for turn in game.turns]
    assert Game.replay(game.players, game.edition, entries) == game


def test_replay_names_the_stored_turn_the_rules_refuse():
    with pytest.raises(RuleViolation) as refusal:
        Game.replay(["Ann", "Bo"], find_edition("hasbro-1996"), [(PLAIN, B.CHANCE), ("12", B.CHANCE)])
    assert str(refusal.value) == (
        "Turn 2 (round 1, Bo) is illegal: Enter exactly five dice, each from 1 to 6."
    )


def scored(totals: list[int]) -> Game:
    """A game where seat i scores totals[i] in Chance in round 1."""
    dice = {16: PLAIN, 10: [1, 2, 3, 2, 2], 30: FIVE_SIXES, 5: [1, 1, 1, 1, 1]}
    return play_all(
        Game([f"P{i}" for i in range(len(totals))]), [(dice[total], B.CHANCE) for total in totals]
    )


@pytest.mark.parametrize(
    ("totals", "ranks"),
    [
        ([16, 16, 10], [(1, 0, True), (1, 1, True), (3, 2, False)]),
        ([10, 16, 16], [(1, 1, True), (1, 2, True), (3, 0, False)]),
        ([30, 16, 16, 5], [(1, 0, False), (2, 1, True), (2, 2, True), (4, 3, False)]),
        ([5, 10, 16], [(1, 2, False), (2, 1, False), (3, 0, False)]),
        ([16, 16, 16], [(1, 0, True), (1, 1, True), (1, 2, True)]),
        ([5], [(1, 0, False)]),
    ],
)
def test_standings_rank_by_grand_total_and_equal_totals_share_a_rank(totals, ranks):
    standings = scored(totals).standings()
    assert [(s.rank, s.player, s.shared) for s in standings] == ranks
    assert [s.total for s in standings] == sorted(totals, reverse=True)
    assert all(s.name == f"P{s.player}" for s in standings)
    assert all(isinstance(s, Standing) for s in standings)


def test_a_shared_first_place_is_a_shared_victory():
    assert scored([16, 16, 10]).winners() == [0, 1]
    assert scored([10, 30, 16]).winners() == [1]


def test_standings_count_the_bonuses():
    game = play_all(
        Game(["Ann", "Bo"]),
        [
            (FIVE_SIXES, B.YAHTZEE),
            (FIVE_SIXES, B.YAHTZEE),
            (FIVE_SIXES, B.SIXES),
            (PLAIN, B.SIXES),
        ],
    )
    assert [(s.name, s.total) for s in game.standings()] == [("Ann", 180), ("Bo", 50)]


def test_a_rematch_seats_the_same_players_with_the_next_one_starting():
    assert Game(["Ann", "Bo", "Cy"]).rematch_players() == ("Bo", "Cy", "Ann")
    assert Game(["Ann", "Bo"]).rematch_players() == ("Bo", "Ann")
    assert Game(["Ann"]).rematch_players() == ("Ann",)
    # Round the table: after as many rematches as players, the first starts again.
    players: tuple[str, ...] = ("Ann", "Bo", "Cy", "Dee")
    for _ in range(4):
        players = Game(players).rematch_players()
    assert players == ("Ann", "Bo", "Cy", "Dee")
