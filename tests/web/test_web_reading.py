"""The small readers of the web layer: typed dice, the keypad without JavaScript, pace signs, the cookie."""

from __future__ import annotations

import pytest

from scorekeeper.web.dice import DiceError, parse_dice
from scorekeeper.web.presenters import keypad_text, signed


@pytest.mark.parametrize(
    ("typed", "dice"),
    [("22456", (2, 2, 4, 5, 6)), ("2 2 4 5 6", (2, 2, 4, 5, 6)), ("6,5,4,2,2", (6, 5, 4, 2, 2)),
     ("\t1 1\n1 1 1 ", (1, 1, 1, 1, 1)), ("3;4;5;6;1", (3, 4, 5, 6, 1))],
)
def test_the_typed_forms_all_read_as_five_dice(app, typed, dice):
    with app.test_request_context():
        assert parse_dice(typed) == dice


@pytest.mark.parametrize("typed", ["2245", "224567", "22457", "0", "abc", "", "２２４５６", "2.5e3", None, 22456])
def test_anything_else_is_refused_with_a_message(app, typed):
    with app.test_request_context(), pytest.raises(DiceError) as refusal:
        parse_dice(typed)
    assert str(refusal.value)


def test_the_keypad_adds_at_most_five_faces_and_clears_by_position():
    assert keypad_text("", "3", None) == "3"
    assert keypad_text("2 2 4", "5", None) == "2245"
    assert keypad_text("22456", "1", None) == "22456"
    assert keypad_text("22456", None, "2") == "2256"
    assert keypad_text("22456", "7", "9") == "22456"
    assert keypad_text("2x2", None, None) == "22"


def test_pace_shows_plus_minus_and_a_true_minus_sign():
    assert signed(4) == "+4"
    assert signed(-3) == "\u22123"
    assert signed(0) == "\u00b10"


def test_a_tampered_or_malformed_recent_list_is_ignored(client, app):
    with client.session_transaction() as session:
        session["recent"] = [["tok", ["Ann"], "", "2026-01-01T00:00:00Z"], "junk", [1, 2, 3, 4], 5]
    text = client.get("/").get_data(as_text=True)
    assert "/g/tok" in text
    with client.session_transaction() as session:
        session["recent"] = {"not": "a list"}
    assert client.get("/").status_code == 200


def test_a_recent_game_that_no_longer_opens_is_forgotten(client):
    with client.session_transaction() as session:
        session["recent"] = [["gone", ["Ann"], "", "2026-01-01T00:00:00Z"]]
    assert client.get("/g/gone").status_code == 404
    assert "/g/gone" not in client.get("/").get_data(as_text=True)
