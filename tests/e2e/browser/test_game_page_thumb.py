"""The game page under a thumb, on touch phones (360×740 and 390×844): the screen kept awake while a
game is played, nothing that moves when a turn is recorded here or on another phone, the last turn
said on every phone, and Undo where a thumb reaches. Games are seeded through the use cases.

Screenshots go to test-output/game-page/ for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import storage
from scorekeeper.rules import find_edition
from scorekeeper.services import games
from tests.support.browser_pages import open_context, tap_dice
from tests.support.paths import output_folder

HASBRO = find_edition("hasbro-1996")
PLAIN = "12346"  # every open box takes it
PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}

# A wake lock the test can count: Chromium's own needs a real screen and a user's permission.
FAKE_WAKE_LOCK = """
window.__wake = {requests: 0, releases: 0, held: null};
const fakeWakeLock = {
  request(kind) {
    window.__wake.requests += 1;
    const lock = new EventTarget();
    lock.type = kind; lock.released = false;
    lock.release = () => {
      if (!lock.released) {
        lock.released = true; window.__wake.releases += 1;
        if (window.__wake.held === lock) window.__wake.held = null;
        lock.dispatchEvent(new Event("release"));
      }
      return Promise.resolve();
    };
    window.__wake.held = lock;
    return Promise.resolve(lock);
  }
};
Object.defineProperty(Navigator.prototype, "wakeLock", {get() { return fakeWakeLock; }, configurable: true});
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


@pytest.fixture(params=list(PHONES), ids=list(PHONES))
def size(request) -> str:
    return request.param


@pytest.fixture
def shots():
    return output_folder("game-page")


def seeded(live_app, names: list[str], turns=(), *, coach: bool = False) -> str:
    """A game stored through the use cases with these (dice, box) turns; its edit token."""
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, names, HASBRO.id, coach=coach)
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, tuple(int(d) for d in dice), box)
    return created.edit_token


def phone_page(browser, size: str, script: str = ""):
    context = open_context(browser, viewport=PHONES[size])
    if script:
        context.add_init_script(script)
    return context.new_page()


def top(page, selector: str) -> float:
    """Where an element starts on the page (not the screen), in CSS pixels."""
    return page.locator(selector).evaluate("el => el.getBoundingClientRect().top + window.scrollY")


def record_on_keypad(page, dice: str, box: str) -> None:
    tap_dice(page, dice)
    button = page.locator(f'#options button[name=box][value="{box}"]')
    button.scroll_into_view_if_needed()
    button.click()


# -- the screen stays awake -------------------------------------------------------------------------


HELD = "() => window.__wake.held !== null && !window.__wake.held.released"


def comes_to_hold(page) -> None:
    """The lock is asked for and granted (a promise: it may settle after the switch shows it)."""
    page.wait_for_function(HELD)


def test_the_screen_is_kept_awake_while_the_game_is_played_with_a_switch(browser, live_app, size, shots):
    # One player, twelve boxes filled: the thirteenth turn ends the game.
    token = seeded(live_app, ["Ann"], [(PLAIN, box.key) for box in HASBRO.boxes[:-1]])
    page = phone_page(browser, size, FAKE_WAKE_LOCK)
    page.goto(f"{live_app.url}/g/{token}")
    switch = page.locator("#play .thumb-bar [data-wake]")
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-pressed", "true")
    comes_to_hold(page)
    page.screenshot(path=str(shots / f"wake-on-{size}.png"))

    # Off and on again by the switch; the choice is kept for the next page.
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.wait_for_function(f"() => !({HELD})()")  # let go (a promise too)
    page.reload()
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.__wake.requests") == 0
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    comes_to_hold(page)

    # The browser lets go of it while the page is hidden; back on screen, it is asked for again.
    page.evaluate("window.__wake.held.release()")
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(switch).to_have_attribute("aria-pressed", "true")
    comes_to_hold(page)

    # The last turn: the game is over, the lock is let go and the switch goes.
    record_on_keypad(page, PLAIN, HASBRO.boxes[-1].key)
    expect(page.locator("#play .over")).to_be_visible()
    expect(switch).to_have_count(0)
    page.wait_for_function("() => window.__wake.held === null")
    assert page.errors == []


