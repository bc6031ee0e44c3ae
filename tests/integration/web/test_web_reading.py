"""The web layer's small readers: typed dice and their refusals, the keypad without JavaScript, the cookie."""

from __future__ import annotations

import pytest

from scorekeeper.rules import BadDice, Dice
from scorekeeper.web.infra.i18n import translate
from scorekeeper.web.viewmodels.dice import dice_faces, keypad_text


@pytest.mark.parametrize(
    ("typed", "dice"),
    [
        ("22456", (2, 2, 4, 5, 6)),
        ("2 2 4 5 6", (2, 2, 4, 5, 6)),
        ("6,5,4,2,2", (2, 2, 4, 5, 6)),
        ("\t1 1\n1 1 1 ", (1, 1, 1, 1, 1)),
        ("3;4;5;6;1", (1, 3, 4, 5, 6)),
    ],
)
def test_the_typed_forms_all_read_as_five_dice(typed, dice):
    assert Dice.parse(typed) == dice


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("2245", "That is 4 dice; enter exactly five."),
        ("2", "That is 1 die; enter all five."),
        ("224566", "That is 6 dice; enter exactly five."),
        ("22457", "A die shows 1 to 6; 7 is not a face."),
        ("0", "A die shows 1 to 6; 0 is not a face."),
        ("abc", "Dice are numbers from 1 to 6, like 22456."),
        ("", "Enter the five dice, for example 22456."),
        ("\uff12\uff12\uff14\uff15\uff16", "Dice are numbers from 1 to 6, like 22456."),  # full-width digits
        ("2.5e3", "Dice are numbers from 1 to 6, like 22456."),
        (None, "Enter the five dice, for example 22456."),
        (22456, "Enter the five dice, for example 22456."),
    ],
)
def test_anything_else_is_refused_with_a_message_in_the_players_language(app, typed, message):
    with app.test_request_context(), pytest.raises(BadDice) as refusal:
        Dice.parse(typed)
    with app.test_request_context():
        assert translate(refusal.value.message) == message


def test_the_slots_show_only_the_typed_faces():
    assert dice_faces("2 2x9 4") == "224"
    assert dice_faces("") == ""


def test_the_keypad_adds_at_most_five_faces_and_clears_by_position():
    assert keypad_text("", "3", None, 5) == "3"
    assert keypad_text("2 2 4", "5", None, 5) == "2245"
    assert keypad_text("22456", "1", None, 5) == "22456"
    assert keypad_text("22456", None, "2", 5) == "2256"
    assert keypad_text("22456", "7", "9", 5) == "22456"
    assert keypad_text("2x2", None, None, 5) == "22"
    assert keypad_text("2", "12", None, 5) == "2"


def test_the_keypad_of_six_dice_takes_a_sixth_face_and_clears_the_sixth_slot():
    assert keypad_text("22456", "6", None, 6) == "224566"
    assert keypad_text("224566", "1", None, 6) == "224566"
    assert keypad_text("224561", None, "5", 6) == "22456"


def test_a_tampered_or_malformed_recent_list_is_ignored(client, app, make_game):
    game = make_game()
    with client.session_transaction() as session:
        session["recent"] = [
            ["tok", ["Ann"], "", "2026-01-01T00:00:00Z"],
            "junk",
            [1, 2, 3, 4],
            5,
            [game.edit_token, ["Ann", "Bo"], "", "bad time"],
        ]
    text = client.get("/").get_data(as_text=True)
    assert "/g/tok" not in text  # an old cookie's list moves to the server only where a link opens a game
    assert f"/g/{game.edit_token}" in text
    with client.session_transaction() as session:
        session["recent"] = {"not": "a list"}
    assert client.get("/").status_code == 200


def test_a_recent_game_that_no_longer_opens_is_forgotten(client):
    with client.session_transaction() as session:
        session["recent"] = [["gone", ["Ann"], "", "2026-01-01T00:00:00Z"]]
    assert client.get("/g/gone").status_code == 404
    assert "/g/gone" not in client.get("/").get_data(as_text=True)
