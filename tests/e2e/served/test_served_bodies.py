"""Request bodies as the server hands them over: a chunked one past the size limit is refused (413)
and never cut short and processed; a form that is not UTF-8 is named as such, not as expired."""

from __future__ import annotations

import http.client
import urllib.parse

import pytest

from tests.support.http_phone import Phone

LIMIT = 16 * 1024  # the app's MAX_CONTENT_LENGTH


def _post_chunked(phone: Phone, path: str, body: bytes) -> tuple[int, str]:
    connection = http.client.HTTPConnection(phone.host, phone.port, timeout=60)
    try:
        connection.putrequest("POST", path)
        connection.putheader("Cookie", phone.cookie or "")
        connection.putheader("Content-Type", "application/x-www-form-urlencoded")
        connection.putheader("Transfer-Encoding", "chunked")
        connection.endheaders()
        for start in range(0, len(body), 1000):
            part = body[start : start + 1000]
            connection.send(b"%x\r\n%s\r\n" % (len(part), part))
        connection.send(b"0\r\n\r\n")
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", errors="replace")
    finally:
        connection.close()


def _new_game_form(phone: Phone, title: str) -> bytes:
    fields = {"csrf_token": phone.csrf, "player": ["Ann", "Bo"], "edition": "hasbro-1996", "action": "start"}
    return (urllib.parse.urlencode(fields, doseq=True) + "&title=" + title).encode()


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_a_chunked_body_over_the_limit_is_refused_with_413(live_server):
    phone = Phone(live_server)
    token = phone.new_game(["Ann", "Bo"])
    phone.get(f"/g/{token}")
    fields = {"csrf_token": phone.csrf, "box": "chance", "turn": "0", "dice": "12346"}
    body = (urllib.parse.urlencode(fields) + "&pad=" + "x" * (LIMIT + 5000)).encode()
    status, text = _post_chunked(phone, f"/g/{token}/turns", body)
    assert status == 413
    assert "Too much at once" in text
    status, _, page = phone.get(f"/g/{token}/export.json")
    assert status == 200 and '"turns": []' in page.replace('"turns":[]', '"turns": []')


def test_a_chunked_body_within_the_limit_is_served(live_server):
    phone = Phone(live_server)
    phone.get("/new")
    status, _ = _post_chunked(phone, "/new", _new_game_form(phone, "Chunked"))
    assert status == 303


def test_a_form_that_is_not_utf8_is_named_as_such(live_server):
    phone = Phone(live_server)
    phone.get("/new")
    for body in (b"\xff\xfe" + _new_game_form(phone, "A"), _new_game_form(phone, "B%FF%FEo")):
        connection = http.client.HTTPConnection(phone.host, phone.port, timeout=60)
        headers = {"Cookie": phone.cookie or "", "Content-Type": "application/x-www-form-urlencoded"}
        connection.request("POST", "/new", body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        connection.close()
        assert response.status == 400
        assert "not valid UTF-8" in text and "expired" not in text
