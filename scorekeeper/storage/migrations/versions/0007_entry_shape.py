"""A turn of any sheet's shape: up to six dice, its column where the sheet has several, the rolls it used.

Revision ID: 0007_entry_shape
Revises: 0001
Create Date: 2026-12-02

Entries stored before keep NULL in both new columns, which is what a one-column sheet without
counted rolls stores: old games read unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_entry_shape"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Widen the dice to six and add the column and rolls (nullable: no stored row changes)."""
    # Batch mode: SQLite cannot change a column's type in place, so it copies the table once;
    # PostgreSQL alters it in place.
    with op.batch_alter_table("entries") as batch:
        batch.alter_column("dice", existing_type=sa.String(length=5), type_=sa.String(length=6))
        batch.add_column(sa.Column("sheet_column", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("rolls", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop the column and rolls and narrow the dice again (refused while six-dice turns are stored)."""
    with op.batch_alter_table("entries") as batch:
        batch.drop_column("rolls")
        batch.drop_column("sheet_column")
        batch.alter_column("dice", existing_type=sa.String(length=6), type_=sa.String(length=5))
