"""Tokens never reach a log line: the access log names the route, errors are redacted too."""

from __future__ import annotations

import datetime
import logging
from types import SimpleNamespace

from scorekeeper.gunicorn_conf import TokenFreeLogger
from scorekeeper.redact import RedactFilter, redact

TOKEN = "fyRw2VB_dLptRmCXGv2YmUxwZb6pYn9c"


def test_a_game_path_keeps_its_route_and_loses_its_token():
    assert redact(f"POST /g/{TOKEN}/turns HTTP/1.1") == "POST /g/<token>/turns HTTP/1.1"
    assert redact(f"http://192.168.1.2:5000/g/{TOKEN}/turns/3/edit") == (
        "http://192.168.1.2:5000/g/<token>/turns/3/edit"
    )
    assert redact(f"/g/{TOKEN}") == "/g/<token>"
    assert redact("GET /static/css/app.css") == "GET /static/css/app.css"


def test_a_long_secret_anywhere_is_redacted_too():
    cookie = "session=.eJwNy7sOgjAUANB_uTMkvbcPSjdhcHEiagTSECntYigEiWiM_y7bWc4X3HMJ3To9fAQDXkp"
    assert "eJwNy7sOgjAUANB" not in redact(cookie)
    assert TOKEN not in redact(f"token={TOKEN}")


def test_gunicorn_atoms_never_carry_a_token_in_any_field():
    logger = TokenFreeLogger.__new__(TokenFreeLogger)  # atoms() needs no setup
    logger.cfg = SimpleNamespace(access_log_format="")
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": f"/g/{TOKEN}/turns?x={TOKEN}",
        "PATH_INFO": f"/g/{TOKEN}/turns",
        "QUERY_STRING": f"x={TOKEN}",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "10.0.0.7",
        "HTTP_REFERER": f"http://h/g/{TOKEN}",
        "HTTP_USER_AGENT": "Mozilla/5.0",
    }
    request = SimpleNamespace(
        headers=[("Referer", f"http://h/g/{TOKEN}"), ("HX-Current-URL", f"http://h/g/{TOKEN}")]
    )
    response = SimpleNamespace(status="409 CONFLICT", sent=1234, headers=[("Location", f"/g/{TOKEN}")])
    atoms = logger.atoms(response, request, environ, datetime.timedelta(microseconds=1500))
    assert all(TOKEN not in str(value) for value in atoms.values())
    assert atoms["U"] == "/g/<token>/turns"
    assert atoms["r"] == "POST /g/<token>/turns?x=<redacted> HTTP/1.1"
    assert atoms["q"] == "-"


def test_an_error_log_message_naming_a_path_is_redacted():
    record = logging.LogRecord(
        "gunicorn.error", logging.ERROR, __file__, 1, "Error handling request %s", (f"/g/{TOKEN}/undo",), None
    )
    assert RedactFilter().filter(record)
    assert record.getMessage() == "Error handling request /g/<token>/undo"


def test_the_flask_and_dev_server_loggers_redact_tokens(app):
    for name in ("scorekeeper", "werkzeug"):
        logger = logging.getLogger(name)
        record = logger.makeRecord(
            name, logging.INFO, __file__, 1, '127.0.0.1 - - "GET /g/%s HTTP/1.1" 200 -', (TOKEN,), None
        )
        assert all(f.filter(record) for f in logger.filters)
        assert TOKEN not in record.getMessage() and "/g/<token>" in record.getMessage()
