"""An idle poll costs no transaction and no session work, yet a change from any process shows at once.

Each process remembers the version it last read per link (web/live/polls.py) and trusts it
while the game's change stamp (web/live/changes.py, a file every process of the host maps) is
unchanged. Two apps on one SQLite file stand for two server workers.
"""

from __future__ import annotations

import json
import time

import pytest
from sqlalchemy import event

from scorekeeper import storage
from scorekeeper.services import games
from scorekeeper.web import live
from scorekeeper.web.live.changes import TRUST_LOCAL_ONLY_S, Changes
from tests.support.counting_sessions import Counting


def transactions(app) -> list[str]:
    """A list that grows by one on every transaction begun on the app's engine."""
    begun: list[str] = []
    event.listen(storage.get_engine(app), "begin", lambda connection: begun.append("begin"))
    return begun


def test_an_idle_poll_opens_no_transaction_and_no_session(app, client, make_game):
    game = make_game(turns=[("12346", "chance")])
    path = f"/g/{game.view_token}/poll?v=1"
    assert client.get(path).status_code == 204  # the first one reads the database
    begun = transactions(app)
    app.session_interface = Counting()
    Counting.opened = 0
    answers = [client.get(path, headers={"Cookie": "session=abc.def.ghi"}) for _ in range(50)]
    assert {answer.status_code for answer in answers} == {204}
    assert begun == []
    assert Counting.opened == 0


def test_the_idle_answer_from_memory_is_the_one_flask_sends(client, make_game):
    game = make_game()
    path = f"/g/{game.edit_token}/poll?v=0"
    first, second = client.get(path), client.get(path)
    assert first.status_code == second.status_code == 204
    assert first.headers == second.headers
    assert first.headers["Cache-Control"] == "no-store"
    assert "Content-Security-Policy" in second.headers


def test_a_turn_recorded_by_another_process_shows_on_the_very_next_poll(app, client, make_app, database_path):
    other = make_app(database_path)  # another worker: its own engine and memory, the same file
    other_db = other.extensions[storage.DB_KEY]
    game = games.create_game(other_db, ["Ann", "Bo"], "hasbro-1996")
    path = f"/g/{game.view_token}/poll?v=0"
    for _ in range(3):
        assert client.get(path).status_code == 204  # remembered
    games.record_turn(other_db, game.edit_token, 0, (1, 2, 3, 4, 6), "chance")
    moved = client.get(path)
    assert moved.status_code == 200
    assert json.loads(moved.data) == {"version": 1}
    assert client.get(f"/g/{game.view_token}/poll?v=1").status_code == 204


def test_undo_and_correction_by_another_process_show_too(client, make_app, database_path):
    other = make_app(database_path)
    other_db = other.extensions[storage.DB_KEY]
    game = games.create_game(other_db, ["Ann", "Bo"], "hasbro-1996")
    games.record_turn(other_db, game.edit_token, 0, (1, 2, 3, 4, 6), "chance")
    assert client.get(f"/g/{game.edit_token}/poll?v=1").status_code == 204
    games.undo_turn(other_db, game.edit_token, 1)
    assert json.loads(client.get(f"/g/{game.edit_token}/poll?v=1").data) == {"version": 2}


def test_a_wrong_token_is_still_404_every_time(client):
    for _ in range(3):
        assert client.get("/g/not-a-game-token-at-all/poll?v=0").status_code == 404


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
@pytest.mark.backends("postgresql")
def test_without_redis_other_hosts_writes_are_trusted_away_within_a_second(app):
    changes = app.extensions[live.CHANGES_KEY]
    assert isinstance(changes, Changes)
    assert changes.trust_for() == TRUST_LOCAL_ONLY_S <= 1.0


def test_with_redis_unreachable_turns_are_stored_fast_and_polls_never_stale(make_app, database_path):
    closed = "redis://127.0.0.1:9/0"  # the discard port: nothing listens there
    first, second = (make_app(database_path, REDIS_URL=closed, RATELIMIT_ENABLED=True) for _ in range(2))
    writer, reader = first.test_client(), second.test_client()
    game = games.create_game(first.extensions[storage.DB_KEY], ["Ann", "Bo"], "hasbro-1996")
    path = f"/g/{game.view_token}/poll?v=0"
    assert reader.get(path).status_code == 204
    started = time.monotonic()
    for number, box in enumerate(["chance", "ones", "twos"]):
        answer = writer.post(
            f"/g/{game.edit_token}/turns", data={"dice": "12346", "box": box, "turn": str(number)}
        )
        assert answer.status_code == 303  # the write is stored; the limiter counts in memory
        moved = reader.get(f"/g/{game.view_token}/poll?v={number}")
        assert json.loads(moved.data) == {"version": number + 1}  # never a stale 204
    assert time.monotonic() - started < 5  # no turn waits on the missing Redis each time


def test_with_the_memory_switched_off_every_poll_reads_the_database(make_app, database_path):
    app = make_app(database_path, LIVE_POLL_CACHE="false")
    client = app.test_client()
    game = games.create_game(app.extensions[storage.DB_KEY], ["Ann", "Bo"], "hasbro-1996")
    begun = transactions(app)
    for _ in range(3):
        assert client.get(f"/g/{game.view_token}/poll?v=0").status_code == 204
    assert len(begun) >= 3  # one each (the first request may also check the migrations)


def test_a_phone_that_missed_a_turn_gets_flasks_own_answer_from_memory_without_a_transaction(
    app, client, make_game
):
    game = make_game(turns=[("12346", "chance")])
    stale = f"/g/{game.edit_token}/poll?v=0"
    first = client.get(stale)  # through Flask: reads the version, and the answer is learned
    assert first.status_code == 200 and json.loads(first.data) == {"version": 1}
    begun = transactions(app)
    app.session_interface = Counting()
    Counting.opened = 0
    again = [client.get(stale, headers={"Cookie": "session=abc.def.ghi"}) for _ in range(20)]
    assert begun == [] and Counting.opened == 0
    assert {(answer.status_code, answer.data) for answer in again} == {(200, first.data)}
    assert all(answer.headers == first.headers for answer in again)
