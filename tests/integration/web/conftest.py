"""Web fixtures (helpers live in web_support.py: conftest modules are not importable by name)."""

from __future__ import annotations

import pytest

from scorekeeper.services import games


@pytest.fixture
def loaded(db):
    """loaded(token) -> the stored game as the use cases see it."""
    return lambda token: games.load_game(db, token)
