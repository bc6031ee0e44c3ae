"""How the game page looks on small phones: six players fit 360 px, dark mode follows the phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import storage
from scorekeeper.rules import find_edition
from scorekeeper.services import games
from tests.support.browser_pages import no_horizontal_scroll, open_context, tap_dice

SIX = ["Annabelle", "Bartholomew", "Cyrille", "Dee", "Evangeline", "Fred"]
PLAIN = (1, 2, 3, 4, 6)  # never a Yahtzee: every open box takes it


def stored_game(live_app, names: list[str], rounds: int) -> str:
    """A game stored directly (not through the pages), `rounds` rounds played; its edit token."""
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, names, "hasbro-1996", title="Family night")
    turns = [(PLAIN, find_edition("hasbro-1996").boxes[r].key) for r in range(rounds) for _ in names]
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, dice, box)
    return created.edit_token


def sheet_overflow(page) -> tuple[int, int]:
    """(scroll width, visible width) of the scoresheet's own scrolling box."""
    return page.locator(".sheet-scroll").evaluate("el => [el.scrollWidth, el.clientWidth]")


@pytest.mark.parametrize("rounds", [5, 13], ids=["mid-game", "finished"])
def test_six_players_fit_a_360_px_screen_without_horizontal_scrolling(
    browser,
    live_app,
    screenshots,
    rounds,
):
    token = stored_game(live_app, SIX, rounds)
    context = open_context(browser, viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        expect(page.locator("table.sheet th.pcol")).to_have_count(6)
        if rounds < 13:
            tap_dice(page, "22456")  # the page at its widest: dice in, boxes listed
        width, viewport = no_horizontal_scroll(page)
        assert width <= viewport == 360
        scrolled, visible = sheet_overflow(page)
        assert scrolled <= visible, "the six-player sheet scrolls sideways inside its box"
        name = "six-players-360" + ("" if rounds < 13 else "-finished")
        page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)
        assert page.errors == []
    finally:
        context.close()


def test_in_dark_mode_the_game_page_is_dark_and_readable(browser, live_app, screenshots):
    token = stored_game(live_app, ["Ann", "Bo", "Cy"], 6)
    context = open_context(browser, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        tap_dice(page, "55555")
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        ink = page.evaluate("() => getComputedStyle(document.body).color")
        assert luminance(background) < 0.05 < 0.6 < luminance(ink), (background, ink)
        page.screenshot(path=str(screenshots / "dark-mode.png"), full_page=True)
        assert page.errors == []
    finally:
        context.close()


def luminance(css_color: str) -> float:
    """Relative luminance (WCAG) of an rgb()/rgba() computed colour."""
    parts = css_color[css_color.index("(") + 1 : css_color.index(")")].replace(",", " ").split()
    channels = []
    for value in parts[:3]:
        c = float(value) / 255
        channels.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def test_eight_players_scroll_inside_the_sheet_with_the_box_names_kept_in_view(
    browser,
    live_app,
    screenshots,
):
    names = SIX + ["Gus", "Hanna"]
    token = stored_game(live_app, names, 4)
    context = open_context(browser, viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        width, viewport = no_horizontal_scroll(page)
        assert width <= viewport, "the page itself must not scroll sideways"
        sheet = page.locator(".sheet-scroll")
        sheet.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
        assert sheet.evaluate("el => el.scrollLeft") > 0, "eight players scroll inside the sheet"
        label = page.locator("table.sheet tr.box-row th").first
        assert abs(label.bounding_box()["x"] - sheet.bounding_box()["x"]) < 2  # sticky at the left edge
        expect(label).to_be_visible()
        page.screenshot(path=str(screenshots / "eight-players-360-scrolled.png"), full_page=False)
        assert page.errors == []
    finally:
        context.close()
