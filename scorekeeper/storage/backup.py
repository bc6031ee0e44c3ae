"""`flask backup PATH` and `flask restore PATH`: a consistent copy of the whole SQLite database, and back.

The copy uses SQLite's online backup API in one step: it reads every page inside one read
transaction, so it is a consistent snapshot even while the app keeps recording turns (WAL
readers never block the writer). PostgreSQL has its own tools: `pg_dump` and `pg_restore`.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import Engine

PG_DUMP_HINT = (
    "This database is PostgreSQL: back it up with pg_dump (e.g. pg_dump -Fc -f scorekeeper.dump "
    "DBNAME) and restore with pg_restore; see the README."
)


def backup_sqlite(engine: Engine, path: str) -> None:
    """Write a consistent copy of the SQLite database to `path` (a temporary file, then a rename)."""
    directory = os.path.dirname(os.path.abspath(path))
    descriptor, temporary = tempfile.mkstemp(prefix=".scorekeeper-backup-", suffix=".db", dir=directory)
    os.close(descriptor)
    try:
        target = sqlite3.connect(temporary)
        source = engine.raw_connection()
        try:
            # pages=-1 (the default): every page in one step, under one read transaction.
            source.driver_connection.backup(target)  # type: ignore[union-attr]
            # A backup is one self-contained file: no -wal beside it.
            target.execute("PRAGMA journal_mode=DELETE")
        finally:
            source.close()
            target.close()
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def check_backup(path: str) -> None:
    """Refuse (ClickException) a file that is not a sound Scorekeeper database."""
    if not os.path.isfile(path):
        raise click.ClickException(f"There is no file {path}.")
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            integrity = connection.execute("PRAGMA integrity_check").fetchone()
            tables = {
                row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise click.ClickException(f"{path} is not a SQLite database ({error}).") from None
    if integrity is None or integrity[0] != "ok":
        raise click.ClickException(f"{path} is damaged: {integrity[0] if integrity else 'unreadable'}.")
    if not {"alembic_version", "games", "entries"} <= tables:
        raise click.ClickException(f"{path} is not a Scorekeeper database.")


def restore_sqlite(engine: Engine, path: str) -> None:
    """Replace the engine's SQLite database by the copy at `path` (the backup API, the other way)."""
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    target = engine.raw_connection()
    try:
        source.backup(target.driver_connection)  # type: ignore[arg-type]
    finally:
        source.close()
        target.close()
    engine.dispose()


def _engine() -> Engine:
    from . import get_engine

    return get_engine(current_app)


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
def backup_command(path: str) -> None:
    """Write a consistent copy of the whole database to PATH (safe while the app is serving)."""
    engine = _engine()
    if engine.dialect.name != "sqlite":
        raise click.ClickException(PG_DUMP_HINT)
    if engine.url.database and os.path.abspath(path) == os.path.abspath(engine.url.database):
        raise click.ClickException("PATH is the database itself: choose another file.")
    backup_sqlite(engine, path)
    click.echo(f"Backed up the database to {path}.")


@click.command("restore")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
def restore_command(path: str, yes: bool) -> None:
    """Replace the whole database by the backup at PATH (stop the app first), then migrate it."""
    engine = _engine()
    if engine.dialect.name != "sqlite":
        raise click.ClickException(PG_DUMP_HINT)
    check_backup(path)
    if not yes:
        click.confirm(
            "Every game and table in the database now will be replaced by the backup's. Go on?", abort=True
        )
    restore_sqlite(engine, path)
    from . import upgrade

    upgrade(current_app)  # a backup made by an older version gets the newer tables
    click.echo(f"Restored the database from {path}.")
