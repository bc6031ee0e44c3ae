"""Fixtures for sharing, live play and security: CSRF-on apps and one real gunicorn server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from share_helpers import Server, start_server, stop_server


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, migrated_template: Path) -> Iterator[Server]:
    """gunicorn (2 workers × 4 threads, SQLite in WAL) on a free port, rate limits off."""
    server = start_server(
        tmp_path_factory.mktemp("live"), migrated_template,
        env={"SCOREKEEPER_RATELIMIT_ENABLED": "false"},
    )
    yield server
    stop_server(server)
