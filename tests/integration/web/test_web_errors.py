"""Faults in a player's words, and the headers every page carries."""

from __future__ import annotations

import pytest

from tests.support.web_forms import new_game, page_text


def test_every_page_carries_the_security_headers(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    for part in (
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ):
        assert part in csp
    assert "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_game_pages_ask_search_engines_not_to_index_them(client):
    token = new_game(client, ["Ann"])
    assert "noindex" in client.get(f"/g/{token}").headers["X-Robots-Tag"]
    assert "noindex" in client.get("/g/unknown").headers["X-Robots-Tag"]


def test_no_page_has_an_inline_script_or_style(client, make_game):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos")])
    for path in (
        "/",
        "/new",
        f"/g/{created.edit_token}",
        f"/g/{created.view_token}",
        f"/g/{created.edit_token}/history",
        f"/g/{created.edit_token}/turns/0/edit",
        "/g/x",
    ):
        body = client.get(path).get_data(as_text=True)
        assert "style=" not in body, path
        assert "<style" not in body, path
        assert " on" + "click=" not in body and "javascript:" not in body, path
        for chunk in body.split("<script")[1:]:
            assert chunk.lstrip().startswith("src="), path


def test_htmx_is_configured_to_swap_422_and_409_without_eval_or_injected_styles(client):
    body = client.get("/").get_data(as_text=True)
    assert '"includeIndicatorStyles":false' in body
    assert '"allowEval":false' in body
    assert '{"code":"422","swap":true' in body and '{"code":"409","swap":true' in body


def test_an_oversized_form_gets_the_413_page(client):
    token = new_game(client, ["Ann"])
    response = client.post(f"/g/{token}/options", data={"dice": "1" * 20000})
    assert response.status_code == 413
    assert "Too much at once" in page_text(response)


def test_an_unknown_page_gets_the_404_page(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "No game here" in page_text(response)


def test_a_get_on_a_post_route_gets_our_405_page(client):
    token = new_game(client, ["Ann"])
    response = client.get(f"/g/{token}/turns")
    assert response.status_code == 405
    assert "Scorekeeper" in page_text(response)


@pytest.fixture
def app_overrides():
    return {"PROPAGATE_EXCEPTIONS": False, "RATE_LIMIT_CREATE": "5 per minute"}


def test_a_fault_gets_a_calm_500_page(app):
    def broken():
        raise RuntimeError("boom")

    app.add_url_rule("/broken", "broken", broken)
    response = app.test_client().get("/broken")
    assert response.status_code == 500
    text = page_text(response)
    assert "Nothing was recorded" in text and "boom" not in text


def test_creating_games_in_a_loop_is_slowed_down_with_429(client):
    statuses = [client.post("/new", data={"player": ["Ann"]}).status_code for _ in range(6)]
    assert statuses == [303] * 5 + [429]
    response = client.post("/new", data={"player": ["Ann"]})
    assert "Slow down a little" in page_text(response)
