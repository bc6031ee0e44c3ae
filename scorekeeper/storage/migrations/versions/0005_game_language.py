"""A game's own language: its printed sheet, PDF and TV board speak it whatever phone opens them.

Revision ID: 0005_game_language
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_game_language"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Give games a nullable language code (None: each phone's own language, as before)."""
    op.add_column("games", sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    """Drop the language column (SQLite 3.35+ and PostgreSQL drop a column in place, keeping the rows)."""
    op.drop_column("games", "language")
