"""Tokens never reach a log line: the access log names the route, errors are redacted too."""

from __future__ import annotations

import logging
import pydoc

from scorekeeper.server.access_log import FORMAT as ACCESS_FORMAT
from scorekeeper.server.access_log import LOGGER as ACCESS_LOGGER
from scorekeeper.server.redact import RedactFilter, redact
from scorekeeper.server.serve import logging_config

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


def test_every_served_log_handler_redacts_and_an_access_line_names_only_the_route(tmp_path):
    config = logging_config(str(tmp_path / "access.log"), str(tmp_path / "error.log"))
    assert all(handler["filters"] == ["redact"] for handler in config["handlers"].values())
    redacting = pydoc.locate(config["filters"]["redact"]["()"])
    assert redacting is RedactFilter
    atoms = {"addr": "10.0.0.7", "method": "POST", "path": f"/g/{TOKEN}/turns", "status": 409, "dt_ms": 1.54}
    record = logging.LogRecord(ACCESS_LOGGER, logging.INFO, __file__, 1, ACCESS_FORMAT, (atoms,), None)
    assert RedactFilter().filter(record)
    assert record.getMessage() == '10.0.0.7 "POST /g/<token>/turns" 409 1.5ms'
    assert "query" not in ACCESS_FORMAT  # a query string never reaches the log


def test_an_error_log_message_naming_a_path_is_redacted():
    record = logging.LogRecord(
        "_granian", logging.ERROR, __file__, 1, "Error handling request %s", (f"/g/{TOKEN}/undo",), None
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
