"""Engines and transactions: SQLite tuned for many phones, writes serialised up front.

A transaction that cannot be served (the database busy past its timeout, read-only, full,
unreachable, or its file removed or replaced under a running server) raises ``Unavailable``,
which the web layer answers with 503: a turn is never acknowledged unless it is durably stored.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import urllib.parse
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event, exc, make_url
from sqlalchemy.orm import Session, sessionmaker

BUSY_TIMEOUT_MS = 5000
WRITE_LOCK_POLL_S = 0.001  # how often a writer asks again for SQLite's write lock while it is held
# A connection execution option: the transaction will write, so SQLite takes the lock at BEGIN.
WRITE_OPTION = "scorekeeper_write"
# Session.info key: the (edit hash, view hash) of each game a write transaction changed.
CHANGED_KEY = "scorekeeper.changed"

# SQLite primary result codes (the low byte of sqlite3.Error.sqlite_errorcode).
SQLITE_BUSY, SQLITE_LOCKED = 5, 6
# Faults of the file or the disk, not of the statement: read-only file or folder, I/O error,
# disk full, file that cannot be opened (removed, folder unreadable), not a database any more.
SQLITE_FAULTS = {3: "no permission", 8: "read-only", 10: "I/O error", 11: "corrupt", 13: "disk full",
                 14: "cannot open the file", 26: "not a database"}  # fmt: skip
# PostgreSQL SQLSTATE classes: 08 connection exception, 53 insufficient resources,
# 57 operator intervention (shutdown), 25006 read-only transaction (a standby).
PG_FAULT_CLASSES = ("08", "53", "57")
PG_READ_ONLY = "25006"
PG_BUSY = ("55P03", "57014")  # lock_not_available, query_canceled (statement/lock timeout)
LOG_EVERY_S = 10.0

log = logging.getLogger("scorekeeper.storage")
_ENGINES: weakref.WeakSet[Engine] = weakref.WeakSet()
_FILES: weakref.WeakKeyDictionary[Engine, DatabaseFile] = weakref.WeakKeyDictionary()
# SQLite: this process's writers go one at a time (see _one_local_writer), each waiting up to this long.
_WRITE_GATES: weakref.WeakKeyDictionary[Engine, tuple[threading.Lock, float]] = weakref.WeakKeyDictionary()
# Called after each committed write with the changed games' token hashes (the live-update stamps).
_AFTER_WRITE: weakref.WeakKeyDictionary[Engine, Callable[[set[str]], None]] = weakref.WeakKeyDictionary()


class Unavailable(exc.SQLAlchemyError):
    """The database cannot serve this transaction now; nothing it did was acknowledged.

    `busy`: it waited out the lock timeout (retrying soon will likely work); otherwise a fault
    an operator must fix (the server recovers by itself once it is fixed). A SQLAlchemyError,
    so code that already shrugs off database errors (an optional side write) still does.
    """

    def __init__(self, reason: str, *, busy: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.busy = busy


def make_engine(url: str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Engine:
    """An engine for this URL; SQLite gets WAL, a busy timeout, foreign keys and BEGIN IMMEDIATE."""
    # A database server (PostgreSQL) may restart under us and cut the pooled connections:
    # test each one as it leaves the pool (a round trip) instead of failing a request.
    engine = create_engine(url, pool_pre_ping=make_url(url).get_backend_name() != "sqlite")
    if engine.dialect.name == "sqlite":
        _tune_sqlite(engine, busy_timeout_ms)
        _WRITE_GATES[engine] = (threading.Lock(), busy_timeout_ms / 1000)
        database = engine.url.database or ""
        if database and database != ":memory:" and not database.startswith("file:"):
            _FILES[engine] = DatabaseFile(os.path.abspath(database))
            _watch_file(engine, _FILES[engine])
    event.listen(engine, "handle_error", _drop_broken_connections)
    _ENGINES.add(engine)
    return engine


def after_write(engine: Engine, callback: Callable[[set[str]], None]) -> None:
    """Call `callback(changed token hashes)` after each committed write on this engine."""
    _AFTER_WRITE[engine] = callback


def announce_written(engine: Engine, changed: set[str]) -> None:
    """Tell the after-write callback that these games changed outside a `writing` block (a restore)."""
    callback = _AFTER_WRITE.get(engine)
    if callback is not None and changed:
        callback(changed)


def _forget_inherited_connections() -> None:
    """In a forked worker, never reuse the parent's pooled connections (an app loaded before the fork)."""
    for engine in list(_ENGINES):
        engine.dispose(close=False)
    for engine, (_held, timeout_s) in list(_WRITE_GATES.items()):
        _WRITE_GATES[engine] = (threading.Lock(), timeout_s)  # a parent's writer does not hold ours


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_inherited_connections)


