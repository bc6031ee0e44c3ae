"""Alembic environment: runs on the connection storage hands over, or on the configured URL."""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import Connection

from scorekeeper.storage.engine import WRITE_OPTION, make_engine
from scorekeeper.storage.models import Base

config = context.config
target_metadata = Base.metadata


def _configure(**options: Any) -> None:  # Any: each option has its own type in alembic
    # Batch mode lets ALTERs run on SQLite by copying the table; PostgreSQL ignores it.
    context.configure(target_metadata=target_metadata, render_as_batch=True, **options)


def run_offline() -> None:
    """Print the SQL for a database we do not connect to (`--sql`)."""
    _configure(
        url=config.get_main_option("sqlalchemy.url"),
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def _run_on(connection: Connection) -> None:
    _configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Migrate on the given connection, or open one from the URL."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run_on(connection)
        return
    engine = make_engine(config.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.connect() as connection:
            connection = connection.execution_options(**{WRITE_OPTION: True})
            with connection.begin():
                _run_on(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
