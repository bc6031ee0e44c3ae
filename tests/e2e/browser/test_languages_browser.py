"""Every language in Chromium: a game from the picker to the printout with no English left where a
translation exists; German's long words fit 360 and 390 px; a printed sheet stays one page per six players.

Screenshots and PDFs go to test-output/languages/ for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from playwright.sync_api import Page, expect

from scorekeeper import storage
from scorekeeper.rules import Dice, find_edition
from scorekeeper.services import games
from scorekeeper.web.infra.extensions import babel
from tests.support.browser_pages import PATIENCE_MS, no_horizontal_scroll, open_context, start_game, tap_dice
from tests.support.catalogues import TRANSLATED, compile_catalogues, read_catalogue
from tests.support.paths import TEST_OUTPUT
from tests.support.printed_pages import page_count

OUT = TEST_OUTPUT / "languages"
NAMES = ["Kari", "Lumi"]  # names that are no word of any catalogue
EIGHT = ["Kari", "Lumi", "Maximiliane", "Nuno", "Oskarine", "Piet", "Quirin", "Rasmus"]
PLAIN = "12346"  # never a Yahtzee, a straight or a full house
# Every word a page shows, its accessible names and hints included.
PAGE_WORDS = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap(el =>
     ['aria-label', 'title', 'placeholder', 'alt'].map(a => el.getAttribute(a) || ''))].join('\\n')"""
# Buttons and links whose text is cut: wider than their box, or hidden past an ellipsis.
CLIPPED = """() => [...document.querySelectorAll('button, a.btn, .btn, summary, select')]
  .filter(el => el.offsetParent !== null && el.closest('.visually-hidden, [hidden]') === null)
  .filter(el => el.scrollWidth > el.clientWidth + 1)
  .map(el => el.textContent.trim())"""


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    """The .mo files the app reads, built from the .po catalogues (make does it before the tests)."""
    compile_catalogues()
    domain = vars(babel).get("domain_instance")
    if domain is not None:
        domain.cache.clear()  # a page asked before the build would have cached no catalogue


@pytest.fixture(scope="module")
def out() -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    return OUT


def english_left(catalogue: Catalog) -> dict[str, re.Pattern[str]]:
    """Patterns of the English texts this language translates differently: none may show on its pages.

    A message with placeholders is looked for by its longer fixed parts; very short texts (1s, 3K)
    are left out, as they could be part of anything.
    """
    patterns = {}
    for message in catalogue:
        if not message.id or message.pluralizable:
            continue
        if message.string == message.id:
            continue  # the same in this language (Chance, Total, PDF (A4)): not a leftover
        parts = [part.strip() for part in re.split(r"%\(\w+\)[sd]", message.id)]
        wanted = [part for part in parts if len(part) >= 12] if len(parts) > 1 else parts
        for part in wanted:
            if re.search(r"[A-Za-z]{3}", part) and part not in message.string:
                patterns[part] = re.compile(rf"(?<![\w-]){re.escape(part)}(?![\w-])")
    return patterns


def leftovers(page: Page, patterns: dict[str, re.Pattern[str]]) -> list[str]:
    """The English texts (of `patterns`) the page shows."""
    words = page.evaluate(PAGE_WORDS)
    return sorted(text for text, pattern in patterns.items() if pattern.search(words))


def store(live_app, names, turns, language=None) -> games.Created:
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, names, "hasbro-1996", language=language)
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, Dice.parse(dice), box)
    return created


def eleven_rounds() -> list[tuple[str, str]]:
    """Kari: 50 in Yahtzee, Sixes and Chance left open; Lumi: Large straight and Chance left open."""
    kari = [("66666", "yahtzee")] + [
        (PLAIN, box)
        for box in ("ones", "twos", "threes", "fours", "fives", "three_of_a_kind", "four_of_a_kind")
    ]
    kari += [("11222", "full_house"), ("12345", "small_straight"), ("23456", "large_straight")]
    lumi = [(PLAIN, box) for box in ("ones", "twos", "threes", "fours", "fives", "sixes")]
    lumi += [(PLAIN, box) for box in ("three_of_a_kind", "four_of_a_kind", "yahtzee")]
    lumi += [("11222", "full_house"), ("12345", "small_straight")]
    return [turn for pair in zip(kari, lumi, strict=True) for turn in pair]


