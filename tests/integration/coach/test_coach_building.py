"""While the coach's tables are built in the background: the request that needs them starts the build
and returns, the page says how far it has got, and the coach appears without a restart.

A build in progress is pretended (its lock held, its progress noted: tests/support/coach_builds.py)
where the figures shown are checked; the real background process is started where the request must
not wait for it. A page made meanwhile is tagged so (its ETag), and its live poll brings the coach.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.advisor import Advisor, background
from scorekeeper.advisor import storage as advisor_storage
from scorekeeper.advisor.background import CHANCES, COACH
from scorekeeper.rules import find_edition
from scorekeeper.web.views import play
from tests.support.coach_builds import build_running, builders_ended, copy_value_table, note_progress
from tests.support.coach_pages import HX, sheet_order_turns, text_of

HASBRO = find_edition("hasbro-1996")
COACH_AT = "The coach is getting ready (building tables), {} done"
CHANCES_AT = "Chance to win: getting ready (building a table), {} done"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "tables"


@pytest.fixture
def app_overrides(folder: Path, request: pytest.FixtureRequest) -> dict[str, object]:
    """A table folder of the test's own; background builds off (as for every test: tests/conftest.py)
    unless the test's parameter turns them on."""
    return {"ADVISOR_DIR": str(folder), **getattr(request, "param", {})}


BUILDS_ON = pytest.mark.parametrize("app_overrides", [{"ADVISOR_BUILD": True}], indirect=True)


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[bytes]]]:
    with builders_ended() as mine:
        yield mine


def _progress(client, token: str, coach: int):
    return client.get(f"/g/{token}/coach-progress?coach={coach}", headers=HX)


def test_the_page_shows_how_far_the_build_is_then_the_coach_without_a_restart(
    client, make_game, folder: Path, advisor: Advisor, advisor_tables: Path
) -> None:
    created = make_game(["Ann", "Bo"], coach=True)
    page = f"/g/{created.edit_token}"
    assert 'id="coach-progress"' not in client.get(page).get_data(as_text=True)  # nothing is building
    with build_running(HASBRO, folder) as note:
        note_progress(note, COACH, 400, 1000)
        shown = client.get(page).get_data(as_text=True)
        assert COACH_AT.format("40%") in text_of(shown)
        assert f'hx-get="{page}/coach-progress?coach=0"' in shown and 'hx-trigger="every 3s"' in shown
        board = client.get(f"/g/{created.view_token}").get_data(as_text=True)
        assert COACH_AT.format("40%") in text_of(board)  # the TV board says so too
        note_progress(note, COACH, 700, 1000)
        polled = _progress(client, created.edit_token, 0)
        assert polled.status_code == 200 and "HX-Trigger" not in polled.headers
        assert COACH_AT.format("70%") in text_of(polled.get_data(as_text=True))
        assert polled.headers["Cache-Control"] == "no-store"
        # The builder saves the value table and goes on to the chance table: the page is told to come again.
        copy_value_table(HASBRO, advisor_tables, folder)
        note_progress(note, CHANCES, 0, 1000)
        polled = _progress(client, created.edit_token, 0)
        assert polled.headers["HX-Trigger"] == "coach-ready"
        assert CHANCES_AT.format("0%") in text_of(polled.get_data(as_text=True))
        options = client.post(f"{page}/options", data={"dice": "22456"}).get_data(as_text=True)
        assert 'class="coach-exp"' in options  # the same app, no restart: the coach's values are there
        assert CHANCES_AT.format("0%") in text_of(client.get(page).get_data(as_text=True))
        assert "HX-Trigger" not in _progress(client, created.edit_token, 1).headers
    # The builder ended (here before its chance table): no more promise, and the page polls at once.
    polled = _progress(client, created.edit_token, 1)
    assert polled.headers["HX-Trigger"] == "coach-ready"
    assert 'id="coach-progress"' not in polled.get_data(as_text=True)
    assert 'id="coach-progress"' not in client.get(page).get_data(as_text=True)


def test_the_progress_address_without_htmx_leads_to_the_game(client, make_game) -> None:
    created = make_game(["Ann"], coach=True)
    plain = client.get(f"/g/{created.view_token}/coach-progress?coach=0")
    assert plain.status_code == 303 and plain.headers["Location"].endswith(f"/g/{created.view_token}")
    assert client.get("/g/no-such-game/coach-progress", headers=HX).status_code == 404


