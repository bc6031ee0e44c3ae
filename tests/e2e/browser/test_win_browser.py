"""The advice for the win in Chromium at 390×844, light and dark: the coach panel's chances to win beside
what each box and keep is worth, both options when they differ, and the review for the win.

The figures themselves are checked through the Flask client (tests/integration/coach/test_coach_win.py);
here: it arrives without a reload (worked out in the background, htmx asks again), reads, fits the
screen and leaves no script error. The chance table is built once a run (~2 minutes).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.browser.conftest import serve
from tests.support.browser_pages import open_context, tap_dice
from tests.support.coach_pages import sheet_order_turns

pytestmark = pytest.mark.slow
ARRIVES_MS = 300_000  # the background worker on a loaded two-core machine, cold curves included


@pytest.fixture(scope="module")
def win_app(tmp_path_factory, migrated_template, win_tables: Path):
    """The app served with hasbro-1996's coach and chance tables."""
    yield from serve(tmp_path_factory, migrated_template, win_tables)


@pytest.fixture
def app(win_app):
    """Games stored through make_game open in win_app."""
    return win_app.app


def fits(page) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390, "no sideways scroll at 390 px"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_coach_panel_shows_the_advice_for_the_win_beside_the_points(
    browser, win_app, make_game, screenshots, scheme
):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2, 11), coach=True)
    context = open_context(browser, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{win_app.url}/g/{created.edit_token}")
    tap_dice(page, "13666")
    note = page.locator("#options .coach-win-note.is-different")
    expect(note).to_be_visible(timeout=ARRIVES_MS)  # pending first, then htmx asks again
    expect(note).to_contain_text("For the win: Yahtzee")
    expect(note).to_contain_text("For points: Chance")
    expect(page.locator("#options .box-btn .coach-win")).to_have_count(2)  # Yahtzee and Chance are open
    expect(page.locator("#options .box-btn .coach-exp").first).to_have_text(
        re.compile(r"^worth from here on, in points: ◆ -?\d+$")
    )
    fits(page)
    page.locator("#options").screenshot(path=str(screenshots / f"win-boxes-{scheme}.png"))
    # What should I keep? The boxes go (a first roll is not a turn); each keep's chance comes.
    page.locator('#dice-form [data-slot="0"]').click()
    page.locator('#dice-form [data-slot="0"]').click()
    page.locator('#dice-form [data-slot="0"]').click()
    page.locator('#dice-form [data-slot="0"]').click()
    page.locator('#dice-form [data-slot="0"]').click()
    for face in "11125":
        page.locator(f'#dice-form [data-die="{face}"]').click()
    page.locator("#dice-form .keep-buttons button[value='2']").click()
    expect(page.locator("#keep .keep-result")).to_be_visible()
    expect(page.locator("#options form.choose")).to_have_count(0)
    expect(page.locator("#keep .coach-win-note")).to_be_visible(timeout=ARRIVES_MS)
    expect(page.locator("#keep .coach-win-note")).to_contain_text("For the win: keep 5")
    expect(page.locator("#keep .keep-choice .coach-win")).to_have_count(
        4
    )  # 3 for points + the one for the win
    fits(page)
    page.locator("#keep").screenshot(path=str(screenshots / f"win-keep-{scheme}.png"))
    assert page.errors == []
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_review_shows_the_chance_to_win_of_each_choice_and_the_most_decisive_one(
    browser, win_app, make_game, screenshots, scheme
):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2))
    context = open_context(browser, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{win_app.url}/g/{created.edit_token}/review")
    decisive = page.locator(".review-decisive")
    expect(decisive).to_be_visible(timeout=ARRIVES_MS)
    expect(decisive).to_contain_text("The game's most decisive choice: round")
    expect(page.locator(".review-turns .win-cell")).to_have_count(26)
    expect(page.locator(".review-luck").first).to_contain_text("The dice ")
    page.screenshot(path=str(screenshots / f"win-review-{scheme}.png"), full_page=True)
    fits(page)
    assert page.errors == []
    context.close()
