"""The first load of every kind of page stays within its byte budget, as served (gzip): htmx comes
only once a page that uses it is used (static/js/htmx-lazy.js), never with the first load."""

from __future__ import annotations

import pytest

from tests.support.first_load import every_page

BUDGET = 30 * 1024  # issue 24: a game page's first load, HTML + CSS + JS as served
HTMX = "vendor/htmx-"
USES_HTMX = ("game, 4 players, turn 10", "game, 6 players, finished", "board (view link)")


@pytest.fixture
def loads(client, db):
    return {load.page: load for load in every_page(client, db)}


def test_every_page_loads_first_within_the_budget(loads):
    over = {page: load.served for page, load in loads.items() if load.served > BUDGET}
    assert not over, f"over {BUDGET} B as served: {over}"


def test_no_page_loads_htmx_with_its_first_load(loads):
    for page, load in loads.items():
        assert not [file.name for file in load.files if file.name.startswith(HTMX)], page


def test_pages_with_htmx_attributes_fetch_it_on_first_use_and_no_other_page_does(loads):
    for page, load in loads.items():
        later = [file.name for file in load.later]
        if page in USES_HTMX:
            assert len(later) == 1 and later[0].startswith(HTMX), page
            assert load.later[0].served > 10_000  # the real library, served (not an error page)
        else:
            assert later == [], page
