"""Storage: the engine, sessions, tables and migrations behind scorekeeper.services.games.

``init_app(app)`` builds the engine from ``DATABASE_URL`` (default: a SQLite file in the
instance folder) and puts a sessionmaker at ``app.extensions["scorekeeper.db"]``;
``get_db()`` returns it inside an app context; ``upgrade(app)`` applies the migrations.
"""

from __future__ import annotations

import os

from flask import Flask, current_app
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from .engine import BUSY_TIMEOUT_MS, Unavailable, after_write, make_engine, reading, writing
from .migrate import register, upgrade_engine

DB_KEY = "scorekeeper.db"
ENGINE_KEY = "scorekeeper.engine"

__all__ = [
    "DB_KEY",
    "Unavailable",
    "after_write",
    "dispose",
    "get_db",
    "get_engine",
    "init_app",
    "reading",
    "upgrade",
    "writing",
]


def init_app(app: Flask) -> None:
    """Attach the database to the app and register the `db` CLI group."""
    url = app.config.get("DATABASE_URL") or default_url(app)
    engine = make_engine(
        url, busy_timeout_ms=int(app.config.get("DATABASE_BUSY_TIMEOUT_MS") or BUSY_TIMEOUT_MS)
    )
    app.extensions[ENGINE_KEY] = engine
    # expire_on_commit=False: results stay readable after the transaction that loaded them.
    app.extensions[DB_KEY] = sessionmaker(engine, expire_on_commit=False)
    register(app)


def default_url(app: Flask) -> str:
    """A SQLite file in the instance folder."""
    return "sqlite:///" + os.path.join(app.instance_path, "scorekeeper.db")


def get_db() -> sessionmaker[Session]:
    """The current app's sessionmaker (needs an app context)."""
    return current_app.extensions[DB_KEY]


def get_engine(app: Flask) -> Engine:
    """The app's engine."""
    return app.extensions[ENGINE_KEY]


def upgrade(app: Flask, revision: str = "heads") -> None:
    """Apply the migrations up to `revision` (what `flask db upgrade` runs)."""
    upgrade_engine(get_engine(app), revision)


def dispose(app: Flask) -> None:
    """Close the app's pooled connections (tests and shutdown)."""
    get_engine(app).dispose()
