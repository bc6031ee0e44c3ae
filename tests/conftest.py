"""Shared fixtures: an app on a fresh migrated SQLite file, its client, its sessionmaker, games."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.orm import Session, sessionmaker

from scorekeeper import create_app, games, storage
from scorekeeper.rules import Edition

MakeGame = Callable[..., games.Created]


def app_config(database: Path, **overrides: object) -> dict[str, object]:
    """The test config for an app on this SQLite file (overrides win)."""
    config: dict[str, object] = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "DATABASE_URL": f"sqlite:///{database}",
        "WTF_CSRF_ENABLED": False,
    }
    config.update(overrides)
    return config


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated once per run; each test gets a copy (faster than migrating)."""
    path = tmp_path_factory.mktemp("template") / "template.db"
    app = create_app(app_config(path))
    storage.upgrade(app)
    storage.dispose(app)  # closing the last connection checkpoints the WAL into the file
    return path


@pytest.fixture
def database_path(tmp_path: Path, migrated_template: Path) -> Path:
    """A fresh, migrated SQLite file for one test."""
    path = tmp_path / "scorekeeper.db"
    shutil.copyfile(migrated_template, path)
    return path


@pytest.fixture
def app_overrides() -> dict[str, object]:
    """Extra config for the `app` fixture; override this fixture in a module to change it."""
    return {}


@pytest.fixture
def app(database_path: Path, app_overrides: dict[str, object]) -> Iterator[Flask]:
    """The app on a fresh migrated SQLite file, TESTING on, CSRF off (see app_overrides)."""
    app = create_app(app_config(database_path, **app_overrides))
    yield app
    storage.dispose(app)


@pytest.fixture
def make_app() -> Iterator[Callable[..., Flask]]:
    """make_app(database_path, **config) -> an extra app on that SQLite file (not migrated)."""
    made: list[Flask] = []

    def make(database: Path, **overrides: object) -> Flask:
        made.append(create_app(app_config(database, **overrides)))
        return made[-1]

    yield make
    for app in made:
        storage.dispose(app)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def db(app: Flask) -> sessionmaker[Session]:
    """The app's sessionmaker, as games.* take it."""
    return app.extensions[storage.DB_KEY]


def dice_of(dice: str | Sequence[int]) -> tuple[int, ...]:
    """Dice from "22456" text or a sequence of ints."""
    return tuple(int(face) for face in dice)


@pytest.fixture
def make_game(db: sessionmaker[Session]) -> MakeGame:
    """make_game(players=["Ann", "Bo"], turns=[("22456", "chance"), ...]) -> Created after them."""

    def make(
        players: Sequence[str] = ("Ann", "Bo"),
        turns: Sequence[tuple[str | Sequence[int], str]] = (),
        edition: Edition | str = Edition.HASBRO_1996,
        title: str = "",
        coach: bool = False,
    ) -> games.Created:
        created = games.create_game(db, list(players), edition, title=title, coach=coach)
        loaded = created.game
        for index, (dice, box) in enumerate(turns):
            loaded = games.record_turn(db, created.edit_token, index, dice_of(dice), box)
        return games.Created(created.edit_token, created.view_token, loaded)

    return make