def test_without_a_wake_lock_in_the_browser_nothing_is_said(browser, live_app):
    token = seeded(live_app, ["Ann", "Bo"])
    page = phone_page(browser, "390x844", NO_WAKE_LOCK)
    page.goto(f"{live_app.url}/g/{token}")
    expect(page.locator("#dice-form")).to_be_visible()
    expect(page.locator("#play [data-wake]")).to_be_hidden()
    assert page.errors == []


# -- nothing moves under a thumb --------------------------------------------------------------------


def test_the_keypad_stays_put_from_the_first_turn_on_and_the_last_turn_leaves_no_empty_band(
    browser, live_app, size, shots
):
    token = seeded(live_app, ["Ann", "Bo"])
    page = phone_page(browser, size)
    page.goto(f"{live_app.url}/g/{token}")
    band = page.locator("#play > #confirm")
    expect(band).to_contain_text("Ann starts")
    keypad = top(page, "#dice-form .keypad")

    record_on_keypad(page, "22456", "chance")  # the first turn: its confirmation appears on top
    expect(band).to_contain_text("Ann: 19 in Chance. Next: Bo.")
    assert top(page, "#dice-form .keypad") == keypad
    page.screenshot(path=str(shots / f"first-turn-{size}.png"))

    # Bo's dice come in: the confirmation steps back but still says the last turn.
    page.locator('#dice-form [data-die="5"]').click()
    expect(band).to_have_class(re.compile(r"\bis-done\b"))
    expect(band).to_contain_text("Ann: 19 in Chance")
    assert top(page, "#dice-form .keypad") == keypad
    page.screenshot(path=str(shots / f"next-dice-{size}.png"))
    assert page.errors == []


def test_a_turn_with_the_coach_on_scrolls_only_as_far_as_the_boxes(browser, live_app, size):
    # The coach's panels put the boxes far below the keypad: bringing them into view is the one
    # scroll allowed; recording a box brings the page back to its top, where the next dice go.
    token = seeded(live_app, ["Ann", "Bo"], [(PLAIN, "ones"), (PLAIN, "ones")], coach=True)
    page = phone_page(browser, size)
    page.goto(f"{live_app.url}/g/{token}")
    keypad = top(page, "#dice-form .keypad")
    record_on_keypad(page, "22456", "chance")
    expect(page.locator("#play > #confirm")).to_contain_text("Ann: 19 in Chance")
    page.wait_for_timeout(300)  # any late scroll would have happened by now
    assert top(page, "#dice-form .keypad") == keypad
    assert page.locator("#dice-form .keypad").bounding_box()["y"] >= 0, "the keypad is on the screen"
    assert page.errors == []


# -- the last turn on every phone ------------------------------------------------------------------


def test_another_phones_turn_is_said_on_this_phone_without_moving_its_keypad(browser, live_app, size, shots):
    token = seeded(live_app, ["Sven", "Ann"], [(PLAIN, "twos"), (PLAIN, "twos")])
    url = f"{live_app.url}/g/{token}"
    this, other = phone_page(browser, size), phone_page(browser, size)
    this.goto(url)
    other.goto(url)
    band = this.locator("#play > #confirm")
    expect(band).to_contain_text("Last turn: Ann: 2 in Twos")
    keypad = top(this, "#dice-form .keypad")

    record_on_keypad(other, "22456", "ones")  # Sven: 0 in Ones, on the other phone
    expect(band).to_contain_text("Last turn: Sven: 0 in Ones")
    expect(this.locator(".turn-head")).to_contain_text("Ann")
    assert top(this, "#dice-form .keypad") == keypad
    this.screenshot(path=str(shots / f"other-phone-{size}.png"))
    assert this.errors == [] and other.errors == []


