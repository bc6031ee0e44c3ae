"""Live updates never take what a player is using: the dice entry, with the coach's keep advice in it.

Two phones in Chromium against the live app; screenshots in test-output/live/.
"""

from __future__ import annotations

import pytest

from tests.support.http_phone import GAME_LOCATION, Phone
from tests.support.live_phones import LIVE_POLLS, open_phone, polls_until, record, tap_dice
from tests.support.paths import TEST_OUTPUT

OUTPUT = TEST_OUTPUT / "live"

pytestmark = pytest.mark.slow


def new_game(server, players: list[str], *, coach: bool = False) -> str:
    """Fill in the new-game form (coach mode on if asked); the edit token of the game."""
    phone = Phone(server)
    assert phone.get("/new")[0] == 200
    fields = {"player": players, "edition": "hasbro-1996", "action": "start"}
    if coach:
        fields["coach"] = "y"
    status, headers, body = phone.post("/new", fields)
    assert status == 303, body[:500]
    return GAME_LOCATION.search(headers["location"]).group(1)


def turn_shown(page, player: str) -> int:
    """Polls the page made until its headline names `player`."""
    return polls_until(page, "p => document.querySelector('.turn-head').textContent.includes(p)", player)


def test_the_keep_advice_stays_with_its_dice_while_the_sheet_follows_the_game(browser, live_app):
    OUTPUT.mkdir(parents=True, exist_ok=True)
    url = f"{live_app.url}/g/{new_game(live_app, ['Ann', 'Bo', 'Cy'], coach=True)}"
    phone_a, phone_b = open_phone(browser, url), open_phone(browser, url)

    # B has entered a roll in the dice entry (where "What should I keep?" is asked) and looked
    # away (no focus): A records Ann's turn.
    phone_b.fill("#dice", "65613")
    phone_b.locator("#dice").blur()
    record(phone_a, "12346", "chance")
    assert turn_shown(phone_b, "Bo") <= LIVE_POLLS
    assert phone_b.locator("#play td.filled.just").inner_text().strip() == "16"  # the sheet moved on
    assert phone_b.input_value("#dice") == "65613"  # the entry did not
    assert phone_b.get_attribute("#play .entry", "aria-label") == "Dice of Bo"
    assert "Ann's turn was recorded on another phone — check whose dice these are." in phone_b.inner_text(
        ".entry .live-stale"
    )
    phone_b.locator(".entry").scroll_into_view_if_needed()
    phone_b.screenshot(path=str(OUTPUT / "keep-panel-kept.png"))

    # B asks and reads the answer (swapped in by htmx; nothing has the focus).
    phone_b.click(".keep-buttons button[value='2']")
    answer = "#keep .keep-result, #keep .coach-wait"  # advice, or the coach still building tables
    phone_b.wait_for_selector(answer)
    phone_b.evaluate("document.activeElement && document.activeElement.blur()")
    record(phone_a, "22456", "twos")
    assert turn_shown(phone_b, "Cy") <= LIVE_POLLS
    assert phone_b.locator(answer).count() == 1 and phone_b.input_value("#dice") == "65613"
    assert "Bo's turn was recorded on another phone" in phone_b.inner_text(".entry .live-stale")
    assert phone_b.evaluate("window.notReloaded") is True
    phone_b.locator("#keep").scroll_into_view_if_needed()
    phone_b.screenshot(path=str(OUTPUT / "keep-panel-result-kept.png"))

    # Another turn: the kept entry's label and word follow again.
    record(phone_a, "33315", "threes")
    polls_until(
        phone_b, "() => document.querySelector('#play .entry').getAttribute('aria-label') === 'Dice of Ann'"
    )
    assert "Cy's turn was recorded on another phone" in phone_b.inner_text(".entry .live-stale")
    assert phone_b.locator(".entry .live-stale").count() == 1


def test_a_kept_dice_entry_asks_again_for_the_player_whose_turn_it_is_now(browser, live_app):
    OUTPUT.mkdir(parents=True, exist_ok=True)
    url = f"{live_app.url}/g/{new_game(live_app, ['Ann', 'Bo'])}"
    phone_a, phone_b = open_phone(browser, url), open_phone(browser, url)

    # B enters a roll and sees Ann's boxes; meanwhile A records Ann's turn.
    tap_dice(phone_b, "25556")
    phone_b.wait_for_selector('#options input[name="turn"][value="0"]', state="attached")
    record(phone_a, "12346", "chance")
    assert turn_shown(phone_b, "Bo") <= LIVE_POLLS

    # B's dice stay, with a word on whose they are, and the boxes offered are now Bo's.
    assert phone_b.input_value("#dice") == "25556"
    assert phone_b.locator("#dice-form .slot.is-filled").count() == 5
    notice = phone_b.locator(".entry .live-stale")
    assert notice.inner_text() == "Ann's turn was recorded on another phone — check whose dice these are."
    phone_b.wait_for_selector('#options input[name="turn"][value="1"]', state="attached")
    assert "Boxes open for Bo" in phone_b.inner_text("#options legend")
    assert phone_b.get_attribute(".entry", "aria-label") == "Dice of Bo"
    phone_b.locator(".entry").scroll_into_view_if_needed()
    phone_b.screenshot(path=str(OUTPUT / "entry-stale.png"))

    # So choosing a box records Bo's turn instead of meeting a 409.
    record(phone_b, "25556", "fives")
    assert phone_b.locator("#play .notice").count() == 0
    assert "Round 2 of 13 · Ann" in phone_b.inner_text(".turn-head")
    assert phone_b.input_value("#dice") == ""
    status, _, body = Phone(live_app).get(url.removeprefix(live_app.url) + "/export.json")
    assert status == 200 and body.count('"box"') == 2 and '"fives"' in body

    # B starts Ann's roll (the focus in the field); A takes Bo's turn back: B's field keeps its
    # text and its focus, and says a turn was undone, now for Bo again.
    phone_b.fill("#dice", "1234")
    polls_until(phone_a, "() => document.querySelector('.turn-head').textContent.includes('Round 2')")
    phone_a.click("#play .thumb-bar button:has-text('Undo')")
    assert turn_shown(phone_b, "Round 1 of 13 · Bo") <= LIVE_POLLS
    assert phone_b.input_value("#dice") == "1234"
    assert phone_b.evaluate("document.activeElement.id") == "dice"
    assert (
        phone_b.inner_text(".entry .live-stale")
        == "A turn was undone on another phone — check whose dice these are."
    )
    assert phone_b.get_attribute(".entry", "aria-label") == "Dice of Bo"
