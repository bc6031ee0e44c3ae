"""CSRF on: every POST without the page's token is a friendly 400 and changes nothing."""

from __future__ import annotations

import html
import json
import re

import pytest
from sqlalchemy import text

from scorekeeper.services import games

HX = {"HX-Request": "true"}


@pytest.fixture
def app_overrides() -> dict[str, object]:
    return {"WTF_CSRF_ENABLED": True}


@pytest.fixture
def game(make_game):
    return make_game(["Ann", "Bo"], turns=[("22456", "twos")])


# The language picker takes no token (it would put a session cookie on every page); it refuses
# another site's post by the browser's own headers instead (the test below).
NO_TOKEN = {"/language"}


def post_routes(app, token: str) -> list[str]:
    paths = []
    for rule in app.url_map.iter_rules():
        if "POST" in (rule.methods or set()) and rule.rule not in NO_TOKEN:
            path = re.sub(r"<(?:[a-z]+:)?token>", token, rule.rule)
            paths.append(re.sub(r"<int:[a-z_]+>", "0", path))  # a turn's index, a table's game id
    return paths


def snapshot(db) -> dict[str, list]:
    with db() as session:
        return {
            table: sorted(map(tuple, session.execute(text(f"SELECT * FROM {table}"))), key=repr)
            for table in ("games", "players", "entries", "history")
        }


def page_token(client, path: str) -> str:
    body = client.get(path).get_data(as_text=True)
    return html.unescape(re.search(r'name="csrf_token"[^>]*value="([^"]+)"', body).group(1))


FORM = {
    "dice": "12346",
    "box": "chance",
    "turn": "1",
    "version": "1",
    "player": ["Cy"],
    "edition": "hasbro-1996",
    "action": "start",
}


@pytest.mark.parametrize("how", ["missing", "wrong", "htmx-missing", "htmx-wrong"])
def test_every_post_route_refuses_a_missing_or_wrong_csrf_token(app, client, db, game, how):
    client.get(f"/g/{game.edit_token}")  # a session exists, with its own CSRF secret
    before = snapshot(db)
    paths = post_routes(app, game.edit_token)
    assert len(paths) >= 6
    for path in paths:
        data = dict(FORM)
        headers = dict(HX) if how.startswith("htmx") else {}
        if how.endswith("wrong"):
            data["csrf_token"] = "forged"
            headers["X-CSRFToken"] = "forged"
        response = client.post(path, data=data, headers=headers)
        assert response.status_code == 400, (path, response.status_code)
        body = response.get_data(as_text=True)
        assert "Please reload" in body and "Traceback" not in body, path
    assert snapshot(db) == before


def test_a_token_from_another_session_is_refused(app, client, db, game):
    other = app.test_client()
    token = page_token(other, f"/g/{game.edit_token}")
    client.get(f"/g/{game.edit_token}")
    response = client.post(f"/g/{game.edit_token}/turns", data={**FORM, "csrf_token": token})
    assert response.status_code == 400


def test_the_plain_form_with_the_pages_token_records_the_turn(client, db, game):
    token = page_token(client, f"/g/{game.edit_token}")
    response = client.post(f"/g/{game.edit_token}/turns", data={**FORM, "csrf_token": token})
    assert response.status_code == 303
    assert len(games.load_game(db, game.edit_token).game.turns) == 2


def test_htmx_sends_the_token_in_the_header_the_page_declares(client, db, game):
    body = client.get(f"/g/{game.edit_token}").get_data(as_text=True)
    declared = re.search(r"hx-headers='([^']+)'", body).group(1)
    header = json.loads(html.unescape(declared))
    assert set(header) == {"X-CSRFToken"}
    form = {key: value for key, value in FORM.items() if key in {"dice", "box", "turn"}}
    response = client.post(f"/g/{game.edit_token}/turns", data=form, headers={**HX, **header})
    assert response.status_code == 200
    assert len(games.load_game(db, game.edit_token).game.turns) == 2


@pytest.mark.parametrize(
    "headers",
    [{"Sec-Fetch-Site": "cross-site"}, {"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "same-site"}],
)
def test_the_language_picker_refuses_another_sites_post_and_sets_nothing(client, headers):
    response = client.post("/language", data={"lang": "de", "next": "/"}, headers=headers)
    assert response.status_code == 400
    assert "Please reload" in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers or "lang=" not in response.headers["Set-Cookie"]


def test_the_language_picker_takes_this_sites_own_post(client):
    headers = {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}
    response = client.post("/language", data={"lang": "de", "next": "/"}, headers=headers)
    assert response.status_code == 303
    assert "lang=de" in response.headers["Set-Cookie"]
