"""Migration 0007_entry_shape on a database that already holds games: their entries read unchanged
(no column, no rolls), and the widened table takes six dice, a column and the rolls, on both backends."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import inspect, text

from scorekeeper import create_app, storage
from scorekeeper.services import games
from scorekeeper.storage import tokens
from scorekeeper.storage.engine import WRITE_OPTION
from scorekeeper.storage.migrate import alembic_config
from tests.conftest import app_config

pytestmark = pytest.mark.backends("sqlite", "postgresql")

OLD_HEADS = ("0002_tables", "0003_devices", "0005_game_language", "0006_game_totals")


@pytest.fixture
def token() -> str:
    return tokens.new_edit_token()


@pytest.fixture
def old_app(backend, tmp_path, request, token):
    """An app on a database with every migration but 0007, holding a two-turn Hasbro game."""
    url = (
        request.getfixturevalue("empty_postgres")
        if backend == "postgresql"
        else f"sqlite:///{tmp_path / 'old.db'}"
    )
    app = create_app(app_config(url))
    for head in OLD_HEADS:
        storage.upgrade(app, head)
    edit_hash, view_hash = tokens.token_hash(token), tokens.token_hash(tokens.view_token_for(token))
    with storage.get_engine(app).begin() as connection:
        connection.execute(
            text(
                "INSERT INTO games (id, edit_hash, view_hash, title, edition, coach, created_at, updated_at,"
                " version) VALUES (1, :edit, :view, '', 'hasbro-1996', false, '2026-11-01T20:00:00+00:00', "
                "'2026-11-01T20:00:00+00:00', 2)"
            ),
            {"edit": edit_hash, "view": view_hash},
        )
        connection.execute(
            text("INSERT INTO players (game_id, seat, name) VALUES (1, 0, 'Ann'), (1, 1, 'Bo')")
        )
        connection.execute(
            text(
                "INSERT INTO entries (game_id, position, dice, box) "
                "VALUES (1, 0, '11111', 'ones'), (1, 1, '22456', 'chance')"
            )
        )
    yield app
    storage.dispose(app)


def entries(app) -> list[tuple]:
    with storage.get_engine(app).connect() as connection:
        return [tuple(row) for row in connection.execute(text("SELECT * FROM entries ORDER BY position"))]


def test_old_entries_read_unchanged_with_no_column_and_no_rolls(old_app, token):
    storage.upgrade(old_app)
    assert entries(old_app) == [(1, 0, "11111", "ones", None, None), (1, 1, "22456", "chance", None, None)]
    db = old_app.extensions[storage.DB_KEY]
    loaded = games.load_game(db, token)
    assert [(str(t.dice), t.box, t.points, t.column, t.rolls) for t in loaded.game.turns] == [
        ("11111", "ones", 5, 1, None),
        ("22456", "chance", 19, 1, None),
    ]
    played = games.record_turn(db, token, 2, (6, 6, 6, 6, 6), "yahtzee")
    assert games.load_game(db, token) == played


def test_the_widened_table_holds_six_dice_a_column_and_rolls(old_app):
    storage.upgrade(old_app)
    with storage.get_engine(old_app).begin() as connection:
        connection.execute(
            text(
                "INSERT INTO entries (game_id, position, dice, box, sheet_column, rolls) "
                "VALUES (1, 2, '224566', 'chance', 3, 7)"
            )
        )
        columns = {column["name"]: column for column in inspect(connection).get_columns("entries")}
    assert entries(old_app)[-1] == (1, 2, "224566", "chance", 3, 7)
    assert columns["sheet_column"]["nullable"] and columns["rolls"]["nullable"]


def test_downgrading_the_entry_shape_keeps_every_five_dice_entry(old_app):
    storage.upgrade(old_app)
    engine = storage.get_engine(old_app)
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.connect() as connection:
        connection = connection.execution_options(**{WRITE_OPTION: True})
        with connection.begin():
            config.attributes["connection"] = connection
            command.downgrade(config, "0007_entry_shape@0001")
    assert entries(old_app) == [(1, 0, "11111", "ones"), (1, 1, "22456", "chance")]
    storage.upgrade(old_app)
    assert entries(old_app)[0] == (1, 0, "11111", "ones", None, None)
