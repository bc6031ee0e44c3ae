"""Shared fixtures: an app on a fresh migrated SQLite file, its client, its sessionmaker, games,
and the coach's tables (the browser tests' Chromium is in tests/e2e/browser/conftest.py).

Tests are laid out by layer: unit/ (rules, advisor: no app), integration/ (use cases and storage,
the web through Flask's test client) and e2e/ (Chromium against the live app, and the app as
`make run` serves it). Helpers they import live in tests/support/, one module per thing provided.

A test module or test marked ``backends("sqlite", "postgresql")`` runs once per backend named:
its `app` then sits on a fresh migrated PostgreSQL database in a throwaway cluster
(tests/support/postgres_cluster.py). Unmarked tests stay on SQLite.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import os
import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import coverage
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.orm import Session, sessionmaker

from scorekeeper import create_app, storage
from scorekeeper.advisor import Advisor
from scorekeeper.advisor import storage as advisor_storage
from scorekeeper.advisor.distribution import Distributions
from scorekeeper.advisor.spectrum import grid_for
from scorekeeper.rules import Dice, Ruleset, find_edition
from scorekeeper.services import games
from tests.support.examples import FAST
from tests.support.sample_games import entries
from tests.support.template_cache import share_compiled_templates

MakeGame = Callable[..., games.Created]

# No app of the run (the served ones included) builds coach tables in the background unless its
# test asks (ADVISOR_BUILD=True): a test's own folder would otherwise get minutes of building.
os.environ.setdefault("SCOREKEEPER_ADVISOR_BUILD", "false")


def app_config(database: Path | str, **overrides: object) -> dict[str, object]:
    """The test config for an app on this SQLite file or database URL (overrides win)."""
    config: dict[str, object] = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "DATABASE_URL": database if isinstance(database, str) else f"sqlite:///{database}",
        "WTF_CSRF_ENABLED": False,
        # PDFs render in the request's thread: the renderer process, at a lower priority, can wait
        # minutes for the CPU beside a busy job (measured at load 16: 8-15 s a PDF against 2-4 s here).
        # Its own tests ask for it (tests/integration/print/test_print_pdf_bounds.py), and the served
        # app (tests/e2e/served) runs it as production does.
        "PDF_SEPARATE_PROCESS": False,
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


RULES_TESTS = Path(__file__).parent / "unit" / "rules"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The run's longest chain first: the tests of hasbro-1996's chance table (built in their first
    one's setup: minutes), so one process builds it at the start while the other runs the rest
    (`--dist worksteal` then shares out the rest), instead of a process waiting for it near the end."""
    items.sort(key=lambda item: "hasbro_chances" not in getattr(item, "fixturenames", ()))  # stable


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[object]:
    """Coverage (`make test`: the rules engine's) is measured by the rules engine's own tests, which
    cover every branch; it is stopped through every other test, fixtures included, which it slowed
    about twofold wherever they play a game.

    Every running Coverage is stopped, not only pytest-cov's: in an xdist worker pytest-cov runs two,
    one stacked on the other, and stopping the top one (what its no_cover mark does) resumes the other.
    """
    if item.path.is_relative_to(RULES_TESTS):
        return (yield)
    stopped = []
    while (running := coverage.Coverage.current()) is not None:
        running.stop()
        stopped.append(running)
    try:
        return (yield)
    finally:
        for measuring in reversed(stopped):
            measuring.start()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run tests marked backends(...) once per backend it names (the closest mark wins)."""
    marker = metafunc.definition.get_closest_marker("backends")
    if marker is not None:
        backends = marker.args
        if FAST and "sqlite" in backends:
            # The fast loop runs SQLite alone: a PostgreSQL database per test is most of its time;
            # `make test` (what CI runs) runs every backend named.
            backends = ("sqlite",)
        metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of the `app` fixture: "sqlite" unless the test is marked backends."""
    return getattr(request, "param", "sqlite")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Any]:
    """A throwaway PostgreSQL cluster for the run; fails (never skips) if PostgreSQL is missing."""
    from tests.support.postgres_cluster import ClusterUnavailable, temporary_cluster

    try:
        with temporary_cluster() as cluster:
            yield cluster
    except ClusterUnavailable as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def postgres_template(postgres_cluster: Any) -> str:
    """A PostgreSQL database migrated once per run; each test gets a copy."""
    url = postgres_cluster.create_database("migrated_template")
    app = create_app(app_config(url))
    storage.upgrade(app)
    storage.dispose(app)  # a template database must have no open connection
    return "migrated_template"


_DATABASE_NUMBERS = itertools.count()
_EMPTY_NUMBERS = itertools.count()


@pytest.fixture
def postgres_database(postgres_cluster: Any, postgres_template: str) -> Iterator[str]:
    """The URL of a fresh, migrated PostgreSQL database for one test (dropped after it)."""
    name = f"test_{next(_DATABASE_NUMBERS)}"
    yield postgres_cluster.create_database(name, template=postgres_template)
    postgres_cluster.drop_database(name)


@pytest.fixture
def empty_postgres(postgres_cluster: Any) -> Iterator[str]:
    """The URL of a new, empty (unmigrated) PostgreSQL database, dropped after the test."""
    name = f"empty_{next(_EMPTY_NUMBERS)}"
    yield postgres_cluster.create_database(name)
    postgres_cluster.drop_database(name)


@pytest.fixture
def database_url(backend: str, request: pytest.FixtureRequest) -> str:
    """The URL of a fresh migrated database for one test, on the test's backend."""
    if backend == "postgresql":
        return request.getfixturevalue("postgres_database")
    return f"sqlite:///{request.getfixturevalue('database_path')}"


