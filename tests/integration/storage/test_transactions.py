"""SQLite tuning and transactions: WAL, busy timeout, foreign keys, BEGIN IMMEDIATE for writes."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from sqlalchemy import event, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import sessionmaker

from scorekeeper import storage
from scorekeeper.services import games
from scorekeeper.storage import records
from scorekeeper.storage.engine import BUSY_TIMEOUT_MS, Unavailable, make_engine


@pytest.fixture
def statements(app):
    """Every SQL statement the app's engine sends, in order."""
    sent: list[str] = []

    def remember(conn, cursor, statement, parameters, context, executemany):
        sent.append(" ".join(statement.split()))

    engine = storage.get_engine(app)
    event.listen(engine, "before_cursor_execute", remember)
    yield sent
    event.remove(engine, "before_cursor_execute", remember)


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout_and_foreign_keys(db):
    with db() as session:
        assert session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert session.execute(text("PRAGMA busy_timeout")).scalar() == BUSY_TIMEOUT_MS
        assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_an_entry_for_a_missing_game_is_refused_by_the_foreign_key(db):
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError), storage.writing(db) as session:
        records.add_entry(session, 999, 0, records.Entry("22456", "chance"))


def test_a_write_takes_the_lock_at_begin_and_commits(db, make_game, statements):
    created = make_game()
    statements.clear()
    games.set_coach(db, created.edit_token, True)
    assert statements[0] == "BEGIN IMMEDIATE"
    assert any(s.startswith("UPDATE games") for s in statements)


def test_a_turn_is_replayed_before_the_write_lock_which_holds_only_a_version_check_and_an_insert(
    db, make_game, statements
):
    created = make_game(turns=[("22456", "twos")])
    statements.clear()
    games.record_turn(db, created.edit_token, 1, (2, 2, 4, 5, 6), "chance")
    locked = statements[statements.index("BEGIN IMMEDIATE") + 1 :]
    assert statements.index("BEGIN IMMEDIATE") > statements.index("BEGIN")  # the read came first
    assert [s.split()[0] for s in locked] == ["UPDATE", "INSERT"]
    assert "version = ?" in locked[0] and locked[1].startswith("INSERT INTO entries")
    assert games.load_game(db, created.edit_token).game.turns[-1].box == "chance"


def test_a_read_takes_no_write_lock(db, make_game, statements):
    created = make_game()
    statements.clear()
    games.load_game(db, created.view_token)
    games.game_version(db, created.view_token)
    games.history(db, created.view_token)
    assert "BEGIN IMMEDIATE" not in statements
    assert statements.count("BEGIN") == 3


def test_loading_a_game_takes_two_queries(db, make_game, statements):
    created = make_game(turns=[("22456", "chance")] * 2)
    statements.clear()
    games.load_game(db, created.edit_token)
    assert [s.split()[0] for s in statements] == ["BEGIN", "SELECT", "SELECT"]


def test_recording_a_turn_takes_two_queries_and_two_writes(db, make_game, statements):
    created = make_game()
    statements.clear()
    games.record_turn(db, created.edit_token, 0, (2, 2, 4, 5, 6), "chance")
    read, write = ["BEGIN", "SELECT", "SELECT"], ["BEGIN", "UPDATE", "INSERT"]
    assert [s.split()[0] for s in statements] == read + write


def test_the_game_lookup_uses_the_hash_indexes(db):
    query = records.game_query("0" * 64).compile(
        dialect=sqlite.dialect(), compile_kwargs={"literal_binds": True}
    )
    with db() as session:
        rows = session.execute(text(f"EXPLAIN QUERY PLAN {query}"))
        plan = " ".join(str(row[-1]) for row in rows)
    assert "ix_games_edit_hash" in plan and "ix_games_view_hash" in plan


def test_a_write_locks_the_game_row_on_postgresql():
    locked = str(records.game_query("h", lock=True).compile(dialect=postgresql.dialect()))
    assert locked.endswith("FOR UPDATE OF games")
    unlocked = str(records.game_query("h").compile(dialect=postgresql.dialect()))
    assert "FOR UPDATE" not in unlocked


def test_a_failed_write_leaves_the_database_as_it_was(db, make_game):
    created = make_game(turns=[("22456", "chance")])
    with pytest.raises(RuntimeError), storage.writing(db) as session:
        records.add_entry(session, 1, 1, records.Entry("11111", "ones"))
        raise RuntimeError("the request failed halfway")
    assert len(games.load_game(db, created.edit_token).game.turns) == 1


def test_get_db_returns_the_apps_sessionmaker_inside_an_app_context(app, db):
    with app.app_context():
        assert storage.get_db() is db


def test_a_writer_that_finds_the_lock_taken_gets_it_once_freed_and_keeps_its_busy_timeout(
    db, make_game, database_path
):
    created = make_game()
    blocker = sqlite3.connect(database_path, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")  # another writer holds the lock for a moment
    release = threading.Timer(0.2, lambda: blocker.execute("ROLLBACK"))
    release.start()
    try:
        games.set_coach(db, created.edit_token, True)  # waits for the lock, then writes
    finally:
        release.join()
        blocker.close()
    assert games.load_game(db, created.view_token).coach is True
    with db() as session:  # the attempts' own setting is not left on the pooled connection
        assert session.execute(text("PRAGMA busy_timeout")).scalar() == BUSY_TIMEOUT_MS


def test_a_writer_that_waits_out_the_timeout_is_unavailable_and_nothing_is_written(make_game, database_path):
    created = make_game()
    engine = make_engine(f"sqlite:///{database_path}", busy_timeout_ms=200)
    impatient = sessionmaker(engine)
    blocker = sqlite3.connect(database_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(Unavailable) as refused:
            games.set_coach(impatient, created.edit_token, True)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert refused.value.busy
    assert games.load_game(impatient, created.view_token).coach is False
    with impatient() as session:
        assert session.execute(text("PRAGMA busy_timeout")).scalar() == 200
    engine.dispose()


def test_a_writer_queued_behind_another_of_its_process_asks_sqlite_only_once_its_turn_comes(
    db, make_game, statements
):
    created = make_game()
    inside, leave = threading.Event(), threading.Event()

    def first_writer() -> None:
        with storage.writing(db) as session:
            session.execute(text("UPDATE games SET title = title"))  # holds SQLite's write lock
            inside.set()
            leave.wait(5)

    first = threading.Thread(target=first_writer)
    first.start()
    assert inside.wait(5)
    statements.clear()
    second = threading.Thread(target=games.set_coach, args=(db, created.edit_token, True))
    second.start()
    second.join(0.2)  # queued behind the first writer for 0.2 s
    assert second.is_alive() and "BEGIN IMMEDIATE" not in statements
    leave.set()
    first.join(5)
    second.join(5)
    assert statements.count("BEGIN IMMEDIATE") == 1  # one attempt, once the first had committed
    assert games.load_game(db, created.view_token).coach is True
