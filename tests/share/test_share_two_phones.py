"""Two phones and a TV on one game, in Chromium against a real gunicorn: live, and never lossy."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from share_helpers import Phone

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "share"
PHONE = {"width": 390, "height": 844}
LIVE_WITHIN = 3.0  # seconds

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def browser(chromium_browser) -> object:
    return chromium_browser


def open_phone(browser, url: str, viewport=PHONE):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(url)
    page.evaluate("window.notReloaded = true")  # gone if the page ever reloads
    return page


def tap_dice(page, faces: str) -> None:
    for face in faces:
        page.click(f'#dice-form [data-die="{face}"]')


def record(page, dice: str, box: str) -> None:
    """Type the dice, wait for the options, choose the box, wait for the fresh sheet."""
    expected = str(int(page.get_attribute("#play", "data-version")) + 1)
    page.fill("#dice", dice)
    page.click(f'#options button[name="box"][value="{box}"]')
    page.wait_for_function(
        "expected => document.querySelector('#play').dataset.version === expected", arg=expected,
    )


def seconds_until(page, script: str, arg: object) -> float:
    """How long until `script` is true on the page (fails beyond the live deadline)."""
    start = time.monotonic()
    page.wait_for_function(script, arg=arg, timeout=LIVE_WITHIN * 1000 + 500, polling=50)
    return time.monotonic() - start


def test_a_turn_recorded_on_one_phone_shows_on_the_other_and_on_the_tv(browser, live_server):
    OUTPUT.mkdir(parents=True, exist_ok=True)
    token = Phone(live_server).new_game(["Ann", "Bo"], title="Two phones")
    game_url = f"{live_server.url}/g/{token}"
    phone_a = open_phone(browser, game_url)
    phone_b = open_phone(browser, game_url)
    view_url = phone_a.input_value("#share-view-url")
    phone_a.click("#share summary")
    assert phone_a.locator("#share .copy-btn").count() == 2  # share.js added them
    phone_a.locator("#share").screenshot(path=str(OUTPUT / "share-panel.png"))
    assert view_url.startswith(f"{live_server.url}/g/") and token not in view_url
    tv = open_phone(browser, view_url, viewport={"width": 1280, "height": 720})

    # The TV has nothing that could change the game.
    assert tv.locator("form").count() == 0
    assert tv.locator("input, button, [hx-post]").count() == 0
    assert tv.locator("#share").count() == 0

    # Phone B's player has started typing: two dice in.
    tap_dice(phone_b, "25")
    assert phone_b.input_value("#dice") == "25"

    record(phone_a, "12346", "chance")  # Ann: 16 in Chance
    shown_on_b = seconds_until(
        phone_b, "() => document.querySelector('.turn-head').textContent.includes('Bo')", None)
    shown_on_tv = seconds_until(
        tv, "() => document.querySelector('#board').textContent.includes('Bo to play')", None)
    assert shown_on_b < LIVE_WITHIN and shown_on_tv < LIVE_WITHIN
    assert phone_b.locator("#play td.filled.just").inner_text().strip() == "16"
    assert "16" in tv.locator("#board").inner_text()
    # What B typed is still there, untouched, and the page never reloaded.
    assert phone_b.input_value("#dice") == "25"
    assert phone_b.locator("#dice-form .slot.is-filled").count() == 2
    assert phone_b.evaluate("window.notReloaded") is True
    phone_b.screenshot(path=str(OUTPUT / "phone-b-after-live-update.png"), full_page=True)
    tv.screenshot(path=str(OUTPUT / "tv-scoreboard.png"))

    # B finishes its roll and sees Bo's boxes; meanwhile A records Bo's turn first.
    tap_dice(phone_b, "556")
    phone_b.wait_for_selector('#options button[name="box"][value="fives"]')
    record(phone_a, "22456", "twos")
    seconds_until(phone_b, "() => document.querySelector('.turn-head').textContent.includes('Round 2')", None)
    assert phone_b.input_value("#dice") == "25556"  # the entry was kept
    # B's box form was made for Bo's turn, which is gone now: a conflict, not a second entry.
    phone_b.click('#options button[name="box"][value="fives"]')
    phone_b.wait_for_selector("#play .notice")
    assert "Bo's turn was already recorded." in phone_b.inner_text("#play .notice")
    assert "Round 2 of 13 · Ann" in phone_b.inner_text(".turn-head")
    phone_b.screenshot(path=str(OUTPUT / "phone-b-conflict.png"), full_page=True)
    seconds_until(tv, "() => document.querySelector('#board').textContent.includes('Ann to play')", None)

    # With nothing typed, the whole entry follows the game: A records Ann's round 2 and B's
    # (empty) dice entry turns to Bo's, without a reload.
    record(phone_a, "12346", "ones")
    seconds_until(phone_b, "() => document.querySelector('[data-live-keep]')"
                           ".getAttribute('aria-label').includes('Bo')", None)
    assert phone_b.evaluate("window.notReloaded") is True

    # Nothing was stored twice: three turns, each once.
    status, _, body = Phone(live_server).get(f"/g/{token}/export.json")
    assert status == 200 and body.count('"box"') == 3
