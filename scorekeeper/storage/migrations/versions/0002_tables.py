"""Tables (groups that play together), their history, and the table a game was played at.

Revision ID: 0002_tables
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op
from alembic.operations import BatchOperations

revision: str = "0002_tables"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create tables and table_history; give games a nullable table_id."""
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edit_hash", sa.String(length=64), nullable=False),
        sa.Column("view_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
    )
    op.create_index(op.f("ix_tables_edit_hash"), "tables", ["edit_hash"], unique=True)
    op.create_index(op.f("ix_tables_view_hash"), "tables", ["view_hash"], unique=True)

    op.create_table(
        "table_history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_table_history_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_history")),
    )
    op.create_index(op.f("ix_table_history_table_id"), "table_history", ["table_id"], unique=False)

    table_id = sa.Column(
        "table_id",
        sa.Integer(),
        sa.ForeignKey("tables.id", name=op.f("fk_games_table_id_tables"), ondelete="CASCADE"),
        nullable=True,
    )
    if op.get_context().dialect.name == "sqlite":
        _rebuild_games_on_sqlite(lambda batch: batch.add_column(table_id))
    else:
        op.add_column("games", table_id)
    op.create_index(op.f("ix_games_table_id"), "games", ["table_id"], unique=False)


def downgrade() -> None:
    """Drop the games' table_id, table_history and tables."""
    op.drop_index(op.f("ix_games_table_id"), table_name="games")
    if op.get_context().dialect.name == "sqlite":
        _rebuild_games_on_sqlite(lambda batch: batch.drop_column("table_id"))
    else:
        op.drop_constraint(op.f("fk_games_table_id_tables"), "games", type_="foreignkey")
        op.drop_column("games", "table_id")
    op.drop_index(op.f("ix_table_history_table_id"), table_name="table_history")
    op.drop_table("table_history")
    op.drop_index(op.f("ix_tables_view_hash"), table_name="tables")
    op.drop_index(op.f("ix_tables_edit_hash"), table_name="tables")
    op.drop_table("tables")


def _rebuild_games_on_sqlite(change: Callable[[BatchOperations], object]) -> None:
    """Change the games table by copy-and-move (batch mode) without losing the rows that hang off it.

    SQLite can neither add a named foreign key to a table nor drop a column used in one, so
    the games table is copied and moved; the DROP of the old one would delete the rows of
    every table referring to it by cascade (foreign keys are on, and a pragma cannot turn
    them off inside the migration's transaction), so those rows are kept aside and put back.
    """
    bind = op.get_bind()
    children = _tables_referring_to(bind, "games")
    for child in children:
        op.execute(f"CREATE TEMP TABLE _keep_{child} AS SELECT * FROM {child}")
    for child in reversed(children):
        op.execute(f"DELETE FROM {child}")
    with op.batch_alter_table("games", recreate="always") as batch:
        change(batch)
    for child in children:
        op.execute(f"INSERT INTO {child} SELECT * FROM _keep_{child}")
        op.execute(f"DROP TABLE _keep_{child}")


def _tables_referring_to(bind: sa.engine.Connection, parent: str) -> list[str]:
    """Every table whose rows a DELETE on `parent` would cascade to, parents before children."""
    found: list[str] = []
    names = [row[0] for row in bind.exec_driver_sql("SELECT name FROM sqlite_master WHERE type='table'")]
    pending = [parent]
    while pending:
        current = pending.pop(0)
        for name in names:
            keys = bind.exec_driver_sql(f"PRAGMA foreign_key_list({name})").all()
            if name not in found and name != parent and any(key[2] == current for key in keys):
                found.append(name)
                pending.append(name)
    return found
