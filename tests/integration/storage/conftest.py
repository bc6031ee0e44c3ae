"""Storage fixtures: an empty, unmigrated database on the test's backend."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def empty_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty (unmigrated) database on the test's backend."""
    if backend == "postgresql":
        return request.getfixturevalue("empty_postgres")
    return f"sqlite:///{tmp_path / 'empty.db'}"
