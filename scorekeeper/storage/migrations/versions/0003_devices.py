"""Phones' recent-games lists on the server (a cookie of four games overflowed at 4 KB).

Revision ID: 0003_devices
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_devices"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create devices (a hash of each phone's random id) and recent_games (a phone's games, links sealed)."""
    op.create_table(
        "devices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_devices")),
    )
    op.create_index(op.f("ix_devices_device_hash"), "devices", ["device_hash"], unique=True)
    op.create_index(op.f("ix_devices_seen_at"), "devices", ["seen_at"], unique=False)
    op.create_table(
        "recent_games",
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("access", sa.String(length=4), nullable=False),
        sa.Column("sealed_link", sa.String(length=100), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["device_id"], ["devices.id"], name=op.f("fk_recent_games_device_id_devices"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_recent_games_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("device_id", "game_id", name=op.f("pk_recent_games")),
    )
    op.create_index(op.f("ix_recent_games_game_id"), "recent_games", ["game_id"], unique=False)


def downgrade() -> None:
    """Drop both tables (the phones' lists are lost; the games stay)."""
    op.drop_index(op.f("ix_recent_games_game_id"), table_name="recent_games")
    op.drop_table("recent_games")
    op.drop_index(op.f("ix_devices_seen_at"), table_name="devices")
    op.drop_index(op.f("ix_devices_device_hash"), table_name="devices")
    op.drop_table("devices")
