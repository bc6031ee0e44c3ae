"""Phones' lists of tables on the server, as their games are (the signed cookie showed the edit links).

Revision ID: 0007_recent_tables
Revises: 0002_tables, 0003_devices (it joins the two: its rows point at tables and devices)
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_recent_tables"
down_revision: str | Sequence[str] | None = ("0002_tables", "0003_devices")
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create recent_tables: a phone's tables, their links sealed with its id (as recent_games)."""
    op.create_table(
        "recent_tables",
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("access", sa.String(length=4), nullable=False),
        sa.Column("sealed_link", sa.String(length=100), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["device_id"], ["devices.id"], name=op.f("fk_recent_tables_device_id_devices"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_recent_tables_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("device_id", "table_id", name=op.f("pk_recent_tables")),
    )
    op.create_index(op.f("ix_recent_tables_table_id"), "recent_tables", ["table_id"], unique=False)


def downgrade() -> None:
    """Drop it (the phones' lists of tables are lost; the tables stay)."""
    op.drop_index(op.f("ix_recent_tables_table_id"), table_name="recent_tables")
    op.drop_table("recent_tables")
