"""Layout details a reviewer checked on real screens: the joker reason first, the sheet's marks
and columns at 360-390 px, the scoreboard on a TV. Screenshots go to test-output/polish/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import open_context, tap_dice
from playwright.sync_api import expect

from scorekeeper import games, storage

POLISH = Path(__file__).resolve().parents[2] / "test-output" / "polish"


@pytest.fixture
def polish() -> Path:
    POLISH.mkdir(parents=True, exist_ok=True)
    return POLISH


def stored(live_app, names: list[str], turns: list[tuple[str, str]]) -> str:
    """A game stored through the use cases with these (dice, box) turns; its edit token."""
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, names, "hasbro-1996")
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, tuple(int(d) for d in dice), box)
    return created.edit_token


def test_a_forced_joker_shows_its_reason_once_above_the_boxes(browser, live_app, polish):
    token = stored(live_app, ["Ann"], [("33333", "yahtzee")])
    context = open_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        tap_dice(page, "33333")
        page.screenshot(path=str(polish / "joker-390.png"), full_page=True)
        why = page.locator("#options .why")
        expect(why).to_have_count(1)
        expect(why).to_contain_text("five 3s must go in Threes while Threes is empty")
        grid = page.locator("#options .box-grid")
        assert why.bounding_box()["y"] + why.bounding_box()["height"] <= grid.bounding_box()["y"]
        expect(page.locator("#options button[name=box][disabled]")).to_have_count(11)
        assert name_lines(page, "three_of_a_kind") <= 2
        assert page.errors == []
    finally:
        context.close()


def name_lines(page, box: str) -> int:  # noqa: ANN001
    """How many lines a box's name takes in its option button."""
    return page.locator(f'#options button[value="{box}"] .box-name').evaluate(
        """el => { const range = document.createRange(); range.selectNodeContents(el.firstChild);
                   return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; }"""
    )


@pytest.mark.parametrize("dice", ["22256", "22456"], ids=["points", "scratch"])
def test_three_of_a_kind_fits_two_lines_in_its_button_at_390_px(browser, live_app, polish, dice):
    token = stored(live_app, ["Ann"], [])
    context = open_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        tap_dice(page, dice)
        for box in ("three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight"):
            assert name_lines(page, box) <= 2, box
        page.locator("#options").screenshot(path=str(polish / f"options-{dice}-390.png"))
    finally:
        context.close()
