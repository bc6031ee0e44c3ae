"""Migrations: they build the schema from nothing, match the models, and render for PostgreSQL."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from scorekeeper import storage
from scorekeeper.storage.migrate import alembic_config
from scorekeeper.storage.models import Base

TABLES = {"games", "players", "entries", "history"}


def head_revision() -> str:
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def test_upgrading_an_empty_sqlite_file_creates_every_table(make_app, tmp_path):
    app = make_app(tmp_path / "empty.db")
    storage.upgrade(app)
    with storage.get_engine(app).connect() as connection:
        assert TABLES <= set(inspect(connection).get_table_names())
        assert MigrationContext.configure(connection).get_current_revision() == head_revision()


def test_the_models_match_the_migrations(make_app, tmp_path):
    app = make_app(tmp_path / "empty.db")
    storage.upgrade(app)
    with storage.get_engine(app).connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_entries_are_unique_per_game_and_position(make_app, tmp_path):
    app = make_app(tmp_path / "empty.db")
    storage.upgrade(app)
    with storage.get_engine(app).connect() as connection:
        key = inspect(connection).get_pk_constraint("entries")
    assert key["constrained_columns"] == ["game_id", "position"]


def test_downgrading_to_nothing_and_upgrading_again_works(make_app, tmp_path):
    app = make_app(tmp_path / "empty.db")
    storage.upgrade(app)
    engine = storage.get_engine(app)
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
    with engine.connect() as connection:
        assert not TABLES & set(inspect(connection).get_table_names())
    storage.upgrade(app)
    with engine.connect() as connection:
        assert TABLES <= set(inspect(connection).get_table_names())


def test_the_flask_db_upgrade_command_migrates_the_configured_database(make_app, tmp_path):
    app = make_app(tmp_path / "empty.db")
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output
    with storage.get_engine(app).connect() as connection:
        assert TABLES <= set(inspect(connection).get_table_names())


def test_without_a_database_url_the_database_lives_in_the_instance_folder(make_app, tmp_path):
    app = make_app(tmp_path / "unused.db", DATABASE_URL=None)
    url = storage.get_engine(app).url
    assert url.get_backend_name() == "sqlite"
    assert url.database == f"{app.instance_path}/scorekeeper.db"


def test_the_migrations_render_for_postgresql():
    # Offline mode prints the SQL without a server or a driver: proof nothing is SQLite-only.
    output = io.StringIO()
    with redirect_stdout(output):
        config = alembic_config("postgresql://scorekeeper@localhost/scorekeeper")
        command.upgrade(config, "head", sql=True)
    sql = output.getvalue()
    assert "CREATE TABLE entries" in sql
    assert "TIMESTAMP WITH TIME ZONE" in sql
    assert "CREATE UNIQUE INDEX ix_games_edit_hash ON games (edit_hash)" in sql
    assert "PRAGMA" not in sql
