"""With JavaScript off the game still works: real forms, POST-redirect-GET, nothing recorded twice."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import Game, find_edition
from tests.support.browser_pages import open_context, sheet_figures, start_game


@pytest.fixture
def plain_phone(browser):
    """A 390×844 phone page with JavaScript disabled."""
    context = open_context(browser, java_script_enabled=False)
    try:
        yield context.new_page()
    finally:
        context.close()


def submit(page, button):
    """Press a submit button; the response the page ends on (after any redirect)."""
    with page.expect_navigation() as navigation:
        button.click()
    return navigation.value


def show_options(page, dice: str) -> None:
    """Type the dice and press "Show options": the server answers with the box form."""
    page.locator("#dice").fill(dice)
    response = submit(page, page.get_by_role("button", name="Show options"))
    assert response.status == 200 and response.request.method == "POST"
    expect(page.locator("form.choose")).to_be_visible()


def record(page, box: str) -> None:
    """Press a box: the POST answers 303 and the browser GETs the game page."""
    response = submit(page, page.locator(f'form.choose button[name=box][value="{box}"]'))
    assert response.request.method == "GET" and response.status == 200
    assert response.request.redirected_from is not None
    assert response.request.redirected_from.method == "POST"


def test_without_javascript_turns_undo_and_keypad_work_through_plain_forms(
    plain_phone,
    live_app,
    screenshots,
):
    page = plain_phone
    token = start_game(page, live_app.url, ["Ann", "Bo", "Cy"])  # "Add player" posts and re-renders
    expect(page.locator(".turn-head")).to_have_text("Round 1 of 13 · Ann")

    show_options(page, "2 2 4 5 6")
    expect(page.locator("form.choose h2")).to_have_text("Where do 2 2 4 5 6 go?")
    record(page, "twos")
    expect(page.locator(".turn-head")).to_have_text("Round 1 of 13 · Bo")
    # The recorded turn is confirmed at the top of the page, its Undo beside it.
    expect(page.locator("#play .confirm-text")).to_have_text("✓ Ann: 4 in Twos. Next: Bo.")
    expect(page.locator("#play .confirm button")).to_have_text("Undo")

    # The keypad without JavaScript: each tap posts and the page comes back with one more die.
    for count, face in enumerate("66665", start=1):
        submit(page, page.locator(f'#dice-form [data-die="{face}"]'))
        expect(page.locator("#dice-form .slot.is-filled")).to_have_count(count)
    expect(page.locator("#dice")).to_have_value("66665")
    submit(page, page.get_by_role("button", name="Die 5: 5, tap to clear"))
    expect(page.locator("#dice")).to_have_value("6666")
    submit(page, page.locator('#dice-form [data-die="6"]'))
    submit(page, page.get_by_role("button", name="Show options"))
    record(page, "sixes")

    show_options(page, "1,3,3,3,5")
    record(page, "chance")
    expect(page.locator(".turn-head")).to_have_text("Round 2 of 13 · Ann")

    # A reload after the redirect is a GET: the last turn is not posted again.
    page.reload()
    expect(page.locator("#play table.sheet td.filled")).to_have_count(3)

    undo = page.locator("#play .thumb-bar button", has_text="Undo")
    expect(undo).to_have_text("Undo Cy: 15 in Chance")
    response = submit(page, undo)
    assert response.request.method == "GET" and response.request.redirected_from.method == "POST"
    expect(page.locator("#play .notice")).to_have_text("Undone: Cy: 15 in Chance.")
    expect(page.locator(".turn-head")).to_have_text("Round 1 of 13 · Cy")

    show_options(page, "13335")
    record(page, "threes")
    entries = [((2, 2, 4, 5, 6), "twos"), ((6, 6, 6, 6, 6), "sixes"), ((1, 3, 3, 3, 5), "threes")]
    engine = Game.replay(["Ann", "Bo", "Cy"], find_edition("hasbro-1996"), entries)
    assert [f["grand"] for f in sheet_figures(page)] == [card.grand_total for card in engine.cards]
    assert re.search(r"/g/" + re.escape(token) + "$", page.url)
    page.screenshot(path=str(screenshots / "no-javascript.png"), full_page=True)
