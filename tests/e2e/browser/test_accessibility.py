"""Every page, in every state a player meets, passes axe-core with no violation of any impact and has
no tap target under 44×44 CSS px. One phone and one TV walk all the pages (a lean single session)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.axe import small_tap_targets, violations
from tests.support.browser_pages import open_context, type_dice
from tests.support.sample_games import entries

EIGHT = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
TV = {"viewport": {"width": 1280, "height": 720}, "is_mobile": False, "has_touch": False}


@pytest.fixture
def games(make_game, store_game, advisor) -> dict[str, object]:
    """The games the walk opens: empty, coached, eight players, finished, finished with the coach."""
    return {
        "empty": make_game(["Ann", "Bo"], title="Friday"),
        "coached": make_game(["Ann", "Bo"], coach=True),
        "eight": make_game(EIGHT, turns=[("22456", "chance"), ("66612", "sixes")]),
        "over": store_game(["Ann", "Bo"], title="Club night"),
        "reviewed": make_game(["Ann", "Bo"], turns=entries(2, 3, None, "hasbro-1996"), coach=True),
    }


def test_every_page_passes_axe_and_has_44px_tap_targets(browser, live_app, games):
    found: dict[str, list] = {}

    def check(page, name: str, path: str | None = None) -> None:
        if path is not None:
            response = page.goto(live_app.url + path)
            assert response is not None and response.ok, path
        problems = [
            f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']]}"
            for v in violations(page)
        ]
        problems += [f"tap target under 44 px: {target}" for target in small_tap_targets(page)]
        if problems:
            found[name] = problems

    empty, coached, eight = games["empty"].edit_token, games["coached"].edit_token, games["eight"].edit_token
    over, reviewed = games["over"], games["reviewed"].edit_token
    phone_context = open_context(browser)
    try:
        page = phone_context.new_page()
        check(page, "home", "/")
        check(page, "new game", "/new")
        check(page, "game, empty", f"/g/{empty}")
        type_dice(page, "22456")
        check(page, "game, options shown")
        page.locator("#share summary").click()
        expect(page.locator("#share")).to_have_attribute("open", "")
        check(page, "game, share open")
        check(page, "game, coach on", f"/g/{coached}")
        type_dice(page, "33345")
        check(page, "game, coach on, options shown")
        check(page, "game, 8 players", f"/g/{eight}")
        check(page, "game over", f"/g/{over.edit_token}")
        check(page, "view, phone", f"/g/{over.view_token}")
        check(page, "history", f"/g/{over.edit_token}/history")
        check(page, "correction", f"/g/{over.edit_token}/turns/0/edit")
        check(page, "review", f"/g/{reviewed}/review")
        check(page, "print view", f"/g/{over.edit_token}/print?log=1")
        check(page, "blank sheet", "/blank-sheet")
        check(page, "blank sheet of a game", f"/g/{over.edit_token}/blank-sheet")
        check(page, "offline page", "/offline")
        assert page.errors == []
    finally:
        phone_context.close()
    tv_context = browser.new_context(**TV)
    try:
        page = tv_context.new_page()
        check(page, "view, TV", f"/g/{over.view_token}")
        check(page, "view, TV, 8 players", f"/g/{games['eight'].view_token}")
    finally:
        tv_context.close()
    report = "\n".join(f"{name}:\n  " + "\n  ".join(problems) for name, problems in found.items())
    assert not found, report
