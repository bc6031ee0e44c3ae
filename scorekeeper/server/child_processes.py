"""Helper processes that end with the process that started them (the PDF renderer).

It is a concurrent.futures pool of one spawned child. Left alone, that child outlived a stopping
server: at exit concurrent.futures joins it, and in a server worker (a forked process, whose exit
skips threading's exit hooks and so concurrent.futures' own, but joins every child) the idle
renderer was joined for ever: every stop after a PDF waited for the server's kill timeout, and the
killed worker left its child behind as an orphan.
"""

from __future__ import annotations

import contextlib
import multiprocessing.util
import os
import threading
import weakref
from concurrent.futures import ProcessPoolExecutor

_POOLS: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
_hooked_pid: int | None = None  # the process whose multiprocessing exit runs _end_children


def end_at_exit(pool: ProcessPoolExecutor) -> ProcessPoolExecutor:
    """The pool, whose child processes are ended as this process exits, not waited for."""
    global _hooked_pid
    _POOLS.add(pool)
    if _hooked_pid != os.getpid():  # a forked process starts with its parent's finalizers cleared
        _hooked_pid = os.getpid()
        # multiprocessing's exit runs this before it joins the children (a forked worker's only exit hook).
        multiprocessing.util.Finalize(None, _end_children, exitpriority=100)
    return pool


def _end_children() -> None:
    for pool in list(_POOLS):
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.terminate()


# threading's exit hooks run newest first: this one, registered after concurrent.futures.process
# (imported above) registered its own, runs before concurrent.futures joins its children. It is the
# private hook the standard library itself uses for this.
threading._register_atexit(_end_children)  # type: ignore[attr-defined]
