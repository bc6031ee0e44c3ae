"""Whether a server is serving a SQLite database: each worker of a server holds a shared lock on a
file beside it (``<database>-serving``) for as long as it runs, and writes its server's process id
there; `flask restore` asks for the lock alone, and so knows (the system drops a lock with its
process, even one killed with SIGKILL).

A restore under a running server replaced the file its workers read and write: their pages kept
showing the old sheet, and turns they acknowledged meanwhile were lost.
"""

from __future__ import annotations

import contextlib
import fcntl
import os

from sqlalchemy import Engine

_held: list[int] = []  # this process's lock, kept open for its whole life


def lock_path(engine: Engine) -> str | None:
    """The lock file of the engine's SQLite file; None for another database (or one in memory)."""
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return os.path.abspath(database) + "-serving"


def hold(engine: Engine, server_pid: int | None = None) -> None:
    """Mark this process as serving the engine's database until it exits (a worker calls it once)."""
    path = lock_path(engine)
    if path is None or _held:
        return
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.lockf(descriptor, fcntl.LOCK_SH)
    pid = f"{server_pid or os.getppid()}\n".encode()  # a worker's parent is the server to stop
    os.pwrite(descriptor, pid.ljust(16), 0)
    _held.append(descriptor)


def serving_pid(engine: Engine) -> int | None:
    """The process id of the server serving the engine's database (0 if unknown), or None if none is."""
    path = lock_path(engine)
    if path is None or not os.path.exists(path):
        return None
    descriptor = os.open(path, os.O_RDWR)
    try:
        try:
            fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a worker holds it: a server is serving
            text = os.pread(descriptor, 16, 0).decode(errors="replace").strip()
            return int(text) if text.isdigit() else 0
        with contextlib.suppress(OSError):
            fcntl.lockf(descriptor, fcntl.LOCK_UN)
        return None
    finally:
        os.close(descriptor)
