"""Migrations: they build the schema from nothing, match the models, undo, redo, on both backends."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from scorekeeper import create_app, storage
from scorekeeper.storage.migrate import alembic_config
from scorekeeper.storage.models import Base

TABLES = {"games", "players", "entries", "history"}
DRIVERS = {"sqlite": ("sqlite", "pysqlite"), "postgresql": ("postgresql", "psycopg")}

both_backends = pytest.mark.backends("sqlite", "postgresql")


def head_revisions() -> set[str]:
    """Every head: each feature's migration is a branch from 0001, and upgrades go to all of them."""
    return set(ScriptDirectory.from_config(alembic_config("sqlite://")).get_heads())


@both_backends
def test_upgrading_an_empty_database_creates_every_table(make_app, empty_database, backend):
    app = make_app(empty_database)
    storage.upgrade(app)
    engine = storage.get_engine(app)
    assert (engine.dialect.name, engine.dialect.driver) == DRIVERS[backend]
    with engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) >= TABLES
        assert set(MigrationContext.configure(connection).get_current_heads()) == head_revisions()


@both_backends
def test_the_models_match_the_migrations(make_app, empty_database):
    app = make_app(empty_database)
    storage.upgrade(app)
    with storage.get_engine(app).connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": True}
        )
        assert compare_metadata(context, Base.metadata) == []


@both_backends
def test_entries_are_unique_per_game_and_position(make_app, empty_database):
    app = make_app(empty_database)
    storage.upgrade(app)
    with storage.get_engine(app).connect() as connection:
        key = inspect(connection).get_pk_constraint("entries")
    assert key["constrained_columns"] == ["game_id", "position"]


@pytest.mark.backends("postgresql")  # SQLite keeps neither time zones nor lengths
def test_the_schema_keys_and_types_are_the_intended_ones(make_app, empty_database):
    app = make_app(empty_database)
    storage.upgrade(app)
    with storage.get_engine(app).connect() as connection:
        schema = inspect(connection)
        assert schema.get_pk_constraint("entries")["constrained_columns"] == ["game_id", "position"]
        unique = {index["name"] for index in schema.get_indexes("games") if index["unique"]}
        assert unique == {"ix_games_edit_hash", "ix_games_view_hash"}
        columns = {column["name"]: column["type"] for column in schema.get_columns("games")}
        assert columns["created_at"].timezone is True
        assert columns["title"].length == 100


@both_backends
def test_downgrading_to_nothing_and_upgrading_again_works(make_app, empty_database):
    app = make_app(empty_database)
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
        assert set(inspect(connection).get_table_names()) >= TABLES


@both_backends
def test_the_flask_db_upgrade_command_migrates_the_configured_database(make_app, empty_database):
    app = make_app(empty_database)
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output
    with storage.get_engine(app).connect() as connection:
        assert set(inspect(connection).get_table_names()) >= TABLES


@both_backends
def test_the_environment_setting_points_flask_db_upgrade_at_the_database(monkeypatch, empty_database):
    # What the README tells an operator: SCOREKEEPER_DATABASE_URL=postgresql+psycopg://... make run
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", empty_database)
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret"})
    try:
        assert storage.get_engine(app).url.render_as_string(hide_password=False) == empty_database
        result = app.test_cli_runner().invoke(args=["db", "upgrade"])
        assert result.exit_code == 0, result.output
        assert "up to date" in result.output
        with storage.get_engine(app).connect() as connection:
            assert set(inspect(connection).get_table_names()) >= TABLES
    finally:
        storage.dispose(app)


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
        command.upgrade(config, "heads", sql=True)
    sql = output.getvalue()
    assert "CREATE TABLE entries" in sql
    assert "TIMESTAMP WITH TIME ZONE" in sql
    assert "CREATE UNIQUE INDEX ix_games_edit_hash ON games (edit_hash)" in sql
    assert "PRAGMA" not in sql
