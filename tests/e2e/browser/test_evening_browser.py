"""A whole evening's smaller screens, in Chromium: the TV's top bar, refused long names, the table's
statistics on a phone (issue 28). Screenshots go to test-output/evening/ for a person to look at."""

from __future__ import annotations

import pytest

from scorekeeper import storage
from scorekeeper.services import games, tables
from tests.support.browser_pages import open_context, open_tv_context
from tests.support.paths import output_folder
from tests.support.sample_games import entries

PHONES = {"360x740": {"width": 360, "height": 740}, "390x844": {"width": 390, "height": 844}}


@pytest.fixture
def shots():
    return output_folder("evening")


def stored(live_app, names, turns=(), title="", coach=False) -> games.Created:
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, names, "hasbro-1996", title=title, coach=coach)
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, tuple(int(d) for d in dice), box)
    return created


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tvs_title_is_in_plain_view_with_no_picker_over_it(browser, live_app, shots, scheme):
    title = "Grandma's birthday, round two"
    created = stored(live_app, ["Ann", "Bo", "Cy"], [("22456", "chance")], title=title, coach=True)
    context = open_tv_context(browser, 1280, 720)
    try:
        page = context.new_page()
        page.emulate_media(color_scheme=scheme)
        page.goto(f"{live_app.url}/g/{created.view_token}")
        heading = page.locator(".topbar .game-title")
        assert heading.inner_text() == title
        shown = heading.evaluate(
            """el => {
                const r = el.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return [el.scrollWidth <= el.clientWidth, el.contains(top), r.right <= innerWidth];
            }"""
        )
        assert shown == [True, True, True], "the title is whole, on top and on the screen"
        assert page.locator(".language-picker").count() == 0
        assert page.get_by_text("Review so far").count() == 0
        page.screenshot(path=str(shots / f"tv-1280x720-{scheme}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("size", PHONES)
def test_a_name_too_long_is_kept_whole_and_refused_with_the_reason(browser, live_app, shots, size):
    context = open_context(browser, viewport=PHONES[size])
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/new")
        long = "Annabelle-Marguerite Lindqvist"  # 30 characters: 24 is the limit
        field = page.locator("#player-0")
        field.press_sequentially(long)
        assert field.input_value() == long, "nothing is cut while typing"
        reason = page.locator("#player-0-too-long")
        assert reason.inner_text() == "A name has at most 24 characters."
        assert field.get_attribute("aria-invalid") == "true"
        page.screenshot(path=str(shots / f"long-name-{size}.png"))
        field.press("Backspace")
        field.fill(long[:24])
        assert reason.count() == 0 and field.get_attribute("aria-invalid") is None
        # Sent anyway (the script is only quicker): the server refuses it with the same words.
        field.fill(long)
        page.locator("#player-1").fill("Bo")
        page.locator(".new-game button.btn-primary[name=action][value=start]").click()
        page.wait_for_load_state()
        assert page.locator("#player-0").input_value() == long
        assert page.locator("#player-0-error").inner_text().endswith("A name has at most 24 characters.")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[size]["width"]
        # The table's name: 60 characters.
        page.goto(f"{live_app.url}/t/new")
        page.locator("#name").fill("x" * 61)
        assert page.locator("#name").input_value() == "x" * 61
        assert page.locator("#name-too-long").inner_text() == "A table's name has at most 60 characters."
    finally:
        context.close()


def table_with_statistics(live_app, names_of_games):
    """A table with finished games (sample turns through the use cases); its CreatedTable."""
    db = live_app.app.extensions[storage.DB_KEY]
    table = tables.create_table(db, "Stats night")
    for seed, names in enumerate(names_of_games):
        secret = str(live_app.app.config["SECRET_KEY"])
        created = tables.start_game(db, table.edit_token, names, "hasbro-1996", secret=secret)
        for index, (dice, box) in enumerate(entries(len(names), seed + 20)):
            games.record_turn(db, created.edit_token, index, dice, box)
    return table


def overflowing(page, selector: str) -> list[str]:
    """The elements under `selector` whose content is wider than their box (a hidden column)."""
    return page.locator(selector).evaluate_all(
        """els => els.filter(el => el.scrollWidth > el.clientWidth + 1
                                  || el.getBoundingClientRect().right > innerWidth)
                   .map(el => `${el.className || el.tagName} ${el.scrollWidth}/${el.clientWidth}`
                              + ` right ${Math.round(el.getBoundingClientRect().right)}`)"""
    )


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_statistics_read_on_a_phone_without_hidden_columns_or_codes(
    browser, live_app, shots, size, scheme
):
    table = table_with_statistics(
        live_app, [["Annabelle", "Bo", "Cy"], ["Annabelle", "Bo", "Cy"], ["Annabelle", "Bo", "Cy", "Dagmar"]]
    )
    context = open_context(browser, viewport=PHONES[size], color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/t/{table.edit_token}#statistics")
        named = f"{size}-{scheme}.png"
        page.locator(".stats-players").screenshot(path=str(shots / f"statistics-players-{named}"))
        page.locator(".stats-chart").nth(2).screenshot(path=str(shots / f"statistics-boxes-{named}"))
        width = PHONES[size]["width"]
        # The players' figures: every one on the screen, each with its label, nothing scrolled away.
        players = page.locator(".stats-players")
        assert overflowing(page, ".stats-players, .stats-players tbody *") == []
        cells = players.locator("tbody td")
        assert cells.count() >= 4 * 9
        for i in range(cells.count()):
            cell = cells.nth(i)
            found = cell.bounding_box()
            assert found is not None and found["x"] >= 0 and found["x"] + found["width"] <= width, i
            label = cell.evaluate("el => getComputedStyle(el, '::before').content")
            assert label not in ("none", "normal", '""'), f"cell {i} has no label on a phone"
        # The box chart names its boxes in full: no "3K", "FH", "Yz".
        labels = page.locator(".stats-boxchart text.box-label").evaluate_all(
            "els => els.map(e => e.textContent)"
        )
        assert "Three of a kind" in labels and "Full house" in labels and "Yahtzee" in labels
        assert not {"3K", "4K", "FH", "SS", "LS", "Yz", "Ch"} & set(labels)
        font = page.locator(".stats-boxchart text.box-label").first.evaluate(
            "el => el.getBoundingClientRect().height"
        )
        assert font >= 11, "a box's name is readable on the phone"
        # Every mark explained where it is seen: the bar and the coach's tick have a visible key.
        key = page.locator(".stats-boxchart-key")
        assert key.is_visible() and "average" in key.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


@pytest.mark.parametrize("size", [*PHONES, "tv"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_game_of_the_table_opens_from_its_list_with_a_thumb(browser, live_app, shots, size, scheme):
    table = table_with_statistics(live_app, [["Annabelle", "Bo", "Cy"]])
    page_link = None
    if size == "tv":
        context = open_tv_context(browser, 1280, 720)
    else:
        context = open_context(browser, viewport=PHONES[size], color_scheme=scheme)
    try:
        page = context.new_page()
        page.emulate_media(color_scheme=scheme)
        # A second game, in play, started with the table's own form.
        page.goto(f"{live_app.url}/t/{table.edit_token}/new-game")
        page.locator(".new-game button.btn-primary[name=action][value=start]").click()
        page.wait_for_url(lambda url: "/g/" in url)
        page_link = page.url
        page.goto(f"{live_app.url}/t/{table.edit_token}")
        links = page.locator("#games .game-link")
        names = links.all_inner_texts()
        assert [name.split(",")[0].strip() for name in names] == [
            "Open the game",
            "Final result",
            "Score sheet",
            "Review",
        ]
        for i in range(links.count()):
            found = links.nth(i).bounding_box()
            assert (
                found is not None
                and found["height"] >= 44
                and found["x"] + found["width"] <= page.viewport_size["width"]
            )
        page.locator("#games").screenshot(path=str(shots / f"game-list-{size}-{scheme}.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        links.first.click()
        page.wait_for_url(page_link)
        page.go_back()
        page.get_by_role("link", name="Score sheet").click()
        page.wait_for_url(lambda url: url.endswith("/print"))
    finally:
        context.close()
