"""With CSRF protection on, as in production: forms carry their token, htmx sends it as a header."""

from __future__ import annotations

import re

import pytest

from tests.support.web_forms import page_text, snapshot


@pytest.fixture
def app_overrides():
    return {"WTF_CSRF_ENABLED": True}


def csrf_from(body: str) -> str:
    match = re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"', body)
    if not match:
        match = re.search(r'id="csrf_token" name="csrf_token" type="hidden" value="([^"]+)"', body)
    assert match, "no CSRF token in the page"
    return match.group(1)


def start(client) -> str:
    token = csrf_from(client.get("/new").get_data(as_text=True))
    response = client.post("/new", data={"player": ["Ann", "Bo"], "csrf_token": token})
    assert response.status_code == 303
    return response.headers["Location"]


def test_a_whole_turn_works_through_the_forms_copying_their_hidden_fields(client):
    game = start(client)
    page = client.get(game).get_data(as_text=True)
    options = client.post(f"{game}/options", data={"dice": "22456", "csrf_token": csrf_from(page)})
    assert options.status_code == 200
    body = options.get_data(as_text=True)
    choose = body[body.index('class="choose"') :]
    choose = choose[: choose.index("</form>")]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', choose))
    assert set(fields) == {"csrf_token", "dice", "turn"}
    response = client.post(f"{game}/turns", data={**fields, "box": "twos"})
    assert response.status_code == 303
    assert "Round 1 of 13 · Bo" in page_text(client.get(game))


def test_a_post_without_the_token_gets_the_400_page_and_stores_nothing(client, db):
    game = start(client)
    before = snapshot(db)
    response = client.post(f"{game}/turns", data={"dice": "22456", "box": "twos", "turn": "0"})
    assert response.status_code == 400
    assert "Please reload" in page_text(response)
    assert snapshot(db) == before


def test_the_new_game_form_without_the_token_is_refused(client, db):
    before = snapshot(db)
    assert client.post("/new", data={"player": ["Ann"]}).status_code == 400
    assert snapshot(db) == before


def test_an_htmx_request_is_accepted_with_the_token_in_the_x_csrftoken_header(client):
    game = start(client)
    page = client.get(game).get_data(as_text=True)
    header = re.search(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", page)
    assert header, "the game area carries the token for htmx"
    response = client.post(
        f"{game}/turns",
        data={"dice": "22456", "box": "twos", "turn": "0"},
        headers={"HX-Request": "true", "X-CSRFToken": header.group(1)},
    )
    assert response.status_code == 200
    assert "Round 1 of 13 · Bo" in page_text(response)


def test_an_htmx_request_with_a_forged_header_is_refused(client, db):
    game = start(client)
    before = snapshot(db)
    response = client.post(
        f"{game}/turns",
        data={"dice": "22456", "box": "twos", "turn": "0"},
        headers={"HX-Request": "true", "X-CSRFToken": "forged"},
    )
    assert response.status_code == 400
    assert snapshot(db) == before
