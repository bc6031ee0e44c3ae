"""Rate limits: generous for a table of eight phones on one address, a readable 429 beyond."""

from __future__ import annotations

import time
from types import SimpleNamespace

import flask_limiter._extension as flask_limiter_extension
import pytest

from scorekeeper import storage
from scorekeeper.rules import find_edition
from scorekeeper.services import games, tables

BOXES = find_edition("hasbro-1996").box_keys  # the Hasbro sheet's box keys, in sheet order

NEW_GAME = {"player": ["Ann", "Bo"], "edition": "hasbro-1996", "action": "start"}


@pytest.fixture
def app_overrides() -> dict[str, object]:
    return {"RATE_LIMIT_CREATE": "3 per minute", "RATE_LIMIT_WRITES": "5 per minute"}


def test_creating_games_beyond_the_limit_gets_a_readable_429(client):
    statuses = [client.post("/new", data=NEW_GAME).status_code for _ in range(4)]
    assert statuses == [303, 303, 303, 429]
    response = client.post("/new", data=NEW_GAME)
    assert response.status_code == 429
    body = response.get_data(as_text=True)
    assert "Slow down a little" in body and "wait a minute" in body
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert "Retry-After" in response.headers


def test_writes_to_a_game_share_one_limit_and_refuse_beyond_it(client, make_game):
    game = make_game()
    token = game.edit_token
    posts = [
        client.post(f"/g/{token}/options", data={"dice": "12346"}),
        client.post(f"/g/{token}/turns", data={"dice": "12346", "box": "chance", "turn": "0"}),
        client.post(f"/g/{token}/undo", data={"version": "1"}),
        client.post(f"/g/{token}/options", data={"dice": "12346"}),
        client.post(f"/g/{token}/turns", data={"dice": "12346", "box": "chance", "turn": "0"}),
        client.post(f"/g/{token}/turns", data={"dice": "12346", "box": "chance", "turn": "1"}),
    ]
    assert [response.status_code for response in posts] == [200, 303, 303, 200, 303, 429]
    assert "Slow down a little" in posts[-1].get_data(as_text=True)


def test_writes_to_a_table_count_per_table_and_links_that_open_none_per_address(app, client, make_game):
    db = app.extensions[storage.DB_KEY]
    first, second = tables.create_table(db, "Friday"), tables.create_table(db, "Sunday")
    rename = {"version": "1", "player": "Nobody", "name": "X"}  # refused (422): still a write
    statuses = [client.post(f"/t/{first.edit_token}/rename", data=rename).status_code for _ in range(6)]
    assert statuses == [422] * 5 + [429]
    assert client.post(f"/t/{second.edit_token}/rename", data=rename).status_code == 422  # its own budget
    # Links that open no table: 404s, then 429 once the address's small budget is spent.
    app.config["RATE_LIMIT_FAILED_LOOKUPS"] = "3 per minute"
    missing = [client.get(f"/t/nosuchtable{i:020d}").status_code for i in range(4)]
    assert missing == [404, 404, 404, 429]


def test_reading_and_polling_are_never_limited(client, make_game):
    game = make_game()
    for _ in range(30):
        assert client.get(f"/g/{game.view_token}/poll?v=0").status_code == 204
        assert client.get(f"/g/{game.edit_token}").status_code == 200


def test_the_limits_can_be_switched_off(make_app, database_path):
    client = make_app(database_path, RATELIMIT_ENABLED=False, RATE_LIMIT_CREATE="1 per hour").test_client()
    assert [client.post("/new", data=NEW_GAME).status_code for _ in range(3)] == [303] * 3


@pytest.mark.slow
def test_the_default_limits_let_eight_phones_on_one_address_play_a_whole_game_fast(make_app, database_path):
    """104 turns, each with a keypad post, an options post and the record: all inside a minute."""
    client = make_app(database_path).test_client()
    players = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    response = client.post("/new", data={**NEW_GAME, "player": players})
    token = response.headers["Location"].rsplit("/", 1)[1]
    for turn in range(13 * len(players)):
        box = BOXES[turn // len(players)]
        assert client.post(f"/g/{token}/options", data={"dice": "1234", "add": "6"}).status_code == 200
        assert client.post(f"/g/{token}/options", data={"dice": "12346"}).status_code == 200
        recorded = client.post(f"/g/{token}/turns", data={"dice": "12346", "box": box, "turn": str(turn)})
        assert recorded.status_code == 303, (turn, recorded.status_code)


def test_an_app_made_after_another_apps_limit_storage_failed_counts_in_its_own(
    make_app, database_path, monkeypatch
):
    """The limiter is one object per process: a Redis that failed under one app (its counting moved
    to a stand-in memory) must not make the next app count twice, once in the stand-in and again
    from zero when the limiter finds its storage working (the flaky 6th write that got through)."""
    failing = make_app(database_path, REDIS_URL="redis://127.0.0.1:9/0").test_client()  # nothing there
    game = games.create_game(failing.application.extensions[storage.DB_KEY], ["Ann", "Bo"], "hasbro-1996")
    assert failing.post(f"/g/{game.edit_token}/options", data={"dice": "12346"}).status_code == 200
    healthy = make_app(database_path, RATE_LIMIT_WRITES="5 per minute").test_client()
    for _ in range(5):
        assert healthy.post(f"/g/{game.edit_token}/options", data={"dice": "12346"}).status_code == 200
    # Later, as the limiter sees it: time to look at its storage again.
    later = time.time() + 3600
    monkeypatch.setattr(flask_limiter_extension, "time", SimpleNamespace(time=lambda: later))
    assert healthy.post(f"/g/{game.edit_token}/options", data={"dice": "12346"}).status_code == 429
