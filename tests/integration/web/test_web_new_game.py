"""Home and the new-game form: players, names, edition, title, coach, and the device's recent games."""

from __future__ import annotations

from scorekeeper.rules import EDITIONS, find_edition
from tests.support.web_forms import new_game, page_text


def test_home_offers_a_new_game_and_no_recent_games_on_a_fresh_device(client):
    response = client.get("/")
    assert response.status_code == 200
    text = page_text(response)
    assert "New game" in text
    assert "Games you start here will be listed here" in text


def test_the_new_game_form_has_two_empty_seats_and_the_default_edition_checked(client):
    text = client.get("/new").get_data(as_text=True)
    assert text.count('name="player"') == 2
    assert 'value="hasbro-1996" checked' in text
    for edition in EDITIONS.values():
        assert edition.description in page_text(client.get("/new"))


def test_starting_a_game_redirects_to_its_unguessable_page(client, loaded):
    token = new_game(client, ["Ann", "Bo"], edition="hasbro-2016", title="Friday")
    game = loaded(token)
    assert len(token) >= 22  # at least 128 bits of secrets.token_urlsafe
    assert game.game.players == ("Ann", "Bo")
    assert game.edition is find_edition("hasbro-2016")
    assert game.title == "Friday"
    assert game.coach is False


def test_names_are_trimmed_and_inner_spaces_collapsed(client, loaded):
    token = new_game(client, ["  Ann  ", "Bo   Lee"])
    assert loaded(token).game.players == ("Ann", "Bo Lee")


def test_the_edition_defaults_to_the_1996_booklet_when_not_posted(client, loaded):
    token = new_game(client, ["Ann"])
    assert loaded(token).edition is find_edition("hasbro-1996")


def test_coach_mode_is_stored_when_ticked(client, loaded):
    token = new_game(client, ["Ann"], coach="y")
    assert loaded(token).coach is True


def test_duplicate_names_are_refused_whatever_their_case(client, db):
    response = client.post("/new", data={"player": ["Ann", "ann"]})
    assert response.status_code == 422
    assert "ann is already playing" in page_text(response)
    with db() as session:
        from sqlalchemy import text

        assert session.execute(text("SELECT count(*) FROM games")).scalar() == 0


def test_an_empty_name_is_refused_beside_its_field(client):
    response = client.post("/new", data={"player": ["Ann", "   "]})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert 'aria-describedby="player-1-error"' in body
    assert "Enter a name, or remove this player." in page_text(response)


def test_a_name_longer_than_24_characters_is_refused(client):
    response = client.post("/new", data={"player": ["A" * 25]})
    assert response.status_code == 422
    assert "at most 24 characters" in page_text(response)


def test_24_characters_is_still_a_name(client, loaded):
    token = new_game(client, ["B" * 24])
    assert loaded(token).game.players == ("B" * 24,)


def test_a_title_longer_than_60_characters_is_refused_with_the_limit_named(client):
    response = client.post("/new", data={"player": ["Ann"], "title": "T" * 61})
    assert response.status_code == 422
    assert "A title has at most 60 characters." in page_text(response)


def test_no_players_and_nine_players_are_both_refused(client):
    assert client.post("/new", data={"title": "x"}).status_code == 422
    nine = [f"P{i}" for i in range(9)]
    response = client.post("/new", data={"player": nine})
    assert response.status_code == 422
    assert "A game has 1 to 8 players." in page_text(response)


def test_eight_players_make_a_game(client, loaded):
    token = new_game(client, [f"P{i}" for i in range(8)])
    assert len(loaded(token).game.players) == 8


def test_an_unknown_edition_is_refused(client):
    response = client.post("/new", data={"player": ["Ann"], "edition": "hasbro-1066"})
    assert response.status_code == 422


def test_add_player_without_javascript_re_renders_the_form_with_one_more_seat(client, db):
    response = client.post("/new", data={"player": ["Ann", "Bo"], "action": "add"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.count('name="player"') == 3
    assert 'value="Ann"' in body and 'value="Bo"' in body


def test_remove_and_move_up_reorder_the_seats_without_javascript(client):
    body = client.post("/new", data={"player": ["Ann", "Bo", "Cy"], "action": "remove:0"}).get_data(
        as_text=True
    )
    assert body.index('value="Bo"') < body.index('value="Cy"')
    assert 'value="Ann"' not in body
    body = client.post("/new", data={"player": ["Ann", "Bo", "Cy"], "action": "up:2"}).get_data(as_text=True)
    assert body.index('value="Cy"') < body.index('value="Bo"')


def test_the_ninth_seat_cannot_be_added(client):
    body = client.post("/new", data={"player": [f"P{i}" for i in range(8)], "action": "add"}).get_data(
        as_text=True
    )
    assert body.count('name="player"') == 8


def test_the_home_page_lists_games_started_on_this_device_only(client, app):
    token = new_game(client, ["Ann", "Bo"], title="Friday night")
    text = client.get("/").get_data(as_text=True)
    assert f"/g/{token}" in text and "Friday night" in text
    other = app.test_client()
    assert f"/g/{token}" not in other.get("/").get_data(as_text=True)


def test_the_form_says_under_maxi_and_triple_yahtzee_that_they_have_no_coach_and_why(client, monkeypatch):
    for id in ("yacht", "maxi-yatzy", "triple-yahtzee"):
        monkeypatch.setitem(EDITIONS, id, find_edition(id))  # as the pages of issue 25 will offer them
    text = page_text(client.get("/new"))
    assert (
        "No coach for these rules: with six dice and saved rolls a game can go far too many ways "
        "for the coach to work out the best play." in text
    )
    assert (
        "No coach for these rules: a sheet of 3 columns can be filled in far too many ways "
        "for the coach to work out the best play." in text
    )
    assert text.count("No coach for these rules") == 2  # Yacht and the others have a coach
    swedish = page_text(client.get("/new", headers={"Accept-Language": "sv"}))
    assert "No coach" not in swedish and "sex tärningar" in swedish
