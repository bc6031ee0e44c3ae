"""A turn's answer is the table's next live fragment, rendered once and shared with the server run's
other processes through files (web/infra/fragment_files.py): what another process serves from
them is what it would render itself, never of another version or run."""

from __future__ import annotations

import os
import time

import pytest

from scorekeeper import storage
from scorekeeper.services import games
from scorekeeper.web.infra.fragment_files import MAX_AGE_S, FragmentFiles, Marks
from scorekeeper.web.live import FRAGMENTS_KEY
from scorekeeper.web.live.fragments import CONFIRM_PLACEHOLDER
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
    body = response.get_data(as_text=True)
    assert str(CONFIRM_PLACEHOLDER) not in body
    return body


def test_a_turn_is_rendered_once_for_the_recording_phone_and_every_process_of_the_run(
    make_app, database_path, renders
):
    first, second = make_app(database_path, SERVER_RUN="run-a"), make_app(database_path, SERVER_RUN="run-a")
    token = new_game(first)
    answered = record(first.test_client(), token, 0, "chance")
    assert renders == [token]  # the turn's own answer
    assert CONFIRM in answered and "Undo" in answered
    phone = second.test_client()
    shown = fragment(phone, token)
    assert renders == [token]  # the other process served the first one's render
    assert CONFIRM not in shown and 'data-version="1"' in shown
    # Exactly what the second process renders itself for that phone (but for its CSRF fields).
    second.extensions[FRAGMENTS_KEY].enabled = False
    assert "csrf_token" not in shown and shown == without_csrf_fields(fragment(phone, token))


def test_another_run_or_a_process_outside_a_run_renders_its_own(make_app, database_path, renders):
    first = make_app(database_path, SERVER_RUN="run-a")
    later_run, alone = make_app(database_path, SERVER_RUN="run-b"), make_app(database_path)
    token = new_game(first)
    record(first.test_client(), token, 0, "chance")
    fragment(later_run.test_client(), token)
    fragment(alone.test_client(), token)
    assert renders == [token] * 3


def test_a_newer_turn_through_one_process_is_never_answered_with_the_older_fragment(
    make_app, database_path, renders
):
    first, second = make_app(database_path, SERVER_RUN="run-a"), make_app(database_path, SERVER_RUN="run-a")
    token = new_game(first)
    record(first.test_client(), token, 0, "chance")
    assert 'data-version="1"' in fragment(second.test_client(), token)
    record(second.test_client(), token, 1, "chance")
    assert 'data-version="2"' in fragment(first.test_client(), token)
    assert renders == [token, token]


MARKS = Marks("<!--confirm-mark-->")
META = {"version": 3, "access": "edit", "language": None, "players": ["Ann"], "title": ""}


def test_the_files_give_back_only_the_version_and_language_written(tmp_path):
    files = FragmentFiles(str(tmp_path / "fragments"), "run")
    files.write("tok", META, "fr", "a <!--confirm-mark--> c", MARKS)
    mine = Marks("<!--mine-->")
    assert files.read_meta("tok") == META
    assert files.read_body("tok", 3, "fr", mine) == "a <!--mine--> c"
    assert files.read_body("tok", 2, "fr", mine) is None
    assert files.read_body("tok", 3, "de", mine) is None
    assert files.read_body("tok", 3, "../fr", mine) is None  # never a path out of the folder
    assert files.read_meta("other") is None
    older = {**META, "version": 2, "players": ["Zed"]}
    files.write("tok", older, "de", "old", MARKS)  # a slower process's older render
    assert files.read_meta("tok") == META


def test_a_folder_others_may_read_is_not_used_and_old_files_and_runs_go(tmp_path):
    shared = tmp_path / "open"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    assert not FragmentFiles(str(shared), "run").usable
    root = tmp_path / "fragments"
    files = FragmentFiles(str(root), "old-run")
    files.write("tok", META, "en", "body", MARKS)
    day_ago = time.time() - MAX_AGE_S - 60
    for path in (root / "old-run").iterdir():
        os.utime(path, (day_ago, day_ago))
    assert files.prune() == 2 and not list((root / "old-run").iterdir())
    os.utime(root / "old-run", (day_ago, day_ago))
    FragmentFiles(str(root), "new-run")
    assert sorted(path.name for path in root.iterdir()) == ["new-run"]
