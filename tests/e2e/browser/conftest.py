"""Browser tests: the one live app, served for real on a loopback port, driven by Debian's Chromium.

Every test here reaches the app through `live_app`; the `app` fixture (and so `db`, `client`,
`make_game`, `store_game`) is the served app too, so a test may store a game and open it in Chromium.
Each test process has one Chromium (tests/support/chromium.py); if it dies, the test that saw it
fails with Chromium's log, and the next test gets a new browser.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from scorekeeper import create_app, storage
from scorekeeper.advisor import Advisor
from tests.support.browser_pages import PATIENCE_MS, open_context
from tests.support.chromium import CHROMIUM_KEY, SessionChromium, missing_chromium
from tests.support.paths import output_folder

expect.set_options(timeout=PATIENCE_MS)  # Playwright's 5 s is too short on a loaded 2-core machine


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder drives a browser: mark it so `-m "not browser"` leaves it out."""
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """A test during which Chromium died fails (once), with the end of Chromium's log attached."""
    report = yield
    chromium = item.config.stash.get(CHROMIUM_KEY, None)
    if chromium is not None and "browser" in getattr(item, "fixturenames", ()):
        death = chromium.death()
        if death is not None and report.passed:
            report.outcome, report.longrepr = "failed", death
        elif death is not None:
            report.sections.append(("Chromium died", death))
    return report


class QuietHandler(WSGIRequestHandler):
    """No access log: it would print every game's secret URL into the test output."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


@dataclass
class LiveApp:
    """The app answering on http://127.0.0.1:<port>, and the Flask app object behind it."""

    url: str
    app: Flask


def serve(
    tmp_path_factory: pytest.TempPathFactory, migrated_template: Path, advisor_dir: Path
) -> Iterator[LiveApp]:
    """A threaded werkzeug server on a free loopback port: temp migrated SQLite, CSRF on as in
    production, no rate limit (one address plays many games a minute), the coach's tables from
    `advisor_dir`, PDFs rendered in the request's thread."""
    database = tmp_path_factory.mktemp("browser") / "browser.db"
    shutil.copyfile(migrated_template, database)
    app = create_app(
        {
            "SECRET_KEY": "browser-tests",
            "DATABASE_URL": f"sqlite:///{database}",
            "WTF_CSRF_ENABLED": True,  # as in production: every form carries its token
            "RATELIMIT_ENABLED": False,
            "ADVISOR_DIR": str(advisor_dir),
            # PDFs render in the request's thread, as in every test app (tests/conftest.py app_config).
            "PDF_SEPARATE_PROCESS": False,
        }
    )
    server: BaseWSGIServer = make_server(
        "127.0.0.1",
        0,
        app,
        threaded=True,
        request_handler=QuietHandler,
    )
    thread = threading.Thread(target=server.serve_forever, name="browser-test-server", daemon=True)
    thread.start()
    try:
        yield LiveApp(f"http://127.0.0.1:{server.server_port}", app)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        storage.dispose(app)


@pytest.fixture(scope="session")
def live_app(
    tmp_path_factory: pytest.TempPathFactory,
    migrated_template: Path,
    advisor_tables: Path,
    advisor: Advisor,
) -> Iterator[LiveApp]:
    """The app served (serve) with the coach's hasbro-1996 table and no chance table."""
    yield from serve(tmp_path_factory, migrated_template, advisor_tables)


@pytest.fixture
def app(live_app: LiveApp) -> Flask:
    """The served app: games stored through `db` or `make_game` open in the browser."""
    return live_app.app


@pytest.fixture(scope="session")
def chromium(request: pytest.FixtureRequest) -> Iterator[SessionChromium]:
    """This test process's Debian Chromium, launched again if it died; a missing one fails (never
    skips: make test installs it). Logs of browsers that died stay in test-output/chromium/."""
    missing = missing_chromium()
    if missing:
        pytest.fail(missing, pytrace=False)
    keeper = SessionChromium(output_folder("chromium"))
    request.config.stash[CHROMIUM_KEY] = keeper
    try:
        yield keeper
    finally:
        keeper.close()


@pytest.fixture(autouse=True)
def no_context_left(chromium: SessionChromium) -> Iterator[None]:
    """After each test, the browser contexts it left open are closed (a failed assertion skips a
    test's own close): each holds a renderer, and its memory, for the rest of the run."""
    yield
    chromium.close_contexts()


@pytest.fixture
def browser(chromium: SessionChromium) -> Any:
    """Debian's Chromium through Playwright: the running one, or a new one if the last died."""
    return chromium.browser()


@pytest.fixture
def phone(browser) -> Iterator[object]:
    """A page in a 390×844 phone context with JavaScript on."""
    context = open_context(browser)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def screenshots() -> Path:
    """Where screenshots go for a person to look at (git-ignored)."""
    return output_folder("screenshots")


@pytest.fixture
def print_output() -> Path:
    """Where printed PDFs and their PNGs go for a person to look at (git-ignored)."""
    return output_folder("print")


@pytest.fixture
def app_page(browser, live_app: LiveApp) -> Iterator[Callable[[str], object]]:
    """app_page(path) -> a Playwright page (desktop size) showing that page of the live app."""
    contexts = []

    def open_page(path: str) -> object:
        context = browser.new_context()
        contexts.append(context)
        page = context.new_page()
        response = page.goto(live_app.url + path)
        assert response is not None and response.ok, path
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def chromium_pdf(app_page) -> Callable[..., Path]:
    """chromium_pdf(path, out, paper="A4") -> the PDF Chromium prints of that page of the live app."""

    def render(path: str, out: Path, paper: str = "A4") -> Path:
        app_page(path).pdf(path=str(out), format=paper)
        return out

    return render
