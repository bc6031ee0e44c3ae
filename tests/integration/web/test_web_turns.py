"""A turn at the table: dice in, the boxes with their points, the choice recorded, and every refusal."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Box
from tests.support.web_forms import HX, PLAIN_DICE, new_game, page_text, post_turn, snapshot


@pytest.fixture
def token(client):
    return new_game(client, ["Ann", "Bo"])


def test_the_game_page_says_the_round_and_whose_turn_it_is(client, token):
    text = page_text(client.get(f"/g/{token}"))
    assert "Round 1 of 13 · Ann" in text


def test_the_keypad_has_a_labelled_button_per_face_and_five_labelled_slots(client, token):
    body = client.get(f"/g/{token}").get_data(as_text=True)
    for face in range(1, 7):
        assert f'aria-label="Add a {face}"' in body
    for slot in range(1, 6):
        assert f'aria-label="Die {slot}: empty"' in body


@pytest.mark.parametrize("typed", ["22456", "2 2 4 5 6", "2,2,4,5,6", "65422", " 6, 5 4,2 2 "])
def test_posting_the_dice_form_without_javascript_shows_the_box_form(client, token, typed):
    response = client.post(f"/g/{token}/options", data={"dice": typed})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "<html" in body  # the whole page: no JavaScript needed
    assert 'name="box" value="twos"' in body
    assert 'name="dice" value="22456"' in body or 'name="dice" value="65422"' in body
    assert 'name="turn" value="0"' in body
    assert "Die 3: 4, tap to clear" in body or "Die 3: 4, tap to clear" in body.replace("6", "4")


def test_the_options_list_each_open_box_with_its_points_and_scratches(client, token):
    text = page_text(client.post(f"/g/{token}/options", data={"dice": "44422"}))
    assert "Twos 4" in text
    assert "Fours 12" in text
    assert "Full house 25" in text
    assert "Large straight 0 scratch" in text


def test_an_htmx_options_request_gets_only_the_options_fragment(client, token):
    response = client.post(f"/g/{token}/options", data={"dice": "22456"}, headers=HX)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "<html" not in body and 'class="choose"' in body
    assert "HX-Request" in response.headers["Vary"]


def test_a_boosted_request_gets_the_whole_page(client, token):
    response = client.post(
        f"/g/{token}/options", data={"dice": "22456"}, headers={**HX, "HX-Boosted": "true"}
    )
    assert "<html" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("2245", "That is 4 dice; enter exactly five."),
        ("224566", "That is 6 dice; enter exactly five."),
        ("22457", "A die shows 1 to 6; 7 is not a face."),
        ("22450", "A die shows 1 to 6; 0 is not a face."),
        ("abc", "Dice are numbers from 1 to 6, like 22456."),
        ("", "Enter the five dice, for example 22456."),
        ("   ", "Enter the five dice, for example 22456."),
    ],
)
def test_bad_dice_get_422_with_the_message_beside_the_field(client, token, typed, message):
    response = client.post(f"/g/{token}/options", data={"dice": typed})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert 'aria-describedby="dice-hint dice-error"' in body
    assert message in page_text(response)
    assert 'name="box"' not in body


def test_bad_dice_over_htmx_get_422_and_the_message_fragment(client, token):
    response = client.post(f"/g/{token}/options", data={"dice": "2245"}, headers=HX)
    assert response.status_code == 422
    assert 'id="dice-error"' in response.get_data(as_text=True)


def test_the_keypad_without_javascript_adds_a_face_and_clears_a_slot(client, token):
    body = client.post(f"/g/{token}/options", data={"dice": "224", "add": "5"}).get_data(as_text=True)
    assert 'value="2245"' in body
    assert 'name="box"' not in body  # four dice: no options yet, and no complaint
    assert 'id="dice-error"' not in body
    body = client.post(f"/g/{token}/options", data={"dice": "2245", "add": "6"}).get_data(as_text=True)
    assert 'name="box" value="twos"' in body
    body = client.post(f"/g/{token}/options", data={"dice": "22456", "clear": "0"}).get_data(as_text=True)
    assert 'id="dice" name="dice" value="2456"' in body


def test_choosing_a_box_records_the_turn_and_redirects_without_javascript(client, token, loaded):
    response = post_turn(client, token, "2 2 4 5 6", "twos", 0)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{token}"
    game = loaded(token).game
    assert [(t.dice, t.box, t.points) for t in game.turns] == [((2, 2, 4, 5, 6), Box.TWOS, 4)]
    text = page_text(client.get(f"/g/{token}"))
    assert "Round 1 of 13 · Bo" in text
    assert "Ann: 4 in Twos. Next: Bo." in text  # the flashed notice after the redirect


def test_choosing_a_box_over_htmx_returns_the_updated_game_fragment(client, token):
    response = post_turn(client, token, "22456", "twos", 0, headers=HX)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="play"')
    assert 'data-announce="Ann: 4 in Twos. Next: Bo."' in body
    assert 'class="filled just' in body  # the cell just filled is highlighted
    assert "Round 1 of 13 · Bo" in page_text(response)
    assert "HX-Request" in response.headers["Vary"]


def test_a_double_submit_records_the_turn_once_and_says_so_with_409(client, token, loaded):
    assert post_turn(client, token, "22456", "twos", 0).status_code == 303
    response = post_turn(client, token, "22456", "twos", 0)
    assert response.status_code == 409
    assert "Ann's turn was already recorded." in page_text(response)
    assert "Round 1 of 13 · Bo" in page_text(response)  # the fresh sheet
    assert len(loaded(token).game.turns) == 1


def test_a_stale_htmx_form_gets_409_and_the_fresh_fragment(client, token):
    post_turn(client, token, "22456", "twos", 0)
    response = post_turn(client, token, "11111", "ones", 0, headers=HX)
    assert response.status_code == 409
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="play"')
    assert "Ann's turn was already recorded." in page_text(response)


@pytest.mark.parametrize(
    ("box", "message"),
    [
        ("sevens", "There is no box called 'sevens'."),
        ("", "There is no box called ''."),
    ],
)
def test_an_unknown_box_gets_422_with_the_engines_reason(client, token, db, box, message):
    before = snapshot(db)
    response = post_turn(client, token, "22456", box, 0)
    assert response.status_code == 422
    assert message in page_text(response)
    assert 'name="box" value="twos"' in response.get_data(as_text=True)  # the page stays usable
    assert snapshot(db) == before


def test_a_filled_box_is_refused_with_422(client, make_game, db):
    created = make_game(["Ann"], turns=[("22456", "twos")])
    before = snapshot(db)
    response = post_turn(client, created.edit_token, "22356", "twos", 1)
    assert response.status_code == 422
    assert "Twos is already filled." in page_text(response)
    assert snapshot(db) == before


def test_a_box_the_joker_forbids_is_refused_and_shown_disabled_with_why(client, make_game, db):
    created = make_game(["Ann"], turns=[("44444", "yahtzee")])
    token = created.edit_token
    body = client.post(f"/g/{token}/options", data={"dice": "44444"}).get_data(as_text=True)
    assert 'name="box" value="fours"\n' in body or 'value="fours"' in body
    assert 'value="chance" disabled' in body
    reason = "Joker rule: five 4s must go in Fours while Fours is empty."
    assert reason in page_text(client.post(f"/g/{token}/options", data={"dice": "44444"}))
    before = snapshot(db)
    response = post_turn(client, token, "44444", "chance", 1)
    assert response.status_code == 422
    assert reason in page_text(response)
    assert snapshot(db) == before


def test_an_extra_yahtzee_shows_the_bonus_before_the_choice(client, make_game):
    created = make_game(["Ann"], turns=[("66666", "yahtzee")])
    text = page_text(client.post(f"/g/{created.edit_token}/options", data={"dice": "66666"}))
    assert "+100 Yahtzee bonus" in text
    plain = page_text(client.post(f"/g/{created.edit_token}/options", data={"dice": PLAIN_DICE}))
    assert "+100 Yahtzee bonus" not in plain


def test_the_recorded_bonus_shows_as_a_mark_on_the_sheet(client, make_game):
    created = make_game(["Ann"], turns=[("66666", "yahtzee"), ("66666", "sixes")])
    text = page_text(client.get(f"/g/{created.edit_token}"))
    assert "100 ★ 1 bonus" in text  # the points, the player's star under them, the words for a reader


def test_a_missing_or_garbled_turn_number_is_refused_and_nothing_is_stored(client, token, db):
    before = snapshot(db)
    for turn in ("", "x", "-1", "1e3"):
        response = client.post(f"/g/{token}/turns", data={"dice": "22456", "box": "twos", "turn": turn})
        assert response.status_code == 422
    assert client.post(f"/g/{token}/turns", data={"dice": "22456", "box": "twos"}).status_code == 422
    assert snapshot(db) == before


def test_a_future_turn_number_is_stale_not_recorded(client, token, db):
    before = snapshot(db)
    assert post_turn(client, token, "22456", "twos", 5).status_code == 409
    assert snapshot(db) == before


def test_bad_dice_on_the_box_form_are_refused_with_422(client, token, db):
    before = snapshot(db)
    response = post_turn(client, token, "2245", "twos", 0)
    assert response.status_code == 422
    assert "That is 4 dice" in page_text(response)
    assert snapshot(db) == before


def test_every_recorded_turn_survives_a_restart(client, token, make_app, database_path):
    post_turn(client, token, "22456", "twos", 0)
    again = make_app(database_path).test_client()
    assert "Round 1 of 13 · Bo" in page_text(again.get(f"/g/{token}"))
