"""Helper processes that end with the process that started them (the PDF renderer, the chance refiner).

Both are a concurrent.futures pool of one spawned child. Left alone, that child outlived a stopping
server: at exit concurrent.futures joins it (a refiner's chunk of games runs a minute or more), and in
a server worker (a forked process, whose exit skips threading's exit hooks and so concurrent.futures'
own, but joins every child) the idle PDF renderer was joined for ever: every stop after a PDF waited
for the server's kill timeout, and the killed worker left its child behind as an orphan.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing.util
import os
import signal
import threading
import weakref
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when the thread that started it ends

_POOLS: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
exiting = threading.Event()  # set as this process exits: a child ended then is no failure to report
_hooked_pid: int | None = None  # the process whose multiprocessing exit runs _end_children


def die_with_parent() -> None:
    """In a child, at its start: on Linux the kernel kills it when its parent dies (killed or not).

    The signal comes when the *thread* that started the child ends: start children from a thread
    that lives as long as the pool (the pool's first submit starts its child).
    """
    with contextlib.suppress(OSError, AttributeError):  # not Linux: end_at_exit below still ends it
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


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
    exiting.set()
    for pool in list(_POOLS):
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.terminate()


# threading's exit hooks run newest first: this one, registered after concurrent.futures.process
# (imported above) registered its own, runs before concurrent.futures joins its children. It is the
# private hook the standard library itself uses for this.
threading._register_atexit(_end_children)  # type: ignore[attr-defined]
