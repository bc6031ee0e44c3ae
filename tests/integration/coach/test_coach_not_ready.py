"""Without a table on disk the coach says it is getting ready; nothing waits and everything else works."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.advisor import Advisor
from scorekeeper.services import games
from tests.support.coach_pages import keep_choices, sheet_order_turns, text_of

READY_SOON = "The coach is getting ready (building tables)…"


@pytest.fixture
def app_overrides(tmp_path):
    """An empty table folder: as on a fresh install before `flask advisor build`."""
    empty = tmp_path / "no-tables"
    empty.mkdir()
    return {"ADVISOR_DIR": str(empty)}


def test_the_options_say_the_coach_is_getting_ready_and_still_record(
    client, make_game, db, app_overrides, monkeypatch
):
    builds = []
    monkeypatch.setattr(Advisor, "build", staticmethod(lambda *args, **kwargs: builds.append(args)))
    created = make_game(["Ann", "Bo"], coach=True)
    response = client.post(f"/g/{created.edit_token}/options", data={"dice": "22456"})
    assert builds == []  # no build in the request (counted, not timed: the machine is shared)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert READY_SOON in text_of(page)
    assert "exp." not in page and 'name="box" value="twos"' in page
    recorded = client.post(
        f"/g/{created.edit_token}/turns", data={"dice": "22456", "box": "twos", "turn": "0"}
    )
    assert recorded.status_code == 303
    assert len(games.load_game(db, created.edit_token).game.turns) == 1


def test_the_keep_panel_and_the_review_say_so_too(client, make_game):
    created = make_game(["Ann"], turns=sheet_order_turns(1, rounds=2), coach=True)
    keep = client.get(f"/g/{created.edit_token}/keep?dice=22456&rolls=2")
    assert keep.status_code == 200
    assert READY_SOON in text_of(keep.get_data(as_text=True))
    assert keep_choices(keep.get_data(as_text=True)) == []
    review = client.get(f"/g/{created.edit_token}/review")
    assert review.status_code == 200
    assert READY_SOON in text_of(review.get_data(as_text=True))
    assert "<svg" not in review.get_data(as_text=True)


def test_no_table_file_is_written_by_a_request(client, make_game, app_overrides):
    created = make_game(["Ann"], coach=True)
    client.post(f"/g/{created.edit_token}/options", data={"dice": "22456"})
    client.get(f"/g/{created.edit_token}/keep?dice=22456&rolls=2")
    assert list(Path(app_overrides["ADVISOR_DIR"]).iterdir()) == []
