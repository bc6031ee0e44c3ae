"""A turn the server could not save because the database was busy (503, Retry-After: 1) is sent
again once by the page itself (static/js/retry.js); a second refusal is left to the player."""

from __future__ import annotations

import time

from tests.support.browser_pages import PATIENCE_MS, choose, open_context, start_game, type_dice, version

BUSY = {"status": 503, "headers": {"Retry-After": "1"}, "body": "busy"}


def busy_first(page, times: int) -> list[str]:
    """Answer the first `times` turn POSTs with a busy 503 (as the server does); count every POST."""
    posts: list[str] = []

    def handle(route) -> None:
        posts.append(route.request.post_data or "")
        if len(posts) <= times:
            route.fulfill(**BUSY)
        else:
            route.continue_()

    page.route("**/turns", handle)
    return posts


def test_a_busy_503_is_retried_once_and_the_turn_is_recorded(browser, live_app):
    context = open_context(browser)
    page = context.new_page()
    start_game(page, live_app.url, ["Ann", "Bo"])
    posts = busy_first(page, 1)
    type_dice(page, "12346")
    choose(page, "chance")  # waits until the sheet shows the turn: only the retry can bring it
    assert version(page) == 1
    assert len(posts) == 2 and posts[0] == posts[1]  # the same form, box included
    context.close()


def test_a_second_busy_503_is_not_retried_again(browser, live_app):
    context = open_context(browser)
    page = context.new_page()
    start_game(page, live_app.url, ["Ann", "Bo"])
    posts = busy_first(page, 10)
    type_dice(page, "12346")
    page.locator('#options button[name=box][value="chance"]').click()
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while len(posts) < 2 and time.monotonic() < deadline:  # the one retry, after Retry-After's second
        page.wait_for_timeout(100)
    page.wait_for_timeout(3000)  # time for a second retry, which must not come
    assert len(posts) == 2
    assert version(page) == 0
    assert page.locator("#fault").is_visible()
    context.close()