# -- Undo within a thumb's reach -------------------------------------------------------------------


def test_undo_is_at_the_foot_of_the_screen_wherever_the_page_is_scrolled(browser, live_app, size, shots):
    token = seeded(live_app, ["Ann", "Bo"], [(PLAIN, "ones"), (PLAIN, "ones"), ("22456", "chance")])
    page = phone_page(browser, size)
    page.goto(f"{live_app.url}/g/{token}")
    height = PHONES[size]["height"]
    undo = page.get_by_role("button", name=re.compile(r"Undo Ann: 19 in Chance"))
    for scrolled in (0, 700):
        page.evaluate(f"window.scrollTo(0, {scrolled})")
        foot = page.locator("#play .thumb-bar").get_by_role("button", name=re.compile("^Undo"))
        found = foot.bounding_box()
        assert found["y"] >= height * 0.8 and found["y"] + found["height"] <= height, (scrolled, found)
        assert found["height"] >= 44
    page.screenshot(path=str(shots / f"thumb-undo-{size}.png"))
    expect(undo.first).to_be_visible()
    page.locator("#play .thumb-bar button", has_text="Undo").click()
    expect(page.locator("#play > .notice")).to_have_text("Undone: Ann: 19 in Chance.")
    assert page.errors == []


# -- forced Yatzy names the box played for ---------------------------------------------------------


def test_forced_yatzy_names_the_box_from_the_start_of_the_turn_and_offers_only_it(
    browser, live_app, size, shots
):
    db = live_app.app.extensions[storage.DB_KEY]
    token = games.create_game(db, ["Ann", "Bo"], "yatzy-forced").edit_token
    games.record_turn(db, token, 0, (1, 1, 2, 3, 4), "ones")
    page = phone_page(browser, size)
    page.goto(f"{live_app.url}/g/{token}")
    expect(page.locator(".turn-head")).to_have_text("Round 1 of 15 · Bo, for Ones")
    tap_dice(page, "66666")
    buttons = page.locator("#options button[name=box]")
    expect(buttons).to_have_count(1)
    expect(buttons).to_contain_text("Ones")
    expect(page.locator("#options")).not_to_contain_text("not allowed")
    page.screenshot(path=str(shots / f"forced-yatzy-{size}.png"))
    buttons.click()
    expect(page.locator(".turn-head")).to_have_text("Round 2 of 15 · Ann, for Twos")
    assert page.errors == []


# -- Share at the top ------------------------------------------------------------------------------


def test_share_is_a_button_at_the_top_and_opens_the_links_with_a_qr_in_reach(browser, live_app, size, shots):
    token = seeded(live_app, ["Ann", "Bo"], [(PLAIN, "ones")])
    page = phone_page(browser, size)
    page.goto(f"{live_app.url}/g/{token}")
    share = page.locator(".topbar #share > summary")
    found = share.bounding_box()
    assert found["y"] + found["height"] <= 56 and found["height"] >= 40, found
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[size]["width"]
    share.click()
    qr = page.locator("#share .qr").first
    expect(qr).to_be_visible()
    code = qr.bounding_box()
    assert code["y"] + code["height"] <= PHONES[size]["height"], "the first QR code is on the screen"
    page.screenshot(path=str(shots / f"share-open-{size}.png"))
    share.click()  # and it closes again
    expect(qr).to_be_hidden()
    assert page.errors == []


# -- names fit, and stay in view -------------------------------------------------------------------

CUT = """els => els.filter(el => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
                  .map(el => el.textContent)"""
FOUR = ["Annelise", "Bartholomew", "Fatimazahra", "Christopher"]
EIGHT = [
    "Annelise",
    "Bartholomew",
    "Fatimazahra",
    "Christopher",
    "Evangeline",
    "Fred",
    "Gus",
    "Maximiliana-Josephina",
]


def name_row_top(page) -> float:
    """Where the sheet's name row is on the screen."""
    return page.locator("table.sheet thead th.pcol").first.bounding_box()["y"]


