"""Fixtures for the PostgreSQL suite: an empty database in the run's throwaway cluster."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

_NUMBERS = itertools.count()


@pytest.fixture
def empty_postgres(postgres_cluster: Any) -> Iterator[str]:
    """The URL of a new, empty (unmigrated) PostgreSQL database, dropped after the test."""
    name = f"empty_{next(_NUMBERS)}"
    yield postgres_cluster.create_database(name)
    postgres_cluster.drop_database(name)
