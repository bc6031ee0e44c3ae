"""htmx comes only once the game page is used (static/js/htmx-lazy.js): the page loads without it,
a form sent before it is there waits for it and goes through it, and without it every form still
records the turn as a plain POST."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser_pages import choose, open_context, start_game, tap_dice, version

HTMX = "**/vendor/htmx-*"


@pytest.fixture
def phone(browser):
    """A phone page whose requests all reach page.route: no service worker answers them from its cache."""
    context = open_context(browser, service_workers="block")
    try:
        yield context.new_page()
    finally:
        context.close()


def _same_page(page) -> bool:
    """True while the page has not been reloaded since it was marked (swaps only, no navigation)."""
    return page.evaluate("window.lazyMark === true")


def test_the_game_page_loads_without_htmx_and_records_through_it_once_used(phone, live_app):
    page = phone
    fetched: list[str] = []
    page.on("request", lambda request: "vendor/htmx-" in request.url and fetched.append(request.url))
    start_game(page, live_app.url, ["Ann", "Bo"])
    page.wait_for_load_state("load")
    assert fetched == [] and page.evaluate("typeof window.htmx") == "undefined"
    page.evaluate("window.lazyMark = true")

    tap_dice(page, "22456")  # the first tap fetches htmx; the fifth die asks for the boxes through it
    choose(page, "chance")

    assert len(fetched) == 1
    assert _same_page(page)  # the boxes and the recorded turn were swapped in, not loaded as pages
    assert page.errors == []


def test_dice_sent_before_htmx_is_there_wait_for_it_and_go_through_it(phone, live_app):
    page = phone
    held = []
    page.route(
        HTMX, lambda route: held.append(route)
    )  # htmx is asked for, and kept waiting until released below
    start_game(page, live_app.url, ["Ann", "Bo"])
    page.wait_for_load_state("load")
    page.evaluate("window.lazyMark = true")
    for face in "22456":
        page.locator(f'#dice-form [data-die="{face}"]').click()
    expect(page.locator("#dice")).to_have_value("22456")
    assert len(held) == 1 and page.locator("#options form.choose").count() == 0
    held[0].continue_()

    expect(page.locator("#options form.choose")).to_be_visible()
    choose(page, "chance")
    assert _same_page(page)
    assert page.errors == []


def test_without_htmx_every_form_still_records_the_turn_as_a_plain_post(phone, live_app):
    page = phone
    page.route(HTMX, lambda route: route.abort())
    start_game(page, live_app.url, ["Ann", "Bo"])
    page.evaluate("window.lazyMark = true")
    before = version(page)

    tap_dice(page, "22456")  # htmx cannot be had: the dice go as the plain form's POST
    choose(page, "chance")

    assert version(page) == before + 1
    expect(page.locator(".turn-head")).to_contain_text("Bo")
    assert not _same_page(page)  # pages were loaded: the forms went without htmx
