"""A table's games reopen from its list: each game's links kept sealed for its table.

Revision ID: 0008_table_game_links
Revises: 0002_tables
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_table_game_links"
down_revision: str | None = "0002_tables"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Give games their edit and view links sealed for their table (None: not known yet)."""
    op.add_column("games", sa.Column("table_edit_seal", sa.String(length=64), nullable=True))
    op.add_column("games", sa.Column("table_view_seal", sa.String(length=64), nullable=True))


def downgrade() -> None:
    """Drop the sealed links (the games stay at their tables)."""
    op.drop_column("games", "table_view_seal")
    op.drop_column("games", "table_edit_seal")
