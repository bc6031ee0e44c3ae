"""A whole evening's smaller screens, in Chromium: the TV's top bar, refused long names, the table's
statistics on a phone (issue 28). Screenshots go to test-output/evening/ for a person to look at."""

from __future__ import annotations

import pytest

from scorekeeper import storage
from scorekeeper.services import games
from tests.support.browser_pages import open_context, open_tv_context
from tests.support.paths import output_folder

PHONES = {"360x740": {"width": 360, "height": 740}, "390x844": {"width": 390, "height": 844}}


@pytest.fixture
def shots():
    return output_folder("evening")


def stored(live_app, names, turns=(), title="", coach=False) -> games.Created:
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, names, "hasbro-1996", title=title, coach=coach)
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, tuple(int(d) for d in dice), box)
    return created


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tvs_title_is_in_plain_view_with_no_picker_over_it(browser, live_app, shots, scheme):
    title = "Grandma's birthday, round two"
    created = stored(live_app, ["Ann", "Bo", "Cy"], [("22456", "chance")], title=title, coach=True)
    context = open_tv_context(browser, 1280, 720)
    try:
        page = context.new_page()
        page.emulate_media(color_scheme=scheme)
        page.goto(f"{live_app.url}/g/{created.view_token}")
        heading = page.locator(".topbar .game-title")
        assert heading.inner_text() == title
        shown = heading.evaluate(
            """el => {
                const r = el.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return [el.scrollWidth <= el.clientWidth, el.contains(top), r.right <= innerWidth];
            }"""
        )
        assert shown == [True, True, True], "the title is whole, on top and on the screen"
        assert page.locator(".language-picker").count() == 0
        assert page.get_by_text("Review so far").count() == 0
        page.screenshot(path=str(shots / f"tv-1280x720-{scheme}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("size", PHONES)
def test_a_name_too_long_is_kept_whole_and_refused_with_the_reason(browser, live_app, shots, size):
    context = open_context(browser, viewport=PHONES[size])
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/new")
        long = "Annabelle-Marguerite Lindqvist"  # 30 characters: 24 is the limit
        field = page.locator("#player-0")
        field.press_sequentially(long)
        assert field.input_value() == long, "nothing is cut while typing"
        reason = page.locator("#player-0-too-long")
        assert reason.inner_text() == "A name has at most 24 characters."
        assert field.get_attribute("aria-invalid") == "true"
        page.screenshot(path=str(shots / f"long-name-{size}.png"))
        field.press("Backspace")
        field.fill(long[:24])
        assert reason.count() == 0 and field.get_attribute("aria-invalid") is None
        # Sent anyway (the script is only quicker): the server refuses it with the same words.
        field.fill(long)
        page.locator("#player-1").fill("Bo")
        page.locator(".new-game button.btn-primary[name=action][value=start]").click()
        page.wait_for_load_state()
        assert page.locator("#player-0").input_value() == long
        assert page.locator("#player-0-error").inner_text().endswith("A name has at most 24 characters.")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[size]["width"]
        # The table's name: 60 characters.
        page.goto(f"{live_app.url}/t/new")
        page.locator("#name").fill("x" * 61)
        assert page.locator("#name").input_value() == "x" * 61
        assert page.locator("#name-too-long").inner_text() == "A table's name has at most 60 characters."
    finally:
        context.close()
