"""The game use cases on sheets of other shapes: Maxi Yatzy's six dice and saved rolls, Triple
Yahtzee's three columns. Recorded, stored, undone, corrected and told in history, on both backends."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from scorekeeper.services import games, tables

pytestmark = pytest.mark.backends("sqlite", "postgresql")

SIXES = (6, 6, 6, 6, 6)


def stored_entries(db) -> list[tuple]:
    with db() as session:
        query = text("SELECT dice, box, sheet_column, rolls FROM entries ORDER BY position")
        return [tuple(row) for row in session.execute(query)]


def snapshot(db) -> dict[str, list[tuple]]:
    with db() as session:
        return {
            table: sorted(map(tuple, session.execute(text(f"SELECT * FROM {table}"))), key=repr)
            for table in ("games", "entries", "history")
        }


# -- Maxi Yatzy: six dice and the saved rolls ----------------------------------------------


def test_a_maxi_turn_stores_six_dice_and_its_rolls_and_the_bank_is_replayed_on_load(db):
    token = games.create_game(db, ["Ann"], "maxi-yatzy").edit_token
    loaded = games.record_turn(db, token, 0, (6, 5, 4, 3, 2, 1), "full_straight", rolls=1)
    loaded = games.record_turn(db, token, 1, (5, 5, 5, 5, 2, 2), "tower", rolls=1)
    assert [(t.points, t.rolls) for t in loaded.game.turns] == [(21, 1), (24, 1)]
    assert loaded.game.saved_rolls == 4 and loaded.game.most_rolls == 7  # RULES.md's example
    assert stored_entries(db) == [("123456", "full_straight", None, 1), ("225555", "tower", None, 1)]
    assert games.load_game(db, token) == loaded


@pytest.mark.parametrize(
    ("rolls", "message"),
    [
        (None, "Say how many rolls this turn used: 1 to 3."),
        (0, "A turn uses 1 to 3 rolls."),
        (4, "Only 3 rolls this turn (3 plus 0 saved), not 4."),
    ],
)
def test_a_maxi_turn_without_rolls_or_with_more_than_the_bank_is_refused_storing_nothing(db, rolls, message):
    token = games.create_game(db, ["Ann"], "maxi-yatzy").edit_token
    before = snapshot(db)
    with pytest.raises(games.Refused) as refusal:
        games.record_turn(db, token, 0, (1, 1, 2, 2, 3, 3), "three_pairs", rolls=rolls)
    assert str(refusal.value) == message
    assert snapshot(db) == before


def test_five_dice_are_refused_in_maxi_yatzy_naming_six(db):
    token = games.create_game(db, ["Ann"], "maxi-yatzy").edit_token
    with pytest.raises(games.Refused, match=r"^Enter exactly six dice, each from 1 to 6\.$"):
        games.record_turn(db, token, 0, (1, 2, 3, 4, 5), "chance", rolls=3)


def test_undo_gives_back_the_rolls_the_undone_turn_saved_or_used(db):
    token = games.create_game(db, ["Ann"], "maxi-yatzy").edit_token
    loaded = games.record_turn(db, token, 0, (1, 1, 1, 1, 1, 1), "ones", rolls=1)
    loaded = games.record_turn(db, token, 1, (2, 2, 2, 2, 2, 2), "twos", rolls=5)
    assert loaded.game.saved_rolls == 0
    loaded = games.undo_turn(db, token, loaded.version)
    assert loaded.game.saved_rolls == 2 and games.load_game(db, token).game.most_rolls == 5


def test_a_correction_replays_the_bank_and_is_refused_naming_the_later_turn_it_breaks(db):
    token = games.create_game(db, ["Ann"], "maxi-yatzy").edit_token
    loaded = games.record_turn(db, token, 0, (1, 1, 1, 1, 1, 1), "ones", rolls=1)
    loaded = games.record_turn(db, token, 1, (2, 2, 2, 2, 2, 2), "twos", rolls=5)
    before = snapshot(db)
    with pytest.raises(games.Refused) as refusal:
        games.correct_turn(db, token, loaded.version, 0, (1, 1, 1, 1, 1, 1), "ones", rolls=3)
    assert str(refusal.value) == (
        "That change would make turn 2 (round 2, Ann) illegal: "
        "Only 3 rolls this turn (3 plus 0 saved), not 5."
    )
    assert snapshot(db) == before
    loaded = games.correct_turn(db, token, loaded.version, 0, (1, 1, 1, 1, 1, 2), "ones", rolls=1)
    assert [(t.points, t.rolls) for t in loaded.game.turns] == [(5, 1), (12, 5)]
    assert loaded.game.saved_rolls == 0
    assert stored_entries(db)[0] == ("111112", "ones", None, 1)


def test_maxi_history_names_the_rolls_each_turn_used(db):
    token = games.create_game(db, ["Ann"], "maxi-yatzy").edit_token
    loaded = games.record_turn(db, token, 0, (1, 1, 1, 1, 1, 1), "ones", rolls=1)
    loaded = games.record_turn(db, token, 1, (2, 2, 2, 2, 2, 2), "twos", rolls=4)
    loaded = games.undo_turn(db, token, loaded.version)
    games.correct_turn(db, token, loaded.version, 0, (1, 1, 1, 1, 1, 2), "ones", rolls=3)
    assert [e.summary for e in games.history(db, token)] == [
        "Undid Ann's turn in round 2: 2 2 2 2 2 2 in Twos for 12, 4 rolls.",
        "Corrected Ann's turn in round 1: 1 1 1 1 1 1 in Ones for 6, 1 roll → "
        "1 1 1 1 1 2 in Ones for 5, 3 rolls.",
    ]


# -- Triple Yahtzee: three columns ---------------------------------------------------------


def test_a_triple_turn_stores_its_column_and_a_box_may_be_filled_once_per_column(db):
    token = games.create_game(db, ["Ann", "Bo"], "triple-yahtzee").edit_token
    loaded = games.record_turn(db, token, 0, SIXES, "yahtzee", column=3)
    loaded = games.record_turn(db, token, 1, (2, 2, 3, 4, 5), "twos", column=1)
    loaded = games.record_turn(db, token, 2, SIXES, "yahtzee", column=1)
    assert [(t.box, t.column, t.points) for t in loaded.game.turns] == [
        ("yahtzee", 3, 50),
        ("twos", 1, 4),
        ("yahtzee", 1, 50),
    ]
    assert loaded.game.cards[0].grand_total == 50 * 3 + 50
    assert stored_entries(db) == [
        ("66666", "yahtzee", 3, None),
        ("22345", "twos", 1, None),
        ("66666", "yahtzee", 1, None),
    ]
    assert games.load_game(db, token) == loaded


@pytest.mark.parametrize(
    ("column", "message"),
    [
        (None, "Choose the column for Yahtzee."),
        (4, "There is no column 4."),
        ("3", "There is no column 3."),
        (3, "Yahtzee is already filled in column 3."),
    ],
)
def test_a_triple_turn_without_a_column_or_in_a_filled_cell_is_refused_storing_nothing(db, column, message):
    token = games.create_game(db, ["Ann"], "triple-yahtzee").edit_token
    games.record_turn(db, token, 0, SIXES, "yahtzee", column=3)
    before = snapshot(db)
    with pytest.raises(games.Refused) as refusal:
        games.record_turn(db, token, 1, SIXES, "yahtzee", column=column)
    assert str(refusal.value) == message
    assert snapshot(db) == before


def test_a_triple_correction_moves_a_turn_to_another_column_and_history_names_both(db):
    token = games.create_game(db, ["Ann"], "triple-yahtzee").edit_token
    loaded = games.record_turn(db, token, 0, SIXES, "yahtzee", column=1)
    loaded = games.record_turn(db, token, 1, (1, 1, 2, 3, 4), "ones", column=2)
    with pytest.raises(games.Refused, match=r"^That change would make turn 2 \(round 2, Ann\) illegal: "):
        games.correct_turn(db, token, loaded.version, 0, (1, 1, 1, 3, 4), "ones", column=2)
    loaded = games.correct_turn(db, token, loaded.version, 0, SIXES, "yahtzee", column=3)
    assert loaded.game.cards[0].grand_total == 150 + 2 * 2
    loaded = games.undo_turn(db, token, loaded.version)
    assert stored_entries(db) == [("66666", "yahtzee", 3, None)]
    assert [e.summary for e in games.history(db, token)] == [
        "Corrected Ann's turn in round 1: 6 6 6 6 6 in Yahtzee (column 1) for 50 → "
        "6 6 6 6 6 in Yahtzee (column 3) for 50.",
        "Undid Ann's turn in round 2: 1 1 2 3 4 in Ones (column 2) for 2.",
    ]


def test_a_one_column_game_stores_no_column_and_no_rolls(db, make_game):
    make_game(turns=[("22456", "choice"), ("33333", "yacht")], edition="yacht")
    assert stored_entries(db) == [("22456", "choice", None, None), ("33333", "yacht", None, None)]


def test_a_rematch_of_a_triple_or_maxi_game_is_a_new_game_of_the_same_rules(db):
    for edition, turn in (("triple-yahtzee", {"column": 2}), ("maxi-yatzy", {"rolls": 2})):
        created = games.create_game(db, ["Ann", "Bo"], edition)
        games.record_turn(db, created.edit_token, 0, [6] * created.game.edition.dice_count, "sixes", **turn)
        again = tables.rematch(db, created.edit_token)
        assert again.game.edition.id == edition and again.game.game.turns == ()
        assert again.game.game.players == ("Bo", "Ann") and again.game.game.saved_rolls == 0
