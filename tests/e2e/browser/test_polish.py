"""Layout details a reviewer checked on real screens: the joker reason first, the sheet's marks
and columns at 360-390 px, the scoreboard on a TV. Screenshots go to test-output/polish/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper import storage
from scorekeeper.rules import find_edition
from scorekeeper.services import games
from tests.support.browser_pages import open_context, open_tv_context, tap_dice
from tests.support.paths import TEST_OUTPUT

POLISH = TEST_OUTPUT / "polish"


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


def name_lines(page, box: str) -> int:
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


SIX = ["Amelie", "Bertha", "Claude", "Daniel", "Eloise", "Franco"]
PLAIN = "12346"  # never a Yahtzee


def bonus_game(live_app, names: list[str]) -> str:
    """Three rounds; the first player scores a Yahtzee, then an extra one forced into Fives (+100)."""
    rest = len(names) - 1
    turns = [("55555", "yahtzee")] + [(PLAIN, "ones")] * rest
    turns += [("55555", "fives")] + [(PLAIN, "twos")] * rest
    turns += [(PLAIN, "threes")] * len(names)
    return stored(live_app, names, turns)


def test_six_names_of_six_letters_are_not_truncated_at_360_px(browser, live_app, polish):
    token = bonus_game(live_app, SIX)
    context = open_context(browser, viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        page.screenshot(path=str(polish / "six-players-360.png"), full_page=True)
        names = page.locator("table.sheet .pname")
        expect(names).to_have_count(6)
        clipped = names.evaluate_all(
            "els => els.filter(el => el.scrollWidth > el.clientWidth).map(el => el.textContent)"
        )
        assert clipped == [], f"truncated names: {clipped}"
        assert page.locator(".sheet-scroll").evaluate("el => el.scrollWidth <= el.clientWidth")
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 360
        assert page.errors == []
    finally:
        context.close()


def box_of(locator) -> dict:
    return locator.bounding_box()


def test_the_bonus_marks_sit_with_their_players_number(browser, live_app, polish):
    token = bonus_game(live_app, ["Ann", "Bo"])
    context = open_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        page.locator(".sheet-wrap").screenshot(path=str(polish / "sheet-bonus-390.png"))
        # The star of the extra Yahtzee: inside Ann's Fives cell, at its number's shoulder.
        fives = page.locator("table.sheet tr.box-row").nth(4).locator("td").first
        star, number = box_of(fives.locator(".star")), box_of(fives.locator(".pts"))
        cell = box_of(fives)
        assert cell["x"] <= star["x"] and star["x"] + star["width"] <= cell["x"] + cell["width"]
        assert abs(star["x"] - (number["x"] + number["width"])) <= 3
        # The Yahtzee-bonus row: Ann's 100 with its star right under it, centred on it.
        ybonus = page.locator("table.sheet tr.ybonus-row td").first
        points, marks = box_of(ybonus.locator(".ybonus-pts")), box_of(ybonus.locator(".marks"))
        expect(ybonus.locator(".marks")).to_have_text("★")
        assert 0 <= marks["y"] - (points["y"] + points["height"]) <= 3
        centre = lambda box: box["x"] + box["width"] / 2  # noqa: E731
        assert abs(centre(marks) - centre(points)) <= 2
        assert page.locator("table.sheet tr.ybonus-row td").nth(1).inner_text().strip() == ""
    finally:
        context.close()


def text_baseline(locator) -> float:
    """The y of the first visible text's baseline inside an element (font metrics of its parent)."""
    return locator.evaluate(
        """el => {
            const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node; (node = walk.nextNode());) {
                const parent = node.parentElement;
                if (!node.textContent.trim() || parent.closest('.visually-hidden, .star')
                    || !parent.getClientRects().length) continue;
                const probe = document.createElement('span');
                probe.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
                parent.insertBefore(probe, node);
                const y = probe.getBoundingClientRect().top;
                probe.remove();
                return y;
            }
            return null;
        }"""
    )


def test_row_labels_share_the_baseline_of_their_figures(browser, live_app):
    token = bonus_game(live_app, ["Ann", "Bo"])
    context = open_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        rows = page.locator("table.sheet tr.box-row, table.sheet tr.sum-row, table.sheet tr.grand-row")
        checked = 0
        for index in range(rows.count()):
            row = rows.nth(index)
            figure = text_baseline(row.locator("td").first)
            if figure is None:
                continue
            label = text_baseline(row.locator("th"))
            assert abs(label - figure) <= 0.75, (row.inner_text(), label, figure)
            checked += 1
        assert checked >= 6
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("rounds", [5, 13], ids=["playing", "over"])
def test_the_view_link_fills_a_tv_with_type_readable_across_the_room(
    browser,
    live_app,
    polish,
    size,
    rounds,
):
    names = ["Annabelle", "Bo", "Cyrille", "Dee", "Evangeline", "Fred"]
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, names, "hasbro-1996", title="Family night")
    boxes = list(find_edition("hasbro-1996").box_keys)
    chance = ["66665", "55554", "66665", "44443", "33332", "22221"]  # a winner, a tie for second
    turns = [
        (chance[seat] if box == "chance" else PLAIN, box)
        for box in boxes[:rounds]
        for seat in range(len(names))
    ]
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, tuple(int(d) for d in dice), box)
    width, height = size
    context = open_tv_context(browser, width, height)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{created.view_token}")
        page.screenshot(
            path=str(polish / f"board-{width}x{height}-{'over' if rounds == 13 else 'playing'}.png")
        )
        board = box_of(page.locator("#board"))
        assert board["width"] >= 0.9 * width
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width
        standings = page.locator("#board ol.standings li")
        expect(standings).to_have_count(6)
        px = lambda locator: float(locator.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))  # noqa: E731
        # A 40" 720p TV has ~0.7 mm pixels: 32 px and up (2.5% of the width) for names, more for the turn.
        assert px(standings.first) >= 0.025 * width
        last = box_of(standings.last)
        assert last["y"] + last["height"] <= height, "the whole standings are on the first screen"
        if rounds < 13:
            who = page.locator("#board .board-who")
            expect(who).to_have_text("Annabelle to play")
            assert px(who) >= 0.07 * height
        sheet = box_of(page.locator("#board .sheet-wrap"))
        assert sheet["x"] > board["x"] + board["width"] / 3, "the sheet sits beside the standings"
        assert page.errors == []
    finally:
        context.close()
