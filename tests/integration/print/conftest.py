"""Print fixtures: many PDFs a minute from one address."""

from __future__ import annotations

import pytest


@pytest.fixture
def app_overrides() -> dict[str, object]:
    """These tests render many PDFs a minute from one address: no rate limit unless a test sets one."""
    return {"RATELIMIT_ENABLED": False}
