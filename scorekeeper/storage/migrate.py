"""Alembic, configured in code (no alembic.ini), and the `flask db` commands."""

from __future__ import annotations

import os

import click
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask.cli import AppGroup
from sqlalchemy import Engine

from .engine import WRITE_OPTION

MIGRATIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "migrations")


def alembic_config(url: str) -> Config:
    """An Alembic config pointing at our migrations and this database URL."""
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    config.set_main_option("path_separator", "os")
    # ConfigParser interpolates "%": a password may contain one.
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade_engine(engine: Engine, revision: str = "heads") -> None:
    """Apply the migrations up to `revision` in one write transaction."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.connect() as connection:
        connection = connection.execution_options(**{WRITE_OPTION: True})
        with connection.begin():
            config.attributes["connection"] = connection
            command.upgrade(config, revision)


def missing_heads(engine: Engine) -> list[str]:
    """The migration heads this database lacks, sorted (empty: every head applied, it is current).

    Several branches grow from 0001, so "current" means each head is applied, not one of them.
    """
    with engine.connect() as connection:
        applied = set(MigrationContext.configure(connection).get_current_heads())
    return sorted(set(script_heads()) - applied)


_HEADS: list[tuple[str, ...]] = []


def script_heads() -> tuple[str, ...]:
    """The heads of the migration scripts (read once: they do not change while the app runs)."""
    if not _HEADS:
        _HEADS.append(tuple(ScriptDirectory.from_config(alembic_config("sqlite://")).get_heads()))
    return _HEADS[0]


NOT_MIGRATED = (
    "The database at %s lacks migrations %s: run `flask --app scorekeeper db upgrade` "
    "(make run does it) before serving."
)


db_cli = AppGroup("db", help="Manage the database.")


@db_cli.command("upgrade")
@click.argument("revision", default="heads")
def upgrade_command(revision: str) -> None:
    """Apply the migrations (to the latest by default)."""
    from . import upgrade

    upgrade(current_app, revision)
    click.echo("The database is up to date.")


@db_cli.command("check")
def check_command() -> None:
    """Exit with an error if any migration is missing from the database."""
    from . import get_engine

    engine = get_engine(current_app)
    missing = missing_heads(engine)
    if missing:
        raise click.ClickException(NOT_MIGRATED % (engine.url.render_as_string(), ", ".join(missing)))
    click.echo("The database is up to date.")


@db_cli.command("revision")
@click.option("-m", "--message", required=True, help="What the migration does.")
def revision_command(message: str) -> None:
    """Write a new migration from the difference between the models and the database."""
    from . import get_engine

    engine = get_engine(current_app)
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.connect() as connection:
        config.attributes["connection"] = connection
        command.revision(config, message=message, autogenerate=True)


def register(app: Flask) -> None:
    """Add the `db` command group to the app's CLI."""
    app.cli.add_command(db_cli)
