"""Fixtures for the print tests: stored finished games, PDF text, Chromium serving the app in-process."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from .sample_games import entries

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "print"
ORIGIN = "http://scorekeeper.test"

StoreGame = Callable[..., games.Created]


@pytest.fixture
def output_dir() -> Path:
    """Where PDFs and PNGs are kept for a person to look at (git-ignored)."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT


@pytest.fixture
def store_game(db) -> StoreGame:
    """store_game(names, turns=None | list of (dice, box key), title=..., edition=...) -> Created, through games.*"""

    def store(
        names: Sequence[str], turns: Sequence[tuple[Sequence[int], str]] | None = None,
        title: str = "", seed: int = 0, extra_yahtzee_seat: int | None = None,
        edition: str = "hasbro-1996",
    ) -> games.Created:
        created = games.create_game(db, list(names), edition, title=title)
        played = entries(len(names), seed, extra_yahtzee_seat, edition) if turns is None else turns
        loaded = created.game
        for index, (dice, box) in enumerate(played):
            loaded = games.record_turn(db, created.edit_token, index, tuple(dice), box)
        return games.Created(created.edit_token, created.view_token, loaded)

    return store


def pdf_text(path: Path) -> list[str]:
    """The text of each page of a PDF, laid out in columns as printed (pdftotext -layout)."""
    text = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(path), "-"],
        check=True, capture_output=True, text=True,
    ).stdout
    return text.split("\f")[:-1]  # pdftotext ends every page with a form feed


def page_count(path: Path) -> int:
    """Pages of a PDF, read by pypdf."""
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


def to_png(path: Path) -> list[Path]:
    """Each page of the PDF as a PNG beside it (pdftoppm), for a person to look at."""
    stem = path.with_suffix("")
    for old in path.parent.glob(f"{stem.name}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-png", "-r", "100", str(path), str(stem)], check=True)
    return sorted(path.parent.glob(f"{stem.name}-*.png"))


@pytest.fixture(scope="session")
def chromium(chromium_browser) -> object:
    """Debian's Chromium driven by Playwright (shared with every suite; see tests/conftest.py)."""
    return chromium_browser


# What a page's own requests carry that the app reads: htmx's headers and a form's type.
FORWARDED = ("content-type", "hx-request", "hx-target", "hx-trigger", "hx-current-url", "x-csrftoken")


def _serve_from(client: FlaskClient) -> Callable[[object], None]:
    """A Playwright route handler answering every request (GET, htmx's POSTs) from the Flask test client."""

    def handle(route) -> None:  # noqa: ANN001 - Playwright's Route
        request = route.request
        url = request.url
        if not url.startswith(ORIGIN + "/"):
            route.abort()  # nothing leaves the machine
            return
        headers = {k: v for k, v in request.headers.items() if k.lower() in FORWARDED}
        response = client.open(
            url[len(ORIGIN):], method=request.method, headers=headers, data=request.post_data_buffer,
        )
        try:
            body = response.get_data()
        finally:
            response.close()  # static files are streamed from an open file
        route.fulfill(
            status=response.status_code,
            headers={k: v for k, v in response.headers.items() if k.lower() != "content-length"},
            body=body,
        )

    return handle


@pytest.fixture
def app_page(chromium, app: Flask) -> Iterator[Callable[[str], object]]:
    """app_page(path) -> a Playwright page showing that app page, served in-process (closed after)."""
    contexts = []

    def open_page(path: str) -> object:
        context = chromium.new_context()
        contexts.append(context)
        page = context.new_page()
        page.route("**/*", _serve_from(app.test_client()))
        response = page.goto(ORIGIN + path)
        assert response is not None and response.ok, path
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def chromium_pdf(app_page) -> Callable[..., Path]:
    """chromium_pdf(path, out, paper="A4") -> the PDF Chromium prints of that app page."""

    def render(path: str, out: Path, paper: str = "A4") -> Path:
        app_page(path).pdf(path=str(out), format=paper)
        return out

    return render


@pytest.fixture
def app_overrides() -> dict[str, object]:
    """These tests render many PDFs a minute from one address: no rate limit unless a test sets one."""
    return {"RATELIMIT_ENABLED": False}
