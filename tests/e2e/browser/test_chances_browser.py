"""The chance to win in Chromium at phone size: shown with the coach on, bars drawn, no sideways scroll.

One lean check (the figures themselves are checked through the Flask client in
tests/integration/coach/test_coach_chances.py). The forced-order edition needs no shape table.
"""

from __future__ import annotations

from playwright.sync_api import expect

from scorekeeper.rules import Edition

FORCED = "yatzy-forced"


def test_the_game_page_and_the_board_show_each_players_chance(
    live_app, make_game, forced, phone, screenshots
):
    keys = Edition(FORCED).box_keys
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