def _tune_sqlite(engine: Engine, busy_timeout_ms: int) -> None:
    """Apply the pragmas and take over BEGIN, as in SQLAlchemy's SQLite transaction recipe."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver must not open transactions itself: we emit BEGIN below.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        # Each commit reaches the disk before the response, even through a power cut
        # (NORMAL would only survive an app crash).
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # A write takes the lock at BEGIN, so two writers queue instead of one failing
        # mid-transaction with "database is locked" when it upgrades its read lock.
        if connection.get_execution_options().get(WRITE_OPTION):
            _begin_immediate(connection, busy_timeout_ms)
        else:
            connection.exec_driver_sql("BEGIN")


def _begin_immediate(connection: Any, busy_timeout_ms: int) -> None:
    """Take the write lock, asking again every millisecond while another writer holds it.

    SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25 ms... between attempts, so a writer
    that found the lock taken slept on long after it was free, though the lock is held only for an
    update, an insert and the commit (benchmarks/tables_load_bench.py and the README have the
    figures). Asking every WRITE_LOCK_POLL_S wakes soon after the release.
    Past the busy timeout the last attempt is SQLite's own, and fails as before (Unavailable: 503);
    any other fault is raised at once (a read-only file: the connection is dropped, see below).
    """
    driver = connection.connection.driver_connection
    deadline = time.monotonic() + busy_timeout_ms / 1000
    driver.execute("PRAGMA busy_timeout=0")  # an attempt answers at once
    try:
        while time.monotonic() < deadline - WRITE_LOCK_POLL_S:
            try:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
                return
            except exc.OperationalError as error:
                found = classify(error)
                if found is None or not found.busy:
                    raise
            time.sleep(WRITE_LOCK_POLL_S)
        driver.execute(f"PRAGMA busy_timeout={max(1, int((deadline - time.monotonic()) * 1000))}")
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    finally:
        if not connection.invalidated:  # a faulty connection is closed and never pooled again
            driver.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")


# -- the database file under a running server ------------------------------------------------


class DatabaseFile:
    """The SQLite file this engine serves, known by its identity (device, inode) once opened.

    A pooled connection holds the file it opened: after `rm` or `mv other.db games.db` it would
    go on reading and writing a file nobody will ever open again, so every acknowledged turn
    would be lost. Each checkout compares the path's identity with the one first opened.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.identity: tuple[int, int] | None = None
        # Set by a read-only/I-O fault, cleared by the next committed write: meanwhile every
        # checkout opens a fresh connection, so the first write after the fix already works.
        self.degraded = False
        self._lock = threading.Lock()
        self._logged = float("-inf")

    def current(self) -> tuple[int, int] | None:
        """The identity of the file at the path now (None when there is none)."""
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return (found.st_dev, found.st_ino)

    def problem(self) -> str | None:
        """What is wrong with the file at the path, or None while it is the one first opened."""
        if self.identity is None:
            return None
        now = self.current()
        if now == self.identity:
            return None
        if now is None:
            return f"the database file {self.path} was removed while the server was running"
        return f"the database file {self.path} was replaced while the server was running"

    def refuse(self, problem: str) -> Unavailable:
        """The error to raise, logged (at most every few seconds: every request would repeat it)."""
        now = time.monotonic()
        with self._lock:
            due = now - self._logged >= LOG_EVERY_S
            if due:
                self._logged = now
        if due:
            log.error("%s; refusing every request (503) until it is put back or the server restarts", problem)
        return Unavailable(problem)


