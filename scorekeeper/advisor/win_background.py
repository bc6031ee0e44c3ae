"""The advice for the win worked out ahead, in one background thread per process, never in a request.

A turn's chances (win_advice.WinTurn) cost a few ms once its sheets' curves are known, up to about a
second cold with six or seven boxes open. A request asks `prepare_soon` (as a coached game's page is
shown; or when advice is wanted and not there) and shows the advice once `win_advice.is_prepared`
says so; meanwhile the page says it is being worked out. The review for the win runs here too.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from scorekeeper.rules import Scorecard

from .advisor import Advisor
from .win_advice import prepare_for_win

log = logging.getLogger(__name__)

NICENESS = 10  # the worker yields the processor to the requests (Linux: a thread has its own niceness)

_EXECUTOR: ThreadPoolExecutor | None = None
_PENDING: dict[tuple[object, ...], Future[None]] = {}
_LOCK = threading.Lock()


def _lower_priority() -> None:
    """The worker thread runs at a lower priority, where the platform allows it."""
    # Not Linux, or not allowed: it runs at the server's priority.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)


def _executor() -> ThreadPoolExecutor:
    global _EXECUTOR
    if _EXECUTOR is None:
        _EXECUTOR = ThreadPoolExecutor(1, "win-advice", initializer=_lower_priority)
    return _EXECUTOR


def _run(key: tuple[object, ...], work: Callable[..., object], args: tuple[object, ...]) -> None:
    try:
        work(*args)
    except Exception:  # a failure costs the advice for the win, never the game
        log.exception("advice for the win could not be worked out")
    finally:
        with _LOCK:
            _PENDING.pop(key, None)


def run_soon(key: tuple[object, ...], work: Callable[..., object], *args: object) -> Future[None]:
    """Run work(*args) on the background worker, once for this key while it is queued or running."""
    with _LOCK:
        found = _PENDING.get(key)
        if found is not None:
            return found
        future = _executor().submit(_run, key, work, args)
        if not future.done():  # _run forgets the key under this lock: it cannot have done so yet
            _PENDING[key] = future
        return future


def prepare_soon(advisor: Advisor, cards: Sequence[Scorecard], seat: int) -> Future[None]:
    """Work out this turn's chances in the background (once, however often asked); its Future."""
    return run_soon(("turn", id(advisor), seat, tuple(cards)), prepare_for_win, advisor, tuple(cards), seat)


def wait_idle(timeout: float) -> None:
    """Wait until the work queued so far is done (the worker runs it in order): tests read it after."""
    _executor().submit(lambda: None).result(timeout)


__all__ = ["prepare_soon", "run_soon", "wait_idle"]
