"""Player names and titles from an XSS corpus never come back unescaped, anywhere."""

from __future__ import annotations

import re

import pytest

HX = {"HX-Request": "true"}

# Names are 1-24 characters, titles up to 60: every payload fits where it is used.
NAMES = [
    "<script>alert(1)//",
    '"><img src=x onerror=a>',
    "'><svg onload=alert(1)>",
    "</title><b>bold</b>",
    "<!--",
    "a&b <i>",
    "{{7*7}}<x>",
    "</script><script>",
]
TITLE = '<script>alert("t")</script>\'"><iframe src=//x>'
PAYLOADS = NAMES + [TITLE]


@pytest.fixture
def hostile_game(client):
    """A game made through the new-game form with hostile names and title, a few turns in."""
    response = client.post(
        "/new", data={"player": NAMES, "edition": "hasbro-1996", "title": TITLE, "action": "start"}
    )
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    token = re.fullmatch(r"/g/([A-Za-z0-9_-]+)", response.headers["Location"]).group(1)
    for turn in range(10):
        posted = client.post(
            f"/g/{token}/turns",
            data={"dice": "12346", "box": "chance" if turn < 8 else "ones", "turn": str(turn)},
        )
        assert posted.status_code == 303
    return token


def assert_escaped(response, where: str) -> None:
    body = response.get_data(as_text=True)
    for payload in PAYLOADS:
        assert payload not in body, (where, payload)
    for name, value in response.headers.items():
        for payload in PAYLOADS:
            assert payload not in value, (where, name, payload)


def test_no_response_carries_a_raw_payload(app, client, hostile_game):
    token = hostile_game
    view = client.get(f"/g/{token}").get_data(as_text=True)
    view_token = re.search(r'id="share-view-url"[^>]*value="[^"]*/g/([A-Za-z0-9_-]+)"', view).group(1)
    # An undo and a correction put the names into the history's summaries too.
    assert client.post(f"/g/{token}/undo", data={"version": "10"}).status_code == 303
    corrected = client.post(
        f"/g/{token}/turns/0/edit", data={"dice": "22456", "box": "chance", "version": "11"}
    )
    assert corrected.status_code == 303
    checks = {
        "home (recent games)": client.get("/"),
        "game page": client.get(f"/g/{token}"),
        "game fragment": client.get(f"/g/{token}", headers=HX),
        "scoreboard": client.get(f"/g/{view_token}"),
        "scoreboard fragment": client.get(f"/g/{view_token}", headers=HX),
        "options fragment": client.post(f"/g/{token}/options", data={"dice": "12346"}, headers=HX),
        "options refusal": client.post(f"/g/{token}/options", data={"dice": "<b>"}, headers=HX),
        "stale turn (409)": client.post(
            f"/g/{token}/turns", data={"dice": "12346", "box": "ones", "turn": "0"}
        ),
        "stale turn fragment": client.post(
            f"/g/{token}/turns", data={"dice": "12346", "box": "ones", "turn": "0"}, headers=HX
        ),
        "refused box (422)": client.post(
            f"/g/{token}/turns", data={"dice": "12346", "box": "chance", "turn": "9"}
        ),
        "recorded fragment": client.post(
            f"/g/{token}/turns", data={"dice": "12346", "box": "ones", "turn": "9"}, headers=HX
        ),
        "correction page": client.get(f"/g/{token}/turns/0/edit"),
        "history": client.get(f"/g/{token}/history"),
        "export.json": client.get(f"/g/{token}/export.json"),
        "poll": client.get(f"/g/{token}/poll?v=0"),
    }
    if "printing.sheet" in app.view_functions:
        checks["print view"] = client.get(f"/g/{token}/print")
        checks["print view with turn log"] = client.get(f"/g/{token}/print?log=1")
    assert checks["stale turn (409)"].status_code == 409
    assert checks["refused box (422)"].status_code == 422
    assert checks["recorded fragment"].status_code == 200
    for where, response in checks.items():
        assert response.status_code < 500, where
        assert_escaped(response, where)


def test_the_escaped_names_are_still_shown_as_typed(client, hostile_game):
    body = client.get(f"/g/{hostile_game}").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)//" in body
    assert "&lt;/title&gt;&lt;b&gt;bold&lt;/b&gt;" in body
    title = re.search(r"<title>(.*?)</title>", body, re.S).group(1)
    assert "&lt;script&gt;" in title and "<" not in title


def test_the_export_is_still_the_names_as_typed_once_decoded(client, hostile_game):
    response = client.get(f"/g/{hostile_game}/export.json")
    raw = response.get_data(as_text=True)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    exported = response.get_json()
    names = [player if isinstance(player, str) else player.get("name") for player in exported["players"]]
    assert names == NAMES
    assert exported["title"] == TITLE


def test_the_tables_export_escapes_as_the_games_export_does(client, hostile_game):
    made = client.post("/t/new", data={"name": "<b>Friday</b>"})
    table = re.fullmatch(r"/t/([A-Za-z0-9_-]+)", made.headers["Location"]).group(1)
    assert client.post(f"/g/{hostile_game}/table", data={"table": table}).status_code == 303
    response = client.get(f"/t/{table}/export.json")
    raw = response.get_data(as_text=True)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    exported = response.get_json()
    assert exported["name"] == "<b>Friday</b>" and exported["games"][0]["players"] == NAMES
