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


LONG_LABEL_HOST = "a" * 64 + ".example"  # a DNS label is at most 63 characters


def test_a_host_label_over_63_characters_is_a_400_without_a_traceback(client, caplog):
    for path in ("/", "/static/css/app.css", "/g/unknown", "/healthz"):
        with caplog.at_level("ERROR"):
            response = client.get(path, headers={"Host": LONG_LABEL_HOST})
        assert response.status_code == 400, path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        assert "could not be understood" in response.get_data(as_text=True)
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


def test_a_client_repeating_a_failing_request_writes_a_few_tracebacks_a_minute(app, caplog):
    def broken():
        raise RuntimeError("boom")

    app.add_url_rule("/broken", "broken", broken)
    client = app.test_client()
    with caplog.at_level("ERROR", logger="scorekeeper"):
        statuses = [client.get("/broken").status_code for _ in range(30)]
        other = app.test_client().get("/broken", environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert statuses == [500] * 30 and other.status_code == 500  # every client still gets its answer
    logged = [record for record in caplog.records if record.name == "scorekeeper"]
    with_traceback = [record for record in logged if record.exc_info]
    assert len(with_traceback) == 10 + 1  # ten from the first address, then the other address's own
    cut = [record for record in logged if "are not logged" in record.getMessage()]
    assert len(cut) == 1 and "127.0.0.1" in cut[0].getMessage() and not cut[0].exc_info
    assert len(logged) == 12
