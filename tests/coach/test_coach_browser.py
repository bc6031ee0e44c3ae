"""The coach in Chromium at phone size: options, keep panel (with and without htmx), review on one A4 page.

Screenshots go to test-output/coach/ for a person to look at.
"""

from __future__ import annotations

import io
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from coach_support import sheet_order_turns, varied_turns
from playwright.sync_api import expect
from pypdf import PdfReader
from werkzeug.serving import make_server

from scorekeeper import create_app, games, storage

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-output" / "coach"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def served(tmp_path_factory, migrated_template, coach_tables) -> Iterator[tuple[str, object]]:
    """The app on a free loopback port (CSRF on, as in production), and its sessionmaker."""
    database = tmp_path_factory.mktemp("coach-browser") / "coach.db"
    shutil.copyfile(migrated_template, database)
    app = create_app({"SECRET_KEY": "coach-browser", "DATABASE_URL": f"sqlite:///{database}",
                      "RATELIMIT_ENABLED": False, "ADVISOR_DIR": str(coach_tables)})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", app.extensions[storage.DB_KEY]
    finally:
        server.shutdown()
        storage.dispose(app)


@pytest.fixture
def browser(chromium_browser) -> object:
    return chromium_browser


@pytest.fixture(params=[True, False], ids=["htmx", "no-js"])
def page(request, browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  java_script_enabled=request.param)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.js = request.param
    yield page
    context.close()


def game_with(db, players, turns, coach=True) -> str:
    created = games.create_game(db, players, "hasbro-1996", coach=coach)
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, tuple(int(d) for d in dice), box)
    return created.edit_token


def test_the_options_show_expected_scores_and_the_best_box(served, page):
    base, db = served
    token = game_with(db, ["Ann", "Bo"], sheet_order_turns(2, rounds=3))
    page.goto(f"{base}/g/{token}")
    expect(page.locator(".coach-badge")).to_contain_text("Coach on")
    page.locator("#dice").fill("13455")
    if not page.js:
        page.locator(".show-options").click()
    expect(page.locator("#options .box-btn.is-best")).to_have_count(1)
    expect(page.locator("#options .box-btn.is-best")).to_contain_text("Best")
    assert page.locator("#options .coach-exp").count() >= 8
    OUT.mkdir(parents=True, exist_ok=True)
    page.locator("#options").scroll_into_view_if_needed()
    page.screenshot(path=OUT / f"options-{'htmx' if page.js else 'nojs'}.png")


def test_the_keep_panel_highlights_the_kept_dice(served, page):
    base, db = served
    token = game_with(db, ["Ann", "Bo"], sheet_order_turns(2, rounds=2))
    page.goto(f"{base}/g/{token}")
    page.locator("#keep-dice").fill("65613")
    page.locator(".keep-ask button[value='2']").click()
    expect(page.locator(".keep-choice")).to_have_count(3)
    expect(page.locator(".keep-choice.is-best .coach-best")).to_be_visible()
    assert page.locator(".keep-choice.is-best .is-kept").count() >= 1
    assert page.locator(".keep-choice.is-best .keep-die").count() == 5
    page.locator("#keep").scroll_into_view_if_needed()
    page.screenshot(path=OUT / f"keep-{'htmx' if page.js else 'nojs'}.png")


@pytest.mark.parametrize("players", [2, 4])
def test_the_review_fits_one_printed_a4_page(served, browser, advisor, players):
    base, db = served
    names = ["Annabelle", "Bo", "Cyrille-Marie", "Dee"][:players]
    token = game_with(db, names, varied_turns(advisor, players), coach=False)
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{base}/g/{token}/review")
        expect(page.locator(".review-player")).to_have_count(players)
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=OUT / f"review-{players}p.png", full_page=True)
        page.emulate_media(media="print")
        pdf = page.pdf(format="A4", print_background=False, prefer_css_page_size=True)
        (OUT / f"review-{players}p.pdf").write_bytes(pdf)
        assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    finally:
        context.close()
