"""Engines and transactions: SQLite tuned for many phones, writes serialised up front."""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, sessionmaker

BUSY_TIMEOUT_MS = 5000
# A connection execution option: the transaction will write, so SQLite takes the lock at BEGIN.
WRITE_OPTION = "scorekeeper_write"


_ENGINES: weakref.WeakSet[Engine] = weakref.WeakSet()


def make_engine(url: str) -> Engine:
    """An engine for this URL; SQLite gets WAL, a busy timeout, foreign keys and BEGIN IMMEDIATE."""
    # A database server (PostgreSQL) may restart under us and cut the pooled connections:
    # test each one as it leaves the pool (a round trip) instead of failing a request.
    engine = create_engine(url, pool_pre_ping=make_url(url).get_backend_name() != "sqlite")
    if engine.dialect.name == "sqlite":
        _tune_sqlite(engine)
    _ENGINES.add(engine)
    return engine


def _forget_inherited_connections() -> None:
    """In a forked worker, never reuse the parent's pooled connections (gunicorn --preload)."""
    for engine in list(_ENGINES):
        engine.dispose(close=False)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_inherited_connections)


def _tune_sqlite(engine: Engine) -> None:
    """Apply the pragmas and take over BEGIN, as in SQLAlchemy's SQLite transaction recipe."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver must not open transactions itself: we emit BEGIN below.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        # Each commit reaches the disk before the response, even through a power cut
        # (about 0.5 ms per write here; NORMAL would only survive an app crash).
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # A write takes the lock at BEGIN, so two writers queue instead of one failing
        # mid-transaction with "database is locked" when it upgrades its read lock.
        if connection.get_execution_options().get(WRITE_OPTION):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            connection.exec_driver_sql("BEGIN")


@contextmanager
def reading(db: sessionmaker[Session]) -> Iterator[Session]:
    """A session in one read transaction (a consistent snapshot)."""
    with db() as session, session.begin():
        if session.get_bind().dialect.name != "sqlite":
            # PostgreSQL's default READ COMMITTED gives each statement its own snapshot;
            # a read-only REPEATABLE READ transaction gives all of them one (and never fails).
            session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        yield session


@contextmanager
def writing(db: sessionmaker[Session]) -> Iterator[Session]:
    """A session in one write transaction, committed when the block ends without error."""
    with db() as session, session.begin():
        session.connection(execution_options={WRITE_OPTION: True})
        yield session
