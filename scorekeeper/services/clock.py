"""The one clock of the use cases: every stored time is this instant in UTC."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    """This instant, in UTC."""
    return datetime.now(UTC)
