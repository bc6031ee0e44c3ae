"""The chance to win in Chromium at phone size: shown with the coach on, bars drawn, no sideways scroll.

One lean check (the figures themselves are checked through the Flask client in
tests/integration/coach/test_coach_chances.py). The forced-order edition needs no chance table.
"""

from __future__ import annotations

from playwright.sync_api import expect

from scorekeeper.rules import find_edition
from tests.support.browser_pages import open_tv_context

FORCED = "yatzy-forced"


def test_the_game_page_and_the_board_show_each_players_chance(
    live_app, make_game, forced, phone, screenshots
):
    keys = find_edition(FORCED).box_keys
    turns = [("11123", keys[0]), ("11456", keys[0]), ("22245", keys[0]), ("22216", keys[1])]
    created = make_game(["Annabelle", "Bo", "Cyrille-Marie"], turns, edition=FORCED, coach=True)
    # The first page of a game works its chances out (seconds on a loaded machine), then remembers them.
    phone.set_default_navigation_timeout(120_000)
    for token, name in ((created.edit_token, "game"), (created.view_token, "board")):
        phone.goto(f"{live_app.url}/g/{token}")
        chances = phone.locator(".chances")
        expect(chances).to_be_visible()
        expect(chances.locator(".chance")).to_have_count(3)
        expect(chances).to_contain_text("if everyone plays the coach's way from here")
        widths = chances.locator(".chance-fill").evaluate_all("els => els.map(e => e.getBBox().width)")
        assert all(w >= 0 for w in widths) and sum(widths) > 0
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        chances.scroll_into_view_if_needed()
        phone.screenshot(path=screenshots / f"chances-{name}.png")
        assert phone.errors == []


EIGHT = ["Annabelle", "Bo", "Cyrille-Marie", "Dee", "Evangeline", "Fred", "Gunnhild", "Hal"]


def test_the_tv_board_with_the_coach_on_fits_the_screen_for_one_to_eight_players(
    live_app, make_game, forced, browser, screenshots
):
    # The chances take the standings' place on a TV (the sheet beside them has every total and rank):
    # both lists made a 4-player board 798 px and an 8-player one 1,177 px tall on a 720-line screen.
    keys = find_edition(FORCED).box_keys
    for width, height in ((1280, 720), (1920, 1080)):
        context = open_tv_context(browser, width, height)
        try:
            page = context.new_page()
            page.set_default_navigation_timeout(120_000)  # a first page works its chances out
            for count in (1, 4, 6, 8):
                turns = [("11123", keys[r]) for r in range(3) for _ in range(count)]
                created = make_game(EIGHT[:count], turns, edition=FORCED, coach=True)
                page.goto(f"{live_app.url}/g/{created.view_token}")
                expect(page.locator("#board .chances .chance")).to_have_count(count)
                label = f"{count} players at {width}×{height}"
                assert page.evaluate("document.documentElement.scrollHeight") <= height, label
                assert page.evaluate("document.documentElement.scrollWidth") <= width, label
                if count == 8:
                    page.screenshot(path=screenshots / f"chances-tv-{width}-8.png")
            assert page.errors == []
        finally:
            context.close()
