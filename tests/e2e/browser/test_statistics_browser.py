"""A table's statistics in Chromium: on a phone and on a TV every chart is drawn and visible, its data
table beside it holds the engine's final scores, nothing scrolls sideways, axe-core finds nothing
to fault, and printed they stay."""

from __future__ import annotations

from playwright.sync_api import expect

from scorekeeper import storage
from scorekeeper.services import games, tables
from tests.support.axe import violations
from tests.support.browser_pages import no_horizontal_scroll, open_context
from tests.support.sample_games import entries

TV = {"width": 1920, "height": 1080}


def seed(db, table_token: str, names: list[str], seed: int) -> games.Created:
    """A finished game at the table, played through the use cases."""
    created = tables.start_game(db, table_token, names, "hasbro-1996")
    for index, (dice, box) in enumerate(entries(len(names), seed)):
        games.record_turn(db, created.edit_token, index, dice, box)
    return created


def engine_scores(db, created: list[games.Created]) -> list[dict[str, str]]:
    """Each game's {name: final score}, oldest first, as the engine totals them."""
    found = []
    for game in created:
        played = games.load_game(db, game.edit_token).game
        found.append({n: str(c.grand_total) for n, c in zip(played.players, played.cards, strict=True)})
    return found


def scores_table(page) -> list[dict[str, str]]:
    """The scores-over-time chart's data table: {name: score} per game row, dashes left out."""
    table = page.locator(".stats-chart").first.locator("table")
    names = [
        table.locator("thead th").nth(i).inner_text() for i in range(1, table.locator("thead th").count())
    ]
    rows = []
    for r in range(table.locator("tbody tr").count()):
        cells = table.locator("tbody tr").nth(r).locator("td")
        values = [cells.nth(i).inner_text() for i in range(cells.count())]
        rows.append({name: value for name, value in zip(names, values, strict=True) if value != "—"})
    return rows


def check_charts(page) -> None:
    charts = page.locator(".stats-chart")
    expect(charts).to_have_count(3)
    for i in range(3):
        figure = charts.nth(i)
        expect(figure.locator("svg.chart")).to_be_visible()
        expect(figure.locator("table")).to_be_visible()
        box = figure.locator("svg.chart").bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 100
    scroll_width, width = no_horizontal_scroll(page)
    assert scroll_width <= width


def test_statistics_charts_on_a_phone_a_tv_and_paper(browser, live_app, screenshots):
    db = live_app.app.extensions[storage.DB_KEY]
    table = tables.create_table(db, "Stats night")
    created = [
        seed(db, table.edit_token, ["Ann", "Bo"], 11),
        seed(db, table.edit_token, ["ann", "Bo", "Cy"], 12),
    ]

    phone_context = open_context(browser)
    phone = phone_context.new_page()
    phone.goto(f"{live_app.url}/t/{table.edit_token}")
    check_charts(phone)
    shown = [{name.casefold(): score for name, score in row.items()} for row in scores_table(phone)]
    engine = [{name.casefold(): score for name, score in row.items()} for row in engine_scores(db, created)]
    assert shown == engine
    expect(phone.locator(".stats-players tbody tr")).to_have_count(3)  # Ann and ann are one player
    phone.locator("#statistics").screenshot(path=str(screenshots / "statistics-phone.png"))
    assert [v["id"] for v in violations(phone)] == []  # axe-core: scroll boxes reachable by keyboard, …
    assert phone.errors == []

    tv_context = browser.new_context(viewport=TV, color_scheme="dark")
    tv = tv_context.new_page()
    tv.goto(f"{live_app.url}/t/{table.view_token}")
    check_charts(tv)
    tv.locator("#statistics").screenshot(path=str(screenshots / "statistics-tv.png"))
    assert [v["id"] for v in violations(tv)] == []

    tv.emulate_media(media="print")
    for i in range(3):
        expect(tv.locator(".stats-chart").nth(i).locator("svg.chart")).to_be_visible()
    phone_context.close()
    tv_context.close()
