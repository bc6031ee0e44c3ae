"""A table in Chromium: start it on a phone, two games seeded through the use cases, its page on a
phone and on a TV (every game's scores are the engine's, no sideways scrolling), merge two
spellings of a name, delete a game after its confirmation page."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper import storage
from scorekeeper.services import games, tables
from tests.support.browser_pages import no_horizontal_scroll, open_context
from tests.support.sample_games import entries

TV = {"width": 1920, "height": 1080}


def seed(db, table_token: str, names: list[str], seed: int) -> games.Created:
    """A finished game at the table, played through the use cases."""
    created = tables.start_game(db, table_token, names, "hasbro-1996")
    for index, (dice, box) in enumerate(entries(len(names), seed)):
        games.record_turn(db, created.edit_token, index, dice, box)
    return created


def shown_scores(page) -> list[dict[str, int]]:
    """Each listed game's {name: total}, as the page shows them, newest first."""
    rows = page.locator(".table-games tbody tr")
    shown = []
    for row in range(rows.count()):
        items = rows.nth(row).locator(".game-scores li")
        shown.append(
            {
                items.nth(i).locator(".name").inner_text(): int(items.nth(i).locator(".total").inner_text())
                for i in range(items.count())
            }
        )
    return shown


def engine_scores(db, created: list[games.Created]) -> list[dict[str, int]]:
    """The engine's totals of these games, newest first."""
    totals = []
    for game in reversed(created):
        played = games.load_game(db, game.edit_token).game
        totals.append(
            {name: card.grand_total for name, card in zip(played.players, played.cards, strict=True)}
        )
    return totals


def test_a_table_on_a_phone_and_a_tv_merge_and_delete(browser, live_app, screenshots):
    db = live_app.app.extensions[storage.DB_KEY]
    phone_context = open_context(browser)
    phone = phone_context.new_page()
    phone.goto(f"{live_app.url}/t/new")
    phone.locator("#name").fill("Friday night")
    phone.get_by_role("button", name="Start the table").click()
    phone.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    token = phone.url.rsplit("/", 1)[1]
    created = [seed(db, token, ["Zoé", "Bo"], 1), seed(db, token, ["Zoey", "Bo"], 2)]

    phone.reload()
    expect(phone.locator(".table-games tbody tr")).to_have_count(2)
    assert shown_scores(phone) == engine_scores(db, created)
    scroll_width, width = no_horizontal_scroll(phone)
    assert scroll_width <= width
    expect(phone.locator(".qr-code")).to_have_count(2)
    phone.screenshot(path=str(screenshots / "table-phone.png"), full_page=True)

    view = tables.load_table(db, token).view_token
    tv_context = browser.new_context(viewport=TV)
    tv = tv_context.new_page()
    tv.goto(f"{live_app.url}/t/{view}")
    expect(tv.locator(".table-games tbody tr")).to_have_count(2)
    assert shown_scores(tv) == engine_scores(db, created)
    assert tv.get_by_role("button", name="Merge").count() == 0  # the view link changes nothing
    scroll_width, width = no_horizontal_scroll(tv)
    assert scroll_width <= width
    statistics_charts = tv.locator(".stats svg")
    for chart in range(statistics_charts.count()):  # the statistics' charts, where they are drawn
        expect(statistics_charts.nth(chart)).to_be_visible()
    tv.screenshot(path=str(screenshots / "table-tv.png"), full_page=True)

    phone.locator("#merge-other").select_option("Zoey")
    phone.locator("#merge-keep").select_option("Zoé")
    phone.get_by_role("button", name="Merge").click()
    expect(phone.locator(".notice").first).to_contain_text("Zoey and Zoé are now one player.")
    expect(phone.locator(".table-players li")).to_have_count(2)
    assert games.load_game(db, created[1].edit_token).game.players == ("Zoé", "Bo")

    phone.locator(".table-games tbody tr").first.get_by_role("link").click()  # the newest game's Delete…
    expect(phone.get_by_role("heading", name="Delete a game")).to_be_visible()
    phone.get_by_role("button", name="Delete this game").click()
    expect(phone.locator(".notice").first).to_contain_text("The game was deleted.")
    expect(phone.locator(".table-games tbody tr")).to_have_count(1)
    assert shown_scores(phone) == engine_scores(db, created[:1])
    assert phone.errors == []
    phone_context.close()
    tv_context.close()
