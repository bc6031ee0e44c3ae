"""Operator faults under a running server: a turn is never acknowledged unless it is durably stored.

The database file removed or replaced, the database read-only (and fixed again without a
restart), a write that waits out the busy timeout: each is a 503 in the player's words with
Retry-After and an error in the log, never a success and never a 500.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import event

from scorekeeper import storage
from scorekeeper.services import games

CANT_SAVE = "The scorekeeper can&#39;t save right now."


@pytest.fixture
def app_overrides() -> dict[str, object]:
    # A short busy timeout: the busy test waits it out for real.
    return {"DATABASE_BUSY_TIMEOUT_MS": 200}


def turn(client, token: str, number: int, dice: str = "12346", box: str = "chance"):
    """POST one turn the way the game page's form does."""
    return client.post(f"/g/{token}/turns", data={"dice": dice, "box": box, "turn": str(number)})


def stored_turns(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT count(*) FROM entries").fetchone()[0]


def test_a_removed_database_file_refuses_every_turn_with_503_and_logs_why(
    client, make_game, database_path: Path, caplog
):
    game = make_game()
    assert turn(client, game.edit_token, 0).status_code == 303  # the pool now holds the file
    os.remove(database_path)
    with caplog.at_level(logging.ERROR, logger="scorekeeper.storage"):
        answers = [turn(client, game.edit_token, 1, box=box) for box in ("ones", "twos", "threes")]
    assert [answer.status_code for answer in answers] == [503, 503, 503]
    assert all(CANT_SAVE in answer.get_data(as_text=True) for answer in answers)
    assert answers[0].headers["Retry-After"].isdigit()
    assert any("was removed while the server was running" in record.getMessage() for record in caplog.records)
    assert not database_path.exists()  # no empty database made in its place
    assert client.get(f"/g/{game.edit_token}").status_code == 503  # nor a page from the lost file


def test_a_replaced_database_file_is_refused_not_written_to(client, make_game, database_path: Path, caplog):
    game = make_game()
    assert turn(client, game.edit_token, 0).status_code == 303
    copy = database_path.with_name("restored.db")
    shutil.copyfile(database_path, copy)
    os.replace(copy, database_path)  # an operator restoring a backup under a running server
    with caplog.at_level(logging.ERROR, logger="scorekeeper.storage"):
        answer = turn(client, game.edit_token, 1, box="ones")
    assert answer.status_code == 503
    assert any(
        "was replaced while the server was running" in record.getMessage() for record in caplog.records
    )
    with sqlite3.connect(database_path) as connection:  # the refused turn is in neither file
        assert connection.execute("SELECT count(*) FROM entries WHERE box = 'ones'").fetchone()[0] == 0


def test_a_file_removed_between_checkout_and_commit_is_not_acknowledged(app, make_game, database_path: Path):
    game = make_game()
    db = app.extensions[storage.DB_KEY]
    engine = storage.get_engine(app)

    wrote: list[str] = []

    def note_writes(_connection, _cursor, statement, *_args) -> None:
        if statement.startswith("INSERT INTO entries"):
            wrote.append(statement)

    def remove_before_commit(connection) -> None:
        if wrote and database_path.exists():  # the write's commit (the turn is read before it)
            os.remove(database_path)

    event.listen(engine, "before_cursor_execute", note_writes)
    event.listen(engine, "commit", remove_before_commit)
    with pytest.raises(storage.Unavailable, match="lost"):
        games.record_turn(db, game.edit_token, 0, (1, 2, 3, 4, 6), "chance")


class ReadOnlyConnections:
    """New connections come up read-only while `on`, as SQLite opens a file it cannot write.

    (The tests run as root, for whom chmod changes nothing; SQLite's own query_only switch gives
    the same SQLITE_READONLY error, and such a connection stays read-only, as the real one does.)
    """

    def __init__(self, app) -> None:
        self.on = False
        engine = storage.get_engine(app)
        event.listen(engine, "connect", self.connect)
        engine.dispose()  # every connection from now on goes through connect()

    def connect(self, dbapi_connection, _record) -> None:
        if self.on:
            dbapi_connection.execute("PRAGMA query_only=ON")


def test_a_read_only_database_is_a_503_and_recovers_without_a_restart(app, client, make_game, caplog):
    game = make_game()
    fault = ReadOnlyConnections(app)
    fault.on = True
    assert client.get(f"/g/{game.edit_token}").status_code == 200  # reading still works
    with caplog.at_level(logging.ERROR, logger="scorekeeper.storage"):
        refused = turn(client, game.edit_token, 0)
    assert refused.status_code == 503
    assert CANT_SAVE in refused.get_data(as_text=True)
    assert any("read-only" in record.getMessage() for record in caplog.records)
    assert client.get(f"/g/{game.edit_token}").status_code == 200  # a read during the fault
    fault.on = False  # the operator fixes the file's mode: the very next turn is stored
    assert turn(client, game.edit_token, 0).status_code == 303
    assert turn(client, game.edit_token, 1).status_code == 303


def test_a_write_that_waits_out_the_busy_timeout_is_a_503_with_retry_after(
    client, make_game, database_path: Path
):
    game = make_game()
    blocker = sqlite3.connect(database_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another writer holds the lock past the busy timeout
    try:
        busy = turn(client, game.edit_token, 0)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "1"
    assert CANT_SAVE in busy.get_data(as_text=True)
    assert stored_turns(database_path) == 0
    assert turn(client, game.edit_token, 0).status_code == 303  # the retry the page makes works


def test_a_busy_database_does_not_cost_the_page_its_optional_recent_list_write(
    app, make_game, database_path: Path
):
    """Opening a game also files it in the device's recent list, a write the page can do without."""
    game = make_game()
    fresh_phone = app.test_client()  # no cookie yet: its first look at the game writes the list
    blocker = sqlite3.connect(database_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        page = fresh_phone.get(f"/g/{game.edit_token}")
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert page.status_code == 200