def test_four_long_names_fit_at_360_px_and_the_name_row_sticks_while_the_page_scrolls(
    browser, live_app, size, shots
):
    token = seeded(live_app, FOUR, [(PLAIN, "ones")] * 4)
    page = phone_page(browser, size)
    page.goto(f"{live_app.url}/g/{token}")
    names = page.locator("table.sheet .pname")
    expect(names).to_have_count(4)
    assert names.evaluate_all(CUT) == [], "a name is cut"
    assert [names.nth(i).get_attribute("title") for i in range(4)] == FOUR
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[size]["width"]
    # Scrolled down to the Total row: the names are still on top of the screen.
    page.locator("table.sheet tr.grand-row").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 200)")
    assert -1 <= name_row_top(page) <= 8, name_row_top(page)
    page.screenshot(path=str(shots / f"four-names-scrolled-{size}.png"))
    assert page.errors == []


def test_eight_players_keep_their_name_row_in_view_and_a_cut_name_shows_whole_on_a_tap(
    browser, live_app, shots
):
    token = seeded(live_app, EIGHT, [(PLAIN, "ones")] * 8)
    page = phone_page(browser, "360x740")
    page.goto(f"{live_app.url}/g/{token}")
    scroll = page.locator(".sheet-scroll")
    scroll.evaluate("el => el.scrollIntoView({block: 'start'})")
    frame_top = scroll.bounding_box()["y"]
    scroll.evaluate("el => { el.scrollTop = 500; }")
    assert abs(name_row_top(page) - frame_top) <= 2, (name_row_top(page), frame_top)
    assert scroll.evaluate("el => el.scrollTop") > 0, "the sheet scrolled under its names"
    longest = page.locator("table.sheet th.pcol", has_text="Maximiliana")
    assert longest.locator(".pname").get_attribute("title") == "Maximiliana-Josephina"
    longest.scroll_into_view_if_needed()
    longest.click()
    assert page.locator("table.sheet .pname").evaluate_all(CUT) == []
    page.screenshot(path=str(shots / "eight-names-360x740.png"))
    assert page.errors == []


def test_the_current_players_name_is_whole_on_a_1920_px_tv(browser, live_app, shots):
    from tests.support.browser_pages import open_tv_context

    token_view = games.create_game(live_app.app.extensions[storage.DB_KEY], EIGHT, HASBRO.id).view_token
    context = open_tv_context(browser, 1920, 1080)
    page = context.new_page()
    page.goto(f"{live_app.url}/g/{token_view}")
    names = page.locator("#board table.sheet .pname")
    expect(names).to_have_count(8)
    page.screenshot(path=str(shots / "tv-1920-eight-names.png"))
    assert names.evaluate_all(CUT) == [], "a name is cut on the TV"
    page.screenshot(path=str(shots / "tv-1920-eight-names.png"))
    assert page.errors == []


# -- corrections -----------------------------------------------------------------------------------


