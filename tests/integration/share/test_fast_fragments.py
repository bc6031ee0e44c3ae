"""A phone's repeated live refresh is answered before Flask (web/infra/fast_fragments.py), with the
very bytes and headers Flask sends for it, and only when that is sure: the same link, version,
language and encoding; anything else goes through Flask."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from scorekeeper import storage
from scorekeeper.services import games
from scorekeeper.web import live
from tests.support.counting_sessions import Counting

HTMX = {"HX-Request": "true", "Accept-Encoding": "gzip"}


@pytest.fixture
def through_flask(app) -> list[str]:
    """Grows by one for every request Flask itself answers."""
    app.session_interface = Counting()
    Counting.opened = 0
    return []


def answer(client, token: str, **headers: str):
    response = client.get(f"/g/{token}", headers={**HTMX, **headers})
    assert response.status_code == 200
    return response


@pytest.mark.parametrize("capability", ["edit_token", "view_token"])
def test_a_repeated_refresh_is_flasks_answer_byte_for_byte_without_flask(app, make_game, capability):
    game = make_game(["Ann", "Bo"], [("22456", "twos")])
    token = getattr(game, capability)
    phone = app.test_client()
    answer(phone, token)  # renders, keeps and encodes the fragment; this phone's first visit...
    answer(phone, token)  # ...and its second write its recent-games list (a cookie)
    flask_answer = answer(phone, token)  # from the memory, through Flask, no cookie: learned
    begun: list[str] = []
    event.listen(storage.get_engine(app), "begin", lambda connection: begun.append("begin"))
    app.session_interface = Counting()
    Counting.opened = 0
    fast = [answer(app.test_client(), token) for _ in range(5)]
    assert Counting.opened == 0 and begun == []
    for response in fast:
        assert response.data == flask_answer.data
        assert response.headers == flask_answer.headers
    assert flask_answer.headers["Content-Encoding"] == "gzip"


def test_each_language_and_a_changed_game_go_through_flask_first(app, db, make_game):
    game = make_game(["Ann", "Bo"], [("22456", "twos")])
    token = game.edit_token
    phone = app.test_client()
    for _ in range(3):
        english = answer(phone, token, **{"Accept-Language": "en"})
    assert answer(app.test_client(), token, **{"Accept-Language": "en"}).data == english.data
    app.session_interface = Counting()
    Counting.opened = 0
    german = answer(app.test_client(), token, **{"Accept-Language": "de"})
    assert Counting.opened == 1 and german.data != english.data  # another language: Flask
    assert answer(app.test_client(), token, **{"Accept-Language": "de"}).data == german.data
    assert Counting.opened == 1  # and now from memory
    french_phone = app.test_client()
    french_phone.set_cookie("lang", "fr")
    chosen = answer(french_phone, token, **{"Accept-Language": "de"})
    assert Counting.opened == 2  # the phone's own choice (French) wins over its browser's: Flask again
    assert chosen.data != german.data and chosen.data != english.data
    games.record_turn(db, token, 1, (1, 2, 3, 4, 6), "chance")
    fresh = answer(app.test_client(), token, **{"Accept-Language": "en"})
    assert Counting.opened == 3 and fresh.data != english.data  # a new version: Flask renders it


def test_the_memory_switched_off_answers_every_refresh_through_flask(app, make_game):
    game = make_game(["Ann", "Bo"], [("22456", "twos")])
    app.extensions[live.FRAGMENTS_KEY].enabled = False
    phone = app.test_client()
    for _ in range(3):
        answer(phone, game.edit_token)
    app.session_interface = Counting()
    Counting.opened = 0
    answer(app.test_client(), game.edit_token)
    assert Counting.opened == 1
