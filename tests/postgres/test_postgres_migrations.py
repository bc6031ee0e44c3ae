"""Migrations on a real PostgreSQL server: they build the schema, match the models, undo, redo."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from scorekeeper import create_app, storage
from scorekeeper.storage.migrate import alembic_config
from scorekeeper.storage.models import Base

TABLES = {"games", "players", "entries", "history"}


def head_revision() -> str:
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def test_upgrading_an_empty_postgresql_database_creates_every_table(make_app, empty_postgres):
    app = make_app(empty_postgres)
    storage.upgrade(app)
    engine = storage.get_engine(app)
    assert (engine.dialect.name, engine.dialect.driver) == ("postgresql", "psycopg")
    with engine.connect() as connection:
        assert TABLES <= set(inspect(connection).get_table_names())
        assert MigrationContext.configure(connection).get_current_revision() == head_revision()


def test_the_models_match_the_migrations_on_postgresql(make_app, empty_postgres):
    app = make_app(empty_postgres)
    storage.upgrade(app)
    with storage.get_engine(app).connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": True}
        )
        assert compare_metadata(context, Base.metadata) == []


def test_the_schema_keys_and_types_are_the_intended_ones(make_app, empty_postgres):
    app = make_app(empty_postgres)
    storage.upgrade(app)
    with storage.get_engine(app).connect() as connection:
        schema = inspect(connection)
        assert schema.get_pk_constraint("entries")["constrained_columns"] == ["game_id", "position"]
        unique = {index["name"] for index in schema.get_indexes("games") if index["unique"]}
        assert unique == {"ix_games_edit_hash", "ix_games_view_hash"}
        columns = {column["name"]: column["type"] for column in schema.get_columns("games")}
        assert columns["created_at"].timezone is True
        assert columns["title"].length == 100


def test_downgrading_to_nothing_and_upgrading_again_works_on_postgresql(make_app, empty_postgres):
    app = make_app(empty_postgres)
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


def test_the_environment_setting_points_flask_db_upgrade_at_postgresql(monkeypatch, empty_postgres):
    # What the README tells an operator: SCOREKEEPER_DATABASE_URL=postgresql+psycopg://... make run
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", empty_postgres)
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret"})
    try:
        assert storage.get_engine(app).url.render_as_string(hide_password=False) == empty_postgres
        result = app.test_cli_runner().invoke(args=["db", "upgrade"])
        assert result.exit_code == 0, result.output
        assert "up to date" in result.output
        with storage.get_engine(app).connect() as connection:
            assert TABLES <= set(inspect(connection).get_table_names())
    finally:
        storage.dispose(app)
