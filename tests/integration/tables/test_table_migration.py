"""Migration 0002_tables on a database that already holds games: nothing that hangs off a game is lost
(on SQLite the games table is rebuilt, and dropping the old one would cascade), up and down again."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import inspect, text

from scorekeeper import create_app, storage
from scorekeeper.storage.engine import WRITE_OPTION
from scorekeeper.storage.migrate import alembic_config
from tests.conftest import app_config

pytestmark = pytest.mark.backends("sqlite", "postgresql")

COUNTED = ("games", "players", "entries", "history")


@pytest.fixture
def old_app(backend, tmp_path, request):
    """An app on a database migrated to 0001 only, holding one game with players, entries and history."""
    url = (
        request.getfixturevalue("empty_postgres")
        if backend == "postgresql"
        else f"sqlite:///{tmp_path / 'old.db'}"
    )
    app = create_app(app_config(url))
    storage.upgrade(app, "0001")
    with storage.get_engine(app).begin() as connection:
        connection.execute(
            text(
                "INSERT INTO games (id, edit_hash, view_hash, title, edition, coach, created_at, updated_at,"
                " version) VALUES (1, 'e', 'v', '', 'hasbro-1996', false, '2026-11-01T20:00:00+00:00', "
                "'2026-11-01T20:00:00+00:00', 2)"
            )
        )
        connection.execute(
            text("INSERT INTO players (game_id, seat, name) VALUES (1, 0, 'Ann'), (1, 1, 'Bo')")
        )
        connection.execute(
            text("INSERT INTO entries (game_id, position, dice, box) VALUES (1, 0, '11111', 'ones')")
        )
        connection.execute(
            text(
                "INSERT INTO history (game_id, at, kind, details) "
                "VALUES (1, '2026-11-01T20:01:00+00:00', 'coach', '{\"on\": true}')"
            )
        )
    yield app
    storage.dispose(app)


def counts(app) -> dict[str, int]:
    with storage.get_engine(app).connect() as connection:
        return {
            name: connection.execute(text(f"SELECT count(*) FROM {name}")).scalar_one() for name in COUNTED
        }


def test_upgrading_and_downgrading_the_tables_migration_keeps_every_row(old_app):
    before = counts(old_app)
    assert before == {"games": 1, "players": 2, "entries": 1, "history": 1}
    storage.upgrade(old_app)
    assert counts(old_app) == before
    with storage.get_engine(old_app).connect() as connection:
        assert connection.execute(text("SELECT table_id FROM games")).scalar_one() is None
    engine = storage.get_engine(old_app)
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.connect() as connection:
        connection = connection.execution_options(**{WRITE_OPTION: True})
        with connection.begin():
            config.attributes["connection"] = connection
            command.downgrade(config, "0002_tables@0001")
    with engine.connect() as connection:
        schema = inspect(connection)
        assert "tables" not in schema.get_table_names()
        assert "table_id" not in {column["name"] for column in schema.get_columns("games")}
    assert counts(old_app) == before
    storage.upgrade(old_app)
    assert counts(old_app) == before
