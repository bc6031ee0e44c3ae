"""Phones in Chromium for the live tests: open a game, tap dice, record a turn, count a live update's polls.

"Every phone sees a turn within 3 seconds" is checked as a count, not a time (the machine is
shared and noisy): static/js/live.js polls every 1.5 s (a conditional request for the game area),
so a change must show after at most two polls, none of which failed. benchmarks/poll_bench.py
measures what one poll costs.
"""

from __future__ import annotations

from tests.support.browser_pages import PATIENCE_MS

PHONE = {"width": 390, "height": 844}
LIVE_POLLS = 2  # two polls 1.5 s apart: the 3-second promise
HANG_GUARD_MS = PATIENCE_MS  # only stops a test that would otherwise wait for ever

_POLLS: dict[int, list[int | str]] = {}  # id(page) -> each poll's status, or why it failed


def is_poll(request) -> bool:
    """live.js's poll: the game area asked for again with the ETag of what the page shows."""
    return request.headers.get("hx-request") == "true" and "if-none-match" in request.headers


def open_phone(browser, url: str, viewport=PHONE):
    """A new browser context (its own cookies) showing `url`; window.notReloaded marks the page."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    polls = _POLLS.setdefault(id(page), [])
    page.on("response", lambda response: polls.append(response.status) if is_poll(response.request) else None)
    page.on(
        "requestfailed",
        lambda request: polls.append(f"failed: {request.failure}") if is_poll(request) else None,
    )
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
        "expected => document.querySelector('#play').dataset.version === expected",
        arg=expected,
    )


def polls_until(page, script: str, arg: object = None) -> int:
    """How many polls the page made until `script` became true; a failed poll fails the test."""
    polls = _POLLS[id(page)]
    before = len(polls)
    page.wait_for_function(script, arg=arg, timeout=HANG_GUARD_MS, polling=50)
    made = polls[before:]
    assert all(status in (200, 304) for status in made), made
    return len(made)


def in_view(page, selector: str) -> bool:
    """Whether the element is wholly inside the phone's screen as it is scrolled now."""
    return page.evaluate(
        """selector => {
             const box = document.querySelector(selector).getBoundingClientRect();
             return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
           }""",
        selector,
    )