def _watch_file(engine: Engine, database: DatabaseFile) -> None:
    """Pin the file's identity on first open; refuse connections to any other file."""

    @event.listens_for(engine, "do_connect")
    def _no_new_file(_dialect: Any, _record: Any, cargs: list[Any], cparams: dict[str, Any]) -> None:
        # Once the file exists, a new connection must not silently create an empty one in its place.
        if database.identity is not None:
            cargs[0] = "file:" + urllib.parse.quote(database.path) + "?mode=rw"
            cparams["uri"] = True

    @event.listens_for(engine, "connect")
    def _pin(_dbapi_connection: Any, record: Any) -> None:
        record.info["fresh"] = True
        with database._lock:
            if database.identity is None:
                database.identity = database.current()
        problem = database.problem()
        if problem:
            raise database.refuse(problem)

    @event.listens_for(engine, "checkout")
    def _check(_dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        fresh = record.info.pop("fresh", False)
        if database.degraded and not fresh:
            # It may have been opened read-only while the file was: SQLite keeps it so for good.
            raise exc.DisconnectionError("connection opened during a database fault")
        if database.problem():
            # Every pooled connection holds the old file: drop them all and reconnect, which
            # refuses (above) while the path does not hold the file first opened.
            moved = exc.DisconnectionError("database file removed or replaced")
            moved.invalidate_pool = True
            raise moved


# -- turning driver errors into Unavailable --------------------------------------------------


def classify(error: BaseException) -> Unavailable | None:
    """The Unavailable a driver error stands for, or None for an ordinary bug."""
    if isinstance(error, Unavailable):
        return error
    original = getattr(error, "orig", None)
    code = getattr(original, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary = code & 0xFF
        if primary in (SQLITE_BUSY, SQLITE_LOCKED):
            return Unavailable("the database stayed locked past the busy timeout", busy=True)
        if primary in SQLITE_FAULTS:
            return Unavailable(f"SQLite: {SQLITE_FAULTS[primary]} ({original})")
        return None
    state = getattr(original, "sqlstate", None)
    if isinstance(state, str):
        if state in PG_BUSY:
            return Unavailable("the database stayed locked past the lock timeout", busy=True)
        if state == PG_READ_ONLY or state[:2] in PG_FAULT_CLASSES:
            return Unavailable(f"PostgreSQL: {original}")
        return None
    if isinstance(error, exc.OperationalError):
        # A driver error without a code: the connection was cut or the server refused it.
        return Unavailable(f"database unreachable ({original})")
    return None


def _drop_broken_connections(context: Any) -> None:
    """A read-only or vanished file: drop the pooled connections, so a fixed fault heals itself.

    SQLite opens a file it cannot write read-only and the connection stays read-only after
    `chmod` fixes the file (or the -shm file); reconnecting picks the fixed mode up.
    """
    found = classify(context.sqlalchemy_exception) if context.sqlalchemy_exception is not None else None
    original = context.original_exception
    code = getattr(original, "sqlite_errorcode", None)
    if found is not None and not found.busy and isinstance(code, int):
        context.is_disconnect = True
        context.invalidate_pool_on_disconnect = True
        database = _FILES.get(context.engine) if context.engine is not None else None
        if database is not None:
            database.degraded = True


_logged_at: dict[str, float] = {}


def _log_fault(reason: str) -> None:
    """Log a fault as an error, each reason at most every few seconds (every request meets it)."""
    now = time.monotonic()
    if now - _logged_at.get(reason, float("-inf")) >= LOG_EVERY_S:
        _logged_at[reason] = now
        log.error("database fault, answering 503 until it is fixed: %s", reason)


@contextmanager
def _served(db: sessionmaker[Session]) -> Iterator[Session]:
    """A session whose database faults come out as Unavailable."""
    try:
        with db() as session:
            yield session
    except Unavailable:
        raise
    except exc.DBAPIError as error:
        found = classify(error)
        if found is None:
            raise
        bind = db.kw.get("bind")
        database = _FILES.get(bind) if bind is not None else None
        problem = database.problem() if database is not None else None
        if database is not None and problem:
            raise database.refuse(problem) from error  # say why: "removed", not "cannot open"
        if not found.busy:
            _log_fault(found.reason)
        raise found from error


@contextmanager
def reading(db: sessionmaker[Session]) -> Iterator[Session]:
    """A session in one read transaction (a consistent snapshot)."""
    with _served(db) as session, session.begin():
        if session.get_bind().dialect.name != "sqlite":
            # PostgreSQL's default READ COMMITTED gives each statement its own snapshot;
            # a read-only REPEATABLE READ transaction gives all of them one (and never fails).
            session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        yield session


@contextmanager
def _one_local_writer(engine: Engine) -> Iterator[None]:
    """SQLite: this process's write transactions one after another.

    A thread waiting here sleeps until the writer before it has committed and is woken at once;
    only one writer per process asks SQLite for its lock every millisecond (_begin_immediate),
    against the other processes' writers. Without it, the eight threads of a busy server could
    all be asking at once. Waits up to the busy timeout, then Unavailable (503) as SQLite would
    (SQLite's lock then has a busy timeout of its own).
    """
    gate = _WRITE_GATES.get(engine)
    if gate is None:  # PostgreSQL: its row locks decide
        yield
        return
    lock, timeout_s = gate
    if not lock.acquire(timeout=timeout_s):
        raise Unavailable("the database stayed locked past the busy timeout", busy=True)
    try:
        yield
    finally:
        lock.release()


@contextmanager
def writing(db: sessionmaker[Session]) -> Iterator[Session]:
    """A session in one write transaction, committed when the block ends without error.

    After the commit, the file must still be the one the server opened (it may have been
    removed or replaced between checkout and commit: the write then went nowhere).
    """
    with _served(db) as session:
        with _one_local_writer(session.get_bind()), session.begin():  # type: ignore[arg-type]
            session.connection(execution_options={WRITE_OPTION: True})
            yield session
        engine = session.get_bind()
        database = _FILES.get(engine)  # type: ignore[arg-type]
        problem = database.problem() if database is not None else None
        if database is not None and problem:
            raise database.refuse(problem + "; the last write went to the old file and is lost")
        if database is not None and database.degraded:
            database.degraded = False
            log.warning("database writable again: writes are accepted")
        changed = session.info.pop(CHANGED_KEY, None)
        callback = _AFTER_WRITE.get(engine)  # type: ignore[arg-type]
        if changed and callback is not None:
            try:
                callback(changed)
            except Exception:  # the write is stored: late news must not turn it into an error
                log.exception("could not announce a committed write to the live updates")
