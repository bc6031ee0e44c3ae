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
