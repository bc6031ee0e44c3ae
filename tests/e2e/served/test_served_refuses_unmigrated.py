"""The server `make run` starts refuses a database that lacks migrations, and says what to run."""

from __future__ import annotations

import pytest

from tests.support import app_server


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_the_server_refuses_to_serve_an_unmigrated_database(tmp_path, monkeypatch):
    monkeypatch.setattr(app_server, "START_ATTEMPTS", 1)  # the refusal is not a port taken by another
    with pytest.raises(RuntimeError) as refused:
        app_server.start_server(tmp_path / "unmigrated.db", tmp_path, workers=1, threads=1)
    message = str(refused.value)
    assert "lacks migrations" in message and "flask --app scorekeeper db upgrade" in message
    assert (
        "Unexpected exit from worker" in message and "shutdown completed" in message
    )  # stopped, not restarting
