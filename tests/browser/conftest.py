"""Browser tests: the app served for real on a loopback port, driven by Debian's Chromium."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from browser_support import open_context

from scorekeeper import create_app, storage

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder drives a browser: mark it so `-m "not browser"` leaves it out."""
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


class QuietHandler(WSGIRequestHandler):
    """No access log: it would print every game's secret URL into the test output."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


@dataclass
class LiveApp:
    """The app answering on http://127.0.0.1:<port>, and the Flask app object behind it."""

    url: str
    app: object


@pytest.fixture(scope="session")
def live_app(tmp_path_factory: pytest.TempPathFactory, migrated_template: Path) -> Iterator[LiveApp]:
    """A threaded werkzeug server on a free loopback port: temp migrated SQLite, CSRF on, no rate limit."""
    database = tmp_path_factory.mktemp("browser") / "browser.db"
    shutil.copyfile(migrated_template, database)
    app = create_app({
        "SECRET_KEY": "browser-tests",
        "DATABASE_URL": f"sqlite:///{database}",
        "WTF_CSRF_ENABLED": True,  # as in production: every form carries its token
        "RATELIMIT_ENABLED": False,  # one address plays many games a minute here
    })
    server: BaseWSGIServer = make_server(
        "127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler,
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
def browser(chromium_browser) -> object:
    """Debian's Chromium through Playwright (shared with every suite; see tests/conftest.py)."""
    return chromium_browser


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
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
