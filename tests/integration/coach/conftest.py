"""Coach fixtures: the app reads its tables from the run's shared folder, with hasbro-1996 built."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.advisor import Advisor


@pytest.fixture(scope="session")
def coach_tables(advisor_tables: Path, advisor: Advisor) -> Path:
    """The run's table folder once the hasbro-1996 table is in it (other editions may be too)."""
    return advisor_tables


@pytest.fixture
def app_overrides(coach_tables: Path) -> dict[str, object]:
    """The app reads its tables from the session folder."""
    return {"ADVISOR_DIR": str(coach_tables)}
