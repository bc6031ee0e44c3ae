"""gunicorn (what `make run` starts) refuses a database that lacks migrations, and says what to run."""

from __future__ import annotations

import pytest

from tests.support import gunicorn_server


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_gunicorn_refuses_to_serve_an_unmigrated_database(tmp_path, monkeypatch):
    monkeypatch.setattr(gunicorn_server, "START_ATTEMPTS", 1)  # the refusal is not a port taken by another
    with pytest.raises(RuntimeError) as refused:
        gunicorn_server.start_server(tmp_path / "unmigrated.db", tmp_path, workers=1, threads=1)
    message = str(refused.value)
    assert "lacks migrations" in message and "flask --app scorekeeper db upgrade" in message
    assert "App failed to load" in message  # gunicorn stopped, instead of restarting workers
