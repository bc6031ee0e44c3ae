"""The coach in Chromium at phone size: options, keep panel (with and without htmx), review on one A4 page.

Screenshots go to test-output/coach/ for a person to look at.
"""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from scorekeeper.services import games
from tests.support.browser_pages import PATIENCE_MS
from tests.support.coach_pages import sheet_order_turns, varied_turns
from tests.support.paths import TEST_OUTPUT

OUT = TEST_OUTPUT / "coach"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(params=[True, False], ids=["htmx", "no-js"])
def page(request, browser):
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        java_script_enabled=request.param,
    )
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    page.js = request.param
    yield page
    context.close()


def game_with(db, players, turns, coach=True) -> str:
    created = games.create_game(db, players, "hasbro-1996", coach=coach)
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, tuple(int(d) for d in dice), box)
    return created.edit_token


def test_the_options_show_expected_scores_and_the_best_box(live_app, db, page):
    base = live_app.url
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


def test_the_keep_panel_highlights_the_kept_dice(live_app, db, page):
    base = live_app.url
    token = game_with(db, ["Ann", "Bo"], sheet_order_turns(2, rounds=2))
    page.goto(f"{base}/g/{token}")
    page.locator("#dice").fill("65613")  # the same entry as the final dice: they carry on
    page.locator(".keep-buttons button[value='2']").click()
    expect(page.locator(".keep-choice")).to_have_count(3)
    expect(page.locator(".keep-choice.is-best .coach-best")).to_be_visible()
    assert page.locator(".keep-choice.is-best .is-kept").count() >= 1
    assert page.locator(".keep-choice.is-best .keep-die").count() == 5
    page.locator("#keep").scroll_into_view_if_needed()
    page.screenshot(path=OUT / f"keep-{'htmx' if page.js else 'nojs'}.png")


@pytest.mark.parametrize("players", [2, 4])
def test_the_review_fits_one_printed_a4_page(live_app, db, browser, advisor, players):
    base = live_app.url
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
