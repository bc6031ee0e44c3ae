"""A turn's answer is the table's next live fragment, rendered once and shared with the server run's
other processes through their cache folder (LIVE_CACHE_DIR, web/live/fragments.py): what another
process serves from it is what it would render itself, never of another version or run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper import storage
from scorekeeper.services import games
from scorekeeper.web.views import play
from tests.support.live_fragments import without_csrf_fields

HTMX = {"HX-Request": "true"}
CONFIRM = 'class="confirm"'


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """Grows by one each time any process's game view renders the game page or its fragment."""
    rendered: list[str] = []
    real = play._render

    def counting(loaded, token, **kwargs):
        rendered.append(token)
        return real(loaded, token, **kwargs)

    monkeypatch.setattr(play, "_render", counting)
    return rendered


def new_game(app) -> str:
    return games.create_game(app.extensions[storage.DB_KEY], ["Ann", "Bo"], "hasbro-1996").edit_token


def record(client, token: str, turn: int, box: str) -> str:
    data = {"dice": "12346", "box": box, "turn": str(turn)}
    response = client.post(f"/g/{token}/turns", data=data, headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def fragment(client, token: str) -> str:
    response = client.get(f"/g/{token}", headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.fixture
def run_a(tmp_path) -> str:
    """The cache folder of one server run, shared by its processes."""
    return str(tmp_path / "run-a")


def test_a_turn_is_rendered_once_for_the_recording_phone_and_every_process_of_the_run(
    make_app, database_path, renders, run_a
):
    first, second = (
        make_app(database_path, LIVE_CACHE_DIR=run_a),
        make_app(database_path, LIVE_CACHE_DIR=run_a),
    )
    token = new_game(first)
    answered = record(first.test_client(), token, 0, "chance")
    assert renders == [token]  # the turn's own answer
    assert CONFIRM in answered and "Undo" in answered
    phone = second.test_client()
    shown = fragment(phone, token)
    assert renders == [token]  # the other process served the first one's render
    assert CONFIRM not in shown and 'data-version="1"' in shown
    # Exactly what the second process renders itself for that phone (but for its CSRF fields).
    second.config["LIVE_FRAGMENT_CACHE"] = False
    assert "csrf_token" not in shown and shown == without_csrf_fields(fragment(phone, token))


def test_another_run_or_a_process_outside_a_run_renders_its_own(
    make_app, database_path, renders, run_a, tmp_path
):
    first = make_app(database_path, LIVE_CACHE_DIR=run_a)
    later_run, alone = (
        make_app(database_path, LIVE_CACHE_DIR=str(tmp_path / "run-b")),
        make_app(database_path),
    )
    token = new_game(first)
    record(first.test_client(), token, 0, "chance")
    fragment(later_run.test_client(), token)
    fragment(alone.test_client(), token)
    assert renders == [token] * 3


def test_a_newer_turn_through_one_process_is_never_answered_with_the_older_fragment(
    make_app, database_path, renders, run_a
):
    first, second = (
        make_app(database_path, LIVE_CACHE_DIR=run_a),
        make_app(database_path, LIVE_CACHE_DIR=run_a),
    )
    token = new_game(first)
    record(first.test_client(), token, 0, "chance")
    assert 'data-version="1"' in fragment(second.test_client(), token)
    record(second.test_client(), token, 1, "chance")
    assert 'data-version="2"' in fragment(first.test_client(), token)
    assert renders == [token, token]


def test_a_folder_others_may_read_is_not_used(make_app, database_path, renders, tmp_path):
    shared = tmp_path / "open"
    shared.mkdir()
    os.chmod(shared, 0o755)
    first, second = (make_app(database_path, LIVE_CACHE_DIR=str(shared)) for _ in range(2))
    token = new_game(first)
    record(first.test_client(), token, 0, "chance")
    fragment(second.test_client(), token)
    assert renders == [token, token] and list(Path(shared).iterdir()) == []
