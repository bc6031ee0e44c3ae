"""Inputs that look alike or mean something else are not taken at face value: names in NFC,
the coach box only as the form sends it, and numbers in URLs written with ASCII digits."""

from __future__ import annotations

import pytest

from scorekeeper.services import games, names

COMPOSED_E = "\u00e9"  # é as one character
DECOMPOSED_E = "e\u0301"  # e + combining acute accent


def _new(client, players, **fields):
    return client.post(
        "/new", data={"player": players, "edition": "hasbro-1996", "action": "start", **fields}
    )


def _created(db, response) -> games.LoadedGame:
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return games.load_game(db, response.headers["Location"].rsplit("/", 1)[1])


def test_a_name_typed_composed_and_decomposed_is_one_name(client):
    response = _new(client, [f"Ren{COMPOSED_E}", f"Ren{DECOMPOSED_E}"])
    assert response.status_code == 422
    assert "is already playing" in response.get_data(as_text=True)


def test_names_and_titles_are_stored_in_nfc(client, db):
    loaded = _created(db, _new(client, [f"Ren{DECOMPOSED_E}", "Bo"], title=f"Caf{DECOMPOSED_E}"))
    assert loaded.game.players[0] == f"Ren{COMPOSED_E}"
    assert loaded.title == f"Caf{COMPOSED_E}"


def test_the_use_case_itself_refuses_look_alike_names(db):
    checked = names.check_players([COMPOSED_E, DECOMPOSED_E.upper()])
    assert 1 in checked.reasons


@pytest.mark.parametrize("value", ["off", "0", "n", "false ", "no", "yes please"])
def test_a_coach_value_other_than_the_checkbox_s_is_refused_and_creates_nothing(client, db, value):
    response = _new(client, ["Ann", "Bo"], coach=value)
    assert response.status_code == 422
    assert "Coach mode is a tick box" in response.get_data(as_text=True)
    assert 'name="coach" value="y" checked' not in response.get_data(as_text=True)


@pytest.mark.parametrize(("fields", "on"), [({"coach": "y"}, True), ({"coach": "on"}, True), ({}, False)])
def test_the_checkbox_s_own_values_switch_the_coach(client, db, fields, on):
    assert _created(db, _new(client, ["Ann", "Bo"], **fields)).coach is on


@pytest.mark.parametrize(
    "number", ["\u0660", "\uff10", "\u09e6", "\u0661"]
)  # Arabic-Indic, fullwidth, Bengali
def test_turn_numbers_in_urls_are_ascii_digits_only(client, make_game, number):
    game = make_game(turns=[("12346", "chance"), ("12346", "chance")])
    assert client.get(f"/g/{game.edit_token}/turns/0/edit").status_code == 200
    assert client.get(f"/g/{game.edit_token}/turns/{number}/edit").status_code == 404
    posted = client.post(f"/g/{game.edit_token}/turns/{number}/edit", data={"dice": "11111", "box": "chance"})
    assert posted.status_code == 404
    assert games.load_game(client.application.extensions["scorekeeper.db"], game.edit_token).version == 2
