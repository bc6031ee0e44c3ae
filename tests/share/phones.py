"""Phones in Chromium for the live tests: open a game, tap dice, record a turn, time a live update."""

from __future__ import annotations

import time

PHONE = {"width": 390, "height": 844}
LIVE_WITHIN = 3.0  # seconds


def open_phone(browser, url: str, viewport=PHONE):
    """A new browser context (its own cookies) showing `url`; window.notReloaded marks the page."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(10_000)
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


def seconds_until(page, script: str, arg: object = None) -> float:
    """How long until `script` is true on the page (fails beyond the live deadline)."""
    start = time.monotonic()
    page.wait_for_function(script, arg=arg, timeout=LIVE_WITHIN * 1000 + 500, polling=50)
    return time.monotonic() - start


def in_view(page, selector: str) -> bool:
    """Whether the element is wholly inside the phone's screen as it is scrolled now."""
    return page.evaluate(
        """selector => {
             const box = document.querySelector(selector).getBoundingClientRect();
             return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
           }""",
        selector,
    )