def test_no_progress_line_with_the_coach_off_or_once_the_game_is_over(
    client, make_game, folder: Path
) -> None:
    off = make_game(["Ann"], coach=False)
    over = make_game(["Ann"], sheet_order_turns(1), coach=True)
    with build_running(HASBRO, folder) as note:
        note_progress(note, COACH, 1, 2)
        for created in (off, over):
            page = client.get(f"/g/{created.edit_token}").get_data(as_text=True)
            assert 'id="coach-progress"' not in page


@BUILDS_ON
def test_turning_the_coach_on_starts_the_build_and_the_page_comes_at_once(
    client, make_game, advisor: Advisor, advisor_tables: Path, folder: Path, started
) -> None:
    copy_value_table(HASBRO, advisor_tables, folder)  # the chance table is then minutes away
    created = make_game(["Ann", "Bo"], coach=False)
    switched = client.post(f"/g/{created.edit_token}/coach", data={"coach": "on"})
    assert switched.status_code == 303
    page = client.get(f"/g/{created.edit_token}").get_data(as_text=True)
    assert "Chance to win: getting ready (building a table)" in text_of(page)
    assert not advisor_storage.spectra_ready(HASBRO, folder)  # the page did not wait for it
    builders = [p for key, p in background._STARTED.items() if key[1] == os.path.realpath(folder)]
    assert len(builders) == 1 and builders[0].poll() is None
    assert background.start(HASBRO, folder).building  # asked again: still the one build
    assert [p for key, p in background._STARTED.items() if key[1] == os.path.realpath(folder)] == builders


@BUILDS_ON
def test_asking_the_coach_with_no_table_starts_its_build_and_answers_at_once(
    client, make_game, folder: Path, started
) -> None:
    created = make_game(["Ann"], coach=True)
    options = client.post(f"/g/{created.edit_token}/options", data={"dice": "22456"})
    assert options.status_code == 200
    assert "The coach is getting ready" in text_of(options.get_data(as_text=True))
    assert 'class="coach-exp"' not in options.get_data(as_text=True)
    assert not advisor_storage.spectra_ready(HASBRO, folder)  # both tables: far longer than this
    [builder] = [p for key, p in background._STARTED.items() if key[1] == os.path.realpath(folder)]
    assert builder.poll() is None  # building, in a process of its own


FORCED = find_edition("yatzy-forced")  # its coach needs no chance table: one copied table makes it ready


def test_a_page_made_while_the_coach_waited_gets_the_coach_at_the_same_version(
    client, make_game, folder: Path, forced: Advisor, advisor_tables: Path
) -> None:
    created = make_game(["Ann", "Bo"], [("11234", "ones")], FORCED, coach=True)
    page = f"/g/{created.edit_token}"
    waiting = client.get(page, headers=HX)
    etag = waiting.headers["ETag"]
    assert etag == 'W/"1-en-wait"'  # made while the coach waits: not this version's for good
    assert 'data-etag="W/&#34;1-en-wait&#34;"' in client.get(page).get_data(as_text=True)  # the page too
    assert 'class="chances"' not in waiting.get_data(as_text=True)
    again = client.get(page, headers={**HX, "If-None-Match": etag})
    assert again.status_code == 304 and again.headers["ETag"] == etag
    copy_value_table(FORCED, advisor_tables, folder)
    # No new version, yet the page is answered: the fragment with the coach, tagged as the version's.
    ready = client.get(page, headers={**HX, "If-None-Match": etag})
    assert ready.status_code == 200 and ready.headers["ETag"] == 'W/"1-en"'
    assert 'data-version="1"' in ready.get_data(as_text=True)
    assert 'class="chances"' in ready.get_data(as_text=True)
    assert client.get(page, headers={**HX, "If-None-Match": ready.headers["ETag"]}).status_code == 304


def test_a_table_that_comes_during_a_render_leaves_no_waiting_fragment_kept(
    client, make_game, folder: Path, forced: Advisor, advisor_tables: Path, monkeypatch
) -> None:
    created = make_game(["Ann", "Bo"], [("11234", "ones")], FORCED, coach=True)
    real = play._render

    def table_comes_after(*args, **kwargs):
        response = real(*args, **kwargs)  # rendered while the coach waited
        copy_value_table(FORCED, advisor_tables, folder)
        return response

    monkeypatch.setattr(play, "_render", table_comes_after)
    first = client.get(f"/g/{created.edit_token}", headers=HX)
    assert first.headers["ETag"] == 'W/"1-en-wait"' and 'class="chances"' not in first.get_data(as_text=True)
    monkeypatch.setattr(play, "_render", real)
    other = client.get(f"/g/{created.edit_token}", headers=HX)  # another phone, nothing shown yet
    assert other.headers["ETag"] == 'W/"1-en"' and 'class="chances"' in other.get_data(as_text=True)