def test_a_filled_cell_looks_tappable_and_its_correction_has_a_keypad_a_preview_and_lights_the_cell(
    browser, live_app, size, shots
):
    token = seeded(live_app, ["Ann", "Bo"], [("22456", "twos"), ("33356", "threes"), ("55512", "fives")])
    page = phone_page(browser, size)
    page.goto(f"{live_app.url}/g/{token}")
    twos = page.locator('table.sheet tr[data-key="twos"] td.filled a').first
    assert "underline" in twos.locator(".pts").evaluate("el => getComputedStyle(el).textDecorationLine")
    twos.click()
    page.wait_for_url(re.compile(r"/turns/0/edit$"))
    expect(page.locator("#correct-form .slot.is-filled")).to_have_count(5)

    # The keypad: clear the 4 (third die), add a 2; the preview says what the turn would score.
    page.locator('#correct-form .slot[value="2"]').click()
    expect(page.locator("#correct-form .slot.is-filled")).to_have_count(4)
    page.locator('#correct-form .die-key[value="2"]').click()
    expect(page.locator("#dice")).to_have_value("22562")
    expect(page.locator("#correct-preview")).to_have_text("This turn would be: Ann: 6 in Twos")
    page.locator('input[name=box][value="chance"]').check()
    expect(page.locator("#correct-preview")).to_have_text("This turn would be: Ann: 17 in Chance")
    page.screenshot(path=str(shots / f"correct-keypad-{size}.png"), full_page=True)
    page.locator('input[name=box][value="twos"]').check()
    expect(page.locator("#correct-preview")).to_contain_text("6 in Twos")
    page.get_by_role("button", name="Save correction").click()

    # Back on the game: the corrected cell is lit, not the last turn's.
    page.wait_for_url(re.compile(rf"/g/{token}$"))
    just = page.locator("table.sheet td.just")
    expect(just).to_have_count(1)
    expect(just).to_have_text("6")
    assert just.evaluate("td => td.parentElement.dataset.key") == "twos"
    page.screenshot(path=str(shots / f"corrected-cell-{size}.png"))
    assert page.errors == []


def test_history_entries_open_their_correction(browser, live_app):
    token = seeded(live_app, ["Ann", "Bo"], [("22456", "twos"), ("33356", "threes")])
    page = phone_page(browser, "360x740")
    page.goto(f"{live_app.url}/g/{token}/history")
    link = page.get_by_role("link", name=re.compile(r"Correct turn 2: Round 1 · Bo: 9 in Threes"))
    assert link.bounding_box()["height"] >= 44
    link.click()
    page.wait_for_url(re.compile(r"/turns/1/edit$"))
    expect(page.locator("h1")).to_have_text("Correct turn 2")


def test_the_correction_keypad_and_preview_work_without_javascript(browser, live_app):
    token = seeded(live_app, ["Ann", "Bo"], [("22456", "twos")])
    context = open_context(browser, viewport=PHONES["360x740"], java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_app.url}/g/{token}/turns/0/edit")
    page.locator('#correct-form .slot[value="4"]').click()  # the 6 goes
    expect(page.locator("#dice")).to_have_value("2245")
    page.locator('#correct-form .die-key[value="2"]').click()
    expect(page.locator("#dice")).to_have_value("22452")
    expect(page.locator("#correct-preview")).to_have_text("This turn would be: Ann: 6 in Twos")
    page.get_by_role("button", name="Save correction").click()
    page.wait_for_url(re.compile(rf"/g/{token}$"))
    expect(page.locator("table.sheet td.just")).to_have_text("6")


# -- rematch ---------------------------------------------------------------------------------------


def test_a_rematch_lets_the_next_player_start(browser, live_app, size):
    turns = [(PLAIN, box.key) for box in HASBRO.boxes for _ in range(2)]
    token = seeded(live_app, ["Ann", "Bo"], turns)
    page = phone_page(browser, size)
    page.goto(f"{live_app.url}/g/{token}")
    page.get_by_role("button", name="Rematch").click()
    expect(page.locator(".turn-head")).to_have_text("Round 1 of 13 · Bo")
    expect(page.locator("table.sheet th.pcol .pname")).to_have_text(["Bo", "Ann"])
    assert page.errors == []


def test_the_share_panel_closes_with_a_tap_elsewhere_or_escape(browser, live_app):
    token = seeded(live_app, ["Ann", "Bo"])
    page = phone_page(browser, "390x844")
    page.goto(f"{live_app.url}/g/{token}")
    share = page.locator("#share")
    share.locator("summary").click()
    expect(share).to_have_attribute("open", "")
    page.locator(".brand").evaluate("el => el.addEventListener('click', e => e.preventDefault())")
    page.locator(".brand").click()  # a tap on the top bar, outside the panel
    expect(share).not_to_have_attribute("open", "")
    share.locator("summary").click()
    expect(share).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(share).not_to_have_attribute("open", "")
    assert page.errors == []
