"""Games, their players, their ordered entries and their history.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the four tables."""
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edit_hash", sa.String(length=64), nullable=False),
        sa.Column("view_hash", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=100), nullable=False),
        sa.Column("edition", sa.String(length=20), nullable=False),
        sa.Column("coach", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index(op.f("ix_games_edit_hash"), "games", ["edit_hash"], unique=True)
    op.create_index(op.f("ix_games_view_hash"), "games", ["view_hash"], unique=True)

    op.create_table(
        "players",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=24), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_players_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_players")),
    )

    # The primary key (game_id, position) is the unique guard against a turn stored twice.
    op.create_table(
        "entries",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("dice", sa.String(length=5), nullable=False),
        sa.Column("box", sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_entries_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "position", name=op.f("pk_entries")),
    )

    op.create_table(
        "history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_history_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_history")),
    )
    op.create_index(op.f("ix_history_game_id"), "history", ["game_id"], unique=False)


def downgrade() -> None:
    """Drop the four tables."""
    op.drop_index(op.f("ix_history_game_id"), table_name="history")
    op.drop_table("history")
    op.drop_table("entries")
    op.drop_table("players")
    op.drop_index(op.f("ix_games_view_hash"), table_name="games")
    op.drop_index(op.f("ix_games_edit_hash"), table_name="games")
    op.drop_table("games")