@pytest.fixture
def app_overrides() -> dict[str, object]:
    """Extra config for the `app` fixture; override this fixture in a module to change it."""
    return {}


@pytest.fixture
def app(database_url: str, app_overrides: dict[str, object]) -> Iterator[Flask]:
    """The app on a fresh migrated database (see `backend`), TESTING on, CSRF off."""
    app = share_compiled_templates(create_app(app_config(database_url, **app_overrides)))
    yield app
    storage.dispose(app)


@pytest.fixture
def make_app() -> Iterator[Callable[..., Flask]]:
    """make_app(database_path, **config) -> an extra app on that SQLite file (not migrated)."""
    made: list[Flask] = []

    def make(database: Path, **overrides: object) -> Flask:
        made.append(share_compiled_templates(create_app(app_config(database, **overrides))))
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


def dice_of(dice: str | Sequence[int]) -> Dice:
    """Dice from "22456" text or a sequence of ints."""
    return Dice.parse(dice) if isinstance(dice, str) else Dice.of(dice)


@pytest.fixture
def make_game(db: sessionmaker[Session]) -> MakeGame:
    """make_game(players=["Ann", "Bo"], turns=[("22456", "chance"), ...]) -> Created after them."""

    def make(
        players: Sequence[str] = ("Ann", "Bo"),
        turns: Sequence[tuple[str | Sequence[int], str]] = (),
        edition: Ruleset | str = "hasbro-1996",
        title: str = "",
        coach: bool = False,
    ) -> games.Created:
        created = games.create_game(db, list(players), edition, title=title, coach=coach)
        loaded = created.game
        for index, (dice, box) in enumerate(turns):
            loaded = games.record_turn(db, created.edit_token, index, dice_of(dice), box)
        return games.Created(created.edit_token, created.view_token, loaded)

    return make


@pytest.fixture
def store_game(make_game: MakeGame) -> MakeGame:
    """store_game(names, turns=None | [(dice, box key)], title=, seed=, extra_yahtzee_seat=, edition=)
    -> Created; without turns, a plausible finished game (tests/support/sample_games.py)."""

    def store(
        names: Sequence[str],
        turns: Sequence[tuple[Sequence[int], str]] | None = None,
        title: str = "",
        seed: int = 0,
        extra_yahtzee_seat: int | None = None,
        edition: str = "hasbro-1996",
    ) -> games.Created:
        played = entries(len(names), seed, extra_yahtzee_seat, edition) if turns is None else turns
        return make_game(names, played, edition, title=title)

    return store


# -- the coach's tables: one folder per run, each edition's table built the first time a test asks --


@pytest.fixture(scope="session")
def advisor_tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's table folder; an edition's table is built there only when a test asks for it.

    Under pytest-xdist every worker shares one folder (beside the workers' own temp folders).
    """
    if os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.getbasetemp().parent / "advisor"
        folder.mkdir(exist_ok=True)
        return folder
    return tmp_path_factory.mktemp("advisor")


def built(edition: str, folder: Path) -> Advisor:
    """The edition's advisor, its table built first if missing, by one worker while the others wait
    (a lock per edition: a worker needing a table that exists never waits for another's build)."""
    with open(
        folder.parent / f"{folder.name}-{edition}.lock", "w"
    ) as lock:  # beside it: tests list the folder
        fcntl.flock(lock, fcntl.LOCK_EX)
        return Advisor.for_edition(edition, folder)


@pytest.fixture(scope="session")
def advisor(advisor_tables: Path) -> Advisor:
    """The hasbro-1996 advisor (its table takes a few seconds to build)."""
    return built(find_edition("hasbro-1996"), advisor_tables)


@pytest.fixture(scope="session")
def advisor_2016(advisor_tables: Path) -> Advisor:
    """The hasbro-2016 advisor."""
    return built(find_edition("hasbro-2016"), advisor_tables)


@pytest.fixture(scope="session")
def yatzy(advisor_tables: Path) -> Advisor:
    """The Scandinavian Yatzy advisor (its table is the big one: ~17 s, so its tests are marked slow)."""
    return built(find_edition("yatzy"), advisor_tables)


@pytest.fixture(scope="session")
def forced(advisor_tables: Path) -> Advisor:
    """The forced Yatzy advisor."""
    return built(find_edition("yatzy-forced"), advisor_tables)


@pytest.fixture(scope="session")
def hasbro_chances(advisor: Advisor, advisor_tables: Path) -> Distributions:
    """hasbro-1996's distributions with its chance table (spectrum.py), built once a run: ~2 minutes.

    In a folder of its own, so the session's `advisor` keeps answering as an app without one would.
    """
    folder = advisor_tables.parent / f"{advisor_tables.name}-chances"
    with open(advisor_tables.parent / f"{folder.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        spectra = advisor_storage.load_spectra(advisor.edition, folder, grid_for(advisor.points))
        if spectra is None:
            Advisor.build_spectra(advisor.edition, folder, advisor.table)
            spectra = advisor_storage.load_spectra(advisor.edition, folder, grid_for(advisor.points))
    return Distributions(advisor, spectra)


@pytest.fixture(scope="session")
def win_tables(advisor_tables: Path, hasbro_chances) -> Path:
    """A folder with hasbro-1996's coach table and its chance table (built once a run, ~2 minutes)."""
    folder = advisor_tables.parent / f"{advisor_tables.name}-win"
    folder.mkdir(exist_ok=True)
    chances = advisor_tables.parent / f"{advisor_tables.name}-chances"
    for source in [*advisor_tables.glob("hasbro-1996.v*"), *chances.glob("hasbro-1996.spectra*")]:
        with contextlib.suppress(FileExistsError):  # another worker linked it first
            (folder / source.name).symlink_to(source)
    return folder
