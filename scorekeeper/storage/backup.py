"""`flask backup PATH` and `flask restore PATH`: a consistent copy of the whole SQLite database, and back.

A restore is refused while a server serves the database (storage/serving.py) unless told to stop
it (--stop-server), and the restored games come back at versions no page has seen.

The copy uses SQLite's online backup API in one step: it reads every page inside one read
transaction, so it is a consistent snapshot even while the app keeps recording turns (WAL
readers never block the writer). PostgreSQL has its own tools: `pg_dump` and `pg_restore`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import tempfile
import time
from collections.abc import Callable

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

from .engine import announce_written
from .serving import serving_pid

STOP_WAIT_S = 30  # a stopping server finishes its requests, then its workers go (10 s at most each)

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


def restore_sqlite(engine: Engine, path: str, migrate: Callable[[], None] = lambda: None) -> None:
    """Replace the engine's SQLite database by the copy at `path` (the backup API, the other way),
    `migrate` it, and move its games and tables to versions no page has seen (news for every phone)."""
    shown = _highest_versions(engine)
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    target = engine.raw_connection()
    try:
        source.backup(target.driver_connection)  # type: ignore[arg-type]
    finally:
        source.close()
        target.close()
    engine.dispose()
    migrate()
    _past_every_version_shown(engine, shown)


def _highest_versions(engine: Engine) -> tuple[int, int]:
    """The highest game and table versions of the database now: what a page may be showing."""
    try:
        with engine.connect() as connection:
            found = connection.execute(
                text("SELECT (SELECT max(version) FROM games), (SELECT max(version) FROM tables)")
            ).one()
    except OperationalError:  # a database not made yet: no page has seen any of it
        return 0, 0
    return int(found[0] or 0), int(found[1] or 0)


def _past_every_version_shown(engine: Engine, shown: tuple[int, int]) -> None:
    """Move every restored game and table past the versions pages may show, and tell the live updates.

    A phone asks "anything after version 7?" (its ETag): a restored game also at version 7, with
    other turns, answered "nothing new" and the phone kept the old sheet, even after a restart.
    The statistics' cache (per game version) moves with its games, so it stays valid.
    """
    games, tables = shown[0] + 1, shown[1] + 1
    with engine.begin() as connection:
        connection.execute(text("UPDATE games SET version = version + :past"), {"past": games})
        connection.execute(text("UPDATE game_totals SET version = version + :past"), {"past": games})
        connection.execute(text("UPDATE tables SET version = version + :past"), {"past": tables})
        hashes = {
            digest
            for row in connection.execute(text("SELECT edit_hash, view_hash FROM games"))
            for digest in row
        }
    announce_written(engine, hashes)  # every game's change stamps: a server of this host reads them again


def _stop(engine: Engine, server: int) -> None:
    """Stop the server (SIGTERM: it finishes the requests in flight) and wait until it has let go."""
    if server <= 1:
        raise click.ClickException("The server's process id is unknown: stop it by hand, then restore.")
    click.echo(f"Stopping the server (process {server})...")
    with contextlib.suppress(ProcessLookupError):
        os.kill(server, signal.SIGTERM)
    deadline = time.monotonic() + STOP_WAIT_S
    while serving_pid(engine) is not None:
        if time.monotonic() > deadline:
            raise click.ClickException(f"The server (process {server}) did not stop; nothing was restored.")
        time.sleep(0.1)


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
@click.option("--stop-server", is_flag=True, help="Stop the server serving this database first.")
def restore_command(path: str, yes: bool, stop_server: bool) -> None:
    """Replace the whole database by the backup at PATH (refused while a server serves it); migrate it."""
    engine = _engine()
    if engine.dialect.name != "sqlite":
        raise click.ClickException(PG_DUMP_HINT)
    check_backup(path)
    server = serving_pid(engine)
    if server is not None and not stop_server:
        raise click.ClickException(
            f"A server (process {server or 'unknown'}) is serving this database: turns it records while the "
            "database is replaced would be lost. Stop it first, or add --stop-server."
        )
    if not yes:
        click.confirm(
            "Every game and table in the database now will be replaced by the backup's. Go on?", abort=True
        )
    if server is not None:
        _stop(engine, server)
    from . import upgrade

    # A backup made by an older version gets the newer tables.
    restore_sqlite(engine, path, migrate=lambda: upgrade(current_app))
    click.echo(f"Restored the database from {path}.")
