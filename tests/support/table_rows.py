"""Row counts of the tables' and games' tables, to prove a deletion or a refusal stored nothing."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

COUNTED = ("tables", "table_history", "games", "players", "entries", "history")


def row_counts(db: sessionmaker[Session]) -> dict[str, int]:
    """How many rows each of these tables holds."""
    with db() as session:
        return {name: session.execute(text(f"SELECT count(*) FROM {name}")).scalar_one() for name in COUNTED}
