"""A page's live poll is a conditional request for its game area (web/live): with the ETag of what it
shows (the version and the page's language) an unchanged game answers 304 before Flask, with no
session and no transaction; a changed one answers the fresh fragment through Flask."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event

from scorekeeper import storage
from scorekeeper.services import games
from tests.support.counting_sessions import Counting

HTMX = {"HX-Request": "true"}


def refresh(client, token: str, etag: str = "", **headers: str):
    conditional = {"If-None-Match": etag} if etag else {}
    return client.get(f"/g/{token}", headers={**HTMX, **conditional, **headers})


@pytest.mark.parametrize("capability", ["edit_token", "view_token"])
def test_an_unchanged_game_answers_304_without_flask_a_session_or_a_transaction(app, make_game, capability):
    game = make_game(["Ann", "Bo"], [("22456", "twos")])
    token = getattr(game, capability)
    shown = refresh(app.test_client(), token)
    etag = shown.headers["ETag"]
    assert shown.status_code == 200 and etag == 'W/"1-en"'
    assert f'data-etag="{etag.replace(chr(34), "&#34;")}"' in shown.get_data(as_text=True)
    begun: list[str] = []
    event.listen(storage.get_engine(app), "begin", lambda connection: begun.append("begin"))
    app.session_interface = Counting()
    Counting.opened = 0
    answers = [refresh(app.test_client(), token, etag) for _ in range(5)]
    assert Counting.opened == 0 and begun == []
    for answer in answers:
        assert answer.status_code == 304 and answer.data == b""
        assert answer.headers["ETag"] == etag and answer.headers["Cache-Control"] == "no-store"
        assert "Content-Security-Policy" in answer.headers and "Set-Cookie" not in answer.headers


def test_a_changed_game_answers_the_fresh_fragment_through_flask_with_its_new_etag(app, db, make_game):
    game = make_game(["Ann", "Bo"], [("22456", "twos")])
    phone = app.test_client()
    etag = refresh(phone, game.edit_token).headers["ETag"]
    games.record_turn(db, game.edit_token, 1, (1, 2, 3, 4, 6), "chance")
    app.session_interface = Counting()
    Counting.opened = 0
    fresh = refresh(phone, game.edit_token, etag)
    assert fresh.status_code == 200 and Counting.opened == 1
    assert fresh.headers["ETag"] == 'W/"2-en"' and 'data-version="2"' in fresh.get_data(as_text=True)
    assert refresh(phone, game.edit_token, fresh.headers["ETag"]).status_code == 304


def test_the_etag_names_the_pages_language_and_a_view_link_speaks_the_games(app, client, db, make_game):
    game = make_game(["Ann", "Bo"], [("22456", "twos")])
    german = refresh(client, game.edit_token, **{"Accept-Language": "de"})
    assert german.headers["ETag"] == 'W/"1-de"' and re.search(r"Runde|Zweier", german.get_data(as_text=True))
    created = games.create_game(db, ["Ann", "Bo"], "yatzy", language="sv")
    board = refresh(client, created.view_token, **{"Accept-Language": "fr"})
    assert board.headers["ETag"] == 'W/"0-sv"'
    assert refresh(client, created.view_token, board.headers["ETag"]).status_code == 304


@pytest.mark.parametrize("etag", ['W/"0-en"', "nonsense", '"1-en", W/"2-en"'])
def test_a_link_that_opens_nothing_is_the_games_404_whatever_it_sends(client, etag):
    answer = refresh(client, "not-a-game-token-at-all", etag)
    assert answer.status_code == 404 and "This link opens no game." in answer.get_data(as_text=True)


def test_an_etag_of_another_version_or_without_htmx_gets_an_answer(client, make_game):
    game = make_game(["Ann", "Bo"], [("22456", "twos")])
    assert refresh(client, game.edit_token, 'W/"7-en"').status_code == 200
    page = client.get(f"/g/{game.edit_token}", headers={"If-None-Match": 'W/"1-en"'})
    assert page.status_code == 200 and "<html" in page.get_data(as_text=True)  # the whole page
