"""The view link: a read-only scoreboard, and the same 404 as a wrong token on every write route."""

from __future__ import annotations

import re

import pytest

from tests.support.web_forms import page_text, snapshot


@pytest.fixture
def game(make_game):
    return make_game(["Ann", "Bo"], turns=[("22456", "twos")])


def test_the_view_link_shows_the_scoreboard_without_any_write_control(client, game):
    response = client.get(f"/g/{game.view_token}")
    assert response.status_code == 200
    text = page_text(response)
    assert "Bo's turn" in text and "Last turn: Ann: 4 in Twos" in text
    body = response.get_data(as_text=True)
    # The one form it may post is the language picker's, which changes nothing in the game.
    posts = re.findall(r'<form[^>]*method="post"[^>]*>', body)
    assert all('action="/language"' in form for form in posts), posts
    assert "/turns/0/edit" not in body
    assert game.edit_token not in body


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/options", {"dice": "22456"}),
        ("/turns", {"dice": "22456", "box": "threes", "turn": "1"}),
        ("/undo", {"version": "2"}),
        ("/turns/0/edit", {"dice": "22456", "box": "fours", "version": "2"}),
        ("/rematch", {}),
    ],
)
def test_every_write_route_is_a_404_through_the_view_link(client, game, db, path, data):
    before = snapshot(db)
    assert client.post(f"/g/{game.view_token}{path}", data=data).status_code == 404
    assert snapshot(db) == before


def test_the_correction_page_is_a_404_through_the_view_link(client, game):
    assert client.get(f"/g/{game.view_token}/turns/0/edit").status_code == 404


def test_an_unknown_or_malformed_token_is_the_same_404_page(client):
    for token in ("nope", "A" * 32, "%00", "..%2f"):
        response = client.get(f"/g/{token}")
        assert response.status_code == 404
        assert "This link opens no game." in page_text(response)
