"""Advisor fixtures: every coached edition's table built once per session into a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.advisor import Advisor
from scorekeeper.rules import Edition


@pytest.fixture(scope="session")
def advisor_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding every edition's table, built by Advisor.for_edition (it builds what is missing)."""
    folder = tmp_path_factory.mktemp("advisor")
    for edition in Edition:
        if edition.has_coach:
            Advisor.for_edition(edition, folder)
    return folder


@pytest.fixture(scope="session")
def advisor(advisor_dir: Path) -> Advisor:
    """The hasbro-1996 advisor."""
    return Advisor.for_edition(Edition.HASBRO_1996, advisor_dir)


@pytest.fixture(scope="session")
def advisor_2016(advisor_dir: Path) -> Advisor:
    """The hasbro-2016 advisor."""
    return Advisor.for_edition(Edition.HASBRO_2016, advisor_dir)


@pytest.fixture(scope="session")
def yatzy(advisor_dir: Path) -> Advisor:
    """The Scandinavian Yatzy advisor."""
    return Advisor.for_edition(Edition("yatzy"), advisor_dir)


@pytest.fixture(scope="session")
def forced(advisor_dir: Path) -> Advisor:
    """The forced Yatzy advisor."""
    return Advisor.for_edition(Edition("yatzy-forced"), advisor_dir)
