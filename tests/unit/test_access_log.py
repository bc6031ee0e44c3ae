"""The access log layer: a line per answered request, with its status and route, none for an idle poll."""

from __future__ import annotations

import logging

import pytest

from scorekeeper.server.access_log import AccessLog


def _app(status: str, *, fail: bool = False):
    def app(environ, start_response):
        if fail:
            raise RuntimeError("boom")
        start_response(status, [("Content-Type", "text/plain")])
        return [b"answer"]

    return app


def _call(app, path: str, method: str = "GET", **headers: str) -> tuple[list[str], list[bytes]]:
    started: list[str] = []
    environ = {"PATH_INFO": path, "REQUEST_METHOD": method, "REMOTE_ADDR": "10.0.0.7", "QUERY_STRING": "v=3"}
    environ.update(headers)
    body = list(app(environ, lambda status, headers, exc_info=None: started.append(status)))
    return started, body


@pytest.fixture
def lines(caplog):
    caplog.set_level(logging.INFO, logger="test.access")
    return caplog


def test_an_answered_request_is_one_line_with_route_status_and_no_query(lines):
    logged = AccessLog(_app("303 SEE OTHER"), logging.getLogger("test.access"))
    started, body = _call(logged, "/g/abc/turns", "POST")
    assert started == ["303 SEE OTHER"] and body == [b"answer"]  # the answer passes through untouched
    (message,) = [record.getMessage() for record in lines.records]
    assert message.startswith('10.0.0.7 "POST /g/abc/turns" 303 ') and message.endswith("ms")
    assert "v=3" not in message


def test_an_idle_poll_writes_nothing_but_a_poll_with_news_and_other_204s_do(lines):
    logger = logging.getLogger("test.access")
    _call(AccessLog(_app("204 NO CONTENT"), logger), "/g/abc/poll")
    assert lines.records == []
    _call(AccessLog(_app("200 OK"), logger), "/g/abc/poll")
    _call(AccessLog(_app("204 NO CONTENT"), logger), "/g/abc/other")
    assert [record.getMessage().split(" ", 1)[1].rsplit(" ", 1)[0] for record in lines.records] == [
        '"GET /g/abc/poll" 200',
        '"GET /g/abc/other" 204',
    ]


def test_a_live_poll_answered_304_writes_nothing_but_another_304_does(lines):
    logger = logging.getLogger("test.access")
    _call(AccessLog(_app("304 NOT MODIFIED"), logger), "/g/abc", HTTP_HX_REQUEST="true")
    assert lines.records == []
    _call(AccessLog(_app("304 NOT MODIFIED"), logger), "/static/css/app.css")
    assert [' "GET /static/css/app.css" 304' in record.getMessage() for record in lines.records] == [True]


def test_a_request_that_raises_is_logged_as_500_and_still_raises(lines):
    logged = AccessLog(_app("200 OK", fail=True), logging.getLogger("test.access"))
    with pytest.raises(RuntimeError):
        _call(logged, "/g/abc/turns", "POST")
    assert [' "POST /g/abc/turns" 500' in record.getMessage() for record in lines.records] == [True]
