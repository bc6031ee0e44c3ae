"""Coach fixtures: the hasbro-1996 table built once per session in a temporary folder, used by the app."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.advisor import Advisor
from scorekeeper.rules import Edition


@pytest.fixture(scope="session")
def coach_tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the hasbro-1996 table (CI starts from a fresh clone: build it, a few seconds)."""
    folder = tmp_path_factory.mktemp("coach-tables")
    Advisor.for_edition(Edition.HASBRO_1996, folder)
    return folder


@pytest.fixture(scope="session")
def advisor(coach_tables: Path) -> Advisor:
    """The advisor the app reads in these tests (the same cached object)."""
    return Advisor.for_edition(Edition.HASBRO_1996, coach_tables)


@pytest.fixture
def app_overrides(coach_tables: Path) -> dict[str, object]:
    """The app reads its tables from the session folder."""
    return {"ADVISOR_DIR": str(coach_tables)}
