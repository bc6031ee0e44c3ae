"""Two phones and a TV on one game, in Chromium against the live app: live, and never lossy."""

from __future__ import annotations

import pytest

from tests.support.http_phone import Phone
from tests.support.live_phones import LIVE_POLLS, in_view, is_poll, open_phone, polls_until, record, tap_dice
from tests.support.paths import TEST_OUTPUT

OUTPUT = TEST_OUTPUT / "share"
LIVE_OUTPUT = TEST_OUTPUT / "live"

pytestmark = pytest.mark.slow


def test_a_turn_recorded_on_one_phone_shows_on_the_other_and_on_the_tv(browser, live_app):
    OUTPUT.mkdir(parents=True, exist_ok=True)
    token = Phone(live_app).new_game(["Ann", "Bo"], title="Two phones")
    game_url = f"{live_app.url}/g/{token}"
    phone_a = open_phone(browser, game_url)
    phone_b = open_phone(browser, game_url)
    view_url = phone_a.input_value("#share-view-url")
    phone_a.click("#share summary")
    assert phone_a.locator("#share .copy-btn").count() == 2  # share.js added them
    phone_a.locator("#share .share-panel").screenshot(path=str(OUTPUT / "share-panel.png"))
    phone_a.click("#share summary")  # closed again: the panel lies over the page under the top bar
    assert view_url.startswith(f"{live_app.url}/g/") and token not in view_url
    tv = open_phone(browser, view_url, viewport={"width": 1280, "height": 720})

    # The TV has nothing that could change the game.
    assert tv.locator("form:not(.language-picker)").count() == 0  # the picker is the TV's own setting
    assert tv.locator("main input, main button, main [hx-post]").count() == 0
    assert tv.locator("#share").count() == 0

    # Phone B's player has started typing: two dice in.
    tap_dice(phone_b, "25")
    assert phone_b.input_value("#dice") == "25"

    record(phone_a, "12346", "chance")  # Ann: 16 in Chance
    polls_on_b = polls_until(
        phone_b, "() => document.querySelector('.turn-head').textContent.includes('Bo')", None
    )
    polls_on_tv = polls_until(
        tv, "() => document.querySelector('#board').textContent.includes(\"Bo's turn\")", None
    )
    assert polls_on_b <= LIVE_POLLS and polls_on_tv <= LIVE_POLLS
    assert phone_b.locator("#play td.filled.just").inner_text().strip() == "16"
    assert "16" in tv.locator("#board").inner_text()
    # What B typed is still there, untouched, and the page never reloaded.
    assert phone_b.input_value("#dice") == "25"
    assert phone_b.locator("#dice-form .slot.is-filled").count() == 2
    assert phone_b.evaluate("window.notReloaded") is True
    phone_b.screenshot(path=str(OUTPUT / "phone-b-after-live-update.png"), full_page=True)
    tv.screenshot(path=str(OUTPUT / "tv-scoreboard.png"))

    # B finishes its roll and sees Bo's boxes; meanwhile A records Bo's turn first, and B's polls
    # do not get through (a slow network), so B's boxes are still those made for Bo's turn.
    tap_dice(phone_b, "556")
    phone_b.wait_for_selector('#options button[name="box"][value="fives"]')
    phone_b.route("**/g/*", lambda route: route.abort() if is_poll(route.request) else route.continue_())
    record(phone_a, "22456", "twos")
    assert phone_b.input_value("#dice") == "25556"
    # B's box form was made for Bo's turn, which is gone now: a conflict, not a second entry.
    phone_b.locator("#options .box-grid").evaluate("grid => grid.scrollIntoView({block: 'start'})")
    phone_b.click('#options button[name="box"][value="fives"]')
    phone_b.wait_for_selector("#play > .notice")
    phone_b.unroute("**/g/*")
    assert "Bo's turn was already recorded." in phone_b.inner_text("#play .notice")
    assert in_view(phone_b, "#play > .notice")  # on the screen, not only said to a screen reader
    assert "Round 2 of 13 · Ann" in phone_b.inner_text(".turn-head")
    assert phone_b.input_value("#dice") == "25556"  # the dice B typed are still there
    assert phone_b.locator("#dice-form .slot.is-filled").count() == 5
    LIVE_OUTPUT.mkdir(parents=True, exist_ok=True)
    phone_b.screenshot(path=str(LIVE_OUTPUT / "phone-b-conflict.png"))
    phone_b.screenshot(path=str(OUTPUT / "phone-b-conflict.png"), full_page=True)
    polls_until(tv, "() => document.querySelector('#board').textContent.includes(\"Ann's turn\")", None)
    phone_b.fill("#dice", "")  # B's player clears them: they were Bo's roll
    phone_b.locator("#dice").blur()

    # With nothing typed, the whole entry follows the game: A records Ann's round 2 and B's
    # (empty) dice entry turns to Bo's, without a reload.
    record(phone_a, "12346", "ones")
    polls_until(
        phone_b,
        "() => document.querySelector('[data-live-keep]').getAttribute('aria-label').includes('Bo')",
        None,
    )
    assert phone_b.evaluate("window.notReloaded") is True

    # A plain form that came with a live update (the coach switch: no htmx) carries no CSRF field
    # of its own (every phone gets the same fragment): it is sent with this page's token.
    assert phone_b.locator("#play form[action$='/coach'] input[name=csrf_token]").count() == 0
    phone_b.click("#play form[action$='/coach'] button")
    phone_b.wait_for_selector("#play form[action$='/coach'] button:has-text('Turn the coach off')")
    assert "expired" not in phone_b.inner_text("body")

    # Nothing was stored twice: three turns, each once.
    status, _, body = Phone(live_app).get(f"/g/{token}/export.json")
    assert status == 200 and body.count('"box"') == 3
