"""The live poll: 204 with nothing while the game is unchanged, the new version once it moved."""

from __future__ import annotations

import re

import pytest

from scorekeeper.services import games


@pytest.fixture
def game(make_game):
    return make_game(["Ann", "Bo"], turns=[("22456", "twos")])


def poll(client, token: str, version: object):
    return client.get(f"/g/{token}/poll?v={version}")


@pytest.mark.parametrize("capability", ["edit_token", "view_token"])
def test_an_unchanged_game_answers_204_with_no_body_and_no_cookie(client, game, capability):
    response = poll(client, getattr(game, capability), game.game.version)
    assert response.status_code == 204
    assert response.data == b""
    assert "Set-Cookie" not in response.headers
    assert "Content-Type" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"


def test_a_change_elsewhere_answers_the_new_version(client, db, game):
    before = game.game.version
    games.record_turn(db, game.edit_token, 1, (1, 2, 3, 4, 6), "chance")
    response = poll(client, game.view_token, before)
    assert response.status_code == 200
    assert response.get_json() == {"version": before + 1}
    assert poll(client, game.view_token, before + 1).status_code == 204


def test_undo_and_correct_move_the_version_too(client, db, game):
    version = game.game.version
    games.undo_turn(db, game.edit_token, version)
    assert poll(client, game.edit_token, version).get_json() == {"version": version + 1}
    games.record_turn(db, game.edit_token, 0, (2, 2, 4, 5, 6), "twos")
    games.correct_turn(db, game.edit_token, version + 2, 0, (2, 2, 2, 5, 6), "twos")
    assert poll(client, game.edit_token, version + 2).get_json() == {"version": version + 3}


@pytest.mark.parametrize("version", ["", "abc", "-1", "99999999999999999999"])
def test_a_missing_or_odd_version_gets_the_current_one(client, game, version):
    response = poll(client, game.edit_token, version)
    assert response.status_code == 200
    assert response.get_json() == {"version": game.game.version}


@pytest.mark.parametrize("token", ["nope", "A" * 32, "A" * 300, "%00"])
def test_an_unknown_token_is_the_games_404(client, token):
    response = client.get(f"/g/{token}/poll?v=0")
    assert response.status_code == 404
    assert "This link opens no game." in response.get_data(as_text=True)


def test_the_poll_writes_nothing(client, db, game):
    for _ in range(3):
        poll(client, game.edit_token, 0)
    assert games.load_game(db, game.edit_token).version == game.game.version


@pytest.mark.parametrize("capability", ["edit_token", "view_token"])
def test_the_live_region_carries_its_poll_url_and_version(client, game, capability):
    token = getattr(game, capability)
    for headers in ({}, {"HX-Request": "true"}):
        body = client.get(f"/g/{token}", headers=headers).get_data(as_text=True)
        region = re.search(r'<div id="(?:play|board)"[^>]*>', body).group(0)
        assert f'data-poll="/g/{token}/poll"' in region
        assert f'data-version="{game.game.version}"' in region


LIVE_JS = r'<script src="/static/js/live\.js\?v=\w+" defer></script>'  # versioned URL


def test_the_game_page_loads_live_js_and_marks_the_dice_entry_to_keep(client, game):
    body = client.get(f"/g/{game.edit_token}").get_data(as_text=True)
    assert re.search(LIVE_JS, body)
    assert re.search(r'<section class="entry" data-live-keep', body)
    board = client.get(f"/g/{game.view_token}").get_data(as_text=True)
    assert re.search(LIVE_JS, board)