def choose_box(page: Page, box: str) -> None:
    before = page.locator("#play").get_attribute("data-version")
    page.locator(f'#options button[name=box][value="{box}"]').click()
    expect(page.locator("#play")).not_to_have_attribute("data-version", before or "")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_whole_game_shows_no_english_where_a_translation_exists(browser, live_app, out, language):
    patterns = english_left(read_catalogue(language))
    context = open_context(browser)  # Chromium asks for English: the picker has to do it
    try:
        page = context.new_page()
        page.goto(live_app.url + "/")
        page.locator(f'.language-picker button[value="{language}"]').click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert leftovers(page, patterns) == [], "home"
        token = start_game(page, live_app.url, NAMES)
        # Eleven rounds seeded through the use cases; the page then plays the last two for real.
        db = live_app.app.extensions[storage.DB_KEY]
        for index, (dice, box) in enumerate(eleven_rounds()):
            games.record_turn(db, token, index, Dice.parse(dice), box)
        page.goto(f"{live_app.url}/g/{token}")
        tap_dice(page, "66666")  # Kari's extra Yahtzee: the joker rule forces Sixes
        expect(page.locator("#options .why")).to_have_count(1)
        expect(page.locator("#options button[name=box][value=chance]")).to_be_disabled()
        page.screenshot(path=str(out / f"joker-{language}.png"), full_page=True)
        assert leftovers(page, patterns) == [], "joker refusal"
        choose_box(page, "sixes")
        for dice, box in (("23456", "large_straight"), ("11234", "chance"), ("22334", "chance")):
            tap_dice(page, dice)
            choose_box(page, box)
        expect(page.locator("#over-h")).to_be_visible()
        page.screenshot(path=str(out / f"game-over-{language}.png"), full_page=True)
        assert leftovers(page, patterns) == [], "game over"
        page.goto(f"{live_app.url}/g/{token}/history")
        assert leftovers(page, patterns) == [], "history"
        page.goto(f"{live_app.url}/g/{token}/review")  # the coach's review of the finished game
        expect(page.locator("html")).to_have_attribute("lang", language)
        page.screenshot(path=str(out / f"review-{language}.png"), full_page=True)
        assert leftovers(page, patterns) == [], "review"
        page.goto(f"{live_app.url}/g/{token}/print")
        expect(page.locator("html")).to_have_attribute("lang", language)
        page.screenshot(path=str(out / f"print-{language}.png"), full_page=True)
        assert leftovers(page, patterns) == [], "print view"
        assert page.errors == []
    finally:
        context.close()


def test_the_check_finds_english_left_on_a_page(browser, live_app):
    """The leftover check itself: an English page read against the German catalogue is all English."""
    context = open_context(browser)
    try:
        page = context.new_page()
        page.goto(live_app.url + "/new")
        found = leftovers(page, english_left(read_catalogue("de")))
        assert {"Start game", "Players", "Add player"} <= set(found)
    finally:
        context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_german_fits_the_phone_without_sideways_scroll_or_cut_buttons(browser, live_app, out, width):
    playing = store(live_app, EIGHT, [(PLAIN, "chance")] * 8 + [(PLAIN, "ones")] * 8)
    over = store(
        live_app, EIGHT[:2], [(PLAIN, box.key) for box in find_edition("hasbro-1996").boxes for _ in range(2)]
    )
    context = open_context(browser, viewport={"width": width, "height": 800})
    context.add_cookies([{"name": "lang", "value": "de", "url": live_app.url}])
    try:
        page = context.new_page()
        pages = {
            "home": "/",
            "new": "/new",
            "game": f"/g/{playing.edit_token}",
            "board": f"/g/{playing.view_token}",
            "history": f"/g/{playing.edit_token}/history",
            "over": f"/g/{over.edit_token}",
        }
        for name, path in pages.items():
            page.goto(live_app.url + path)
            if name == "game":
                tap_dice(page, "66655")  # the page at its widest: every box listed with its points
            scrolled, viewport = no_horizontal_scroll(page)
            assert scrolled <= viewport == width, name
            assert page.evaluate(CLIPPED) == [], name
            page.screenshot(path=str(out / f"de-{name}-{width}.png"), full_page=True)
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_printed_sheet_stays_one_page_for_six_players(browser, live_app, out, language):
    created = store(
        live_app,
        EIGHT[:6],
        [(PLAIN, box.key) for box in find_edition("hasbro-1996").boxes for _ in range(6)],
        language,
    )
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{created.edit_token}/print")
        expect(page.locator("html")).to_have_attribute("lang", language)
        chromium = out / f"six-players-{language}-chromium.pdf"
        page.pdf(path=str(chromium), format="A4")
        assert page_count(chromium) == 1
        weasyprint = out / f"six-players-{language}-weasyprint.pdf"
        pdf_url = f"{live_app.url}/g/{created.edit_token}/scoresheet.pdf"
        response = page.request.get(pdf_url, timeout=PATIENCE_MS)
        assert response.ok
        weasyprint.write_bytes(response.body())
        assert page_count(weasyprint) == 1
    finally:
        context.close()
