"""Security headers, cookies, CSP-friendly markup and CSRF, checked on every route."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask

from scorekeeper import create_app, storage

CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
SKIPPED_METHODS = {"HEAD", "OPTIONS"}


def route_urls(app: Flask, token: str) -> list[tuple[str, str]]:
    """(method, URL) for every method of every route, with this token and turn 0."""
    urls = []
    for rule in app.url_map.iter_rules():
        values = {"token": token, "index": 0, "game_id": 1, "filename": "css/app.css"}
        path = rule.rule
        for name in rule.arguments:
            path = re.sub(rf"<(?:[a-z]+:)?{name}>", str(values[name]), path)
        for method in sorted((rule.methods or set()) - SKIPPED_METHODS):
            urls.append((method, path))
    return urls


def assert_security_headers(response, path: str) -> None:
    headers = response.headers
    assert headers["Content-Security-Policy"] == CSP, path
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert "unsafe-eval" not in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff", path
    assert headers["Referrer-Policy"] == "same-origin", path
    if path.startswith("/g/"):
        assert "noindex" in headers.get("X-Robots-Tag", ""), path


def assert_no_inline_code(body: str, path: str) -> None:
    """What the CSP would block: inline scripts, style attributes or elements, handlers."""
    for tag in re.findall(r"<script\b[^>]*>", body):
        assert "src=" in tag, (path, tag)
    assert all(not code.strip() for code in re.findall(r"<script\b[^>]*>(.*?)</script>", body, re.S)), path
    assert not re.search(r"<style\b", body, re.I), path
    assert not re.search(r"\sstyle\s*=", body, re.I), path
    assert not re.search(r"\son[a-z]+\s*=", body, re.I), path
    assert "javascript:" not in body.lower(), path


@pytest.fixture
def game(make_game):
    return make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("12346", "chance")])


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
@pytest.mark.parametrize("capability", ["edit", "view"])
def test_every_route_sends_the_security_headers(app, client, game, capability):
    token = game.edit_token if capability == "edit" else game.view_token
    seen = 0
    for method, path in route_urls(app, token):
        response = client.open(path, method=method, data={})
        assert response.status_code < 500, (method, path, response.status_code)
        assert_security_headers(response, path)
        if response.mimetype == "text/html":
            assert_no_inline_code(response.get_data(as_text=True), path)
        response.close()  # static files are streamed from an open file
        seen += 1
    assert seen >= 15  # every page, fragment, export, print view, poll and POST route


def test_error_pages_send_the_security_headers_too(client, game):
    for response, path in [
        (client.get("/nowhere"), "/nowhere"),
        (client.get(f"/g/{'A' * 32}"), "/g/unknown"),
        (client.put(f"/g/{game.edit_token}/turns"), "/g/put"),
        (client.post(f"/g/{game.edit_token}/turns", data={"dice": "1" * 40000}), "/g/big"),
    ]:
        assert response.status_code in {404, 405, 413}
        assert_security_headers(response, path)
        assert_no_inline_code(response.get_data(as_text=True), path)


def test_a_turn_sized_form_fits_but_a_large_body_is_refused_with_413(app, client, game):
    assert app.config["MAX_CONTENT_LENGTH"] <= 64 * 1024
    response = client.post(f"/g/{game.edit_token}/options", data={"dice": "x" * 100_000})
    assert response.status_code == 413
    assert "Too much at once" in response.get_data(as_text=True)


def test_htmx_is_configured_to_inject_no_style_and_evaluate_nothing(client, game):
    body = client.get(f"/g/{game.edit_token}").get_data(as_text=True)
    meta = re.search(r'<meta name="htmx-config" content=\'([^\']+)\'>', body)
    assert meta, "htmx-config meta missing"
    config = json.loads(meta.group(1))
    assert config["includeIndicatorStyles"] is False
    assert config["allowEval"] is False


def session_cookie(response) -> str:
    cookies = [value for value in response.headers.getlist("Set-Cookie") if value.startswith("session=")]
    assert cookies, "no session cookie set"
    return cookies[0]


def test_the_session_cookie_is_httponly_and_lax_and_not_secure_over_http(client, game):
    cookie = session_cookie(client.get(f"/g/{game.edit_token}"))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie


def test_the_session_cookie_is_secure_over_https(client, game):
    cookie = session_cookie(client.get(f"/g/{game.edit_token}", base_url="https://scores.example"))
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_a_forwarded_https_counts_only_when_proxy_fix_is_on(make_app, database_path, make_game, game):
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example"}
    trusting = make_app(database_path, PROXY_FIX=1).test_client()
    cookie = session_cookie(trusting.get(f"/g/{game.edit_token}", headers=forwarded))
    assert "Secure" in cookie
    page = trusting.get(f"/g/{game.edit_token}", headers=forwarded).get_data(as_text=True)
    assert f'value="https://scores.example/g/{game.edit_token}"' in page  # the share link
    naive = make_app(database_path).test_client()
    assert "Secure" not in session_cookie(naive.get(f"/g/{game.edit_token}", headers=forwarded))


def test_proxy_fix_can_be_set_from_the_environment(monkeypatch, database_path):
    monkeypatch.setenv("SCOREKEEPER_PROXY_FIX", "1")
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{database_path}"})
    try:
        assert type(app.wsgi_app).__name__ == "ProxyFix"
    finally:
        storage.dispose(app)


def test_session_cookie_secure_setting_forces_the_flag(make_app, database_path, game):
    client = make_app(database_path, SESSION_COOKIE_SECURE=True).test_client()
    assert "Secure" in session_cookie(client.get(f"/g/{game.edit_token}"))
