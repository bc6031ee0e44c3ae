"""While the coach's tables are built, Chromium shows how far the build is, then the coach by itself:
no reload, no restart (htmx asks every 3 s; the page's live poll brings the coach once its tables are there).

The build is pretended (its lock held, its progress noted: tests/support/coach_builds.py), so the
figures are known; the served app reads a table folder of this test's own meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.advisor.background import CHANCES, COACH
from scorekeeper.rules import find_edition
from scorekeeper.services import games
from tests.support.axe import violations
from tests.support.coach_builds import build_running, copy_value_table, note_progress

HASBRO = find_edition("hasbro-1996")
FORCED = find_edition("yatzy-forced")  # its coach needs no chance table: one copied table makes it ready
POLLED = 30_000  # ms: a few of htmx's 3-second asks, on a loaded machine


@pytest.fixture
def folder(live_app, tmp_path: Path) -> Iterator[Path]:
    """The served app's table folder for this test: empty at first."""
    before = live_app.app.config["ADVISOR_DIR"]
    live_app.app.config["ADVISOR_DIR"] = str(tmp_path / "tables")
    try:
        yield tmp_path / "tables"
    finally:
        live_app.app.config["ADVISOR_DIR"] = before


def test_the_page_shows_the_build_going_on_then_the_coach_without_a_reload(
    live_app, db, phone, folder: Path, advisor, advisor_tables: Path, screenshots
):
    with build_running(HASBRO, folder) as note:
        note_progress(note, COACH, 400, 1000)
        created = games.create_game(db, ["Ann", "Bo"], HASBRO, coach=True)
        phone.goto(f"{live_app.url}/g/{created.edit_token}")
        progress = phone.locator("#coach-progress")
        expect(progress).to_have_text("The coach is getting ready (building tables), 40% done")
        phone.evaluate("window.sameDocument = true")  # gone if the page were loaded again
        note_progress(note, COACH, 700, 1000)
        expect(progress).to_contain_text("70% done", timeout=POLLED)
        progress.scroll_into_view_if_needed()
        phone.screenshot(path=screenshots / "coach-building.png")
        assert violations(phone) == []
        # The value table is saved and the chance table begun: the line says so by itself, and the
        # next dice get the coach's values.
        copy_value_table(HASBRO, advisor_tables, folder)
        note_progress(note, CHANCES, 100, 1000)
        expect(progress).to_have_text(
            "Chance to win: getting ready (building a table), 10% done", timeout=POLLED
        )
        phone.locator("#dice").fill("13455")
        expect(phone.locator("#options .coach-exp").first).to_be_visible()  # the coach's values
    # The build ends: the line goes.
    expect(phone.locator("#coach-progress")).to_have_count(0, timeout=POLLED)
    assert phone.evaluate("window.sameDocument === true")
    assert phone.errors == []


def test_the_coach_comes_to_a_page_that_never_showed_a_build(
    live_app, db, phone, folder: Path, forced, advisor_tables: Path
):
    # No build running (an operator's `flask advisor build` elsewhere, say): no progress line to poll,
    # yet the page's own live poll brings the coach once its table is there, at the same version.
    created = games.create_game(db, ["Ann", "Bo"], FORCED, coach=True)
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    expect(phone.locator(".coach-badge")).to_be_visible()
    assert phone.locator("#coach-progress").count() == 0 and phone.locator(".chances").count() == 0
    phone.evaluate("window.sameDocument = true")
    copy_value_table(FORCED, advisor_tables, folder)
    expect(phone.locator(".chances").first).to_be_visible(timeout=POLLED)
    assert phone.locator("#play").get_attribute("data-version") == "0"
    assert phone.evaluate("window.sameDocument === true")
    assert phone.errors == []
