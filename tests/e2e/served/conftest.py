"""The app served as `make run` serves it (2 workers × 4 threads, SQLite in WAL)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.app_server import Server, serving


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, migrated_template: Path) -> Iterator[Server]:
    """The server on a free loopback port, on a copy of the migrated SQLite file, rate limits off."""
    folder = tmp_path_factory.mktemp("served")
    database = folder / "live.db"
    shutil.copyfile(migrated_template, database)
    with serving(database, folder, env={"SCOREKEEPER_RATELIMIT_ENABLED": "false"}) as server:
        yield server
